// `presentation()` and `model()` (spec §6.6): presentation copies are built from a snapshot of the
// whole committed tree at the context's current time, linked into a tree of their own so `sublayers`,
// `superlayer`, `mask` and `hitTest(_:)` answer with presentation values.
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
        let snapshot = context.snapshot(of: root)
        var copies: [Int: CALayer] = [:]
        var copyList: [CALayer] = []
        for entry in snapshot.layers {
            guard let original = root.findCommittedLayer(serial: entry.layerID) else { continue }
            let copy = type(of: original).init(presentationOf: original)
            copy.modelValues = entry.properties
            copy.committed = entry.properties
            copy.contentsObject = entry.properties.contentsImage ?? original.committedContents
            copy.isPresentationCopy = true
            copy.modelLayer = original
            copies[copyList.count] = copy
            copyList.append(copy)
        }
        guard copyList.count == snapshot.layers.count else { return nil }
        for (index, entry) in snapshot.layers.enumerated() {
            let copy = copyList[index]
            copy.sublayerList = entry.sublayerIndices.map { copyList[$0] }
            if let parentIndex = entry.parentIndex {
                copy.superlayerReference = copyList[parentIndex]
                copy.presentationParent = copyList[parentIndex]
            }
            if let maskIndex = entry.maskIndex {
                copy.maskLayer = copyList[maskIndex]
                copyList[maskIndex].maskOwner = copy
                copyList[maskIndex].presentationParent = copy
            }
        }
        return copyList.first { $0.modelLayer === self } as? Self
    }

    /// Apple: the model layer of a presentation copy; the receiver itself for a model layer.
    public func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    /// The committed descendant (or self, or a mask) with serial `serial`.
    func findCommittedLayer(serial: Int) -> CALayer? {
        if layerSerial == serial { return self }
        if let found = committedMaskLayer?.findCommittedLayer(serial: serial) { return found }
        for layer in committedSublayers {
            if let found = layer.findCommittedLayer(serial: serial) { return found }
        }
        return nil
    }
}
