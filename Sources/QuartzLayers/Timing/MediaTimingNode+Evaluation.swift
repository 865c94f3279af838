// The exact CAMediaTiming evaluation of spec §1.3: parent time → phase, active local time and basic
// local time, with repeat, autoreverse, timeOffset wrap-around and fill modes. Times are Double
// seconds; `speed` and `repeatCount` are Apple's Float fields widened to Double.
import Foundation

/// Where a parent time falls relative to a node's active interval (spec §1.3).
package enum MediaTimingPhase: String, Hashable, Sendable {
    /// Elapsed local time is negative: the node has not begun.
    case before
    /// Inside `[0, activeDuration)` of elapsed local time.
    case active
    /// At or past the end of the active duration.
    case after
}

/// The result of evaluating one node at one parent time.
package struct MediaTimingState: Hashable, Sendable {
    package var phase: MediaTimingPhase
    /// Active local time `t = (parentTime − beginTime)·speed + timeOffset` (Apple's header formula).
    package var activeTime: CFTimeInterval
    /// Basic local time in `[0, duration]` at which the node contributes, or nil when it contributes
    /// nothing (outside its active interval without the matching fill mode).
    package var basicTime: CFTimeInterval?
    /// Zero-based repeat cycle that `basicTime` belongs to (one cycle = forward + backward half when
    /// autoreversing); used by `cumulative` (spec §2.3). 0 when nothing contributes.
    package var cycle: Int

    package init(phase: MediaTimingPhase, activeTime: CFTimeInterval, basicTime: CFTimeInterval?, cycle: Int) {
        self.phase = phase
        self.activeTime = activeTime
        self.basicTime = basicTime
        self.cycle = cycle
    }

    /// Whether the node contributes a value at this time.
    package var contributes: Bool { basicTime != nil }
}

extension MediaTimingNode {
    /// Elapsed local time `a = (parentTime − beginTime)·speed`, which decides the phase (spec §1.3).
    /// With speed 0 it is 0 for every parent time, so a paused node sits at `timeOffset` (spec §1.3).
    /// A negative speed runs time backwards: the node is active while the parent time is *before*
    /// its begin time (the header formula taken literally; Apple does not document the case).
    package func elapsedTime(fromParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        speed == 0 ? 0 : (parentTime - beginTime) * Double(speed)
    }

    /// Active local time: Apple's header formula `(parentTime − beginTime)·speed + timeOffset`
    /// (spec §1.2 item 2).
    package func activeTime(fromParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        elapsedTime(fromParentTime: parentTime) + timeOffset
    }

    /// Evaluates the node at `parentTime` (spec §1.3). Returns nil when the input cannot be evaluated:
    /// a NaN parent time or a node that is not `isEvaluable`. Infinite parent times are allowed.
    package func evaluate(parentTime: CFTimeInterval) -> MediaTimingState? {
        ResolvedMediaTiming(self).evaluate(parentTime: parentTime)
    }

    /// Basic time as a fraction of the duration (the input of the timing function), or nil when the
    /// node contributes nothing or has an unbounded duration.
    package func progress(atParentTime parentTime: CFTimeInterval) -> Double? {
        guard hasBoundedDuration, let basic = evaluate(parentTime: parentTime)?.basicTime else { return nil }
        return basic / duration
    }

    /// Evaluates `child`, a member of the group whose timing is `self`, at the group's parent time.
    /// The child's parent time is the group's *basic* local time (spec §1.2 item 4), so the group
    /// clips its children to its active interval ([A: DOC-caanimationgroup]); a child duration of 0
    /// takes the group's duration (spec §1.3, §5.1 [O/U]). Nil when the group contributes nothing
    /// at `parentTime`, or for input `evaluate(parentTime:)` rejects.
    package func evaluateChild(_ child: MediaTimingNode, atParentTime parentTime: CFTimeInterval) -> MediaTimingState? {
        guard let groupBasicTime = evaluate(parentTime: parentTime)?.basicTime else { return nil }
        return child.resolvingZeroDuration(to: duration).evaluate(parentTime: groupBasicTime)
    }

    // MARK: - Basic time

    /// Relative distance (in cycles) within which a time counts as lying on a cycle boundary, so that
    /// decimal inputs such as 0.3 s with a 0.1 s duration land on the boundary as exact maths would.
    static let cycleBoundarySnap = 1e-9

    /// Basic time inside the active interval (spec §1.3); see `ResolvedMediaTiming`.
    func wrappedBasicTime(activeTime t: CFTimeInterval) -> (basic: CFTimeInterval, cycle: Int)? {
        ResolvedMediaTiming(self).wrappedBasicTime(activeTime: t)
    }

    /// Left limit of the basic time at the end of the active interval (spec §1.3); see `ResolvedMediaTiming`.
    func leftLimitBasicTime(activeTime t: CFTimeInterval) -> (basic: CFTimeInterval, cycle: Int)? {
        ResolvedMediaTiming(self).leftLimitBasicTime(activeTime: t)
    }
}
