// The exact CAMediaTiming evaluation of spec §1.3: parent time → phase, active local time and basic
// local time, with repeat, autoreverse, timeOffset wrap-around and fill modes. Times are Double
// seconds; `speed` and `repeatCount` are Apple's Float fields widened to Double.
import Foundation

/// Where a parent time falls relative to a node's active interval (spec §1.3).
public enum MediaTimingPhase: String, Hashable, Sendable {
    /// Elapsed local time is negative: the node has not begun.
    case before
    /// Inside `[0, activeDuration)` of elapsed local time.
    case active
    /// At or past the end of the active duration.
    case after
}

/// The result of evaluating one node at one parent time.
public struct MediaTimingState: Hashable, Sendable {
    public var phase: MediaTimingPhase
    /// Active local time `t = (parentTime − beginTime)·speed + timeOffset` (Apple's header formula).
    public var activeTime: CFTimeInterval
    /// Basic local time in `[0, duration]` at which the node contributes, or nil when it contributes
    /// nothing (outside its active interval without the matching fill mode).
    public var basicTime: CFTimeInterval?
    /// Zero-based repeat cycle that `basicTime` belongs to (one cycle = forward + backward half when
    /// autoreversing); used by `cumulative` (spec §2.3). 0 when nothing contributes.
    public var cycle: Int

    public init(phase: MediaTimingPhase, activeTime: CFTimeInterval, basicTime: CFTimeInterval?, cycle: Int) {
        self.phase = phase
        self.activeTime = activeTime
        self.basicTime = basicTime
        self.cycle = cycle
    }

    /// Whether the node contributes a value at this time.
    public var contributes: Bool { basicTime != nil }
}

extension MediaTimingNode {
    /// Elapsed local time `a = (parentTime − beginTime)·speed`, which decides the phase (spec §1.3).
    /// With speed 0 it is 0 for every parent time, so a paused node sits at `timeOffset` (spec §1.3).
    /// A negative speed runs time backwards: the node is active while the parent time is *before*
    /// its begin time (the header formula taken literally; Apple does not document the case).
    public func elapsedTime(fromParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        speed == 0 ? 0 : (parentTime - beginTime) * Double(speed)
    }

    /// Active local time: Apple's header formula `(parentTime − beginTime)·speed + timeOffset`
    /// (spec §1.2 item 2).
    public func activeTime(fromParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        elapsedTime(fromParentTime: parentTime) + timeOffset
    }

    /// Evaluates the node at `parentTime` (spec §1.3). Returns nil when the input cannot be evaluated:
    /// a NaN parent time or a node that is not `isEvaluable`. Infinite parent times are allowed.
    public func evaluate(parentTime: CFTimeInterval) -> MediaTimingState? {
        guard isEvaluable, !parentTime.isNaN else { return nil }
        let elapsed = elapsedTime(fromParentTime: parentTime)
        let active = elapsed + timeOffset
        let end = activeDuration
        if elapsed < 0 {
            // Backwards fill shows the first frame, t = 0 + timeOffset (spec §1.3 fill table).
            let first = fillMode.fillsBackwards ? wrappedBasicTime(activeTime: timeOffset) : nil
            return MediaTimingState(phase: .before, activeTime: active, basicTime: first?.basic, cycle: first?.cycle ?? 0)
        }
        // The end is snapped like cycle boundaries, so 0.1 s × 3 ends at parent time 0.3 although
        // 0.1 × 3 = 0.30000000000000004.
        let endSnap = end.isFinite ? Self.cycleBoundarySnap * max(cycleDuration, end) : 0
        if elapsed >= end - endSnap {
            // Forwards fill freezes the left limit at the end of the active interval (spec §1.3).
            let last = fillMode.fillsForwards ? leftLimitBasicTime(activeTime: end + timeOffset) : nil
            return MediaTimingState(phase: .after, activeTime: active, basicTime: last?.basic, cycle: last?.cycle ?? 0)
        }
        let now = wrappedBasicTime(activeTime: active)
        return MediaTimingState(phase: .active, activeTime: active, basicTime: now?.basic, cycle: now?.cycle ?? 0)
    }

