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
                let layers = strokeLayers(for: items[..<index], stroke: stroke, trim: trims.first)
                for layer in layers {
                    timing.apply(stroke.color, to: layer, keyPath: "strokeColor", map: map) { LottieLayerBuilder.color($0) }
                }
                let painted = layers.count == 1 ? layers[0] : holder(of: layers)
                timing.apply(stroke.opacity, to: painted, keyPath: "opacity", map: map) { NSNumber(value: min(max($0[0] / 100, 0), 1)) }
                container.addSublayer(painted)
            case .gradientFill(let gradient, let rule):
                let mask = shapeLayer(for: items[..<index])
                mask.fillColor = LottieLayerBuilder.color([0, 0, 0])
                mask.strokeColor = nil
                mask.fillRule = rule == 2 ? .evenOdd : .nonZero
                container.addSublayer(LottieGradientBuilder(shapes: self).makeLayer(gradient, maskedBy: mask))
            case .gradientStroke(let gradient, let stroke):
                let layers = strokeLayers(for: items[..<index], stroke: stroke, trim: trims.first)
                for layer in layers { layer.strokeColor = LottieLayerBuilder.color([0, 0, 0]) }
                let mask = layers.count == 1 ? layers[0] : holder(of: layers)
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

    /// The stroke layers of the paths in `items` under `trim` (the first trim in reach applies): one layer of
    /// the combined path, or with `m` 1 one per path item (each trimmed by the same fractions); each of them
    /// doubled when the trim can wrap round the path's start (LottieTrim.ranges).
    private func strokeLayers(for items: ArraySlice<LottieShapeItem>, stroke: LottieStroke, trim: LottieTrim?) -> [CAShapeLayer] {
        let parts = items.compactMap(LottiePathPart.init)
        let separately = trim.map { !$0.isSequential } == true && parts.count > 1 && parts.allSatisfy(\.isShape)
        let paths = separately ? parts.map { LottieCombinedPath(parts: [$0]) } : [LottieCombinedPath(parts: parts)]
        let ranges = trim.map(trimRanges) ?? [nil]
        var layers: [CAShapeLayer] = []
        for combined in paths {
            for range in ranges {
                let layer = builder.makeSublayer(CAShapeLayer(), size: size)
                timing.applyPath(combined, to: layer, map: map, shape: combined.path(atFrame:))
                layer.fillColor = nil
                applyStrokeGeometry(stroke, to: layer)
                if let range {
                    timing.apply(range.start, to: layer, keyPath: "strokeStart", map: map) { NSNumber(value: $0[0]) }
                    timing.apply(range.end, to: layer, keyPath: "strokeEnd", map: map) { NSNumber(value: $0[0]) }
                }
                layers.append(layer)
            }
        }
        return layers
    }

    /// A trim's stroke ranges as start and end fractions, one range per stroke layer: where the fractions move
    /// by one constant amount, their own keyframes (one layer); otherwise both ranges of `LottieTrim.ranges`
    /// (two layers), keyframed at every frame when anything animates, as they are not linear in the keyframed
    /// values.
    private func trimRanges(_ trim: LottieTrim) -> [(start: LottieProperty<[Double]>, end: LottieProperty<[Double]>)?] {
        if let shift = trim.constantShift {
            let moved = { (property: LottieProperty<[Double]>) in property.map { [LottieTrim.fraction($0[0]) + shift] } }
            return [(moved(trim.start), moved(trim.end))]
        }
        let combined = trim.start.concatenated(with: trim.end).concatenated(with: trim.offset)
        let sampled = (combined.isAnimated ? combined.sampledAtEveryFrame() : combined).map(LottieTrim.ranges)
        return [0, 1].map { index in (sampled.map { [$0[index].start] }, sampled.map { [$0[index].end] }) }
    }

    /// A plain layer holding `layers`, so their paint's opacity applies to them as one picture.
    private func holder(of layers: [CAShapeLayer]) -> CALayer {
        let holder = builder.makeSublayer(CALayer(), size: size)
        for layer in layers { holder.addSublayer(layer) }
        return holder
    }

    /// Width, caps, joins, miter limit and dashes of a stroke.
    private func applyStrokeGeometry(_ stroke: LottieStroke, to layer: CAShapeLayer) {
        timing.apply(stroke.width, to: layer, keyPath: "lineWidth", map: map) { NSNumber(value: max($0[0], 0)) }
        layer.lineCap = [1: .butt, 3: .square][stroke.lineCap] ?? .round
        layer.lineJoin = [1: .miter, 3: .bevel][stroke.lineJoin] ?? .round
        layer.miterLimit = CGFloat(stroke.miterLimit)
        if !stroke.dashes.isEmpty, stroke.dashes.contains(where: { $0 > 0 }) {
            layer.lineDashPattern = stroke.dashes.map { NSNumber(value: max($0, 0)) }
            timing.apply(stroke.dashOffset, to: layer, keyPath: "lineDashPhase", map: map) { NSNumber(value: $0[0].isFinite ? $0[0] : 0) }
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
