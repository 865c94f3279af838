// CAMediaTiming evaluation (spec §1.3) against every case of media_timing.json (spec §1.8): phase,
// basic time, cycle and the value of a 0 → 10 animation, including the group cases (§1.2 item 4,
// §5.1). The file prints 6 decimals: tolerance `VectorTolerance.sixDecimals`.
import Foundation
import Testing

@testable import QuartzLayers

@Suite("Timing: media_timing.json vectors")
struct TimingMediaTimingVectorTests {
    static func node(from timing: JSONObject) throws -> MediaTimingNode {
        MediaTimingNode(
            beginTime: try timing.double("beginTime"), duration: try timing.double("duration"),
            speed: Float(try timing.double("speed")), timeOffset: try timing.double("timeOffset"),
            repeatCount: Float(try timing.double("repeatCount")),
            repeatDuration: try timing.double("repeatDuration"), autoreverses: try timing.bool("autoreverses"),
            fillMode: CAMediaTimingFillMode(rawValue: try timing.string("fillMode")))
    }

    /// The single-animation cases: every sample's phase, basic time, cycle and value (spec §1.3, §1.8).
    @Test("Single-animation cases: phase, basic time, cycle and value of every sample")
    func singleAnimationCases() throws {
        let cases = try loadVectorArray("media_timing.json").filter { $0.raw["timing"] != nil }
        #expect(cases.count == 11)
        var samplesChecked = 0
        for entry in cases {
            let title = try entry.string("title")
            let node = try Self.node(from: entry.object("timing"))
            #expect(isClose(node.activeDuration, try entry.double("active_duration"), 1e-12), "\(title)")
            let from = try entry.double("from"), to = try entry.double("to")
            let easing = (entry.raw["timingFunction"] as? String).map { CAMediaTimingFunction(name: CAMediaTimingFunctionName($0)) }
            for sample in try entry.objects("samples") {
                let parentTime = try sample.double("parentTime")
                let label = "\(title) at \(parentTime)"
                let state = try #require(node.evaluate(parentTime: parentTime), "\(label)")
                #expect(state.phase.rawValue == (try sample.string("phase")), "\(label)")
                guard let expectedBasic = sample.optionalDouble("basicTime") else {
                    #expect(state.basicTime == nil, "\(label): must contribute nothing")
                    #expect(sample.optionalDouble("value") == nil)
                    samplesChecked += 1
                    continue
                }
                let basic = try #require(state.basicTime, "\(label): must contribute")
                #expect(isClose(basic, expectedBasic, VectorTolerance.sixDecimals), "\(label)")
                #expect(state.cycle == Int(try sample.double("cycle")), "\(label)")
                let progress = basic / node.duration
                let eased = easing?.value(atProgress: progress) ?? progress
                let value = from.interpolated(to: to, fraction: eased)
                #expect(isClose(value, try sample.double("value"), VectorTolerance.sixDecimals), "\(label)")
                samplesChecked += 1
            }
        }
        #expect(samplesChecked == 58)
    }

    /// Group duration 2; A: beginTime 0.5, duration 1, 0 → 10; B: duration 3, 0 → 30. Children run at
    /// the group's basic time and are clipped by its active interval ([A: DOC-caanimationgroup]).
    @Test("Group case: children at the group's basic time, clipped by the group")
    func groupCase() throws {
        let entry = try #require(try loadVectorArray("media_timing.json").first {
            (try? $0.string("title"))?.hasPrefix("group duration 2") == true
        })
        let group = MediaTimingNode(duration: 2)
        let childA = MediaTimingNode(beginTime: 0.5, duration: 1)
        let childB = MediaTimingNode(duration: 3)
        let samples = try entry.objects("samples")
        #expect(samples.count == 6)
        for sample in samples {
            let parentTime = try sample.double("groupParentTime")
            #expect(group.evaluate(parentTime: parentTime)?.phase.rawValue == (try sample.string("groupPhase")))
            for (key, child, end) in [("A", childA, 10.0), ("B", childB, 30.0)] {
                let state = group.evaluateChild(child, atParentTime: parentTime)
                if let expected = sample.optionalDouble(key) {
                    let basic = try #require(state?.basicTime, "\(key) at \(parentTime) must contribute")
                    let value = 0.0.interpolated(to: end, fraction: basic / child.duration)
                    #expect(isClose(value, expected, VectorTolerance.sixDecimals), "\(key) at \(parentTime)")
                } else {
                    #expect(state?.basicTime == nil, "\(key) at \(parentTime) must contribute nothing")
                }
            }
        }
    }

    /// Spec §1.2 item 4 / §1.8: group speed 2, child speed 1.5, parent time 0.5 → group local 1.0,
    /// child basic 1.5 (speeds multiply). Durations are long enough not to wrap.
    @Test("Nested speeds multiply: group speed 2 × child speed 1.5")
    func nestedSpeeds() throws {
        let entry = try #require(try loadVectorArray("media_timing.json").first { $0.raw["groupLocal"] != nil })
        let group = MediaTimingNode(duration: 10, speed: 2)
        let child = MediaTimingNode(duration: 10, speed: 1.5)
        let groupState = try #require(group.evaluate(parentTime: 0.5))
        #expect(groupState.basicTime == (try entry.double("groupLocal")))
        #expect(group.evaluateChild(child, atParentTime: 0.5)?.basicTime == (try entry.double("childBasic")))
    }

    /// Spec §1.3 / §5.1 [O/U]: a child with duration 0 takes the group's duration.
    @Test("A group child with duration 0 inherits the group's duration")
    func childInheritsDuration() throws {
        let group = MediaTimingNode(duration: 4)
        let child = MediaTimingNode()
        let state = try #require(group.evaluateChild(child, atParentTime: 3))
        #expect(state.phase == .active)
        #expect(state.basicTime == 3)
        #expect(group.evaluateChild(child, atParentTime: 4)?.basicTime == nil)
    }
}
