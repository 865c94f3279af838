// From a composition's local frames to the root composition's frames. A precomp layer places its asset at
// local frame = (parent frame − st) / sr (lottie-docs, "Precomposition layer": start time and time stretch),
// so parent frame = local · sr + st; lottie-ios folds this mapping into the keyframe times the same way.
import Foundation

struct LottieTimeMap {
    /// root frame = local frame · scale + offset.
    var scale: Double = 1
    var offset: Double = 0

    func rootFrame(_ localFrame: Double) -> Double { localFrame * scale + offset }

    /// The map of a precomp placed in this composition with start time `startTime` and stretch `stretch`.
    func entering(startTime: Double, stretch: Double) -> LottieTimeMap {
        LottieTimeMap(scale: scale * stretch, offset: startTime * scale + offset)
    }
}
