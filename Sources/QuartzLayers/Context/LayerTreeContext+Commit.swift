// The commit (spec §11 step 1): layout, then display, for the changed layers; then every changed
// layer's model state (properties, sublayers, mask, contents) becomes its committed state, and layers
// that joined a committed tree are committed with it.
import Foundation

extension LayerTreeContext {
    /// Commits every layer changed since the last commit. Called with `lock` held.
    func performCommit() {
        runLayoutAndDisplay()
        let commitTime = mediaTime
        // Before any committed state is replaced: new transitions capture the appearance they start from.
        captureTransitionBeforeStates(atMediaTime: commitTime)
        // Layout or display may dirty more layers; the loop picks them up.
        var index = 0
        while index < dirtyLayers.count {
            let layer = dirtyLayers[index].layer
            index += 1
            layer?.commitState(atMediaTime: commitTime)
        }
        dirtyLayers.removeAll(keepingCapacity: true)
        commitGeneration &+= 1
        evaluationGeneration &+= 1
    }

    /// Layout (root first) and then display for the changed layers' trees (spec §11 step 1).
    private func runLayoutAndDisplay() {
        var roots: [CALayer] = []
        for case let layer? in dirtyLayers.map(\.layer) {
            let root = layer.rootLayer
            if !roots.contains(where: { $0 === root }) { roots.append(root) }
        }
        for root in roots { root.layoutTreeIfNeeded() }
        for root in roots { root.displayTreeIfNeeded() }
    }
}

extension CALayer {
    /// Makes the model state the committed state and commits sublayers that have never been committed.
    func commitState(atMediaTime commitTime: Double) {
        isDirty = false
        committed = modelValues
        committedSublayers = sublayerList
        committedMaskLayer = maskLayer
        committedContents = contentsObject
        committedCompositingFilter = compositingFilter
        committedFilters = filters
        commitPendingAnimations(atMediaTime: commitTime)
        for layer in sublayerList where layer.committed == nil && !layer.isDirty {
            layer.commitState(atMediaTime: commitTime)
        }
        if let maskLayer, maskLayer.committed == nil, !maskLayer.isDirty {
            maskLayer.commitState(atMediaTime: commitTime)
        }
    }

    /// Lays out this subtree where flagged: `layoutSublayers()` runs root first (spec §11).
    func layoutTreeIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for layer in sublayerList { layer.layoutTreeIfNeeded() }
    }

    /// Displays this subtree where flagged.
    func displayTreeIfNeeded() {
        if needsDisplayFlag {
            needsDisplayFlag = false
            display()
        }
        for layer in sublayerList { layer.displayTreeIfNeeded() }
        maskLayer?.displayTreeIfNeeded()
    }
}
