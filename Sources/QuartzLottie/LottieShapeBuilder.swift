// A shape layer's items → CAShapeLayers (anchors note §1.1–1.2): a group is a CALayer with the group's
// transform; each fill and each stroke is a CAShapeLayer drawing the group's path items listed before it;
// each gradient fill and stroke a gradient layer masked by such a shape layer; a repeater one container per
// copy holding the items before it (LottieRepeaterBuilder.swift).
// Items listed first are drawn on top (lottie-docs, "Shapes": rendering order).
import Foundation
import QuartzLayers
import QuartzRaster

struct LottieShapeBuilder {
    let builder: LottieLayerBuilder
    let size: CGSize
    let map: LottieTimeMap

    var timing: LottieKeyframeTiming { builder.timing }

    func build(_ items: [LottieShapeItem], into container: CALayer, trims: [LottieTrim]) {
        var trims = trims
        for item in items { if case .trim(let trim) = item { trims.append(trim) } }
        let inherited = Self.inheritedPaints(items)
        // The last repeater copies everything listed before it (earlier repeaters included), so those items are
        // built inside its replicator.
        let lastRepeater = items.lastIndex { if case .repeater = $0 { return true } else { return false } } ?? -1
        for (index, item) in items.enumerated().reversed() where !inherited.contains(index) && index >= lastRepeater {
            switch item {
            case .repeater(let repeater):
                let repeated = Array(items[..<index])
                // Paths with no paint before the repeater are copied by the paints after it (LottieCombinedPath).
                guard LottieShapeItem.builtLayerCount(repeated) > 0 else { continue }
                for copy in LottieRepeaterBuilder(shapes: self).makeCopies(repeater, content: { build(repeated, into: $0, trims: trims) }) {
                    container.addSublayer(copy)
                }
            case .group(let children, let transform):
                let group = builder.makeSublayer(CALayer(), size: size)
                builder.applyTransform(transform, to: group, includingOpacity: true, map: map)
                build(children + inherited.sorted().map { items[$0] }, into: group, trims: trims)
                container.addSublayer(group)
            case .fill(let color, let opacity, let rule):
                let layer = shapeLayer(for: items[..<index])
                timing.apply(color, to: layer, keyPath: "fillColor", map: map) { LottieLayerBuilder.color($0) }
                timing.apply(opacity, to: layer, keyPath: "opacity", map: map) { NSNumber(value: min(max($0[0] / 100, 0), 1)) }
                layer.fillRule = rule == 2 ? .evenOdd : .nonZero
                layer.strokeColor = nil
                container.addSublayer(layer)
            case .stroke(let stroke):
                let layer = shapeLayer(for: items[..<index])
                layer.fillColor = nil
                timing.apply(stroke.color, to: layer, keyPath: "strokeColor", map: map) { LottieLayerBuilder.color($0) }
                timing.apply(stroke.opacity, to: layer, keyPath: "opacity", map: map) { NSNumber(value: min(max($0[0] / 100, 0), 1)) }
                applyStrokeGeometry(stroke, trims: trims, to: layer)
                container.addSublayer(layer)
            case .gradientFill(let gradient, let rule):
                let mask = shapeLayer(for: items[..<index])
                mask.fillColor = LottieLayerBuilder.color([0, 0, 0])
                mask.strokeColor = nil
                mask.fillRule = rule == 2 ? .evenOdd : .nonZero
                container.addSublayer(LottieGradientBuilder(shapes: self).makeLayer(gradient, maskedBy: mask))
            case .gradientStroke(let gradient, let stroke):
                let mask = shapeLayer(for: items[..<index])
                mask.fillColor = nil
                mask.strokeColor = LottieLayerBuilder.color([0, 0, 0])
                applyStrokeGeometry(stroke, trims: trims, to: mask)
                container.addSublayer(LottieGradientBuilder(shapes: self).makeLayer(gradient, maskedBy: mask))
            default:
                continue
            }
        }
    }

    /// The paints of a group that its own paths do not use, which its child groups then paint their paths with,
    /// listed after their own items (lottie-ios: shapeRenderGroups' unused items, inherited by child groups): a
    /// fill with no path item since the previous fill, a stroke in a group with no path item. None when the
    /// group has no child group.
    static func inheritedPaints(_ items: [LottieShapeItem]) -> Set<Int> {
        guard items.contains(where: { if case .group = $0 { return true } else { return false } }) else { return [] }
        let hasPath = items.contains(where: \.isPath)
        var unused: Set<Int> = [], pathSinceFill = false
        for (index, item) in items.enumerated() {
            switch item {
            case .fill, .gradientFill:
                if !pathSinceFill { unused.insert(index) }
                pathSinceFill = false
            case .stroke, .gradientStroke:
                if !hasPath { unused.insert(index) }
            default:
                if item.isPath { pathSinceFill = true }
            }
        }
        return unused
    }

    /// Width, caps, joins, miter limit, dashes and the trim of a stroke.
    private func applyStrokeGeometry(_ stroke: LottieStroke, trims: [LottieTrim], to layer: CAShapeLayer) {
        timing.apply(stroke.width, to: layer, keyPath: "lineWidth", map: map) { NSNumber(value: max($0[0], 0)) }
        layer.lineCap = [1: .butt, 3: .square][stroke.lineCap] ?? .round
        layer.lineJoin = [1: .miter, 3: .bevel][stroke.lineJoin] ?? .round
        layer.miterLimit = CGFloat(stroke.miterLimit)
        if !stroke.dashes.isEmpty, stroke.dashes.contains(where: { $0 > 0 }) {
            layer.lineDashPattern = stroke.dashes.map { NSNumber(value: max($0, 0)) }
            layer.lineDashPhase = CGFloat(stroke.dashOffset)
        }
        // Trims: start and end percentages as strokeStart / strokeEnd (lottie-ios swaps them when start > end;
        // here the first trim applies, the start ≤ end as most files have it).
        if let trim = trims.first {
            timing.apply(trim.start, to: layer, keyPath: "strokeStart", map: map) { NSNumber(value: min(max($0[0] / 100, 0), 1)) }
            timing.apply(trim.end, to: layer, keyPath: "strokeEnd", map: map) { NSNumber(value: min(max($0[0] / 100, 0), 1)) }
        }
    }

    /// A shape layer with the combined path of the path items in `items`, keyframed when they change.
    private func shapeLayer(for items: ArraySlice<LottieShapeItem>) -> CAShapeLayer {
        let layer = builder.makeSublayer(CAShapeLayer(), size: size)
        let combined = LottieCombinedPath(parts: items.compactMap(LottiePathPart.init))
        timing.applyPath(combined, to: layer, map: map, shape: combined.path(atFrame:))
        return layer
    }
}
