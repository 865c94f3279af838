// Edge cases of the CAMediaTiming evaluation (spec §1.1, §1.3): boundaries, speed 0 and negative
// speed, timeOffset wrap with fills, repeatDuration, unbounded (layer) durations, and bad input.
import Foundation
import Testing

@testable import QuartzLayers

@Suite("Timing: evaluation edge cases")
struct TimingEvaluationEdgeTests {
    @Test("Apple's defaults and raw fill-mode strings (spec §1.1)")
    func defaults() {
        let node = MediaTimingNode()
        #expect(node.beginTime == 0 && node.duration == 0 && node.speed == 1 && node.timeOffset == 0)
        #expect(node.repeatCount == 0 && node.repeatDuration == 0 && !node.autoreverses)
        #expect(node.fillMode == .removed)
        #expect([CAMediaTimingFillMode.removed, .forwards, .backwards, .both].map(\.rawValue)
            == ["removed", "forwards", "backwards", "both"])
        #expect(CAMediaTimingFillMode("sideways").fillsForwards == false)
        #expect(MediaTimingNode.defaultAnimationDuration == 0.25)
    }

    @Test("Any CAMediaTiming adopter snapshots its fields into a node")
    func snapshot() {
        struct Timed: CAMediaTiming {
            var beginTime = 1.0, duration = 2.0, speed: Float = 3, timeOffset = 4.0
            var repeatCount: Float = 5, repeatDuration = 6.0, autoreverses = true
            var fillMode = CAMediaTimingFillMode.both
        }
        #expect(Timed().timingNode == MediaTimingNode(
            beginTime: 1, duration: 2, speed: 3, timeOffset: 4, repeatCount: 5, repeatDuration: 6,
            autoreverses: true, fillMode: .both))
    }

    /// Spec §1.3 boundaries: a cycle boundary belongs to the next cycle even when decimal durations
    /// make t / C land a rounding error short of the integer (0.3 / 0.1 = 2.9999999999999996).
    @Test("Cycle boundaries belong to the next cycle, also for decimal durations")
    func decimalBoundaries() throws {
        let node = MediaTimingNode(duration: 0.1, repeatCount: 5)
        let state = try #require(node.evaluate(parentTime: 0.3))
        #expect(state.basicTime == 0)
        #expect(state.cycle == 3)
        let forwards = MediaTimingNode(duration: 0.1, repeatCount: 3, fillMode: .forwards)
        let end = try #require(forwards.evaluate(parentTime: 0.3))
        #expect(end.phase == .after)
        #expect(end.basicTime == 0.1)
        #expect(end.cycle == 2)
    }

    /// Spec §1.3: "speed = 0: a = 0 forever, so the animation sits in its active interval at
    /// t = timeOffset" [O: RONN-Timing].
    @Test("Speed 0 freezes the node at timeOffset for every parent time")
    func pausedNode() throws {
        let node = MediaTimingNode(beginTime: 50, duration: 2, speed: 0, timeOffset: 4.5, repeatCount: 3)
        for parentTime in [-1e30, 0, 50, 1e9, Double.infinity] {
            let state = try #require(node.evaluate(parentTime: parentTime))
            #expect(state.phase == .active)
            #expect(state.basicTime == 0.5)
            #expect(state.cycle == 2)
        }
    }

    /// Spec §1.2 "Negative speed runs time backwards" [O]; the header formula taken literally makes
    /// the node active while the parent time precedes its begin time.
    @Test("Negative speed runs local time backwards")
    func negativeSpeed() throws {
        let node = MediaTimingNode(beginTime: 10, duration: 4, speed: -2, fillMode: .backwards)
        let state = try #require(node.evaluate(parentTime: 9))
        #expect(state.phase == .active)
        #expect(state.basicTime == 2)
        #expect(node.evaluate(parentTime: 8.5)?.basicTime == 3)
        #expect(node.evaluate(parentTime: 8)?.phase == .after)
        let later = try #require(node.evaluate(parentTime: 11))
        #expect(later.phase == .before)
        #expect(later.basicTime == 0)
    }

    /// Spec §1.3 [U]: with timeOffset ≠ 0 the forwards fill freezes the left limit at
    /// t_end = AD + timeOffset (duration 3, offset 1: t_end 4 → basic 1); backwards shows t = timeOffset.
    @Test("timeOffset wraps inside the active interval and shifts the fill frames")
    func timeOffsetFills() throws {
        let node = MediaTimingNode(beginTime: 2, duration: 3, timeOffset: 1, fillMode: .both)
        #expect(node.activeDuration == 3)
        #expect(node.evaluate(parentTime: 0)?.basicTime == 1)
        #expect(node.evaluate(parentTime: 4)?.basicTime == 0)
        let after = try #require(node.evaluate(parentTime: 5))
        #expect(after.phase == .after)
        #expect(after.basicTime == 1)
        #expect(after.cycle == 1)
    }

    /// Spec §1.3: repeatDuration is measured in active time, not doubled by autoreverse, and wins
    /// when both repeat fields are set (Apple: undefined).
    @Test("repeatDuration bounds the active interval, even when autoreversing")
    func repeatDuration() throws {
        let node = MediaTimingNode(duration: 1, repeatCount: 10, repeatDuration: 1.5, autoreverses: true, fillMode: .forwards)
        #expect(node.activeDuration == 1.5)
        #expect(node.evaluate(parentTime: 1.25)?.basicTime == 0.75)
        #expect(node.evaluate(parentTime: 1.5)?.phase == .after)
        #expect(node.evaluate(parentTime: 7)?.basicTime == 0.5)
        // Shorter than one duration ends early [O: RONN-Timing].
        let short = MediaTimingNode(duration: 4, repeatDuration: 1, fillMode: .forwards)
        #expect(short.evaluate(parentTime: 3)?.basicTime == 1)
    }

    /// Spec §1.1: a layer's duration 0 is infinite: local time is never wrapped or clamped.
    @Test("Unbounded durations (layers) never wrap or end; animations resolve 0 to a duration")
    func unbounded() throws {
        let layer = MediaTimingNode(beginTime: 1, speed: 2, timeOffset: 3, repeatCount: 2, autoreverses: true)
        #expect(!layer.hasBoundedDuration)
        #expect(layer.activeDuration == .infinity)
        let state = try #require(layer.evaluate(parentTime: 1001))
        #expect(state.phase == .active)
        #expect(state.basicTime == 2003)
        #expect(layer.progress(atParentTime: 1001) == nil)
        // Spec §1.1: duration ≤ 0 becomes the default (0.25 s) when the animation is added.
        let animation = MediaTimingNode(duration: -2).resolvingZeroDuration(to: MediaTimingNode.defaultAnimationDuration)
        #expect(animation.duration == 0.25)
        #expect(MediaTimingNode(duration: 1.5).resolvingZeroDuration(to: 0.25).duration == 1.5)
        #expect(animation.progress(atParentTime: 0.125) == 0.5)
    }

    @Test("Bad input is rejected or bounded: NaN, infinities, 1e30")
    func badInput() throws {
        let node = MediaTimingNode(duration: 0.3, repeatCount: 1e30, fillMode: .both)
        #expect(node.evaluate(parentTime: .nan) == nil)
        for broken in [
            MediaTimingNode(beginTime: .nan, duration: 1), MediaTimingNode(duration: .nan),
            MediaTimingNode(duration: 1, speed: .nan), MediaTimingNode(duration: 1, speed: .infinity),
            MediaTimingNode(duration: 1, timeOffset: .infinity), MediaTimingNode(duration: 1, repeatCount: .nan),
        ] {
            #expect(!broken.isEvaluable)
            #expect(broken.evaluate(parentTime: 1) == nil)
        }
        // Huge times stay finite and in range; cycle counts saturate instead of trapping.
        let huge = try #require(node.evaluate(parentTime: 1e30))
        let basic = try #require(huge.basicTime)
        #expect(basic >= 0 && basic <= 0.3)
        let forever = MediaTimingNode(duration: 1e-300, repeatCount: .infinity)
        #expect(forever.evaluate(parentTime: 1e300)?.cycle == Int.max)
        #expect(node.evaluate(parentTime: -.infinity)?.basicTime == 0)
    }
}
