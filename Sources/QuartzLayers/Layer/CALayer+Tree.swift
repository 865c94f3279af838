// The layer tree (model side): sublayers in back-to-front order, the weak superlayer link, the mask.
// Adding or removing a sublayer calls the superlayer's `setNeedsLayout()`, as Apple documents.
// Edits that would make a cycle (adding a layer below itself) are ignored: Apple's behaviour is
// undefined there and a cycle would hang every traversal.
import Foundation

extension CALayer {
    /// Apple: the sublayers, back to front; nil when there are none. Setting it replaces them all.
    public var sublayers: [CALayer]? {
        get {
            let list = presentedSublayers
            return list.isEmpty ? nil : list
        }
        set {
            for layer in sublayerList { layer.detachFromSuperlayer(runActions: true) }
            for layer in newValue ?? [] { insertSublayer(layer, atIndex: sublayerList.count) }
            noteStructuralChange()
        }
    }

    /// Apple: the superlayer, or nil for a root (and for a mask).
    public var superlayer: CALayer? { superlayerReference }

    /// Apple: a layer whose alpha masks this layer's content. It must not have a superlayer; a layer
    /// that has one is ignored.
    public var mask: CALayer? {
        get {
            if let presentationTree, let presentationIndex { return presentationTree.mask(of: presentationIndex) }
            return maskLayer
        }
        set {
            guard newValue !== maskLayer else { return }
            if let newValue {
                guard newValue.superlayerReference == nil, newValue !== self, !isDescendant(of: newValue) else { return }
                newValue.maskOwner?.maskLayer = nil
                newValue.maskOwner = self
                newValue.adoptContext(context)
            }
            maskLayer?.maskOwner = nil
            changeLayer(forKey: "mask") { maskLayer = newValue }
        }
    }

    /// The body of `addSublayer(_:)`.
    func addSublayerDefault(_ layer: CALayer) {
        insertSublayer(layer, atIndex: sublayerList.count)
    }

    /// The body of `insertSublayer(_:at:)`.
    func insertSublayerDefault(_ layer: CALayer, at idx: UInt32) {
        insertSublayer(layer, atIndex: Int(idx))
    }

    /// The body of `insertSublayer(_:above:)`.
    func insertSublayerDefault(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, let index = sublayerList.firstIndex(where: { $0 === sibling }) else {
            insertSublayer(layer, atIndex: sublayerList.count)
            return
        }
        // Indices are taken before `layer` leaves its current slot; `insertSublayer(_:atIndex:)` adjusts for that.
        insertSublayer(layer, atIndex: index + 1)
    }

    /// The body of `insertSublayer(_:below:)`.
    func insertSublayerDefault(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, let index = sublayerList.firstIndex(where: { $0 === sibling }) else {
            insertSublayer(layer, atIndex: 0)
            return
        }
        insertSublayer(layer, atIndex: index)
    }

    /// The body of `replaceSublayer(_:with:)`.
    func replaceSublayerDefault(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = layerIndex(of: oldLayer) else { return }
        guard newLayer !== self, !isDescendant(of: newLayer) else { return }
        oldLayer.detachFromSuperlayer(runActions: true)
        insertSublayer(newLayer, atIndex: index)
    }

    /// The body of `removeFromSuperlayer()`.
    func removeFromSuperlayerDefault() {
        if let owner = maskOwner {
            owner.mask = nil
            return
        }
        detachFromSuperlayer(runActions: true)
    }

    // MARK: - Internals

    func insertSublayer(_ layer: CALayer, atIndex requestedIndex: Int) {
        // A layer cannot be its own descendant; a mask cannot also be a sublayer.
        guard layer !== self, !isDescendant(of: layer), layer.maskOwner == nil else { return }
        var index = max(0, requestedIndex)
        if layer.superlayerReference === self, let current = layerIndex(of: layer) {
            sublayerList.remove(at: current)
            if current < index { index -= 1 }
        } else {
            layer.detachFromSuperlayer(runActions: false)
        }
        index = min(index, sublayerList.count)
        sublayerList.insert(layer, at: index)
        layer.superlayerReference = self
        layer.adoptContext(context)
        noteStructuralChange()
        layer.noteStructuralChange()
        setNeedsLayout()
        layer.runTreeAction(forKey: kCAOnOrderIn)
        runTreeAction(forKey: Self.sublayersEvent)
    }

    func detachFromSuperlayer(runActions: Bool) {
        guard let parent = superlayerReference, let index = parent.layerIndex(of: self) else { return }
        if runActions { runTreeAction(forKey: kCAOnOrderOut) }
        parent.sublayerList.remove(at: index)
        superlayerReference = nil
        parent.noteStructuralChange()
        parent.setNeedsLayout()
        noteStructuralChange()
        if runActions { parent.runTreeAction(forKey: Self.sublayersEvent) }
    }

    func layerIndex(of layer: CALayer) -> Int? {
        sublayerList.firstIndex { $0 === layer }
    }

    /// Whether `ancestor` is this layer's superlayer (or mask owner), directly or further up.
    func isDescendant(of ancestor: CALayer) -> Bool {
        var node = superlayerReference ?? maskOwner
        while let current = node {
            if current === ancestor { return true }
            node = current.superlayerReference ?? current.maskOwner
        }
        return false
    }

    /// The topmost ancestor (through superlayers and mask owners).
    var rootLayer: CALayer {
        var node = self
        while let parent = node.superlayerReference ?? node.maskOwner { node = parent }
        return node
    }

    /// Moves this subtree into `newContext` (a sublayer lives in its superlayer's context).
    func adoptContext(_ newContext: LayerTreeContext) {
        guard context !== newContext else { return }
        context = newContext
        if isDirty {
            isDirty = false
            newContext.noteChange(of: self)
        }
        for layer in sublayerList { layer.adoptContext(newContext) }
        maskLayer?.adoptContext(newContext)
    }

    /// The superlayer's event when its sublayers change (spec §5.3): adding, inserting or removing a sublayer
    /// changes the `sublayers` property, so the superlayer's action for "sublayers" runs — typically a fade
    /// `CATransition` in `actions["sublayers"]`; the common `actions = ["sublayers": NSNull()]` idiom relies
    /// on this lookup. No built-in animation exists for it (spec §5.3 recommends none is visible [U]).
    static let sublayersEvent = "sublayers"

    /// `onOrderIn` / `onOrderOut` and "sublayers" (spec §5.3): looked up on the layer ordered in or out (the
    /// superlayer for "sublayers") when actions are enabled and the tree is on screen: for `onOrderIn` the tree
    /// the layer joins has been committed (Apple: "Invoked when the layer is made visible", so a new layer added
    /// to a committed tree gets it); for the others the layer itself was committed. There is no default action.
    func runTreeAction(forKey event: String) {
        let visible = event == kCAOnOrderIn ? rootLayer.committed != nil : committed != nil
        guard !isPresentationCopy, visible, !context.transactionDisablesActions else { return }
        // The built-in implicit animation exists only for property keys, so only app-supplied actions run.
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }
}
