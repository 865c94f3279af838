import Foundation
import OpenQuartz
import Testing

/// Spec §5.2: a transition draws from the layer's appearance before the transaction's changes to the
/// appearance after them; the engine captures the before-state at commit (TransitionState.before) and the
/// renderer uses it without any help from the caller. Seed 001: a push transition installed as the action
/// for backgroundColor.
@Suite struct LayersTransitionBeforeStateTests {
    @Test func pushActionOnBackgroundColourShowsOldAndNewHalfWay() throws {
        let clock = ManualMediaClock(time: 0)
        let context = LayerTreeContext(clock: clock)
        let frame = try context.perform {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
            root.position = CGPoint(x: 50, y: 20)
            let panel = CALayer()
            panel.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
            panel.position = CGPoint(x: 50, y: 20)
            panel.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let push = CATransition()
            push.type = .push
            push.subtype = .fromLeft
            push.duration = 1
            panel.actions = ["backgroundColor": push]
            root.addSublayer(panel)
            CATransaction.flush()
            clock.time = 1
            panel.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)  // runs the push action
            CATransaction.flush()
            let renderer = CARenderer(layer: root, bounds: root.bounds, context: context)
            return try renderer.renderFrame(atTime: 1.5)
        }
        // Half-way through a push from the left (linear timing): the new blue content has slid in over the left
        // half, the old red content has been pushed to the right half.
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        #expect(frame[10, 20] == blue)
        #expect(frame[40, 20] == blue)
        #expect(frame[60, 20] == red)
        #expect(frame[90, 20] == red)
    }
}
