// Layer time spaces (spec §1.2, §1.6) and the QA1673 pause/resume recipe (spec §1.7), against
// layer_time.json and the values OpenCoreAnimation's tests report as "cross-checked against
// QuartzCore on macOS" (quoted in spec §1.6). All expected values are exact in binary floating
// point, so the comparisons are exact.
import Foundation
import Testing

@testable import QuartzLayers

@Suite("Timing: layer time spaces")
struct TimingTimeSpaceTests {
    // Spec §1.6: root speed 2, offset 3, begin 1; child speed 4, offset 5, begin 6.
    static let root = MediaTimingNode(beginTime: 1, speed: 2, timeOffset: 3)
    static let child = MediaTimingNode(beginTime: 6, speed: 4, timeOffset: 5)
    // A sibling of `child` (OpenCoreAnimation's "second"): speed 0.5, offset 7, begin 8.
    static let sibling = MediaTimingNode(beginTime: 8, speed: 0.5, timeOffset: 7)

    @Test("layer_time.json: convertTime from and to absolute time through root and child (spec §1.6)")
    func layerTimeVectors() throws {
        let cases = try loadVectorArray("layer_time.json")
        let expected = try Dictionary(uniqueKeysWithValues: cases.map { (try $0.string("case"), try $0.double("expected")) })
        #expect(LayerTimeSpace.localTime(ofPath: [Self.root], atMediaTime: 10) == expected["root.convertTime(10, from: nil)"])
        #expect(LayerTimeSpace.mediaTime(ofPath: [Self.root], atLocalTime: 10) == expected["root.convertTime(10, to: nil)"])
        #expect(LayerTimeSpace.localTime(ofPath: [Self.root, Self.child], atMediaTime: 10) == expected["child.convertTime(10, from: nil)"])
        #expect(LayerTimeSpace.mediaTime(ofPath: [Self.root, Self.child], atLocalTime: 10) == expected["child.convertTime(10, to: nil)"])
    }

    @Test("Conversions between relatives go through the common ancestor (spec §1.6)")
    func relatives() {
        // child.convertTime(10, from: root): down one step.
        #expect(LayerTimeSpace.convertTime(10, upThrough: [], downThrough: [Self.child]) == 21)
        // root.convertTime(10, from: child): up one step.
        #expect(LayerTimeSpace.convertTime(10, upThrough: [Self.child], downThrough: []) == 7.25)
        // first.convertTime(10, from: second): up from the sibling to root, down to child.
        #expect(LayerTimeSpace.convertTime(10, upThrough: [Self.sibling], downThrough: [Self.child]) == 37)
    }

    /// Spec §1.6 edge cases [U] (OpenCoreAnimation, "cross-checked against QuartzCore on macOS"):
    /// a parent time before the layer's beginTime converts to 0, not to timeOffset.
    @Test("A parent time before beginTime converts to 0")
    func beforeBeginTime() {
        #expect(Self.sibling.layerLocalTime(fromParentTime: 7) == 0)
        #expect(Self.sibling.layerLocalTime(fromParentTime: 8) == 7)
        #expect(Self.sibling.layerLocalTime(fromParentTime: 10) == 8)
        // second.convertTime(10, from: first): first → root gives 7.25, before second's begin 8.
        #expect(LayerTimeSpace.convertTime(10, upThrough: [Self.child], downThrough: [Self.sibling]) == 0)
        // The plain header formula (used for animations) has no such clamp.
        #expect(Self.sibling.activeTime(fromParentTime: 7) == 6.5)
    }

    /// Spec §1.6 edge cases [U]: a paused layer maps every parent time to its timeOffset, and the
    /// inverse step through it gives 0, after which the chain continues.
    @Test("A paused layer: forward gives timeOffset, the inverse step gives 0")
    func pausedLayer() {
        let paused = MediaTimingNode(beginTime: 8, speed: 0, timeOffset: 7)
        #expect(LayerTimeSpace.convertTime(10, upThrough: [], downThrough: [paused]) == 7)
        #expect(LayerTimeSpace.convertTime(10, upThrough: [paused], downThrough: []) == 0)
        #expect(LayerTimeSpace.mediaTime(ofPath: [Self.root, paused], atLocalTime: 10) == -0.5)
    }

    @Test("Down then up is the identity for running layers at or after their begin times")
    func roundTrip() {
        let path = [Self.root, Self.child, MediaTimingNode(beginTime: -3, speed: 0.25, timeOffset: 0.5)]
        for media in [3.5, 7.5, 123.25, 1e6] {  // root local ≥ 6 = child begin
            let local = LayerTimeSpace.localTime(ofPath: path, atMediaTime: media)
            #expect(abs(LayerTimeSpace.mediaTime(ofPath: path, atLocalTime: local) - media) <= 1e-9 * media)
        }
    }

    /// Apple's QA1673 recipe (spec §1.7) driven by a manual clock, against layer_time.json: pause at
    /// 100 → frozen at 100 when the clock reads 107; resume at 107 → beginTime 7; local time 102 at 109.
    @Test("QA1673 pause and resume")
    func pauseResume() throws {
        let cases = try loadVectorArray("layer_time.json")
        let expected = try Dictionary(uniqueKeysWithValues: cases.map { (try $0.string("case"), try $0.double("expected")) })
        let clock = ManualMediaClock(time: 100)
        var layer = MediaTimingNode()
        func layerTime() -> CFTimeInterval { LayerTimeSpace.localTime(ofPath: [layer], atMediaTime: clock.currentMediaTime()) }

        // pause: p = convertTime(CACurrentMediaTime(), from: nil); speed = 0; timeOffset = p
        let pausedTime = layerTime()
        layer.speed = 0
        layer.timeOffset = pausedTime
        clock.time = 107
        #expect(layerTime() == expected["QA1673 pause at 100, frozen at 107"])

        // resume: p = timeOffset; speed = 1; timeOffset = 0; beginTime = 0;
        //         beginTime = convertTime(CACurrentMediaTime(), from: nil) − p
        let resumeFrom = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layerTime() - resumeFrom
        #expect(layer.beginTime == expected["QA1673 resume at 107: beginTime"])
        clock.advance(by: 2)
        #expect(layerTime() == expected["QA1673 local time at 109 after resume"])
    }
}
