// Transition before-states (spec §5.2): a CATransition renders from the layer subtree's appearance before the
// transaction's changes ("The engine must capture the layer's rendered appearance (layer + sublayer subtree)
// before the current transaction's changes and animate to the appearance after them" [O: LOCKWOOD-207]).
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite("Transition before-states")
struct TransitionBeforeStateTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func entry(_ layer: CALayer, in snapshot: LayerTreeSnapshot) -> LayerSnapshot? {
        snapshot.layers.first { $0.layerID == layer.layerSerial }
    }

    /// The before-state holds the old backgroundColor, contents and sublayers; the layer's own entry holds
    /// the new ones. The captured tree starts at the transitioning layer.
    @Test func beforeHoldsOldAppearanceAfterHoldsNew() throws {
        let scene = EngineScene()
        let oldImage = CGImage(bitmap: PremultipliedRGBA8Bitmap(width: 1, height: 1))
        let newImage = CGImage(bitmap: PremultipliedRGBA8Bitmap(width: 2, height: 2))
        let oldChild = CALayer()
        let newChild = CALayer()
        let layer = scene.addLayer {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
            $0.position = CGPoint(x: 60, y: 50)
            $0.backgroundColor = Self.red
            $0.contents = oldImage
            $0.addSublayer(oldChild)
        }
        scene.advance(to: 1)
        scene.run {
            CATransaction.begin()
            layer.backgroundColor = Self.blue
            layer.contents = newImage
            oldChild.removeFromSuperlayer()
            layer.addSublayer(newChild)
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            push.duration = 2
            layer.add(push, forKey: nil)
            CATransaction.commit()
        }
        let snapshot = scene.context.snapshot(of: scene.root, atMediaTime: 2)
        let after = try #require(entry(layer, in: snapshot))
        let state = try #require(after.transition)
        #expect(state.type == .push && close(state.progress, 0.5))
        let before = try #require(state.before)
        #expect(before.mediaTime == 1)
        let oldRoot = try #require(before.root)
        #expect(oldRoot.layerID == layer.layerSerial)
        #expect(oldRoot.backgroundColor == Self.red && oldRoot.contents === oldImage)
        #expect(oldRoot.sublayerIndices.map { before.layers[$0].layerID } == [oldChild.layerSerial])
        // Relative to the superlayer: the layer's frame transform (position − anchor·size).
        #expect(oldRoot.worldTransform == CATransform3DMakeTranslation(10, 10, 0))
        #expect(after.backgroundColor == Self.blue && after.contents === newImage)
        #expect(after.sublayerIndices.map { snapshot.layers[$0].layerID } == [newChild.layerSerial])
        // One capture per transition: every frame shares it, and it ends with the transition.
        let later = try #require(entry(layer, in: scene.context.snapshot(of: scene.root, atMediaTime: 2.5))?.transition)
        #expect(later.beforeState === state.beforeState)
        #expect(entry(layer, in: scene.context.snapshot(of: scene.root, atMediaTime: 3.5))?.transition == nil)
    }

    /// Seed 001: a push transition installed as the action for backgroundColor (spec §6.2) starts from the
    /// old colour.
    @Test func actionInstalledTransitionCapturesOldColour() throws {
        let scene = EngineScene()
        let layer = scene.addLayer {
            $0.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
            $0.backgroundColor = Self.red
        }
        let push = CATransition()
        push.type = .push
        push.subtype = .fromLeft
        layer.actions = ["backgroundColor": push]
        scene.run {
            layer.backgroundColor = Self.blue
            CATransaction.flush()
        }
        let after = try #require(scene.presented(layer, at: 0.1))
        let before = try #require(after.transition?.before?.root)
        #expect(before.backgroundColor == Self.red && after.backgroundColor == Self.blue)
    }

    /// The before-state is the presentation at the commit time: a running animation shows its value then.
    @Test func beforeIsEvaluatedAtCommitTime() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.backgroundColor = Self.red }
        scene.run {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.toValue = 1.0
            fade.duration = 10
            layer.add(fade, forKey: "fade")
            CATransaction.flush()
        }
        scene.advance(to: 4)
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = Self.blue
            layer.add(CATransition(), forKey: nil)
            CATransaction.commit()
        }
        let before = try #require(scene.presented(layer, at: 4.1)?.transition?.before?.root)
        #expect(close(before.opacity, 0.4) && before.backgroundColor == Self.red)
    }

    /// `kCAOnOrderIn` (spec §5.3) with a fade: the layer was not in the tree before, so the before-state is
    /// empty (nothing to fade from) while the layer's entry shows it.
    @Test func orderInFadeStartsFromNothing() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.backgroundColor = Self.red }
        scene.run {
            layer.removeFromSuperlayer()
            CATransaction.flush()
        }
        layer.actions = [kCAOnOrderIn: CATransition()]
        scene.run {
            scene.root.addSublayer(layer)
            CATransaction.flush()
        }
        let after = try #require(scene.presented(layer, at: 0.1))
        let state = try #require(after.transition)
        #expect(state.type == .fade)
        #expect(try #require(state.before).layers.isEmpty)
    }

    /// Removing a sublayer under a transition on its superlayer (the way to animate an order-out: a removed
    /// layer leaves the committed tree): the before-state still holds the removed sublayer.
    @Test func superlayerTransitionCoversRemoval() throws {
        let scene = EngineScene()
        let leaving = CALayer()
        let parent = scene.addLayer { $0.addSublayer(leaving) }
        scene.run {
            CATransaction.begin()
            leaving.removeFromSuperlayer()
            parent.add(CATransition(), forKey: nil)
            CATransaction.commit()
        }
        let after = try #require(scene.presented(parent, at: 0.1))
        let before = try #require(after.transition?.before)
        #expect(before.layers.map(\.layerID) == [parent.layerSerial, leaving.layerSerial])
        #expect(after.sublayerIndices.isEmpty)
    }

    /// TransitionState equality is by value: the same transition in two separately built trees is equal
    /// (their before-states are separate captures of equal size and time); another progress is not.
    @Test func equalityIsByValue() throws {
        func state(at time: Double) throws -> TransitionState {
            let scene = EngineScene()
            let layer = scene.addLayer { $0.backgroundColor = Self.red }
            scene.run {
                CATransaction.begin()
                layer.backgroundColor = Self.blue
                layer.add(CATransition(), forKey: nil)
                CATransaction.commit()
            }
            return try #require(scene.presented(layer, at: time)?.transition)
        }
        let a = try state(at: 0.1), b = try state(at: 0.1)
        #expect(a.beforeState !== b.beforeState && a == b)
        #expect(try state(at: 0.2) != a)
    }
}
