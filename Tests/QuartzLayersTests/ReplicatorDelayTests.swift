// CAReplicatorLayer.instanceDelay: "Specifies the delay, in seconds, between replicated copies … each of the
// copies offsets the time of the animation" (Apple's instanceDelay reference): instance i's sublayers are
// evaluated at the replicator's local time t − i·instanceDelay.
import Foundation
import QuartzMath
import Testing

@testable import QuartzLayers

@Suite("Replicator instance delay")
struct ReplicatorDelayTests {
    /// A replicator of `count` instances, `delay` apart, over one sublayer moving from x 0 to 100 in 2 s
    /// (added at media time 0).
    func makeScene(count: Int, delay: Double) -> (EngineScene, CAReplicatorLayer, CALayer) {
        let scene = EngineScene()
        let dot = CALayer()
        let replicator = scene.addLayer(CAReplicatorLayer()) { replicator in
            replicator.bounds = CGRect(x: 0, y: 0, width: 200, height: 50)
            replicator.position = CGPoint(x: 100, y: 25)
            replicator.instanceCount = count
            replicator.instanceDelay = delay
            replicator.instanceTransform = CATransform3DMakeTranslation(0, 10, 0)
            dot.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            dot.position = CGPoint(x: -50, y: 0)
            replicator.addSublayer(dot)
        }
        scene.run {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 100, y: 0)
            move.duration = 2
            dot.add(move, forKey: "move")
            CATransaction.flush()
        }
        return (scene, replicator, dot)
    }

    @Test func delayedInstancesRunBehind() throws {
        let (scene, replicator, dot) = makeScene(count: 4, delay: 0.5)
        for _ in 0..<2 {  // the first snapshot is a full build, the second an update in place
            let snapshot = scene.context.snapshot(of: scene.root, atMediaTime: 1)
            let entry = try #require(snapshot.layers.first { $0.layerID == replicator.layerSerial })
            #expect(entry.replicatorInstances.count == 3)
            let instance0 = try #require(snapshot.layers.first { $0.layerID == dot.layerSerial })
            #expect(close(Double(instance0.position.x), 50))
            // Instance i at t − 0.5·i: 25, 0 (the animation's begin), then before it began: the model value
            // (spec §1.3: before its begin a removed-fill animation contributes nothing).
            let expected: [Double] = [25, 0, -50]
            for (offset, (instance, x)) in zip(entry.replicatorInstances, expected).enumerated() {
                let root = try #require(instance.root)
                #expect(root.layerID == replicator.layerSerial && root.worldTransform == entry.worldTransform)
                #expect(root.sublayerIndices == [1])
                let copy = instance.layers[1]
                #expect(copy.layerID == dot.layerSerial && copy.parentIndex == 0)
                #expect(close(Double(copy.position.x), x))
                #expect(close(copy.localTime, 1 - 0.5 * Double(offset + 1)))
                // Same geometry rules as instance 0: its matrices follow from the shifted position.
                #expect(copy.worldTransform.m41 == entry.worldTransform.m41 + CGFloat(x) - 2)
            }
        }
    }

    /// Without a delay (Apple's default 0: "any animations added to replicated copies will be synchronized")
    /// every instance is instance 0, so nothing extra is built.
    @Test func noDelayNoInstances() throws {
        let (scene, replicator, _) = makeScene(count: 4, delay: 0)
        let snapshot = scene.context.snapshot(of: scene.root, atMediaTime: 1)
        #expect(snapshot.layers.first { $0.layerID == replicator.layerSerial }?.replicatorInstances.isEmpty == true)
    }

    /// A huge instanceCount is bounded instead of allocating without limit.
    @Test func hugeInstanceCountIsBounded() throws {
        let (scene, replicator, _) = makeScene(count: Int.max, delay: 0.01)
        let snapshot = scene.context.snapshot(of: scene.root, atMediaTime: 1)
        let entry = try #require(snapshot.layers.first { $0.layerID == replicator.layerSerial })
        #expect(entry.replicatorInstances.count == SnapshotBuilder.maximumDelayedInstances)
    }
}
