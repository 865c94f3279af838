// A Lottie repeater as one container layer per copy, each holding the items listed before the repeater. Copy
// i is moved by k = offset + i steps: point ↦ a + k·p + R(k·r) · S(s)^k · (point − a), where a is the anchor, p
// the position, r the rotation and s the scale. The position and the rotation add up but do not compound: k
// steps of 40 px and 45° put the copies along a line, each turned by 45° more about its anchor, as ThorVG and
// Apple's Core Animation drawing of Lottie (lottie-ios) place them. Opacity runs from the start opacity on the
// first copy to the end opacity on the last; copies that composite below are drawn last copy first. Animated
// steps or offsets are sampled every frame.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

struct LottieRepeaterBuilder {
    let shapes: LottieShapeBuilder

    /// At most this many copies are drawn; a file's copies of copies are bounded by the layers it may build
    /// (`LottieShapeItem.builtLayerCount`).
    static let maximumCopies = 1_000

    static func copyCount(_ repeater: LottieRepeater) -> Int {
        let copies = repeater.copies.initialValue.first ?? 1
        return copies.isFinite ? Int(min(max(copies.rounded(.up), 0), Double(maximumCopies))) : 0
    }

    /// Copy containers in drawing order (bottom first), each filled by `content`.
    func makeCopies(_ repeater: LottieRepeater, content: (CALayer) -> Void) -> [CALayer] {
        let count = Self.copyCount(repeater)
        let animated = [repeater.offset, repeater.anchor, repeater.position, repeater.scale, repeater.rotation].filter(\.isAnimated)
        let frames = LottieCombinedPath.sampledFrames(of: animated.map(\.keyframeList), samples: LottieLimits.maximumSampledFrames)
        let start = Self.unit(repeater.startOpacity.initialValue[0]), end = Self.unit(repeater.endOpacity.initialValue[0])
        var layers: [CALayer] = []
        for i in 0..<count {
            let layer = shapes.builder.makeSublayer(CALayer(), size: shapes.size)
            let transform = { (frame: Double) in Self.transform(repeater, copy: i, atFrame: frame) }
            layer.transform = transform(frames.first ?? 0)
            layer.opacity = Float(count > 1 ? start + (end - start) * Double(i) / Double(count - 1) : start)
            if !frames.isEmpty,
               let animation = shapes.timing.animation(
                keyPath: "transform", frames: frames, values: frames.map { NSValue(caTransform3D: transform($0)) },
                easings: Array(repeating: .linear, count: frames.count), map: shapes.map,
                valueAtFrame: { NSValue(caTransform3D: transform($0)) })
            {
                layer.add(animation, forKey: "transform")
            }
            content(layer)
            layers.append(layer)
        }
        return repeater.copiesBelow ? layers.reversed() : layers
    }

    static func unit(_ percent: Double) -> Double { percent.isFinite ? min(max(percent / 100, 0), 1) : 1 }

    /// Copy `copy`'s transform at `frame` (row vectors: translate by −a, scale, rotate, translate by a + k·p).
    static func transform(_ repeater: LottieRepeater, copy: Int, atFrame frame: Double) -> CATransform3D {
        let k = Double(copy) + (repeater.offset.value(atFrame: frame).first ?? 0)
        let a = repeater.anchor.value(atFrame: frame), p = repeater.position.value(atFrame: frame)
        let s = repeater.scale.value(atFrame: frame), r = repeater.rotation.value(atFrame: frame).first ?? 0
        var m = CATransform3DMakeTranslation(-a[0], -a[1], 0)
        m = CATransform3DConcat(m, CATransform3DMakeScale(pow(s[0] / 100, k), pow(s[1] / 100, k), 1))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(k * r * .pi / 180, 0, 0, 1))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(a[0] + k * p[0], a[1] + k * p[1], 0))
        return m.isFinite ? m : CATransform3DIdentity
    }
}

extension LottieShapeItem {
    /// The layers `items` build, at most: one per group and paint (three for a gradient), a repeater's copies
    /// holding everything before it; under a trim (`trimmed`, or a trim among `items`) a stroke's layer per
    /// path before it, doubled for a wrapping trim, in one holder. Saturates instead of overflowing.
    static func builtLayerCount(_ items: [LottieShapeItem], trimmed: Bool = false) -> Int {
        let trimmed = trimmed || items.contains { if case .trim = $0 { return true } else { return false } }
        var count = 0, paths = 0
        for item in items {
            let strokeLayers = trimmed ? (2 * max(1, paths)).saturatingAdding(1) : 1
            switch item {
            case .group(let children, _):
                count = count.saturatingAdding(builtLayerCount(children, trimmed: trimmed).saturatingAdding(1))
            case .fill: count = count.saturatingAdding(1)
            case .stroke: count = count.saturatingAdding(strokeLayers)
            case .gradientFill: count = count.saturatingAdding(3)
            case .gradientStroke: count = count.saturatingAdding(strokeLayers.saturatingAdding(2))
            case .repeater(let repeater): count = count.saturatingAdding(1).saturatingMultiplied(by: LottieRepeaterBuilder.copyCount(repeater))
            default: if item.isPath { paths += 1 }
            }
        }
        return count
    }
}
