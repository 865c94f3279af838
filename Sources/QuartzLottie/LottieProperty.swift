// A Lottie animatable property: a static value or keyframes (lottie-docs, "Animated Properties": `a`, `k`,
// keyframes with `t`, `s`, `h`, and the easing handles `o`/`i` of the segment that starts at the keyframe).
import Foundation
import QuartzLayers

/// How a segment from one keyframe to the next is interpolated.
enum LottieSegmentEasing: Equatable, Sendable {
    /// `h: 1`: the keyframe's value until the next keyframe.
    case hold
    /// No handles: straight interpolation.
    case linear
    /// The cubic bezier through (0,0), `o`, `i`, (1,1) (the first dimension's handle).
    case bezier(outX: Double, outY: Double, inX: Double, inY: Double)

    var timingFunction: CAMediaTimingFunction? {
        switch self {
        case .hold, .linear: return nil
        case .bezier(let ox, let oy, let ix, let iy):
            return CAMediaTimingFunction(controlPoints: Float(ox), Float(oy), Float(ix), Float(iy))
        }
    }

    /// Eased progress through the segment at linear progress `x` in [0, 1].
    func progress(_ x: Double) -> Double {
        switch self {
        case .hold: return 0
        case .linear: return x
        case .bezier: return timingFunction?.value(atProgress: x) ?? x
        }
    }
}

struct LottieKeyframe<Value> {
    /// Frame in the time of the layer's composition.
    let frame: Double
    let value: Value
    /// The segment from this keyframe to the next (unused on the last).
    let easing: LottieSegmentEasing
}

/// A value that may change over frames.
enum LottieProperty<Value> {
    case constant(Value)
    case keyframes([LottieKeyframe<Value>])

    var isAnimated: Bool { if case .keyframes = self { return true } else { return false } }

    var initialValue: Value {
        switch self {
        case .constant(let value): return value
        case .keyframes(let keyframes): return keyframes[0].value
        }
    }

    /// The constant value, or every keyframe's value: what the property takes at its keyframes.
    var allValues: [Value] {
        switch self {
        case .constant(let value): return [value]
        case .keyframes(let keyframes): return keyframes.map(\.value)
        }
    }

    /// Whether some keyframe before the last holds its value (`h` 1) up to the next.
    var hasHoldSegments: Bool { keyframeList.dropLast().contains { $0.easing == .hold } }

    var keyframeList: [LottieKeyframe<Value>] {
        if case .keyframes(let keyframes) = self { return keyframes }
        return []
    }

    func map<Other>(_ transform: (Value) -> Other) -> LottieProperty<Other> {
        switch self {
        case .constant(let value): return .constant(transform(value))
        case .keyframes(let keyframes):
            return .keyframes(keyframes.map { LottieKeyframe(frame: $0.frame, value: transform($0.value), easing: $0.easing) })
        }
    }
}

extension LottieProperty where Value == [Double] {
    /// Not animated, and every component of its value 0.
    var isConstantZero: Bool { !isAnimated && initialValue.allSatisfy { $0 == 0 } }

    /// The value at `frame` as Lottie defines it: the first value before the first keyframe, the last after
    /// the last, eased interpolation between (component-wise; lengths that differ hold the earlier value).
    func value(atFrame frame: Double) -> [Double] {
        switch self {
        case .constant(let value): return value
        case .keyframes(let keyframes):
            if frame <= keyframes[0].frame { return keyframes[0].value }
            guard let last = keyframes.last, frame < last.frame else { return keyframes[keyframes.count - 1].value }
            // The last keyframe at or before `frame` (binary search: sampled animations ask at every frame).
            var low = 0, high = keyframes.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if keyframes[middle].frame <= frame { low = middle } else { high = middle }
            }
            let index = low
            let a = keyframes[index], b = keyframes[index + 1]
            let span = b.frame - a.frame
            guard span > 0, a.easing != .hold, a.value.count == b.value.count else { return a.value }
            let t = a.easing.progress((frame - a.frame) / span)
            return zip(a.value, b.value).map { $0 + ($1 - $0) * t }
        }
    }
}

extension LottieKeyframe: Sendable where Value: Sendable {}
extension LottieProperty: Sendable where Value: Sendable {}

extension LottieProperty where Value == [Double] {
    /// This value followed by `other`'s, as one property: keyframed at the keyframes of whichever is animated
    /// when only one is, or when both share frames and easings (exact, as each is then linear in its own
    /// keyframes); otherwise at every frame from the first to the last keyframe, linearly (at most
    /// `LottieLimits.maximumSampledFrames` frames).
    func concatenated(with other: LottieProperty<[Double]>) -> LottieProperty<[Double]> {
        let keyframeSets = [keyframeList, other.keyframeList].filter { !$0.isEmpty }
        guard let first = keyframeSets.first else { return .constant(initialValue + other.initialValue) }
        let frames = first.map(\.frame), easings = first.map(\.easing)
        if keyframeSets.allSatisfy({ $0.map(\.frame) == frames && $0.map(\.easing) == easings }) {
            return .keyframes(zip(frames, easings).map { LottieKeyframe(frame: $0, value: value(atFrame: $0) + other.value(atFrame: $0), easing: $1) })
        }
        let start = keyframeSets.compactMap { $0.first?.frame }.min() ?? 0
        let end = keyframeSets.compactMap { $0.last?.frame }.max() ?? 0
        return Self.sampled(from: start, to: end) { value(atFrame: $0) + other.value(atFrame: $0) }
    }

    /// Keyframed linearly at every frame from the first keyframe to the last (at most
    /// `LottieLimits.maximumSampledFrames` frames, evenly spaced), with the values this property takes there.
    func sampledAtEveryFrame() -> LottieProperty<[Double]> {
        let keyframes = keyframeList
        guard let first = keyframes.first, let last = keyframes.last else { return self }
        return Self.sampled(from: first.frame, to: last.frame) { value(atFrame: $0) }
    }

    private static func sampled(from start: Double, to end: Double, value: (Double) -> [Double]) -> LottieProperty<[Double]> {
        let step = max(1, ((end - start) / Double(LottieLimits.maximumSampledFrames)).rounded(.up))
        var sampled: [LottieKeyframe<[Double]>] = []
        var frame = start
        while frame < end {
            sampled.append(LottieKeyframe(frame: frame, value: value(frame), easing: .linear))
            frame += step
        }
        sampled.append(LottieKeyframe(frame: end, value: value(end), easing: .linear))
        return .keyframes(sampled)
    }
}
