// Layer time spaces (spec §1.2, §1.6): the per-layer map from the superlayer's local time (or
// absolute media time for a root layer) to the layer's local time, its inverse, and conversion
// between any two layers through their common ancestor — the maths behind
// `CALayer.convertTime(_:from:)` / `convertTime(_:to:)`.
import Foundation

extension MediaTimingNode {
    /// A layer's local time for a time in its parent's space (spec §1.6): the header formula
    /// `(t − beginTime)·speed + timeOffset`, except that a parent time before `beginTime` gives 0.
    /// That clamp is what Apple's `convertTime(_:from:)` returned in OpenCoreAnimation's tests
    /// "cross-checked against QuartzCore on macOS" (speed 0.5, offset 7, begin 8: t 7 → 0, 8 → 7,
    /// 10 → 8) — spec §1.6 marks it [U], not independently confirmed. A layer's duration, repeat and
    /// fill fields do not apply: a layer's local time is never wrapped (spec §1.1).
    package func layerLocalTime(fromParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        if parentTime < beginTime { return 0 }
        return activeTime(fromParentTime: parentTime)
    }

    /// The inverse map, local time → parent time: `(t − timeOffset)/speed + beginTime` (spec §1.6).
    /// A paused layer (speed 0) has no inverse; Apple returned 0 for that step in the same
    /// cross-checked tests (spec §1.6 [U]), and so do we.
    package func parentTime(fromLayerLocalTime localTime: CFTimeInterval) -> CFTimeInterval {
        if speed == 0 { return 0 }
        return (localTime - timeOffset) / Double(speed) + beginTime
    }
}

/// Conversion of times between layer time spaces (spec §1.2, §1.6). Layers are given as the timing
/// nodes along their ancestry, so the functions stay pure; `nil` in Apple's API (absolute media time,
/// `CACurrentMediaTime()`) is an empty branch.
package enum LayerTimeSpace {
    /// Converts `time` from the local time of one layer to the local time of another.
    ///
    /// - Parameters:
    ///   - sourceBranch: the source layer first, then each ancestor up to but **excluding** the
    ///     common ancestor of the two layers. Empty when the source is the common ancestor itself,
    ///     or when `time` is absolute media time (Apple's `from: nil`; the "common ancestor" is then
    ///     absolute time and `destinationBranch` is the destination's whole path from its root).
    ///   - destinationBranch: the layers from just below the common ancestor **down to** the
    ///     destination layer (destination last). Empty when the destination is the common ancestor,
    ///     or for Apple's `to: nil` (then `sourceBranch` runs from the source up to its root).
    /// - Returns: the destination's local time. Each step up applies `parentTime(fromLayerLocalTime:)`,
    ///   each step down `layerLocalTime(fromParentTime:)`, including their edge cases.
    package static func convertTime(
        _ time: CFTimeInterval, upThrough sourceBranch: [MediaTimingNode],
        downThrough destinationBranch: [MediaTimingNode]
    ) -> CFTimeInterval {
        var t = time
        for node in sourceBranch { t = node.parentTime(fromLayerLocalTime: t) }
        for node in destinationBranch { t = node.layerLocalTime(fromParentTime: t) }
        return t
    }

    /// The local time of the last layer of `pathFromRoot` (root first) at absolute media time
    /// `mediaTime`: Apple's `layer.convertTime(mediaTime, from: nil)` (spec §1.2 items 1–4).
    package static func localTime(ofPath pathFromRoot: [MediaTimingNode], atMediaTime mediaTime: CFTimeInterval) -> CFTimeInterval {
        convertTime(mediaTime, upThrough: [], downThrough: pathFromRoot)
    }

    /// The absolute media time for a local time of the last layer of `pathFromRoot` (root first):
    /// Apple's `layer.convertTime(localTime, to: nil)`.
    package static func mediaTime(ofPath pathFromRoot: [MediaTimingNode], atLocalTime localTime: CFTimeInterval) -> CFTimeInterval {
        convertTime(localTime, upThrough: pathFromRoot.reversed(), downThrough: [])
    }
}
