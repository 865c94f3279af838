// Gradient fills and strokes → a CAGradientLayer masked by the shape, as lottie-ios's Core Animation engine
// builds them (ShapeItemLayer, GradientRenderLayer): a container whose mask is a CAShapeLayer with the path
// (filled for `gf`, stroked for `gs`) holds a gradient layer padded far past the shape layer's bounds, since
// Lottie gradients extend without end and paths may leave the bounds. The colour stops give `colors` and
// `locations`; opacity stops, when any is below 0.999, go on a second CAGradientLayer of black stops used as
// the gradient layer's mask, because the two kinds of stop have their own offsets.
import Foundation
import QuartzLayers
import QuartzRaster

struct LottieGradientBuilder {
    let shapes: LottieShapeBuilder

    /// A layer drawing `gradient` where `mask` (a CAShapeLayer with the path, filled or stroked in black) covers.
    func makeLayer(_ gradient: LottieGradient, maskedBy mask: CALayer) -> CALayer {
        let builder = shapes.builder, timing = shapes.timing, map = shapes.map
        let container = builder.makeSublayer(CALayer(), size: shapes.size)
        container.mask = mask
        timing.apply(gradient.opacity, to: container, keyPath: "opacity", map: map) { NSNumber(value: min(max($0[0] / 100, 0), 1)) }
        let colorLayer = makeGradientLayer(gradient)
        let count = gradient.colorStopCount
        colorLayer.colors = Array(repeating: LottieLayerBuilder.color([0, 0, 0]), count: count)
        timing.apply(gradient.stops, to: colorLayer, keyPath: "colors", map: map) { stops in
            (0..<count).map { LottieLayerBuilder.color([stops[4 * $0 + 1], stops[4 * $0 + 2], stops[4 * $0 + 3]]) }
        }
        timing.apply(gradient.stops, to: colorLayer, keyPath: "locations", map: map) { stops in
            (0..<count).map { NSNumber(value: stops[4 * $0]) }
        }
        let alphaCount = Self.opacityStopCount(gradient)
        if alphaCount > 0 {
            let alphaLayer = makeGradientLayer(gradient)
            alphaLayer.position = .zero
            timing.apply(gradient.stops, to: alphaLayer, keyPath: "colors", map: map) { stops in
                (0..<alphaCount).map { CGColor(red: 0, green: 0, blue: 0, alpha: CGFloat(min(max(stops[4 * count + 2 * $0 + 1], 0), 1))) }
            }
            timing.apply(gradient.stops, to: alphaLayer, keyPath: "locations", map: map) { stops in
                (0..<alphaCount).map { NSNumber(value: stops[4 * count + 2 * $0]) }
            }
            colorLayer.mask = alphaLayer
        }
        container.addSublayer(colorLayer)
        return container
    }

    /// The opacity stops drawn: none when every stop of every keyframe is opaque (lottie-ios: alpha ≥ 0.999),
    /// else the fewest any keyframe has, so every `colors` value has the same count.
    static func opacityStopCount(_ gradient: LottieGradient) -> Int {
        let values = gradient.stops.isAnimated ? gradient.stops.keyframeList.map(\.value) : [gradient.stops.initialValue]
        let first = 4 * gradient.colorStopCount
        let translucent = values.contains { stops in stride(from: first + 1, to: stops.count, by: 2).contains { stops[$0] < 0.999 } }
        guard translucent else { return 0 }
        return values.map { ($0.count - first) / 2 }.min() ?? 0
    }

    /// A CAGradientLayer covering the shape layer's bounds padded on every side, with the gradient's type and
    /// animated start and end points. CAGradientLayer's points are unit coordinates of its bounds; a radial
    /// gradient is the ellipse centred on startPoint with radii endPoint − startPoint, so a Lottie radial
    /// gradient of radius |e − s| ends at s + (r, r) (lottie-ios: addRadialGradientAnimations).
    private func makeGradientLayer(_ gradient: LottieGradient) -> CAGradientLayer {
        let pad = LottieLayerBuilder.unboundedPadding, size = shapes.size
        let layer = CAGradientLayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: Double(size.width) + 2 * pad, height: Double(size.height) + 2 * pad)
        layer.position = CGPoint(x: -pad, y: -pad)
        let width = Double(layer.bounds.width), height = Double(layer.bounds.height)
        func unit(_ x: Double, _ y: Double) -> NSValue { NSValue(cgPoint: CGPoint(x: (x + pad) / width, y: (y + pad) / height)) }
        let timing = shapes.timing, map = shapes.map
        if gradient.isRadial {
            layer.type = .radial
            let points = gradient.startPoint.concatenated(with: gradient.endPoint)
            timing.apply(points, to: layer, keyPath: "startPoint", map: map) { unit($0[0], $0[1]) }
            timing.apply(points, to: layer, keyPath: "endPoint", map: map) { p in
                let radius = ((p[2] - p[0]) * (p[2] - p[0]) + (p[3] - p[1]) * (p[3] - p[1])).squareRoot()
                return unit(p[0] + radius, p[1] + radius)
            }
        } else {
            layer.type = .axial
            timing.apply(gradient.startPoint, to: layer, keyPath: "startPoint", map: map) { unit($0[0], $0[1]) }
            timing.apply(gradient.endPoint, to: layer, keyPath: "endPoint", map: map) { unit($0[0], $0[1]) }
        }
        return layer
    }
}
