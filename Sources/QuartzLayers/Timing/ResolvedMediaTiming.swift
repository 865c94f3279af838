// A timing node with everything time cannot change worked out once: speed widened, fill flags decoded,
// cycle and active durations and the end snap computed. A plain value (no strings, no references), so
// per-frame evaluation copies and reads it without reference counting. `MediaTimingNode.evaluate` runs
// through it, so every path evaluates spec §1.3 with the same operations and gives bit-identical times.
import Foundation

/// The per-frame form of a `MediaTimingNode` (spec §1.3).
struct ResolvedMediaTiming: Sendable {
    let beginTime: Double
    let duration: Double
    let speed: Double
    let timeOffset: Double
    let autoreverses: Bool
    let fillsBackwards: Bool
    let fillsForwards: Bool
    let isEvaluable: Bool
    let hasBoundedDuration: Bool
    let cycleDuration: Double
    let activeDuration: Double
    /// The tolerance that snaps the end of the active interval like a cycle boundary.
    let endSnap: Double

    init(_ node: MediaTimingNode) {
        beginTime = node.beginTime
        duration = node.duration
        speed = Double(node.speed)
        timeOffset = node.timeOffset
        autoreverses = node.autoreverses
        fillsBackwards = node.fillMode.fillsBackwards
        fillsForwards = node.fillMode.fillsForwards
        isEvaluable = node.isEvaluable
        hasBoundedDuration = node.hasBoundedDuration
        cycleDuration = node.cycleDuration
        let end = node.activeDuration
        activeDuration = end
        // The end is snapped like cycle boundaries, so 0.1 s × 3 ends at parent time 0.3 although
        // 0.1 × 3 = 0.30000000000000004.
        endSnap = end.isFinite ? MediaTimingNode.cycleBoundarySnap * max(cycleDuration, end) : 0
    }

    /// `MediaTimingNode.evaluate(parentTime:)` (spec §1.3).
    @inline(__always)
    func evaluate(parentTime: Double) -> MediaTimingState? {
        guard isEvaluable, !parentTime.isNaN else { return nil }
        let elapsed = speed == 0 ? 0 : (parentTime - beginTime) * speed
        let active = elapsed + timeOffset
        if elapsed < 0 {
            // Backwards fill shows the first frame, t = 0 + timeOffset (spec §1.3 fill table).
            let first = fillsBackwards ? wrappedBasicTime(activeTime: timeOffset) : nil
            return MediaTimingState(phase: .before, activeTime: active, basicTime: first?.basic, cycle: first?.cycle ?? 0)
        }
        if elapsed >= activeDuration - endSnap {
            // Forwards fill freezes the left limit at the end of the active interval (spec §1.3).
            let last = fillsForwards ? leftLimitBasicTime(activeTime: activeDuration + timeOffset) : nil
            return MediaTimingState(phase: .after, activeTime: active, basicTime: last?.basic, cycle: last?.cycle ?? 0)
        }
        let now = wrappedBasicTime(activeTime: active)
        return MediaTimingState(phase: .active, activeTime: active, basicTime: now?.basic, cycle: now?.cycle ?? 0)
    }

    /// Basic time inside the active interval: `k = floor(t / C)`, `u = t − k·C`, mirrored in the
    /// backward half of an autoreversing cycle. A cycle boundary belongs to the next cycle (spec §1.3).
    func wrappedBasicTime(activeTime t: Double) -> (basic: Double, cycle: Int)? {
        guard t.isFinite else { return nil }
        guard hasBoundedDuration else { return (t, 0) }
        let cycleLength = cycleDuration
        let cycles = t / cycleLength
        var k = cycles.rounded(.down)
        let nearest = cycles.rounded()
        if abs(cycles - nearest) <= MediaTimingNode.cycleBoundarySnap * max(1, abs(nearest)) { k = nearest }
        let u = min(max(t - k * cycleLength, 0), cycleLength)
        return (mirrored(u >= cycleLength ? 0 : u), Self.cycleIndex(k))
    }

    /// Left limit of the basic time at the end of the active interval: the last cycle ends at
    /// `u = C` rather than starting the next one, so a whole repeat count freezes on the end value, or
    /// on the start value when autoreversing (spec §1.3 boundary rules).
    func leftLimitBasicTime(activeTime t: Double) -> (basic: Double, cycle: Int)? {
        guard t.isFinite else { return nil }
        guard hasBoundedDuration else { return (t, 0) }
        let cycleLength = cycleDuration
        let cycles = t / cycleLength
        var k = cycles.rounded(.up) - 1
        let nearest = cycles.rounded()
        if abs(cycles - nearest) <= MediaTimingNode.cycleBoundarySnap * max(1, abs(nearest)) { k = nearest - 1 }
        let u = min(max(t - k * cycleLength, 0), cycleLength)
        return (mirrored(u <= 0 ? cycleLength : u), Self.cycleIndex(k))
    }

    /// Backward half of an autoreversing cycle: `u > d` maps to `2d − u` (spec §1.3).
    @inline(__always)
    private func mirrored(_ u: Double) -> Double {
        autoreverses && u > duration ? max(2 * duration - u, 0) : u
    }

    /// A cycle count as an Int, saturating instead of trapping for huge times (1e30 s).
    @inline(__always)
    private static func cycleIndex(_ k: Double) -> Int {
        if k >= 9.0e18 { return Int.max }
        if k <= -9.0e18 { return Int.min }
        return Int(k)
    }
}

/// A layer's own clock as plain numbers: `MediaTimingNode.layerLocalTime(fromParentTime:)` (spec §1.2).
struct LayerClock: Sendable {
    let beginTime: Double
    let speed: Double
    let timeOffset: Double

    init(_ node: MediaTimingNode) {
        beginTime = node.beginTime
        speed = Double(node.speed)
        timeOffset = node.timeOffset
    }

    @inline(__always)
    func localTime(fromParentTime parentTime: Double) -> Double {
        if parentTime < beginTime { return 0 }
        return (speed == 0 ? 0 : (parentTime - beginTime) * speed) + timeOffset
    }
}
