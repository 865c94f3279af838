// The superlayer's "sublayers" event (spec §5.3): adding, inserting or removing a sublayer changes the
// superlayer's `sublayers` property, so the superlayer's action for "sublayers" runs. Apple documents the key
// only through its animatable-properties table (CAPG-Animatable); the lookup on the parent is what the common
// `actions = ["sublayers": NSNull()]` idiom relies on. No built-in animation is run for it (spec §5.3 [U]).
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite("Sublayers action on the superlayer")
struct SublayersActionTests {
    /// An action that records the events it is run for.
    final class RecordingAction: CAAction {
        var events: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            events.append(event)
        }
    }

    /// A fade CATransition in `actions["sublayers"]` runs on the parent when a sublayer is added, and its
    /// before-state is the parent without the new sublayer.
    @Test func fadeTransitionOnAdd() throws {
        let scene = EngineScene()
        let parent = scene.addLayer { $0.actions = ["sublayers": CATransition()] }
        let child = CALayer()
        scene.advance(to: 1)
        scene.run { parent.addSublayer(child) }
        scene.advance(to: 1.1)
        let transition = try #require(parent.animation(forKey: kCATransition) as? CATransition)
        #expect(transition.type == .fade)
        let after = try #require(scene.presented(parent, at: 1.1))
        let before = try #require(after.transition?.before)
        #expect(before.layers.map(\.layerID) == [parent.layerSerial])
        #expect(after.sublayerIndices.count == 1)
    }

    /// Removing a sublayer runs the parent's action too; the before-state still holds the leaving sublayer.
    @Test func fadeTransitionOnRemove() throws {
        let scene = EngineScene()
        let leaving = CALayer()
        let parent = scene.addLayer {
            $0.addSublayer(leaving)
            $0.actions = ["sublayers": CATransition()]
        }
        scene.advance(to: 1)
        scene.run { leaving.removeFromSuperlayer() }
        scene.advance(to: 1.1)
        #expect(parent.animation(forKey: kCATransition) is CATransition)
        let before = try #require(scene.presented(parent, at: 1.1)?.transition?.before)
        #expect(before.layers.map(\.layerID) == [parent.layerSerial, leaving.layerSerial])
    }

    /// The event reaches a recording action once per add and once per remove, on the parent and with the key
    /// "sublayers"; `NSNull` stops the search; disabled actions and a never-committed parent run nothing.
    @Test func lookupOnTheParent() throws {
        let scene = EngineScene()
        let recorder = RecordingAction()
        let parent = scene.addLayer { $0.actions = ["sublayers": recorder] }
        let child = CALayer()
        scene.run { parent.addSublayer(child) }
        scene.run { child.removeFromSuperlayer() }
        #expect(recorder.events == ["sublayers", "sublayers"])

        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            parent.addSublayer(child)
            CATransaction.commit()
        }
        #expect(recorder.events.count == 2)

        let silenced = scene.addLayer { $0.actions = ["sublayers": NSNull()] }
        scene.run { silenced.addSublayer(CALayer()) }
        #expect(silenced.animationKeys() == nil)

        let uncommitted = scene.run { CALayer() }
        let other = RecordingAction()
        scene.run {
            uncommitted.actions = ["sublayers": other]
            uncommitted.addSublayer(CALayer())
        }
        #expect(other.events.isEmpty)
    }

    /// Without an app-supplied action nothing is added to the parent (no built-in animation for "sublayers").
    @Test func noDefaultAnimation() throws {
        let scene = EngineScene()
        let parent = scene.addLayer()
        scene.run { parent.addSublayer(CALayer()) }
        scene.advance(to: 0.1)
        #expect(parent.animationKeys() == nil)
    }
}
