// `presentation()` and `model()` (spec §6.6): presentation copies are built from a snapshot of the
// whole committed tree at the context's current time, linked into a tree of their own so `sublayers`,
// `superlayer`, `mask` and `hitTest(_:)` answer with presentation values.
//
// Ownership runs one way: a copy holds its superlayer (or mask owner) strongly and reaches its sublayers
// and mask through the shared `PresentationTree`, which makes them on demand and remembers them weakly.
// No copy owns another in both directions, so a tree nobody holds is freed, and a copy keeps one
// identity for as long as anyone holds it.
import Foundation
import QuartzRaster

extension CALayer {
    /// Apple: a copy of the layer with the last committed values and the animations running now applied;
    /// nil before the layer's first commit. Presentation copies never run actions; changing them has no
    /// effect on the model. Called on a presentation copy it returns that copy.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        guard committed != nil else { return nil }
        let root = rootLayer
        let tree = PresentationTree(snapshot: context.snapshot(of: root), root: root)
        guard let index = tree.index(ofModelLayer: self) else { return nil }
        return tree.copy(at: index) as? Self
    }

    /// Apple: the model layer of a presentation copy; the receiver itself for a model layer.
    public func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    /// Sublayers as the tree answers them: a presentation copy's come from its presentation tree.
    var presentedSublayers: [CALayer] {
        guard let presentationTree, let presentationIndex else { return sublayerList }
        return presentationTree.sublayers(of: presentationIndex)
    }
}

/// The presentation copies made from one snapshot.
final class PresentationTree {
    private let entries: [LayerSnapshot]
    private let root: CALayer
    /// Model layers by serial, collected on first need.
    private var modelLayers: [Int: CALayer]?
    private var copies: [Int: WeakLayer] = [:]

    init(snapshot: LayerTreeSnapshot, root: CALayer) {
        entries = snapshot.layers
        self.root = root
    }

    func index(ofModelLayer layer: CALayer) -> Int? {
        entries.firstIndex { $0.layerID == layer.layerSerial }
    }

    func sublayers(of index: Int) -> [CALayer] {
        entries[index].sublayerIndices.compactMap { copy(at: $0) }
    }

    func mask(of index: Int) -> CALayer? {
        entries[index].maskIndex.flatMap { copy(at: $0) }
    }

    /// The copy of entry `index`, made with its ancestors (top down, without recursion) when nobody holds it.
    func copy(at index: Int) -> CALayer? {
        if let existing = copies[index]?.layer { return existing }
        var missing: [Int] = []
        var next: Int? = index
        while let current = next, copies[current]?.layer == nil {
            missing.append(current)
            next = entries[current].parentIndex ?? entries[current].maskedLayerIndex
        }
        // Held here until the copy below holds its ancestors.
        var made: [CALayer] = []
        for current in missing.reversed() {
            guard let copy = makeCopy(of: current) else { return nil }
            copies[current] = WeakLayer(layer: copy)
            made.append(copy)
        }
        return made.last ?? copies[index]?.layer
    }

    private func makeCopy(of index: Int) -> CALayer? {
        let entry = entries[index]
        guard let original = modelLayer(serial: entry.layerID) else { return nil }
        let copy = type(of: original).init(presentationOf: original)
        copy.modelValues = entry.properties
        copy.committed = entry.properties
        copy.contentsObject = entry.properties.contentsImage ?? original.committedContents
        copy.isPresentationCopy = true
        copy.modelLayer = original
        copy.presentationTree = self
        copy.presentationIndex = index
        if let parentIndex = entry.parentIndex, let parent = copies[parentIndex]?.layer {
            copy.superlayerReference = parent
            copy.presentationParent = parent
        } else if let ownerIndex = entry.maskedLayerIndex, let owner = copies[ownerIndex]?.layer {
            copy.maskOwner = owner
            copy.presentationParent = owner
        }
        return copy
    }

    private func modelLayer(serial: Int) -> CALayer? {
        if modelLayers == nil {
            var found: [Int: CALayer] = [:]
            var pending = [root]
            while let layer = pending.popLast() {
                found[layer.layerSerial] = layer
                if let mask = layer.committedMaskLayer { pending.append(mask) }
                pending.append(contentsOf: layer.committedSublayers)
            }
            modelLayers = found
        }
        return modelLayers?[serial]
    }
}

private struct WeakLayer {
    weak var layer: CALayer?
}
