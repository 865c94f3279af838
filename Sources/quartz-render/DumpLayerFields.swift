// The resolved values `dump` adds beyond geometry and basic appearance: contents mapping, corner mask,
// group opacity, compositing filter, shadow path, shape stroking, replicator colour offsets, the layer's
// own timing and a running transition. Names are CALayer's property names; enumerations are written as
// Apple's string constants (e.g. "resizeAspect", "evenOdd", "round"), option sets as sorted name lists.
import Foundation
import OpenQuartz

extension PresentationDump {
    /// Fields every layer has. `presented` is the layer's presentation copy (for its CAMediaTiming values).
    static func commonFields(_ l: LayerSnapshot, presented: CALayer?) -> [String: Any] {
        var o: [String: Any] = [
            "contentsGravity": l.contentsGravity.rawValue, "contentsCenter": rect(l.contentsCenter),
            "contentsScale": number(Double(l.contentsScale)), "maskedCorners": cornerNames(l.maskedCorners),
            "allowsGroupOpacity": l.allowsGroupOpacity, "allowsEdgeAntialiasing": l.allowsEdgeAntialiasing,
            "compositingFilter": l.compositingFilterName ?? NSNull(),
            "shadowPath": l.shadowPath.map(pathSummary) ?? NSNull(),
            "transition": l.transition.map(transitionFields) ?? NSNull(),
        ]
        if let presented {
            o["speed"] = number(Double(presented.speed))
            o["timeOffset"] = number(presented.timeOffset)
            o["beginTime"] = number(presented.beginTime)
        }
        return o
    }

    /// Shape-layer stroking and filling values beyond colours and widths.
    static func shapeFields(_ l: LayerSnapshot) -> [String: Any] {
        [
            "path": l.path.map(pathSummary) ?? NSNull(),
            "fillRule": l.fillRule.rawValue, "lineCap": l.lineCap.rawValue, "lineJoin": l.lineJoin.rawValue,
            "miterLimit": number(Double(l.miterLimit)),
            "lineDashPattern": l.lineDashPattern.map { $0.map { number(Double($0)) } as Any } ?? NSNull(),
        ]
    }

    /// Replicator values beyond count, transform and delay.
    static func replicatorFields(_ l: LayerSnapshot) -> [String: Any] {
        let offsets = l.instanceColorOffsets
        return [
            "instanceColor": color(l.instanceColor),
            "instanceRedOffset": number(offsets.x), "instanceGreenOffset": number(offsets.y),
            "instanceBlueOffset": number(offsets.z), "instanceAlphaOffset": number(offsets.w),
            "preservesDepth": l.preservesDepth,
        ]
    }

    /// A path as its tight bounds (`boundingBoxOfPath`) and element count.
    static func pathSummary(_ path: CGPath) -> [String: Any] {
        var elements = 0
        unsafe path.applyWithBlock { _ in elements += 1 }
        return ["bounds": rect(path.boundingBoxOfPath), "elementCount": elements]
    }

    /// CACornerMask as the names of its corners, sorted.
    static func cornerNames(_ mask: CACornerMask) -> [String] {
        let names: [(CACornerMask, String)] = [
            (.layerMinXMinYCorner, "layerMinXMinYCorner"), (.layerMaxXMinYCorner, "layerMaxXMinYCorner"),
            (.layerMinXMaxYCorner, "layerMinXMaxYCorner"), (.layerMaxXMaxYCorner, "layerMaxXMaxYCorner"),
        ]
        return names.filter { mask.contains($0.0) }.map(\.1).sorted()
    }

    static func transitionFields(_ t: TransitionState) -> [String: Any] {
        [
            "type": t.type.rawValue, "subtype": t.subtype?.rawValue ?? NSNull(), "progress": number(t.progress),
            "filter": t.filter?.name ?? NSNull(),
        ]
    }
}
