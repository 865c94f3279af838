// Presentation copies form a tree of their own (docs/semantics.md §6.6; Apple, CALayer.h
// `presentationLayer`: "a copy of the layer containing all properties as they were at the start of the
// current transaction, with any active animations applied"), and copies nobody holds are freed, so a
// program that calls `presentation()` every frame runs in flat memory.
import Foundation
import QuartzMath
import Testing

@testable import QuartzLayers

@Suite struct PresentationTreeTests {
    /// A root with two sublayers, the second with a child and a mask; `child` moves from x 0 to 100 over 1 s.
    static func scene() -> (EngineScene, first: CALayer, second: CALayer, child: CALayer, mask: CALayer) {
        let scene = EngineScene(rootBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let first = scene.addLayer { $0.frame = CGRect(x: 0, y: 0, width: 50, height: 50) }
        let second = scene.addLayer { $0.frame = CGRect(x: 100, y: 100, width: 200, height: 200) }
        let child = CALayer(), mask = CALayer()
        scene.run {
            child.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            mask.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            second.addSublayer(child)
            second.mask = mask
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10.0
            move.toValue = 110.0
            move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            child.add(move, forKey: "move")
            CATransaction.flush()
        }
        scene.advance(to: 0.5)
        return (scene, first, second, child, mask)
    }

    /// Held alone, a leaf's copy reaches the whole presentation tree, and every link answers with copies
    /// carrying presentation values.
    @Test func aLeafCopyReachesTheWholeTree() throws {
        let (scene, first, second, child, mask) = Self.scene()
        let copy = try #require(scene.run { child.presentation() })
        #expect(copy.model() === child)
        #expect(copy.position.x == 60)
        let parent = try #require(copy.superlayer)
        #expect(parent.model() === second)
        #expect(parent.sublayers?.count == 1 && parent.sublayers?[0] === copy)
        #expect(parent.mask?.model() === mask)
        #expect(parent.mask?.superlayer == nil)
        let root = try #require(parent.superlayer)
        #expect(root.model() === scene.root && root.superlayer == nil)
        #expect(root.sublayers?.map { $0.model() } == [first, second])
        #expect(root.sublayers?[1] === parent)
        // Hit testing the presentation tree finds the copy where the layer is on screen now: x 60 in
        // `second`'s space is 160 in the root's; the model already sits at 110 (100…120 in `second`).
        #expect(root.hitTest(CGPoint(x: 160, y: 110)) === copy)
        #expect(scene.root.hitTest(CGPoint(x: 160, y: 110)) === second)
    }

    /// A mask copy's owner is reached through the mask and keeps the mask it was reached from.
    @Test func aMaskCopyKeepsItsOwner() throws {
        let (scene, _, second, _, mask) = Self.scene()
        let maskCopy = try #require(scene.run { mask.presentation() })
        #expect(maskCopy.superlayer == nil)
        let owner = try #require(scene.run { second.presentation() })
        #expect(owner.mask?.model() === mask)
    }

    /// Copies nobody references are freed, the ancestors a held copy keeps alive included.
    @Test func copiesNobodyHoldsAreFreed() throws {
        let (scene, _, _, child, _) = Self.scene()
        weak var leaf: CALayer?
        weak var parent: CALayer?
        weak var root: CALayer?
        scene.run {
            let copy = child.presentation()
            leaf = copy
            parent = copy?.superlayer
            root = parent?.superlayer
            #expect(leaf != nil && parent != nil && root != nil)
        }
        #expect(leaf == nil && parent == nil && root == nil, "a presentation tree outlived every reference to it")
        weak var heldRoot: CALayer?
        weak var sublayer: CALayer?
        try scene.run {
            let rootCopy = try #require(scene.root.presentation())
            heldRoot = rootCopy
            sublayer = rootCopy.sublayers?.first
            _ = rootCopy.hitTest(CGPoint(x: 160, y: 110))
        }
        #expect(heldRoot == nil && sublayer == nil)
    }

    /// A thousand calls, one per frame as an animation loop makes them, leave no copy behind.
    @Test func perFrameCallsLeaveNothingBehind() {
        let (scene, _, _, child, _) = Self.scene()
        var made: [WeakCopy] = []
        for frame in 0..<1_000 {
            scene.clock.time = 0.5 + Double(frame) / 2_000
            scene.run {
                guard let copy = scene.root.presentation(), let moving = child.presentation() else { return }
                made.append(WeakCopy(layer: copy))
                made.append(WeakCopy(layer: moving))
                _ = copy.hitTest(CGPoint(x: 160, y: 110))
            }
        }
        #expect(made.count == 2_000)
        #expect(made.allSatisfy { $0.layer == nil })
    }

    struct WeakCopy {
        weak var layer: CALayer?
    }
}
