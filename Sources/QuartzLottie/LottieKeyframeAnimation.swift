// Lottie keyframes → one CAKeyframeAnimation (lottie-ios's Core Animation engine, anchors note §1.3):
// keyTimes are the keyframes' root frames over the animation's span, timingFunctions[i] is the cubic bezier
// of segment i (`o` then `i` of keyframe i), hold keyframes make discrete steps. The animation spans the
// first to the last keyframe, with fillMode both, so values hold before and after as Lottie's do.
import Foundation
import QuartzLayers
import QuartzRaster

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
    /// nil when the keyframes take no time (the caller sets the last value on the model). Under time remapping
    /// it is `valueAtFrame` at each sampled root frame instead, linear between them (lottie-ios interpolates
    /// the remapped keyframes the same way), so values are exact at whole frames; at most `sampleLimit` of them.
    func animation(keyPath: String, frames: [Double], values: [Any], easings: [LottieSegmentEasing], map: LottieTimeMap,
                   sampleLimit: Int = .max, valueAtFrame: (Double) -> Any) -> CAKeyframeAnimation? {
        if let samples = map.samples?.thinned(toAtMost: sampleLimit) {
            return animation(keyPath: keyPath, frames: samples.rootFrames, values: samples.localFrames.map(valueAtFrame),
                             easings: Array(repeating: .linear, count: samples.rootFrames.count), map: LottieTimeMap(), valueAtFrame: valueAtFrame)
        }
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
                                         easings: keyframes.map(\.easing), map: map, valueAtFrame: { convert(property.value(atFrame: $0)) }) {
                layer.add(animation, forKey: keyPath)
            } else {
                layer.setValue(convert(keyframes[keyframes.count - 1].value), forKeyPath: keyPath)
            }
        }
    }

    /// `shape` (the combined path, perhaps transformed) as the layer's path: constant, keyframed at the parts'
    /// keyframes, or sampled under time remapping.
    func applyPath(_ combined: LottieCombinedPath, to layer: CAShapeLayer, map: LottieTimeMap, shape: (Double) -> CGPath) {
        guard combined.isAnimated else {
            layer.path = shape(0)
            return
        }
        let (frames, easings) = map.samples == nil ? combined.keyframeTiming() : ([], [])
        let paths = frames.map(shape)
        layer.path = paths.first ?? shape(map.samples?.localFrames.first ?? 0)
        if let animation = animation(keyPath: "path", frames: frames, values: paths, easings: easings, map: map,
                                     sampleLimit: combined.sampleLimit, valueAtFrame: shape) {
            layer.add(animation, forKey: "path")
        } else if let last = paths.last {
            layer.path = last
        }
    }
}
