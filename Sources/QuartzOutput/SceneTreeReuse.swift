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
    }

    private let idle = Mutex<[KeptTree]>([])

    package init() {}

    /// The number of trees kept idle now (for tests).
    package var keptTreeCount: Int { idle.withLock { $0.count } }

    /// The presentation snapshot of `scene` at `time`: from the latest kept tree at or before `time` with the
    /// same scripted changes, advanced to `time`, else from a tree built at `time`. Equal to
    /// `scene.tree(atTime: time).snapshot()`.
    package func snapshot(of scene: Scene, atTime time: Double) -> LayerTreeSnapshot {
        let changes = scene.scriptedChangeCount(atOrBefore: time)
        var kept = take(scriptedChanges: changes, atOrBefore: time)
            ?? KeptTree(tree: scene.tree(atTime: time), scriptedChanges: changes)
        if kept.tree.time != time { kept.tree.advance(toTime: time) }
        let snapshot = kept.tree.snapshot()
        give(kept)
        return snapshot
    }

    /// Removes and returns the kept tree with `scriptedChanges` whose time is the latest at or before `time`.
    private func take(scriptedChanges: Int, atOrBefore time: Double) -> KeptTree? {
        idle.withLock { trees in
            var best: Int?
            for (index, kept) in trees.enumerated() where kept.scriptedChanges == scriptedChanges && kept.tree.time <= time {
                if best.map({ trees[$0].tree.time < kept.tree.time }) ?? true { best = index }
            }
            return best.map { trees.remove(at: $0) }
        }
    }

    /// Keeps `kept` for later evaluations. Trees of earlier scripted changes go (frames come in increasing
    /// time, give or take the frames in flight), and so does the earliest tree when the list is full.
    private func give(_ kept: KeptTree) {
        let dropped: [KeptTree] = idle.withLock { trees in
            var dropped: [KeptTree] = []
            trees.removeAll { other in
                let stale = other.scriptedChanges < kept.scriptedChanges && other.tree.time < kept.tree.time
                if stale { dropped.append(other) }
                return stale
            }
            trees.append(kept)
            if trees.count > Self.maximumKeptTrees, let earliest = trees.indices.min(by: { trees[$0].tree.time < trees[$1].tree.time }) {
                dropped.append(trees.remove(at: earliest))
            }
            return dropped
        }
        // Dropped trees are freed here, outside the lock.
        _ = dropped
    }
}
