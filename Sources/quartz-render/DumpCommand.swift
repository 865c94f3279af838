// `quartz-render dump`: the presentation tree at one time as stable, sorted JSON (for diffing transform
// maths between versions). Layers nest as in the tree (mask, then sublayers back to front); every matrix
// is a row-vector CATransform3D written as 16 numbers m11…m44; colours are straight sRGB RGBA.
import ArgumentParser
import Foundation
import OpenQuartz
import QuartzOutput

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the presentation tree at a time as sorted JSON.",
        discussion: "Non-finite numbers are written as the strings \"nan\", \"inf\" and \"-inf\". Exit codes as for info.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(parsing: .unconditional, help: "Scene time in seconds (default: the scene's start).")
    var time: Double?

    @Option(parsing: .unconditional, help: "Frame index instead of a time (at the scene's frame rate).")
    var frame: Int?

    @Flag(help: "Treat unknown keys in the scene, and animations the engine cannot apply in full, as errors.")
    var strict = false

    @Option(help: "Lottie files: how layers travel along curved motion paths, after-effects or core-animation (see render --help). Default: after-effects.")
    var lottieMotion: LottieMotionOption = .afterEffects

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if time != nil && frame != nil { throw ValidationError("--time and --frame cannot be combined") }
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number of seconds") }
    }

    func run() throws {
        try runReportingFailures(logging: logging) {
            let loaded = try loadScene(at: scene, strict: strict, lottieMotion: lottieMotion.timing)
            if let time { try FramePlan.checkTime(time, in: loaded) }  // the check render, bench and contact-sheet make
            var t = time ?? loaded.start
            if let frame {
                guard frame >= 0, frame < loaded.frameCount else {
                    throw ValidationError("--frame \(frame) is outside the scene's 0..<\(loaded.frameCount)")
                }
                t = loaded.time(ofFrame: frame)
            }
            let tree = loaded.tree(atTime: t)
            let snapshot = tree.snapshot()
            // Presentation copies carry each layer's resolved CAMediaTiming values (not in the snapshot's API);
            // they are read inside the tree's context.
            let text = try tree.context.perform {
                try PresentationDump.json(snapshot, time: t, presentedRoot: tree.root.presentation())
            }
            print(text)
        }
    }
}

/// The snapshot → JSON object conversion.
enum PresentationDump {
    static func json(_ snapshot: LayerTreeSnapshot, time: Double, presentedRoot: CALayer? = nil) throws -> String {
        var root: Any = NSNull()
        if !snapshot.layers.isEmpty { root = layer(at: 0, in: snapshot.layers, presented: presentedRoot, depth: 0) }
        let object: [String: Any] = ["time": number(time), "root": root]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func number(_ x: Double) -> Any {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x > 0 ? "inf" : "-inf" }
        return x == 0 ? 0.0 : x  // −0 and 0 print alike
    }

    static func matrix(_ m: CATransform3D) -> [Any] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
            .map { number(Double($0)) }
    }

    static func rect(_ r: CGRect) -> [Any] { [r.origin.x, r.origin.y, r.size.width, r.size.height].map { number(Double($0)) } }
    static func point(_ p: CGPoint) -> [Any] { [number(Double(p.x)), number(Double(p.y))] }
    static func color(_ c: CGColor?) -> Any {
        guard let c else { return NSNull() }
        let v = c.straightSRGBRGBA
        return [v.x, v.y, v.z, v.w].map(number)
    }

    /// One layer's object; `presented` is its presentation copy, walked in step with the snapshot (the
    /// copies mirror the snapshot's sublayer and mask links), nil where the two do not line up.
    static func layer(at index: Int, in layers: [LayerSnapshot], presented: CALayer?, depth: Int) -> [String: Any] {
        let l = layers[index]
        var o: [String: Any] = [
            "kind": "\(l.kind)", "name": l.name ?? NSNull(), "localTime": number(l.localTime),
            "bounds": rect(l.bounds), "position": point(l.position), "zPosition": number(Double(l.zPosition)),
            "anchorPoint": point(l.anchorPoint), "anchorPointZ": number(Double(l.anchorPointZ)),
            "transform": matrix(l.transform), "sublayerTransform": matrix(l.sublayerTransform),
            "transformToSuperlayer": matrix(l.transformToSuperlayer), "worldTransform": matrix(l.worldTransform),
            "isHidden": l.isHidden, "isDoubleSided": l.isDoubleSided, "masksToBounds": l.masksToBounds,
            "isGeometryFlipped": l.isGeometryFlipped, "opacity": number(l.opacity),
            "backgroundColor": color(l.backgroundColor), "cornerRadius": number(Double(l.cornerRadius)),
            "borderWidth": number(Double(l.borderWidth)), "borderColor": color(l.borderColor),
            "shadowColor": color(l.shadowColor), "shadowOpacity": number(l.shadowOpacity),
            "shadowOffset": [number(Double(l.shadowOffset.width)), number(Double(l.shadowOffset.height))],
            "shadowRadius": number(Double(l.shadowRadius)),
            "contents": l.contents.map { [$0.width, $0.height] as Any } ?? NSNull(),
            "contentsRect": rect(l.contentsRect),
        ]
        o.merge(commonFields(l, presented: presented)) { $1 }
        switch l.kind {
        case .shape:
            o.merge(shapeFields(l)) { $1 }
            o["fillColor"] = color(l.fillColor)
            o["strokeColor"] = color(l.strokeColor)
            o["lineWidth"] = number(Double(l.lineWidth))
            o["strokeStart"] = number(Double(l.strokeStart))
            o["strokeEnd"] = number(Double(l.strokeEnd))
            o["lineDashPhase"] = number(Double(l.lineDashPhase))
        case .gradient:
            o["gradientColors"] = l.gradientColors.map { $0.map(color) as Any } ?? NSNull()
            o["gradientLocations"] = l.gradientLocations.map { $0.map { number(Double($0)) } as Any } ?? NSNull()
            o["gradientStartPoint"] = point(l.gradientStartPoint)
            o["gradientEndPoint"] = point(l.gradientEndPoint)
            o["gradientType"] = l.gradientType.rawValue
        case .replicator:
            o["instanceCount"] = l.instanceCount
            o["instanceTransform"] = matrix(l.instanceTransform)
            o["instanceDelay"] = number(l.instanceDelay)
            o.merge(replicatorFields(l)) { $1 }
        case .text:
            o["string"] = (l.string as? String) ?? (l.string as? NSAttributedString)?.string ?? NSNull()
            o["fontSize"] = number(Double(l.fontSize))
            o["foregroundColor"] = color(l.foregroundColor)
        case .layer, .transform:
            break
        }
        // Snapshots are trees built from the scene; the depth guard keeps a malformed one from recursing forever.
        guard depth < 10_000 else { return o }
        if let mask = l.maskIndex { o["mask"] = layer(at: mask, in: layers, presented: presented?.mask, depth: depth + 1) }
        let presentedSublayers = presented?.sublayers ?? []
        let aligned = presentedSublayers.count == l.sublayerIndices.count
        o["sublayers"] = l.sublayerIndices.enumerated().map { k, sub in
            layer(at: sub, in: layers, presented: aligned ? presentedSublayers[k] : nil, depth: depth + 1)
        }
        return o
    }
}
