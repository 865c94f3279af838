import Foundation
import Testing

@testable import QuartzLayers

/// Apple, CACurrentMediaTime(): "Returns the current CoreAnimation absolute time." Headless, that time
/// belongs to the current layer-tree context (spec §1.2 item 1: the clock must be injectable), so code
/// ported from Apple that writes `CACurrentMediaTime() + delay` follows a manual clock.
@Suite struct MediaClockContextTests {
    @Test func freeFunctionReadsTheCurrentContextsClock() {
        let clock = ManualMediaClock(time: 123.25)
        let context = LayerTreeContext(clock: clock)
        context.perform {
            #expect(CACurrentMediaTime() == 123.25)
            clock.advance(by: 0.5)
            #expect(CACurrentMediaTime() == 123.75)
        }
        // Outside perform, the default context reads the machine's monotonic clock.
        let a = CACurrentMediaTime(), b = CACurrentMediaTime()
        #expect(b >= a)
    }
}
