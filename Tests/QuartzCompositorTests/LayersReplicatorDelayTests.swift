import Foundation
import OpenQuartz
import Testing

/// Apple, CAReplicatorLayer.instanceDelay: "Specifies the delay, in seconds, between replicated copies."
/// Instance k shows its sublayers as they were k·instanceDelay earlier (the engine evaluates the copies,
/// the renderer draws them under instanceTransform applied k times).
@Suite struct LayersReplicatorDelayTests {
    @Test func delayedInstancesTrailTheMovingSublayer() throws {
        let clock = ManualMediaClock(time: 0)
        let context = LayerTreeContext(clock: clock)
        let frame = try context.perform {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            root.position = CGPoint(x: 60, y: 40)
            let replicator = CAReplicatorLayer()
            replicator.bounds = root.bounds
            replicator.position = root.position
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            replicator.instanceDelay = 0.5
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            dot.position = CGPoint(x: 20, y: 10)
            dot.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            replicator.addSublayer(dot)
            root.addSublayer(replicator)
            let fall = CABasicAnimation(keyPath: "position.y")
            fall.fromValue = 10
            fall.toValue = 50
            fall.duration = 2
            fall.fillMode = .both
            fall.isRemovedOnCompletion = false
            dot.add(fall, forKey: "fall")
            CATransaction.flush()
            return try CARenderer(layer: root, bounds: root.bounds, context: context).renderFrame(atTime: 1)
        }
        let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        // Instance 0 at t = 1 (y = 30), instance 1 at t = 0.5 (y = 20), instance 2 at t = 0 (y = 10).
        #expect(frame[20, 30] == black)
        #expect(frame[50, 20] == black)
        #expect(frame[80, 10] == black)
        #expect(frame[50, 30].a == 0)
        #expect(frame[80, 30].a == 0)
    }
}
