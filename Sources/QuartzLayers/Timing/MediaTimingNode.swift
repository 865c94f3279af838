// One node of the timing hierarchy (a layer, an animation or a group) as a plain value: the
// CAMediaTiming fields and the rules that turn them into durations (spec §1.1, §1.3, §5.1).
// Evaluation is in MediaTimingNode+Evaluation.swift, time-space conversion in
// MediaTimingNode+TimeSpaces.swift.
import Foundation

/// The CAMediaTiming fields of one layer or animation, with Apple's defaults.
///
/// A `duration` that is zero, negative or infinite means *unbounded*: local time is never repeated
/// nor clamped and the node never ends. That is how a layer behaves (spec §1.1: "treat layer duration
/// 0 as infinite"). An animation's zero duration is replaced before evaluation, with
/// `resolvingZeroDuration(to:)`: 0.25 s or the transaction's duration when it is added to a layer
/// (spec §1.1), the group's duration for a child of a group (spec §1.3, §5.1).
package struct MediaTimingNode: CAMediaTiming, Hashable, Sendable {
    package var beginTime: CFTimeInterval
    package var duration: CFTimeInterval
    package var speed: Float
    package var timeOffset: CFTimeInterval
    package var repeatCount: Float
    package var repeatDuration: CFTimeInterval
    package var autoreverses: Bool
    package var fillMode: CAMediaTimingFillMode

    package init(
        beginTime: CFTimeInterval = 0, duration: CFTimeInterval = 0, speed: Float = 1,
        timeOffset: CFTimeInterval = 0, repeatCount: Float = 0, repeatDuration: CFTimeInterval = 0,
        autoreverses: Bool = false, fillMode: CAMediaTimingFillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Apple's default animation duration when neither the animation nor the transaction sets one
    /// (spec §1.1, [A: SDK-CATransaction]).
    package static let defaultAnimationDuration: CFTimeInterval = 0.25

    /// Whether the basic duration bounds local time (a positive, finite duration).
    package var hasBoundedDuration: Bool { duration > 0 && duration.isFinite }

    /// A copy whose zero or negative duration is replaced by `replacement` (spec §1.1: "0 (or
    /// negative) is replaced when the animation is added to a layer"; §1.3: a group child with
    /// duration 0 takes the group's duration). A NaN duration is replaced too.
    package func resolvingZeroDuration(to replacement: CFTimeInterval) -> MediaTimingNode {
        var copy = self
        if !(duration > 0) { copy.duration = replacement }
        return copy
    }

    /// Length of one repeat cycle: the duration, doubled by `autoreverses` (spec §1.3: "Autoreverse
    /// doubles the cycle"). Infinite for an unbounded node.
    package var cycleDuration: CFTimeInterval {
        guard hasBoundedDuration else { return .infinity }
        return autoreverses ? 2 * duration : duration
    }

    /// Whether `repeatCount` means "forever": Apple documents `FLT_MAX` / `HUGE_VALF`
    /// ([A: DOC-camediatiming/repeatcount]).
    package var repeatsForever: Bool { repeatCount >= Float.greatestFiniteMagnitude }

    /// Active duration `AD` of spec §1.3, in local (speed-scaled) time: `repeatDuration` when
    /// positive (not doubled by autoreverse), else cycle × `repeatCount` when positive (infinite for
    /// `repeatsForever`), else one cycle. Unbounded nodes never end. When both repeat fields are set
    /// Apple's behaviour is undefined; `repeatDuration` wins, as in the spec's algorithm.
    package var activeDuration: CFTimeInterval {
        let cycle = cycleDuration
        guard cycle.isFinite else { return .infinity }
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            return repeatsForever ? .infinity : cycle * Double(repeatCount)
        }
        return cycle
    }

    /// Whether every field can be evaluated: finite begin time, offset and speed, and no NaN in the
    /// duration fields. Infinite durations and repeat values are meaningful and allowed.
    package var isEvaluable: Bool {
        beginTime.isFinite && timeOffset.isFinite && speed.isFinite && !duration.isNaN
            && !repeatCount.isNaN && !repeatDuration.isNaN
    }
}
