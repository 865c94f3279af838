// CALayer: identity, stored state and the one path every property change takes (spec §6.3).
// Model values live in `model` (a `LayerProperties` value); `committed` is the state the last commit
// saw, which presentation and snapshots are built from (spec §6.6).
import Foundation
import QuartzRaster
import Synchronization

/// Apple's layer class: a node of the layer tree with Core Animation's properties, actions and
/// animations. Layers are not `Sendable`; snapshots of them are (`LayerTreeSnapshot`).
open class CALayer {
    /// Model values (what the getters return).
    var modelValues = LayerProperties()
    /// The values as of the last commit; nil until the layer is first committed.
    var committed: LayerProperties?
    /// The context whose transactions record this layer's changes.
    var context: LayerTreeContext
    /// Set while the layer waits in its context's dirty list.
    var isDirty = false
    /// Presentation copies never run actions (spec §6.3, REV begin_change).
    var isPresentationCopy = false
    /// For a presentation copy: the model layer it was made from.
    var modelLayer: CALayer?
    /// For a presentation copy: keeps its presentation superlayer (or mask owner) alive; the `superlayer`
    /// link is weak.
    var presentationParent: CALayer?
    /// For a presentation copy: the tree it belongs to, which makes its sublayers and mask on demand.
    var presentationTree: PresentationTree?
    var presentationIndex: Int?

    // Tree (model side). Sublayers are owned; the superlayer is weak as in Apple's API.
    var sublayerList: [CALayer] = []
    weak var superlayerReference: CALayer?
    /// The layer whose `mask` this layer is (a mask has no superlayer).
    weak var maskOwner: CALayer?
    var maskLayer: CALayer?
    // Tree as of the last commit.
    var committedSublayers: [CALayer] = []
    var committedMaskLayer: CALayer?

    /// A number unique among the layers of this process: the snapshot's stable layer identity.
    let layerSerial: Int = LayerSerialNumbers.next()
    /// Apple: a Core Image filter or a blend-mode name composited with what is behind the layer. Default nil.
    open var compositingFilter: Any? {
        didSet { noteStructuralChange() }
    }
    var committedCompositingFilter: Any?
    /// Apple: "An array of Core Image filters to apply to the contents of the layer and its sublayers."
    /// Default nil. Here the colour effects `CIColorInvert` and `CIMaskToAlpha` are drawn (docs/semantics.md
    /// §9.5); any other object is reported once when set and not drawn.
    open var filters: [Any]? {
        didSet {
            LayerFilter.reportUnsupported(in: filters)
            noteStructuralChange()
        }
    }
    var committedFilters: [Any]?

    // Object-valued properties that are not part of `LayerProperties`.
    var contentsObject: Any?
    var committedContents: Any?
    var customValues: [String: Any] = [:]

    /// Animations in `animationKeys()` order (spec §2.2).
    var animationEntries: [AttachedAnimation] = [] {
        didSet { context.noteEvaluationInputChange() }
    }

    // Display and layout flags (spec §11 step 1).
    var needsDisplayFlag = false
    var needsLayoutFlag = false

    /// Apple: a name for the layer, used by some layout managers. Default nil.
    open var name: String? {
        didSet { context.noteEvaluationInputChange() }
    }
    /// The layer's delegate (weak, as Apple's).
    open weak var delegate: (any CALayerDelegate)?
    /// Actions by key, consulted after the delegate (spec §6.2). Default nil.
    open var actions: [String: any CAAction]?
    /// Apple: "An optional dictionary used to store property values that aren't explicitly defined by the
    /// layer", searched recursively through nested `style` keys; also holds default actions under "actions"
    /// (spec §6.2). Setting it re-resolves every property not explicitly set (`CALayer+Style.swift`).
    open var style: [AnyHashable: Any]? {
        didSet { applyStyleDefaults() }
    }
    /// Built-in properties set explicitly (style values do not apply to them).
    var explicitKeys: Set<String> = []
    /// Whether a bounds change calls `setNeedsDisplay()`. Default false.
    open var needsDisplayOnBoundsChange = false

    /// A layer with Apple's default property values, in `LayerTreeContext.current`.
    public init() {
        context = LayerTreeContext.current
        // A subclass outside this module may override `defaultValue(forKey:)` for built-in properties (Apple:
        // the class method "returns the default value for the specified key"; a new layer starts with it).
        // Our own classes' defaults are the built-in ones, so only other classes pay for the lookup.
        if !CALayer.isBuiltInClass(type(of: self)) { applyStyleDefaults(notingChange: false) }
    }

    /// Whether `layerClass` is one of this module's layer classes, whose `defaultValue(forKey:)` returns the
    /// built-in defaults.
    static func isBuiltInClass(_ layerClass: CALayer.Type) -> Bool {
        layerClass == CALayer.self || layerClass == CAShapeLayer.self || layerClass == CAGradientLayer.self
            || layerClass == CATransformLayer.self || layerClass == CAReplicatorLayer.self
    }

