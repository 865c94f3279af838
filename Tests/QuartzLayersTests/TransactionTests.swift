// CATransaction scoping, defaults and completion blocks (spec §6.1), and independent contexts.
import Foundation
import Testing

@testable import QuartzLayers

@Suite("CATransaction")
struct TransactionTests {
    /// Defaults hold even with no transaction begun: duration 0.25, actions enabled [V: GS-tests transaction.m].
    @Test func defaultsWithoutTransaction() {
        LayerTreeContext().perform {
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(!CATransaction.disableActions())
            #expect(CATransaction.completionBlock() == nil)
            // commit without begin does not raise and leaves the default [V: GS-tests, spec §12].
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25)
        }
    }

    /// "Nested transactions have nested data scope": reads search outward, writes go innermost and
    /// vanish at that scope's commit [A: SDK-CATransaction; V: GS-tests].
    @Test func nestedDataScope() {
        LayerTreeContext().perform {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setValue("outer", forKey: "custom")
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 2)
            CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
            CATransaction.setDisableActions(true)
            #expect(CATransaction.animationDuration() == 5)
            #expect(CATransaction.value(forKey: "custom") as? String == "outer")
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 2)
            #expect(!CATransaction.disableActions())
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(CATransaction.value(forKey: "custom") == nil)
        }
    }

    /// With no animation added, the completion block runs when its transaction commits (spec §6.1 rule 3).
    @Test func completionBlockWithoutAnimationsRunsAtCommit() {
        LayerTreeContext().perform {
            var calls = 0
            CATransaction.begin()
            CATransaction.setCompletionBlock { calls += 1 }
            #expect(calls == 0)
            CATransaction.commit()
            #expect(calls == 1)
            CATransaction.flush()
            #expect(calls == 1)
        }
    }

    /// Replacing the block closes the previous one's group (spec §6.1 rule 4): it runs once, at commit.
    @Test func replacedCompletionBlockRunsOnce() {
        LayerTreeContext().perform {
            var log: [String] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("first") }
            CATransaction.setCompletionBlock { log.append("second") }
            CATransaction.commit()
            #expect(log == ["first", "second"])
        }
    }

    /// Two contexts keep separate transaction stacks: an open transaction in one is invisible in the other.
    @Test func contextsAreIndependent() {
        let first = LayerTreeContext(), second = LayerTreeContext()
        first.perform {
            CATransaction.begin()
            CATransaction.setAnimationDuration(3)
            second.perform {
                #expect(CATransaction.animationDuration() == 0.25)
                #expect(LayerTreeContext.current === second)
            }
            #expect(CATransaction.animationDuration() == 3)
            CATransaction.commit()
        }
        let layer = first.perform { CALayer() }
        #expect(layer.context === first)
        let parent = second.perform { CALayer() }
        parent.addSublayer(layer)
        #expect(layer.context === second)
    }

    /// A change outside begin/commit opens an implicit transaction that commits at flush (the headless turn).
    @Test func implicitTransactionCommitsAtFlush() {
        let context = LayerTreeContext()
        context.perform {
            let layer = CALayer()
            layer.position = CGPoint(x: 1, y: 2)
            #expect(layer.committed == nil)
            #expect(context.transactions.scopes.count == 1 && context.transactions.scopes[0].isImplicit)
            CATransaction.flush()
            #expect(layer.committed?.position == CGPoint(x: 1, y: 2))
            #expect(context.transactions.isEmpty)
        }
    }

    /// flush() inside an explicit transaction waits for it (SDK-CATransaction `+flush`).
    @Test func flushWaitsForExplicitTransactions() {
        let context = LayerTreeContext()
        context.perform {
            let layer = CALayer()
            layer.position = CGPoint(x: 1, y: 0)  // opens the implicit transaction
            CATransaction.begin()
            layer.position = CGPoint(x: 2, y: 0)
            CATransaction.flush()
            #expect(layer.committed == nil)
            CATransaction.commit()
            #expect(layer.committed?.position == CGPoint(x: 2, y: 0))
        }
    }
}

@Suite("Frames and snapshots")
struct FrameAndSnapshotTests {
    /// A renderer beginning a frame ends the headless run-loop turn like flush(): the implicit transaction
    /// commits and due callbacks fire; lock()/unlock() nest (a recursive lock, SDK-CATransaction).
    @Test func beginFrameEndsTheTurn() {
        let scene = EngineScene()
        let layer = scene.addLayer()
        let log = AnimationLog()
        scene.run {
            CATransaction.lock()
            CATransaction.lock()
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.toValue = 0
            animation.duration = 1
            animation.delegate = log
            layer.add(animation, forKey: "fade")
            CATransaction.unlock()
            CATransaction.unlock()
        }
        #expect(scene.context.transactions.scopes.count == 1)
        scene.context.beginFrame()  // commits at media time 0: the animation begins now
        #expect(scene.context.transactions.isEmpty)
        #expect(log.events == ["start ?"])
        scene.clock.time = 2
        scene.context.beginFrame()
        #expect(log.events == ["start ?", "stop ? true"])
    }

    /// Snapshots list every committed layer in tree order with masks, hidden layers, names and filters.
    @Test func snapshotStructure() throws {
        let scene = EngineScene()
        let parent = CALayer(), mask = CALayer(), hidden = CAShapeLayer()
        scene.run {
            parent.name = "parent"
            parent.compositingFilter = "multiplyBlendMode"
            mask.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            mask.position = CGPoint(x: 5, y: 5)
            parent.mask = mask
            hidden.isHidden = true
            parent.addSublayer(hidden)
            scene.root.addSublayer(parent)
            CATransaction.flush()
        }
        let snapshot = scene.context.snapshot(of: scene.root)
        #expect(snapshot.layers.map(\.kind) == [.layer, .layer, .layer, .shape])
        let parentEntry = snapshot.layers[1]
        #expect(parentEntry.name == "parent" && parentEntry.compositingFilterName == "multiplyBlendMode")
        #expect(parentEntry.maskIndex == 2 && snapshot.layers[2].maskedLayerIndex == 1 && snapshot.layers[2].parentIndex == nil)
        #expect(parentEntry.sublayerIndices == [3] && snapshot.layers[3].parentIndex == 1 && snapshot.layers[3].isHidden)
        // Uncommitted changes are not in the snapshot (presentation = last committed state, spec §6.6).
        scene.run { parent.name = "renamed" }
        scene.run {
            CATransaction.setDisableActions(true)
            parent.opacity = 0.5
        }
        #expect(scene.context.snapshot(of: scene.root).layers[1].opacity == 1)
        scene.advance(to: 0)
        #expect(scene.context.snapshot(of: scene.root).layers[1].opacity == 0.5)
    }
}
