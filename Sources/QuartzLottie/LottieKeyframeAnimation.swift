// Lottie keyframes → one CAKeyframeAnimation (lottie-ios's Core Animation engine, anchors note §1.3):
// keyTimes are the keyframes' root frames over the animation's span, timingFunctions[i] is the cubic bezier
// of segment i (`o` then `i` of keyframe i), hold keyframes make discrete steps. The animation spans the
// first to the last keyframe, with fillMode both, so values hold before and after as Lottie's do.
import Foundation
import QuartzLayers

struct LottieKeyframeTiming {
    /// The root composition's first frame and frame rate: root frame f is at time (f − rootInFrame) / frameRate.
    let rootInFrame: Double
    let frameRate: Double

    /// A begin time of 0 means "the commit time" to Core Animation; this stands for time zero instead (the
    /// value of AVFoundation's AVCoreAnimationBeginTimeAtZero, for the same reason).
    static let beginTimeAtZero = 1e-100

    func time(ofRootFrame frame: Double) -> Double {
        let time = (frame - rootInFrame) / frameRate
        return time == 0 ? Self.beginTimeAtZero : time
    }

    /// The animation of `keyPath` through `values` at local `frames` with `easings[i]` from keyframe i to i + 1;
    /// nil when the keyframes take no time (the caller sets the last value on the model).
    func animation(keyPath: String, frames: [Double], values: [Any], easings: [LottieSegmentEasing], map: LottieTimeMap) -> CAKeyframeAnimation? {
        guard values.count >= 2, frames.count == values.count else { return nil }
        let rootFrames = frames.map(map.rootFrame)
        let start = rootFrames[0], span = rootFrames[rootFrames.count - 1] - start
        guard span > 0 else { return nil }
        let keyTimes = rootFrames.map { ($0 - start) / span }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        let segments = easings.prefix(values.count - 1)
        if segments.allSatisfy({ $0 == .hold }) {
            // Discrete: value i from keyTimes[i] to keyTimes[i + 1]; Apple asks for one more key time than values.
            animation.calculationMode = .discrete
            animation.values = values
            animation.keyTimes = (keyTimes + [1]).map { NSNumber(value: $0) }
        } else {
            // Linear with one timing function per segment; a hold segment repeats its value up to the next key
            // time, where the next value takes over at once.
            var outValues: [Any] = [values[0]], outTimes: [Double] = [keyTimes[0]], functions: [CAMediaTimingFunction] = []
            let linear = CAMediaTimingFunction(name: .linear)
            for index in 1..<values.count {
                let easing = easings[index - 1]
                if easing == .hold {
                    outValues.append(values[index - 1]); outTimes.append(keyTimes[index]); functions.append(linear)
                    outValues.append(values[index]); outTimes.append(keyTimes[index]); functions.append(linear)
                } else {
                    outValues.append(values[index]); outTimes.append(keyTimes[index]); functions.append(easing.timingFunction ?? linear)
                }
            }
            animation.values = outValues
            animation.keyTimes = outTimes.map { NSNumber(value: $0) }
            animation.timingFunctions = functions
        }
        animation.beginTime = time(ofRootFrame: start)
        animation.duration = span / frameRate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// A property's animation, or its value set on the model when it is constant (or its keyframes take no time).
    func apply(_ property: LottieProperty<[Double]>, to layer: CALayer, keyPath: String, map: LottieTimeMap, convert: ([Double]) -> Any) {
        switch property {
        case .constant(let value):
            layer.setValue(convert(value), forKeyPath: keyPath)
        case .keyframes(let keyframes):
            layer.setValue(convert(keyframes[0].value), forKeyPath: keyPath)
            if let animation = animation(keyPath: keyPath, frames: keyframes.map(\.frame), values: keyframes.map { convert($0.value) },
                                         easings: keyframes.map(\.easing), map: map) {
                layer.add(animation, forKey: keyPath)
            } else {
                layer.setValue(convert(keyframes[keyframes.count - 1].value), forKeyPath: keyPath)
            }
        }
    }
}