    /// Apple's copy initialiser, used for presentation copies: copies every property of `layer` (not its
    /// sublayers or animations). Subclasses with stored state of their own override it
    /// (`override init(layer: Any)`) and copy that state, as on Apple.
    public init(layer: Any) {
        context = LayerTreeContext.current
        guard let other = layer as? CALayer else { return }
        context = other.context
        modelValues = other.modelValues
        contentsObject = other.contentsObject
        customValues = other.customValues
        name = other.name
        delegate = other.delegate
        actions = other.actions
        style = other.style
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        compositingFilter = other.compositingFilter
        filters = other.filters
    }

    /// Apple's NSCoding initialiser, declared so that subclasses written for Apple (which must implement
    /// `required init?(coder:)`) compile unchanged. Layers cannot be unarchived here: it returns nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Makes the presentation copy of `layer` through the dynamic class's `init(layer:)`, so the copy is of
    /// the subclass with its stored properties copied (Apple builds presentation copies with
    /// `init(layer:)`). Subclasses inherit it whenever they override `init()` and `init(layer:)` or declare
    /// no initialiser. A subclass with initialisers of its own and no `override init()` writes
    /// `required convenience init(presentationOf layer: CALayer) { self.init(layer: layer) }`.
    public required convenience init(presentationOf layer: CALayer) {
        self.init(layer: layer)
    }

    /// What the renderer draws for layers of this class.
    class var snapshotKind: LayerSnapshotKind { .layer }

    /// The property table for this class: CALayer's keys plus a subclass's own.
    class var propertyTable: [String: LayerPropertyAccessor] { LayerPropertyTable.base }

    /// Apple: the default value of a property when none is set. Returns the documented non-zero
    /// defaults (e.g. `anchorPoint` (0.5, 0.5), `opacity` 1) and nil for zero, false or nil defaults —
    /// Apple-run tests show non-nil for `anchorPoint`, nil for `bounds`, `position`, `frame`
    /// [V: GS-tests geometry.m classDefaults]; other keys follow the same rule [U].
    open class func defaultValue(forKey key: String) -> Any? {
        guard let accessor = propertyTable[key] else { return nil }
        let value = accessor.value(in: LayerProperties())
        switch value {
        case .number(let number) where number == 0: return nil
        case .bool(false), .null: return nil
        case .point(let point) where point == .zero: return nil
        case .size(let size) where size == .zero: return nil
        case .rect(let rect) where rect == .zero: return nil
        default: return value.boxed(as: accessor.kind)
        }
    }

    /// Apple: whether a change of `key` requires the layer to be redrawn. Default false.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: - Overridable methods (Swift allows overriding only declarations in the class body)

    /// Apple: the class's default action for `event`. Apple's own implementation returns nil even for
    /// animatable properties [V: GS-tests actions.m "the class offers no action"]; the built-in implicit
    /// animation comes after this step (spec §6.2 step 5, §12).
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    /// Apple: the action for `event`, searched delegate → `actions` → `style` → `defaultAction(forKey:)`
    /// → built-in implicit animation; `NSNull` at any step stops the search (spec §6.2). It does not
    /// consult `CATransaction.disableActions()`, which only stops property changes from running the
    /// result [V: GS-tests actions.m "an action is still found while actions are disabled"].
    open func action(forKey event: String) -> (any CAAction)? { searchAction(forKey: event) }

    /// Apple: reloads the layer's content. The default asks the delegate's `display(_:)`; without a
    /// delegate (or when the delegate does not implement it) the layer draws itself.
    open func display() { displayDefault() }

    /// Apple: marks the content for redisplay at the next commit.
    open func setNeedsDisplay() { markNeedsDisplay() }

