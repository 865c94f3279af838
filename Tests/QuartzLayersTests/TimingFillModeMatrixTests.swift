// Fill mode × repeat × autoreverse (spec §1.3): every combination checked against the spec's prose
// rules, written here independently of the implementation's wrap formula:
// - before the begin time only backwards/both contribute, with the first frame (basic time 0);
// - one cycle is d, doubled by autoreverse; the active duration is cycle × repeatCount (0 → 1);
// - inside, the basic time runs forward, then (autoreversing) back; a cycle boundary starts the
//   next cycle;
// - after the end only forwards/both contribute, frozen on the left limit: a whole count without
//   autoreverse ends on the end (d), with autoreverse on the start (0); a half count ends on the end
//   with autoreverse and mid-way (d/2) without ("Adding an extra half step (such as a repeat count
//   of 1.5) causes the animation to stop on its end value" [A: CA Programming Guide, quoted in §1.3]).
import Foundation
import Testing

@testable import QuartzLayers

struct RepeatScenario: Sendable, CustomTestStringConvertible {
    var repeatCount: Float
    var autoreverses: Bool

    var testDescription: String { "repeatCount \(repeatCount)\(autoreverses ? ", autoreverses" : "")" }

    /// Count of cycles the spec's rules imply: 0 means one.
    var cycles: Double { repeatCount == 0 ? 1 : Double(repeatCount) }
    var isWholeCount: Bool { cycles == cycles.rounded(.down) }

    static let all: [RepeatScenario] = [0, 1, 1.5, 2, 2.5, 3].flatMap { count in
        [false, true].map { RepeatScenario(repeatCount: count, autoreverses: $0) }
    }
}

@Suite("Timing: fill mode × repeat × autoreverse")
struct TimingFillModeMatrixTests {
    static let fillModes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
    static let begin = 0.5, duration = 1.0

    func node(_ fill: CAMediaTimingFillMode, _ scenario: RepeatScenario) -> MediaTimingNode {
        MediaTimingNode(
            beginTime: Self.begin, duration: Self.duration, repeatCount: scenario.repeatCount,
            autoreverses: scenario.autoreverses, fillMode: fill)
    }

    @Test("Active duration is cycle × count; autoreverse doubles the cycle (spec §1.3)", arguments: RepeatScenario.all)
    func activeDuration(_ scenario: RepeatScenario) {
        let cycle = scenario.autoreverses ? 2 * Self.duration : Self.duration
        #expect(node(.removed, scenario).activeDuration == cycle * scenario.cycles)
    }

    @Test("Before the begin time: only backwards fills contribute, with the first frame", arguments: fillModes, RepeatScenario.all)
    func beforeBegin(_ fill: CAMediaTimingFillMode, _ scenario: RepeatScenario) throws {
        for parentTime in [-100.0, 0, 0.25, 0.4999] {
            let state = try #require(node(fill, scenario).evaluate(parentTime: parentTime))
            #expect(state.phase == .before)
            if fill == .backwards || fill == .both {
                #expect(state.basicTime == 0)
                #expect(state.cycle == 0)
            } else {
                #expect(state.basicTime == nil)
            }
        }
    }

    @Test("Inside the active interval every fill mode plays the same", arguments: fillModes, RepeatScenario.all)
    func activeInterval(_ fill: CAMediaTimingFillMode, _ scenario: RepeatScenario) throws {
        let node = node(fill, scenario)
        let end = node.activeDuration
        // Local time → expected (basic time, cycle), from the prose rules above.
        var expectations: [(local: Double, basic: Double, cycle: Int)] = [(0, 0, 0), (0.25, 0.25, 0)]
        if scenario.autoreverses {
            expectations.append((1.0, 1.0, 0))  // the turning point still belongs to the forward half
            expectations.append((1.25, 0.75, 0))  // coming back
            expectations.append((2.0, 0, 1))  // the next cycle starts at the beginning
            expectations.append((2.5, 0.5, 1))
        } else {
            expectations.append((1.0, 0, 1))  // cycle boundary: the next cycle, showing the start
            expectations.append((2.25, 0.25, 2))
        }
        for (local, basic, cycle) in expectations where local < end {
            let state = try #require(node.evaluate(parentTime: Self.begin + local))
            #expect(state.phase == .active, "local \(local)")
            #expect(state.basicTime == basic, "local \(local)")
            #expect(state.cycle == cycle, "local \(local)")
        }
    }

    @Test("After the end: only forwards fills contribute, frozen on the left limit", arguments: fillModes, RepeatScenario.all)
    func afterEnd(_ fill: CAMediaTimingFillMode, _ scenario: RepeatScenario) throws {
        let node = node(fill, scenario)
        let frozen: Double
        if scenario.isWholeCount {
            frozen = scenario.autoreverses ? 0 : Self.duration
        } else {
            frozen = scenario.autoreverses ? Self.duration : Self.duration / 2
        }
        let lastCycle = Int(scenario.cycles.rounded(.up)) - 1
        for parentTime in [Self.begin + node.activeDuration, Self.begin + node.activeDuration + 0.001, 1e6] {
            let state = try #require(node.evaluate(parentTime: parentTime))
            #expect(state.phase == .after)
            if fill == .forwards || fill == .both {
                #expect(state.basicTime == frozen, "at \(parentTime)")
                #expect(state.cycle == lastCycle)
            } else {
                #expect(state.basicTime == nil)
            }
        }
        // Just before the end the animation is still active and approaches the frozen value.
        let almost = try #require(node.evaluate(parentTime: Self.begin + node.activeDuration - 1e-6))
        #expect(almost.phase == .active)
        #expect(abs(try #require(almost.basicTime) - frozen) <= 1e-6 + 1e-12)
    }

    @Test("Infinite repeat counts never end (repeatCount FLT_MAX or infinity, [A: DOC-camediatiming/repeatcount])",
          arguments: fillModes, [Float.greatestFiniteMagnitude, Float.infinity])
    func repeatForever(_ fill: CAMediaTimingFillMode, _ count: Float) throws {
        for autoreverses in [false, true] {
            let node = MediaTimingNode(duration: 1, repeatCount: count, autoreverses: autoreverses, fillMode: fill)
            #expect(node.activeDuration == .infinity)
            let state = try #require(node.evaluate(parentTime: 1_000_000.25))
            #expect(state.phase == .active)
            #expect(state.basicTime == 0.25)
            #expect(state.cycle == (autoreverses ? 500_000 : 1_000_000))
            // Only an infinite parent time reaches the end, and it has no left limit to show.
            #expect(node.evaluate(parentTime: .infinity)?.basicTime == nil)
        }
    }
}
