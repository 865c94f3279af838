// The action search order and NSNull (spec §6.2, every step [V: GS-tests CALayer/actions.m]).
import Foundation
import Testing

@testable import QuartzLayers

/// Records every event run on it.
final class RecordingAction: CAAction {
    var events: [String] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        events.append(event)
    }
}

final class StubDelegate: CALayerDelegate {
    var answer: (any CAAction)?
    var seenPositions: [CGPoint] = []
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        seenPositions.append(layer.position)
        return answer
    }
}

@Suite("Action lookup")
struct ActionLookupTests {
    @Test func delegateThenActionsThenStyle() {
        LayerTreeContext().perform {
            let layer = CALayer()
            let fromDelegate = RecordingAction(), fromActions = RecordingAction(), fromStyle = RecordingAction()
            let delegate = StubDelegate()
            layer.style = ["actions": ["position": fromStyle]]
            #expect(layer.action(forKey: "position") as? RecordingAction === fromStyle)
            layer.actions = ["position": fromActions]
            #expect(layer.action(forKey: "position") as? RecordingAction === fromActions)
            delegate.answer = fromDelegate
            layer.delegate = delegate
            #expect(layer.action(forKey: "position") as? RecordingAction === fromDelegate)
            // NSNull from the delegate stops the search with no action.
            delegate.answer = NSNull()
            #expect(layer.action(forKey: "position") == nil)
            // nil from the delegate continues to `actions`; NSNull there stops.
            delegate.answer = nil
            layer.actions = ["position": NSNull()]
            #expect(layer.action(forKey: "position") == nil)
            // Nested style dictionaries are searched too.
            layer.actions = nil
            layer.style = ["style": ["actions": ["opacity": fromStyle]]]
            #expect(layer.action(forKey: "opacity") as? RecordingAction === fromStyle)
        }
    }

    /// The class offers no default action [V: GS-tests "the class offers no action"].
    @Test func classDefaultActionIsNil() {
        #expect(CALayer.defaultAction(forKey: "position") == nil)
    }

    /// The action runs after the value is stored, while the delegate saw the old value (spec §6.3);
    /// equal values run nothing; disableActions stops running but not `action(forKey:)` [V: actions.m].
    @Test func actionRunsOnChangeWithOldValueSeen() {
        LayerTreeContext().perform {
            let layer = CALayer()
            let action = RecordingAction()
            let delegate = StubDelegate()
            delegate.answer = action
            layer.delegate = delegate
            layer.position = CGPoint(x: 5, y: 5)
            #expect(action.events == ["position"])
            #expect(delegate.seenPositions == [.zero])
            layer.position = CGPoint(x: 5, y: 5)
            #expect(action.events == ["position"])
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 9, y: 9)
            #expect(layer.action(forKey: "position") != nil)
            CATransaction.commit()
            #expect(action.events == ["position"])
            // Setting the frame changes position and bounds: two events (CAPG-Animatable).
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            #expect(action.events == ["position", "position", "bounds"])
        }
    }

    /// onOrderIn / onOrderOut run on the sublayer for committed trees (spec §5.3).
    @Test func orderInAndOutEvents() {
        let context = LayerTreeContext()
        context.perform {
            let root = CALayer(), child = CALayer()
            let action = RecordingAction()
            child.actions = [kCAOnOrderIn: action, kCAOnOrderOut: action]
            root.addSublayer(child)
            #expect(action.events.isEmpty)  // never committed: no events
            CATransaction.flush()
            child.removeFromSuperlayer()
            root.addSublayer(child)
            #expect(action.events == [kCAOnOrderOut, kCAOnOrderIn])
        }
    }

    /// A new layer added to a committed tree is made visible, so its onOrderIn runs (Apple, CALayer.h:
    /// kCAOnOrderIn is "Invoked when the layer is made visible"); added to a tree that was never committed, it
    /// is not. A layer inside a new subtree is made visible with it but is not itself added: only the subtree's
    /// top gets the event.
    @Test func aNewLayerJoiningACommittedTreeGetsOnOrderIn() {
        let context = LayerTreeContext()
        context.perform {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.flush()
            #expect(root.presentation() != nil)  // committed: on screen
            let fresh = CALayer(), inner = CALayer()
            let action = RecordingAction(), innerAction = RecordingAction()
            fresh.actions = [kCAOnOrderIn: action]
            inner.actions = [kCAOnOrderIn: innerAction]
            fresh.addSublayer(inner)
            root.addSublayer(fresh)
            #expect(action.events == [kCAOnOrderIn])
            #expect(innerAction.events.isEmpty)
            let offscreenRoot = CALayer(), orphan = CALayer()
            let orphanAction = RecordingAction()
            orphan.actions = [kCAOnOrderIn: orphanAction]
            offscreenRoot.addSublayer(orphan)
            #expect(orphanAction.events.isEmpty)
        }
    }
}
