// A layer's masks → its `mask`, as lottie-ios's Core Animation engine builds them (MaskCompositionLayer): each
// mask is a CAShapeLayer of its path filled even-odd, an inverted path drawn inside a rectangle far larger than
// the layer. Add masks are sibling layers (their union); a subtract or intersect mask becomes the `mask` of
// everything before it, wrapped in a new container. A mask's opacity is its shape layer's, so add and
// intersect combine as Lottie's do (a + o·m·(1 − a), a · o·m); a subtract mask is the complement of its shape
// with the shape itself at 1 − o over it (1 − o·m inside and outside the shape). An expanded add or intersect
// mask also strokes its path twice the expansion wide.
import Foundation
import QuartzLayers
import QuartzRaster

struct LottieMaskBuilder {
    let builder: LottieLayerBuilder
    let size: CGSize
    let map: LottieTimeMap

    func makeMask(_ masks: [LottieMask]) -> CALayer {
        var container = builder.makeSublayer(CALayer(), size: size)
        for (index, mask) in masks.enumerated() {
            if mask.mode == .add || index == 0 {
                container.addSublayer(makeLayer(mask))
            } else {
                container.mask = makeLayer(mask)
                let outer = builder.makeSublayer(CALayer(), size: size)
                outer.addSublayer(container)
                container = outer
            }
        }
        return container
    }

    /// The alpha one mask contributes: its (possibly inverted) shape at its opacity, or for subtract the
    /// complement.
    private func makeLayer(_ mask: LottieMask) -> CALayer {
        let opacity = { (value: [Double]) -> Any in NSNumber(value: min(max(value[0] / 100, 0), 1)) }
        guard mask.mode == .subtract else {
            let layer = pathLayer(mask.path, inverted: mask.isInverted)
            builder.timing.apply(mask.opacity, to: layer, keyPath: "opacity", map: map, convert: opacity)
            if mask.isExpanded {
                // Grown by x: the path stroked 2x wide with round joins over its fill, as After Effects rounds
                // an expanded mask's corners.
                layer.strokeColor = LottieLayerBuilder.color([0, 0, 0])
                layer.lineJoin = .round
                layer.lineCap = .round
                builder.timing.apply(mask.expansion, to: layer, keyPath: "lineWidth", map: map) { NSNumber(value: max(0, 2 * $0[0])) }
            }
            return layer
        }
        let complement = pathLayer(mask.path, inverted: !mask.isInverted)
        if !mask.opacity.isAnimated, mask.opacity.initialValue[0] >= 100 { return complement }
        let group = builder.makeSublayer(CALayer(), size: size)
        group.addSublayer(complement)
        let shape = pathLayer(mask.path, inverted: mask.isInverted)
        builder.timing.apply(mask.opacity, to: shape, keyPath: "opacity", map: map) { NSNumber(value: 1 - min(max($0[0] / 100, 0), 1)) }
        group.addSublayer(shape)
        return group
    }

    /// A black even-odd CAShapeLayer of `path`, inside a rectangle padded far past the layer when inverted.
    private func pathLayer(_ path: LottieProperty<LottieBezier>, inverted: Bool) -> CAShapeLayer {
        let layer = builder.makeSublayer(CAShapeLayer(), size: size)
        layer.fillColor = LottieLayerBuilder.color([0, 0, 0])
        layer.strokeColor = nil
        layer.fillRule = .evenOdd
        let combined = LottieCombinedPath(parts: [LottiePathPart(.path(path))].compactMap { $0 })
        let pad = LottieLayerBuilder.unboundedPadding
        let outside = CGRect(x: -pad, y: -pad, width: Double(size.width) + 2 * pad, height: Double(size.height) + 2 * pad)
        func shape(atFrame frame: Double) -> CGPath {
            guard inverted else { return combined.path(atFrame: frame) }
            let result = CGMutablePath()
            result.addRect(outside)
            result.addPath(combined.path(atFrame: frame))
            return result
        }
        builder.timing.applyPath(combined, to: layer, map: map, shape: shape(atFrame:))
        return layer
    }
}
