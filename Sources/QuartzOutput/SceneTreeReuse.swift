// Layer trees kept from frame to frame. Building a scene's tree costs about as much as its layers and
// animations together, and a tree left behind at every frame holds its animations' state until it is freed;
// between two scripted changes the tree at a later time is the earlier tree with its clock moved on, so a
// sequence of frames builds one tree per scripted change instead of one per frame. Pure in time all the same:
// a time earlier than every kept tree, or past another scripted change, builds afresh.
import OpenQuartz
import Synchronization

/// The trees of one scene kept between evaluations (thread-safe; frames evaluated at once with `--jobs`
/// each take a tree of their own).
package final class SceneTreeReuse: Sendable {
    /// The most trees kept idle: one per frame in flight is enough for any `--jobs` in use.
    package static let maximumKeptTrees = 8

    private struct KeptTree: @unchecked Sendable {
        // A tree is used by one thread at a time: it leaves the list while it is evaluated.
        var tree: SceneTree
        let scriptedChanges: Int
        /// When the tree was last given back, in evaluations: the least recently used tree goes first.
        var lastUse: Int = 0
    }

    private struct State {
        var trees: [KeptTree] = []
        var uses = 0
        var built = 0
    }

    private let idle = Mutex(State())

    package init() {}

    /// The number of trees kept idle now (for tests).
    package var keptTreeCount: Int { idle.withLock { $0.trees.count } }

    /// The number of trees built so far (for tests).
    package var builtTreeCount: Int { idle.withLock { $0.built } }

    /// The presentation snapshot of `scene` at `time`: from the latest kept tree at or before `time` with the
    /// same scripted changes, advanced to `time`, else from a tree built at `time`. Equal to
    /// `scene.tree(atTime: time).snapshot()`.
    package func snapshot(of scene: Scene, atTime time: Double) -> LayerTreeSnapshot {
        let changes = scene.scriptedChangeCount(atOrBefore: time)
        var kept: KeptTree
        if let found = take(scriptedChanges: changes, atOrBefore: time) {
            kept = found
        } else {
            idle.withLock { $0.built += 1 }
            kept = KeptTree(tree: scene.tree(atTime: time), scriptedChanges: changes)
        }
        if kept.tree.time != time { kept.tree.advance(toTime: time) }
        let snapshot = kept.tree.snapshot()
        give(kept)
        return snapshot
    }

    /// Removes and returns the kept tree with `scriptedChanges` whose time is the latest at or before `time`.
    private func take(scriptedChanges: Int, atOrBefore time: Double) -> KeptTree? {
        idle.withLock { state in
            var best: Int?
            for (index, kept) in state.trees.enumerated() where kept.scriptedChanges == scriptedChanges && kept.tree.time <= time {
                if best.map({ state.trees[$0].tree.time < kept.tree.time }) ?? true { best = index }
            }
            return best.map { state.trees.remove(at: $0) }
        }
    }

    /// Keeps `kept` for later evaluations. Trees of earlier scripted changes go (frames come in increasing
    /// time, give or take the frames in flight), and so does the least recently used tree when the list is
    /// full: not the earliest in time, which in a second pass over the frames is the one in use.
    private func give(_ kept: KeptTree) {
        let dropped: [KeptTree] = idle.withLock { state in
            var dropped: [KeptTree] = []
            state.trees.removeAll { other in
                let stale = other.scriptedChanges < kept.scriptedChanges && other.tree.time < kept.tree.time
                if stale { dropped.append(other) }
                return stale
            }
            state.uses += 1
            var used = kept
            used.lastUse = state.uses
            state.trees.append(used)
            if state.trees.count > Self.maximumKeptTrees,
               let oldest = state.trees.indices.min(by: { state.trees[$0].lastUse < state.trees[$1].lastUse }) {
                dropped.append(state.trees.remove(at: oldest))
            }
            return dropped
        }
        // Dropped trees are freed here, outside the lock.
        _ = dropped
    }
}
