// CARenderer.nextFrameTime(). Apple: "Returns the time at which the renderer will
// next need to render a frame. If infinite, no update needs to be scheduled yet" [A: SDK-CARenderer]. The
// engine reads each animation's phase in its layer's time space (spec §1.2, §1.3) and maps begin times back
// to media time through the layer clocks (spec §1.6).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct LayersNextFrameTimeTests {
    /// A fade of `duration` seconds, optionally delayed to layer-local `beginTime` and kept after its end.
    static func fade(beginTime: Double = 0, duration: Double = 1, keep: Bool = false) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = duration
        animation.beginTime = beginTime
        if keep {
            animation.isRemovedOnCompletion = false
            animation.fillMode = .forwards
        }
        return animation
    }

    static func nextFrameTime(_ scene: LayersScene, at t: Double) -> Double {
        let renderer = scene.renderer()
        renderer.beginFrame(atTime: t)
        defer { renderer.endFrame() }
        return renderer.nextFrameTime()
    }

    /// No animation attached anywhere: no update needs scheduling.
    @Test func nothingAttachedIsInfinite() {
        let scene = LayersScene(width: 10, height: 10)
        scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5) }
        #expect(Self.nextFrameTime(scene, at: 0.5) == .infinity)
        #expect(CARenderer(bounds: CGRect(x: 0, y: 0, width: 4, height: 4)).nextFrameTime() == .infinity)
    }

    /// A running animation (committed at clock time 0, 1 s long) needs the very next frame: the frame's time.
    @Test func runningAnimationIsNow() {
        let scene = LayersScene(width: 10, height: 10)
        let layer = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5) }
        scene.run { layer.add(Self.fade(), forKey: "fade") }
        #expect(Self.nextFrameTime(scene, at: 0.25) == 0.25)
        #expect(scene.context.nextAnimationTime(of: scene.root, atMediaTime: 0.75) == 0.75)
    }

    /// All animations delayed: the earliest begin, mapped from layer time to media time. The second layer
    /// runs at speed 2, so its animation beginning at local time 3 begins at media time 1.5 (spec §1.2:
    /// local = (parent − beginTime)·speed + timeOffset), earlier than the first layer's 2.
    @Test func delayedAnimationsGiveTheEarliestBegin() {
        let scene = LayersScene(width: 10, height: 10)
        let slow = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5) }
        scene.run { slow.add(Self.fade(beginTime: 2), forKey: "later") }
        #expect(Self.nextFrameTime(scene, at: 0.5) == 2)
        let fast = scene.add(CALayer()) { $0.frame = CGRect(x: 5, y: 0, width: 5, height: 5); $0.speed = 2 }
        scene.run { fast.add(Self.fade(beginTime: 3), forKey: "later") }
        #expect(Self.nextFrameTime(scene, at: 0.5) == 1.5)
        // Once the earlier one runs, the answer is now again.
        #expect(Self.nextFrameTime(scene, at: 1.75) == 1.75)
    }

    /// Every animation has ended (one removed on completion, one kept with a forwards fill): nothing
    /// changes any more, so no update needs scheduling although an animation is still attached.
    @Test func endedAnimationsAreInfinite() {
        let scene = LayersScene(width: 10, height: 10)
        let layer = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5) }
        scene.run {
            layer.add(Self.fade(duration: 1, keep: true), forKey: "kept")
            layer.add(Self.fade(duration: 0.5), forKey: "gone")
        }
        #expect(Self.nextFrameTime(scene, at: 0.75) == 0.75)
        #expect(layer.animation(forKey: "kept") != nil)
        #expect(Self.nextFrameTime(scene, at: 3) == .infinity)
    }

    /// An animation added but not yet committed starts at the next commit: the frame's time.
    @Test func uncommittedAnimationIsNow() {
        let scene = LayersScene(width: 10, height: 10)
        let layer = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5) }
        scene.run { layer.add(Self.fade(beginTime: 50), forKey: "fade") }
        #expect(scene.context.nextAnimationTime(of: scene.root, atMediaTime: 0.5) == 0.5)
        #expect(layer.layerTreeContext === scene.context)
    }
}
