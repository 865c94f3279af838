// Media clocks (spec §1.2 item 1): absolute media time must be injectable for a headless engine.
import Foundation
import Testing

@testable import QuartzLayers

@Suite("Timing: media clocks")
struct TimingClockTests {
    @Test("A manual clock reports what it is set to and moves only when told")
    func manualClock() {
        let clock = ManualMediaClock(time: 12.5)
        #expect(clock.currentMediaTime() == 12.5)
        clock.advance(by: 0.25)
        #expect(clock.currentMediaTime() == 12.75)
        clock.time = 3
        #expect(clock.currentMediaTime() == 3)
        clock.advance(by: -1)
        #expect(clock.time == 2)
    }

    @Test("A manual clock ignores non-finite times and steps")
    func manualClockBadInput() {
        let clock = ManualMediaClock(time: .nan)
        #expect(clock.time == 0)
        clock.time = 5
        clock.time = .infinity
        clock.advance(by: .nan)
        #expect(clock.time == 5)
        clock.advance(by: .greatestFiniteMagnitude)  // 5 + max rounds to max: still finite, applied
        clock.advance(by: .greatestFiniteMagnitude)  // would overflow to infinity: ignored
        #expect(clock.time == .greatestFiniteMagnitude)
    }

    @Test("Concurrent advances are all applied (the clock is shared by reference)")
    func manualClockConcurrency() async {
        let clock = ManualMediaClock()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 { group.addTask { for _ in 0..<100 { clock.advance(by: 0.5) } } }
        }
        #expect(clock.time == 3200)
    }

    @Test("The system clock and CACurrentMediaTime() are monotonic and agree")
    func systemClock() {
        let clock: any MediaClock = SystemMediaClock()
        let first = clock.currentMediaTime()
        let apple = CACurrentMediaTime()
        let second = clock.currentMediaTime()
        #expect(first > 0)
        #expect(first <= apple && apple <= second)
    }
}