    /// Apple: marks a region for redisplay. The whole layer is redrawn (Apple allows that).
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay() }

    /// Apple: draws the layer's content into `ctx`, whose user space is the layer's bounds space (y down,
    /// as on iOS) scaled by `contentsScale`. The default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Apple: renders the layer and its sublayers into `ctx`, in the layer's own coordinate space, through
    /// the context's clip, alpha and blend mode. The compositor draws the presentation tree at the context's
    /// media time after ending the run-loop turn, so uncommitted changes show [Apple reads the model tree
    /// directly; here the committed tree is the source, and animations in flight show as on screen]. Unlike
    /// Apple's, 3-D transforms, perspective and `CATransformLayer`s are honoured. Call it with the layer's
    /// `LayerTreeContext` current (`context.perform { layer.render(in: ctx) }` when it is not the default).
    open func render(in ctx: CGContext) { renderDefault(in: ctx) }

    /// Apple: lays out the sublayers. The default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Apple: marks the layer for layout at the next commit. The engine calls it when the bounds change
    /// and when sublayers are added or removed (Apple: "the system typically calls this method
    /// automatically when the layer's bounds change or when sublayers are added or removed").
    open func setNeedsLayout() { markNeedsLayout() }

    /// Apple: lays out now, from the topmost ancestor that needs it down to this layer's subtree.
    open func layoutIfNeeded() { layoutIfNeededDefault() }

    /// Apple: the preferred size of the layer in its superlayer's coordinate space: without a layout
    /// manager, "the size of the layer's current bounds rectangle mapped into the coordinate space of its
    /// superlayer", the size of `frame`.
    open func preferredFrameSize() -> CGSize { frame.size }

    /// Apple: appends `layer` to the sublayers (removing it from its old superlayer first).
    open func addSublayer(_ layer: CALayer) { addSublayerDefault(layer) }

    /// Apple: inserts at `idx` (clamped to the count).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { insertSublayerDefault(layer, at: idx) }

    /// Apple: inserts directly above `sibling` (appends when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insertSublayerDefault(layer, above: sibling) }

    /// Apple: inserts directly below `sibling` (at the back when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insertSublayerDefault(layer, below: sibling) }

    /// Apple: puts `newLayer` where `oldLayer` is. Does nothing when `oldLayer` is not a sublayer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { replaceSublayerDefault(oldLayer, with: newLayer) }

    /// Apple: detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() { removeFromSuperlayerDefault() }

    /// Apple: attaches a copy of `anim` under `key` (replacing an animation with the same key, which then
    /// stops with `finished == false`). A duration ≤ 0 becomes the transaction's `animationDuration` now;
    /// a nil timing function takes the transaction's `animationTimingFunction` if set; a `beginTime` of 0
    /// becomes the commit time in the layer's time space when the transaction commits (spec §1.5).
    /// A `CATransition` is always stored under `kCATransition` ("transition"). Implicit animations and
    /// actions attach themselves through it (Apple: `CAAnimation`'s `run(forKey:object:arguments:)`).
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimationDefault(anim, forKey: key) }

    /// Apple: removes the animation for `key`; its delegate gets `animationDidStop(_:finished: false)`.
    open func removeAnimation(forKey key: String) { removeAnimationDefault(forKey: key) }

    /// Apple: removes every animation (each stops with `finished == false`).
    open func removeAllAnimations() { removeAllAnimationsDefault() }

    /// Apple (NSKeyValueCoding): the value of property `key`, or of a custom key set earlier, else the
    /// class's `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { valueDefault(forKey: key) }

    /// Apple (NSKeyValueCoding): sets property `key` (running its action like the property setter), or
    /// stores a custom key (Apple's CALayer accepts any key). A value of the wrong type for a property
    /// is ignored; `checkedSetValue(_:forKeyPath:)` reports it.
    open func setValue(_ value: Any?, forKey key: String) { setValueDefault(value, forKey: key) }

    /// Apple: "Returns true if the bounds of the layer contains point 'p'" (own space; min edges
    /// inclusive, max edges exclusive, spec §10.2).
    open func contains(_ p: CGPoint) -> Bool { containsDefault(p) }

    /// Apple: the farthest descendant containing `p` (in the superlayer's space), siblings searched top to
    /// bottom in array order — zPosition does not matter — pruned only by `masksToBounds`; hidden layers
    /// are skipped (spec §10.2). Call it on `presentation()` to hit-test what is on screen.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestDefault(p) }

    // MARK: - The property-change path

    /// Sets one model property through Apple's change sequence (spec §6.3): equal values change nothing;
    /// otherwise the action is looked up against the old value, the value is stored, then the action runs.
    func setModelValue<Value: Equatable>(
        _ path: WritableKeyPath<LayerProperties, Value>, _ newValue: Value, forKey key: String
    ) {
        markExplicit(key)
        guard modelValues[keyPath: path] != newValue else { return }
        changeModel(forKey: key) { $0[keyPath: path] = newValue }
    }

    /// Runs `mutate` on the model as a change of `key`, with the action lookup and run around it.
    func changeModel(forKey key: String, _ mutate: (inout LayerProperties) -> Void) {
        markExplicit(key)
        changeLayer(forKey: key) { mutate(&modelValues) }
    }

    /// The change sequence for any state of the layer (object-valued properties included).
    func changeLayer(forKey key: String, _ mutate: () -> Void) {
        if isPresentationCopy {
            mutate()
            return
        }
        context.noteChange(of: self)
        let action = context.transactionDisablesActions ? nil : self.action(forKey: key)
        mutate()
        didChangeValue(forKey: key)
        action?.run(forKey: key, object: self, arguments: nil)
    }

    /// Marks the change of `key` on this layer: redisplay flags, dirty tracking (spec §6.6 custom keys).
    func didChangeValue(forKey key: String) {
        // Apple: with needsDisplayOnBoundsChange "the layer automatically calls its setNeedsDisplay()
        // method whenever its bounds property changes"; a bounds change also calls setNeedsLayout().
        if type(of: self).needsDisplay(forKey: key) || (key == "bounds" && needsDisplayOnBoundsChange) {
            setNeedsDisplay()
        }
        if key == "bounds" { setNeedsLayout() }
    }

    /// Records a change that has no action (tree edits, object properties) in the open transaction.
    func noteStructuralChange() {
        guard !isPresentationCopy else { return }
        context.noteChange(of: self)
    }
}

/// Hands out layer serial numbers. An atomic counter is the one piece of process-wide state: it only
/// names layers and never changes behaviour.
enum LayerSerialNumbers {
    private static let counter = Atomic<Int>(0)

    static func next() -> Int {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
