// Curved position keyframes (spatial tangents `to`, `ti`): segment k is the cubic from s_k through s_k + to_k
// and s_(k+1) + ti_k to s_(k+1) (lottie-docs, "Keyframe"), and how a layer travels along it.
import Foundation
import QuartzLayers
import QuartzRaster

/// How a layer travels along a curved motion path between two position keyframes.
public enum LottieMotionPathTiming: Sendable, Hashable {
    /// The keyframe's easing gives the fraction of the curve's length travelled: After Effects' motion, as
    /// lottie-web, lottie-android, rlottie, ThorVG and Skottie play it.
    case afterEffects
    /// The keyframe's easing gives the curve's Bézier parameter: Core Animation's keyframe path, as lottie-ios's
    /// Core Animation back-end draws it (its snapshots of confetti on curved paths agree with this, not with
    /// the arc length).
    case coreAnimation
}

struct LottieMotionSegment {
    let p0: CGPoint, c1: CGPoint, c2: CGPoint, p3: CGPoint

    init(from start: [Double], out: [Double], into: [Double], to end: [Double]) {
        p0 = CGPoint(x: start[0], y: start[1])
        c1 = CGPoint(x: start[0] + out[0], y: start[1] + out[1])
        c2 = CGPoint(x: end[0] + into[0], y: end[1] + into[1])
        p3 = CGPoint(x: end[0], y: end[1])
    }

    func point(atParameter t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    /// The point `fraction` of the way along the curve by length, measured with as many chords as Core
    /// Animation's paced paths use here (64), so sampled and animated values agree.
    func point(atArcFraction fraction: Double) -> CGPoint {
        let chords = 64
        var lengths = [0.0]
        var previous = p0
        for step in 1...chords {
            let point = point(atParameter: Double(step) / Double(chords))
            lengths.append(lengths[step - 1] + hypot(point.x - previous.x, point.y - previous.y))
            previous = point
        }
        let total = lengths[chords]
        guard total > 0 else { return point(atParameter: fraction) }
        let target = min(max(fraction, 0), 1) * total
        var step = 1
        while step < chords && lengths[step] < target { step += 1 }
        let span = lengths[step] - lengths[step - 1]
        let local = span > 0 ? (target - lengths[step - 1]) / span : 0
        return point(atParameter: (Double(step - 1) + local) / Double(chords))
    }

    /// The curve as a path of its own, for a keyframe animation.
    var path: CGPath {
        let path = CGMutablePath()
        path.move(to: p0)
        path.addCurve(to: p3, control1: c1, control2: c2)
        return path
    }
}

/// A curved position property: its keyframes and the segments between them.
struct LottieMotionPath {
    let keyframes: [LottieKeyframe<[Double]>]
    let segments: [LottieMotionSegment]
    let timing: LottieMotionPathTiming

    init?(_ position: LottieProperty<[Double]>, tangents: [(out: [Double], into: [Double])], timing: LottieMotionPathTiming) {
        let keyframes = position.keyframeList
        guard keyframes.count >= 2, keyframes.count == tangents.count else { return nil }
        self.keyframes = keyframes
        segments = (0..<(keyframes.count - 1)).map { k in
            LottieMotionSegment(from: keyframes[k].value, out: tangents[k].out, into: tangents[k].into, to: keyframes[k + 1].value)
        }
        self.timing = timing
    }

    /// The point at local `frame`: on its segment's curve at the fraction (of length or of parameter) the
    /// segment's easing gives; the first and last values before and after the keyframes.
    func point(atFrame frame: Double) -> CGPoint {
        let first = keyframes[0], last = keyframes[keyframes.count - 1]
        if frame <= first.frame { return segments[0].p0 }
        if frame >= last.frame { return segments[segments.count - 1].p3 }
        var k = 0
        while k + 2 < keyframes.count && keyframes[k + 1].frame <= frame { k += 1 }
        let span = keyframes[k + 1].frame - keyframes[k].frame
        guard span > 0, keyframes[k].easing != .hold else { return segments[k].p0 }
        let eased = keyframes[k].easing.progress((frame - keyframes[k].frame) / span)
        switch timing {
        case .afterEffects: return segments[k].point(atArcFraction: eased)
        case .coreAnimation: return segments[k].point(atParameter: eased)
        }
    }

    /// The motion as Core Animation plays it, from `animation` (the keyframes' key times, timing functions,
    /// begin time and duration): one path of every segment at the Bézier parameter, or a group of one paced
    /// animation per segment whose own timing function is the segment's easing, so the eased time is the
    /// fraction of length travelled (paced: "constant velocity animation along the path" [doc:
    /// CAKeyframeAnimation.calculationMode]). `autoOrient`: each turns the layer along the path (`.rotateAuto`).
    func animation(from animation: CAKeyframeAnimation, autoOrient: Bool = false) -> CAAnimation {
        let rotationMode: CAAnimationRotationMode? = autoOrient ? .rotateAuto : nil
        switch timing {
        case .coreAnimation:
            animation.rotationMode = rotationMode
            let path = CGMutablePath()
            path.move(to: segments[0].p0)
            for segment in segments { path.addCurve(to: segment.p3, control1: segment.c1, control2: segment.c2) }
            animation.path = path
            return animation
        case .afterEffects:
            let keyTimes = (animation.keyTimes ?? []).map(\.doubleValue)
            let timed = segments.indices.filter { $0 + 1 < keyTimes.count && keyTimes[$0 + 1] > keyTimes[$0] }
            var parts: [CAAnimation] = []
            for (index, k) in timed.enumerated() {
                let part = CAKeyframeAnimation(keyPath: animation.keyPath ?? "position")
                part.path = segments[k].path
                part.calculationMode = .paced
                part.rotationMode = rotationMode
                part.timingFunction = keyframes[k].easing.timingFunction
                part.beginTime = keyTimes[k] * animation.duration
                part.duration = (keyTimes[k + 1] - keyTimes[k]) * animation.duration
                // Only the first holds its start before it and only the last its end after it, so each
                // segment alone plays in its own time.
                let isFirst = index == 0, isLast = index == timed.count - 1
                part.fillMode = isFirst && isLast ? .both : isFirst ? .backwards : isLast ? .forwards : .removed
                parts.append(part)
            }
            let group = CAAnimationGroup()
            group.animations = parts
            group.beginTime = animation.beginTime
            group.duration = animation.duration
            group.fillMode = .both
            group.isRemovedOnCompletion = false
            return group
        }
    }
}
