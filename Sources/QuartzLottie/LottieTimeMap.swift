// From a composition's local frames to the root composition's frames. A precomp layer places its asset at
// local frame = (parent frame − st) / sr (lottie-docs, "Precomposition layer": start time and time stretch),
// so parent frame = local · sr + st; lottie-ios folds this mapping into the keyframe times the same way.
// Time remapping `tm` (local frame = tm(parent frame) · fr) cannot be inverted, so under it the map holds the
// local frame at each whole root frame instead, and animations are sampled there (lottie-ios: complex time
// remapping, manuallyInterpolatedWithTimeRemapping).
import Foundation

struct LottieTimeMap {
    /// root frame = local frame · scale + offset, when not sampled.
    var scale: Double = 1
    var offset: Double = 0
    /// Under time remapping: root frames and this composition's local frame at each.
    var samples: LottieTimeSamples?

    func rootFrame(_ localFrame: Double) -> Double { localFrame * scale + offset }

    /// This composition's frame at a root frame, when not sampled.
    func localFrame(_ rootFrame: Double) -> Double { (rootFrame - offset) / scale }

    /// The map of a precomp placed in this composition with start time `startTime` and stretch `stretch`.
    func entering(startTime: Double, stretch: Double) -> LottieTimeMap {
        if let samples {
            return LottieTimeMap(samples: LottieTimeSamples(rootFrames: samples.rootFrames,
                                                            localFrames: samples.localFrames.map { ($0 - startTime) / stretch }))
        }
        return LottieTimeMap(scale: scale * stretch, offset: startTime * scale + offset)
    }

    /// The map of a precomp placed in this composition with time remapping `remap` (seconds at this composition's
    /// frames): its local frame is remap(frame) · frameRate at each of `rootFrames`. As lottie-ios does, the
    /// remap replaces the layer's start time and stretch.
    func entering(remap: LottieProperty<[Double]>, frameRate: Double, rootFrames: [Double]) -> LottieTimeMap {
        let parentFrames = samples?.localFrames ?? rootFrames.map(localFrame)
        return LottieTimeMap(samples: LottieTimeSamples(rootFrames: samples?.rootFrames ?? rootFrames,
                                                        localFrames: parentFrames.map { remap.value(atFrame: $0)[0] * frameRate }))
    }
}

/// Root frames (every whole frame of the root composition) and a composition's local frame at each.
struct LottieTimeSamples {
    let rootFrames: [Double]
    let localFrames: [Double]

    /// Every `step`-th sample and the last, for values too large to keep at every frame.
    func thinned(toAtMost limit: Int) -> LottieTimeSamples {
        guard limit > 0, rootFrames.count > limit else { return self }
        let step = Int((Double(rootFrames.count - 1) / Double(max(1, limit - 1))).rounded(.up))
        var indices = Array(stride(from: 0, to: rootFrames.count - 1, by: max(1, step)))
        indices.append(rootFrames.count - 1)
        return LottieTimeSamples(rootFrames: indices.map { rootFrames[$0] }, localFrames: indices.map { localFrames[$0] })
    }
}
