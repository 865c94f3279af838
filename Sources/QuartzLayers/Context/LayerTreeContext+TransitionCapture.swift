// Transition before-states (spec §5.2): "The engine must capture the layer's rendered appearance (layer +
// sublayer subtree) before the current transaction's changes and animate to the appearance after them".
// At commit, before any layer's committed state is replaced, every transition added in this transaction
// gets a snapshot of its layer's subtree as last committed, evaluated at the commit time.
import Foundation

/// The appearance a transition starts from: shared by every snapshot of the running transition.
final class TransitionBeforeState: Sendable {
    let snapshot: LayerTreeSnapshot

    init(snapshot: LayerTreeSnapshot) {
        self.snapshot = snapshot
    }
}

extension LayerTreeContext {
    /// Captures before-states for the transitions added since the last commit. Called with `lock` held,
    /// before any dirty layer commits (a sublayer changed earlier than its transition layer must still be
    /// captured as it was).
    func captureTransitionBeforeStates(atMediaTime commitTime: Double) {
        for case let layer? in dirtyLayers.map(\.layer) {
            for entry in layer.animationEntries where !entry.isCommitted {
                guard let program = entry.program, program.needsTransitionBeforeState else { continue }
                let before = TransitionBeforeState(snapshot: layer.committedSubtreeSnapshot(atMediaTime: commitTime))
                entry.program = program.withTransitionBeforeState(before)
            }
        }
    }
}

extension CALayer {
    /// This layer's subtree as presented at `time` from the last committed state, with this layer as the
    /// root entry (its matrices relative to its superlayer's bounds space, as for any subtree snapshot).
    /// Empty when the layer was not part of the committed tree: a layer ordered in by this transaction
    /// (e.g. an `onOrderIn` fade) had no appearance before it.
    func committedSubtreeSnapshot(atMediaTime time: Double) -> LayerTreeSnapshot {
        guard committed != nil, wasInCommittedTree else { return LayerTreeSnapshot(mediaTime: time, layers: []) }
        let parentTime = (superlayerReference ?? maskOwner)?.localTime(atMediaTime: time, useModel: false) ?? time
        var builder = SnapshotBuilder(mediaTime: time, recordsCache: false)
        builder.visit(self, parentTime: parentTime, parentIndex: nil, parentGeometry: nil, parentWorld: nil,
                      parentFlattens: true, maskedIndex: nil)
        return LayerTreeSnapshot(mediaTime: time, layers: builder.layers)
    }

    /// Whether the last commit left this layer where it is now in the model tree (a root counts as present).
    private var wasInCommittedTree: Bool {
        if let parent = superlayerReference {
            return parent.committed != nil && parent.committedSublayers.contains { $0 === self }
        }
        if let owner = maskOwner { return owner.committed != nil && owner.committedMaskLayer === self }
        return true
    }
}

extension AnimationProgram {
    /// Whether this program (or a group child) is a transition without a captured before-state.
    var needsTransitionBeforeState: Bool {
        switch body {
        case .transition(let transition): return transition.before == nil
        case .group(let children): return children.contains { $0.needsTransitionBeforeState }
        case .property: return false
        }
    }

    /// The same program with `before` attached to every transition in it that has none yet.
    func withTransitionBeforeState(_ before: TransitionBeforeState) -> AnimationProgram {
        switch body {
        case .transition(var transition) where transition.before == nil:
            transition.before = before
            return AnimationProgram(timing: timing, timingFunction: timingFunction, body: .transition(transition))
        case .group(let children):
            let updated = children.map { $0.withTransitionBeforeState(before) }
            return AnimationProgram(timing: timing, timingFunction: timingFunction, body: .group(updated))
        default:
            return self
        }
    }
}