    /// Basic time as a fraction of the duration (the input of the timing function), or nil when the
    /// node contributes nothing or has an unbounded duration.
    public func progress(atParentTime parentTime: CFTimeInterval) -> Double? {
        guard hasBoundedDuration, let basic = evaluate(parentTime: parentTime)?.basicTime else { return nil }
        return basic / duration
    }

    /// Evaluates `child`, a member of the group whose timing is `self`, at the group's parent time.
    /// The child's parent time is the group's *basic* local time (spec §1.2 item 4), so the group
    /// clips its children to its active interval ([A: DOC-caanimationgroup]); a child duration of 0
    /// takes the group's duration (spec §1.3, §5.1 [O/U]). Nil when the group contributes nothing
    /// at `parentTime`, or for input `evaluate(parentTime:)` rejects.
    public func evaluateChild(_ child: MediaTimingNode, atParentTime parentTime: CFTimeInterval) -> MediaTimingState? {
        guard let groupBasicTime = evaluate(parentTime: parentTime)?.basicTime else { return nil }
        return child.resolvingZeroDuration(to: duration).evaluate(parentTime: groupBasicTime)
    }

    // MARK: - Basic time

    /// Relative distance (in cycles) within which a time counts as lying on a cycle boundary, so that
    /// decimal inputs such as 0.3 s with a 0.1 s duration land on the boundary as exact maths would.
    static let cycleBoundarySnap = 1e-9

    /// Basic time inside the active interval: `k = floor(t / C)`, `u = t − k·C`, mirrored in the
    /// backward half of an autoreversing cycle. A cycle boundary belongs to the next cycle (spec §1.3).
    func wrappedBasicTime(activeTime t: CFTimeInterval) -> (basic: CFTimeInterval, cycle: Int)? {
        guard t.isFinite else { return nil }
        guard hasBoundedDuration else { return (t, 0) }
        let cycleLength = cycleDuration
        let cycles = t / cycleLength
        var k = cycles.rounded(.down)
        let nearest = cycles.rounded()
        if abs(cycles - nearest) <= Self.cycleBoundarySnap * max(1, abs(nearest)) { k = nearest }
        let u = min(max(t - k * cycleLength, 0), cycleLength)
        return (mirrored(u >= cycleLength ? 0 : u), Self.cycleIndex(k))
    }

    /// Left limit of the basic time at the end of the active interval: the last cycle ends at
    /// `u = C` rather than starting the next one, so a whole repeat count freezes on the end value, or
    /// on the start value when autoreversing (spec §1.3 boundary rules).
    func leftLimitBasicTime(activeTime t: CFTimeInterval) -> (basic: CFTimeInterval, cycle: Int)? {
        guard t.isFinite else { return nil }
        guard hasBoundedDuration else { return (t, 0) }
        let cycleLength = cycleDuration
        let cycles = t / cycleLength
        var k = cycles.rounded(.up) - 1
        let nearest = cycles.rounded()
        if abs(cycles - nearest) <= Self.cycleBoundarySnap * max(1, abs(nearest)) { k = nearest - 1 }
        let u = min(max(t - k * cycleLength, 0), cycleLength)
        return (mirrored(u <= 0 ? cycleLength : u), Self.cycleIndex(k))
    }

    /// Backward half of an autoreversing cycle: `u > d` maps to `2d − u` (spec §1.3).
    private func mirrored(_ u: CFTimeInterval) -> CFTimeInterval {
        autoreverses && u > duration ? max(2 * duration - u, 0) : u
    }

    /// A cycle count as an Int, saturating instead of trapping for huge times (1e30 s).
    private static func cycleIndex(_ k: Double) -> Int {
        if k >= 9.0e18 { return Int.max }
        if k <= -9.0e18 { return Int.min }
        return Int(k)
    }
}
