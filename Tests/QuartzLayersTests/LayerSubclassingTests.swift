// CALayer subclasses written as for Apple compile unchanged and behave as Apple documents:
// - `init(layer:)`: "This initializer is used to create shadow copies of layers, for example, for the
//   presentation() method ... If you are implementing a custom layer subclass, you can override this method
//   and use it to copy the values of instance variables into the new object." (Apple, CALayer.init(layer:))
// - overridable entry points are called by the engine where Apple's documentation says the system calls them:
//   `setNeedsLayout()` "automatically when the layer's bounds change or when sublayers are added or removed";
//   with `needsDisplayOnBoundsChange` "the layer automatically calls its setNeedsDisplay() method whenever its
//   bounds property changes"; an action that is a CAAnimation adds itself through `add(_:forKey:)`;
//   `preferredFrameSize()` is "the size of the layer's current bounds rectangle mapped into the coordinate
//   space of its superlayer".
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

/// The common Apple idiom: `override init()`, `override init(layer:)` copying stored state, `required init?(coder:)`.
final class TintedLayer: CALayer {
    var tint = "none"
    var copiedFrom: TintedLayer?

    override init() {
        super.init()
    }

    override init(layer: Any) {
        if let other = layer as? TintedLayer {
            tint = other.tint
            copiedFrom = other
        }
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A subclass of a subclass that declares no initialiser: it inherits them all.
final class DeepTintedLayer: TintedLayerBase {
    var depth = 1
}

/// A non-final class in the middle of a hierarchy.
class TintedLayerBase: CALayer {
    var shade = 0.0
    override init() { super.init() }
    override init(layer: Any) {
        shade = (layer as? TintedLayerBase)?.shade ?? 0
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { fatalError("not archived") }
}

/// A subclass with its own designated initialiser and no `override init()`: it adds the one line the
/// `init(presentationOf:)` documentation gives.
final class RingLayer: CALayer {
    let ringColor: String

    init(ringColor: String) {
        self.ringColor = ringColor
        super.init()
    }

    override init(layer: Any) {
        ringColor = (layer as? RingLayer)?.ringColor ?? "none"
        super.init(layer: layer)
    }

    required convenience init(presentationOf layer: CALayer) { self.init(layer: layer) }

    required init?(coder: NSCoder) { fatalError("not archived") }
}

/// Records which overridable entry points were called, then does what the base class does.
final class RecordingLayer: CALayer {
    var calls: [String] = []

    override func addSublayer(_ layer: CALayer) {
        calls.append("addSublayer")
        super.addSublayer(layer)
    }
    override func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        calls.append("insertSublayer(at: \(idx))")
        super.insertSublayer(layer, at: idx)
    }
    override func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        calls.append("insertSublayer(above:)")
        super.insertSublayer(layer, above: sibling)
    }
    override func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        calls.append("insertSublayer(below:)")
        super.insertSublayer(layer, below: sibling)
    }
    override func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        calls.append("replaceSublayer")
        super.replaceSublayer(oldLayer, with: newLayer)
    }
    override func removeFromSuperlayer() {
        calls.append("removeFromSuperlayer")
        super.removeFromSuperlayer()
    }
    override func add(_ anim: CAAnimation, forKey key: String?) {
        calls.append("add(forKey: \(key ?? "nil"))")
        super.add(anim, forKey: key)
    }
    override func removeAnimation(forKey key: String) {
        calls.append("removeAnimation(\(key))")
        super.removeAnimation(forKey: key)
    }
    override func removeAllAnimations() {
        calls.append("removeAllAnimations")
        super.removeAllAnimations()
    }
    override func setNeedsLayout() {
        calls.append("setNeedsLayout")
        super.setNeedsLayout()
    }
    override func layoutIfNeeded() {
        calls.append("layoutIfNeeded")
        super.layoutIfNeeded()
    }
    override func layoutSublayers() {
        calls.append("layoutSublayers")
        super.layoutSublayers()
    }
    override func setNeedsDisplay() {
        calls.append("setNeedsDisplay")
        super.setNeedsDisplay()
    }
    override func display() {
        calls.append("display")
        super.display()
    }
    override func preferredFrameSize() -> CGSize {
        calls.append("preferredFrameSize")
        return CGSize(width: 1, height: 2)
    }
}

/// Redraws while "level" animates and records the label each presentation copy drew with.
final class LabelledBar: CALayer {
    var label = ""
    nonisolated(unsafe) static var drawnLabels: [String] = []
    override init() { super.init() }
    override init(layer: Any) {
        label = (layer as? LabelledBar)?.label ?? ""
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { fatalError("not archived") }
    override class func needsDisplay(forKey key: String) -> Bool { key == "level" }
    override func draw(in ctx: CGContext) {
        if model() !== self { LabelledBar.drawnLabels.append(label) }
    }
}

@Suite("CALayer subclasses written for Apple")
struct LayerSubclassingTests {
    /// presentation() is of the subclass, built through the subclass's override of init(layer:), which copied
    /// its stored property from the model layer.
    @Test func presentationCopiesAreOfTheSubclassWithItsStateCopied() throws {
        let scene = EngineScene()
        let tinted = scene.addLayer(TintedLayer()) { $0.tint = "teal" }
        let copy = try #require(scene.run { tinted.presentation() })
        #expect(copy !== tinted)
        #expect(copy.tint == "teal")
        #expect(copy.copiedFrom === tinted)
        #expect(copy.model() === tinted)

        let deep = scene.addLayer(DeepTintedLayer()) {
            $0.shade = 0.25
            $0.depth = 3
        }
        let deepCopy = try #require(scene.run { deep.presentation() })
        #expect(deepCopy.shade == 0.25)
        // A stored property the class never copies keeps its initial value in the copy, as on Apple.
        #expect(deepCopy.depth == 1)

        let ring = scene.addLayer(RingLayer(ringColor: "orange"))
        let ringCopy = try #require(scene.run { ring.presentation() })
        #expect(ringCopy.ringColor == "orange")
        #expect(type(of: ringCopy) == RingLayer.self)
    }

    /// The redraw of a presentation copy while a key animates uses the same copy initialiser.
    @Test func redrawnPresentationCopiesCarryTheSubclassState() {
        let scene = EngineScene()
        let bar = scene.addLayer(LabelledBar()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            $0.label = "speed"
        }
        let animation = CABasicAnimation(keyPath: "level")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 1
        scene.run { bar.add(animation, forKey: "level") }
        scene.advance(to: 0)
        LabelledBar.drawnLabels = []
        _ = scene.presented(bar, at: 0.5)
        #expect(LabelledBar.drawnLabels == ["speed"])
    }

    /// Layers cannot be unarchived here; the NSCoding initialiser exists so Apple code compiles, and fails.
    @Test func unarchivingFails() {
        let archive = NSCoder()
        #expect(CALayer(coder: archive) == nil)
        #expect(TintedLayer(coder: archive) == nil)
    }

    /// Tree edits called on the layer go through its overrides; the engine marks layout needed through
    /// setNeedsLayout() when sublayers are added or removed and when the bounds change.
    @Test func treeEditsAndLayoutCallThroughOverrides() {
        let scene = EngineScene()
        let parent = scene.addLayer(RecordingLayer())
        let a = CALayer()
        let b = CALayer()
        let c = CALayer()
        let d = CALayer()
        scene.run {
            CATransaction.setDisableActions(true)
            parent.calls = []
            parent.addSublayer(a)
            #expect(parent.calls == ["addSublayer", "setNeedsLayout"])
            parent.calls = []
            parent.insertSublayer(b, at: 0)
            parent.insertSublayer(c, above: a)
            parent.insertSublayer(d, below: b)
            #expect(parent.calls == [
                "insertSublayer(at: 0)", "setNeedsLayout", "insertSublayer(above:)", "setNeedsLayout",
                "insertSublayer(below:)", "setNeedsLayout",
            ])
            #expect(parent.sublayers?.map { ObjectIdentifier($0) } == [d, b, a, c].map { ObjectIdentifier($0) })
            parent.calls = []
            parent.replaceSublayer(a, with: CALayer())
            #expect(parent.calls == ["replaceSublayer", "setNeedsLayout", "setNeedsLayout"])
            parent.calls = []
            c.removeFromSuperlayer()
            #expect(parent.calls == ["setNeedsLayout"])
            parent.calls = []
            parent.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            #expect(parent.calls == ["setNeedsLayout"])
        }
        parent.calls = []
        scene.advance(to: 0)
        #expect(parent.calls == ["layoutSublayers"])
        // removeFromSuperlayer() on the layer itself is its own override.
        let child = RecordingLayer()
        scene.run {
            parent.addSublayer(child)
            child.removeFromSuperlayer()
        }
        #expect(child.calls == ["removeFromSuperlayer"])
    }

    /// needsDisplayOnBoundsChange redisplays through setNeedsDisplay(); the commit displays through display().
    @Test func boundsChangeCallsSetNeedsDisplay() {
        let scene = EngineScene()
        let layer = scene.addLayer(RecordingLayer()) { $0.needsDisplayOnBoundsChange = true }
        scene.advance(to: 0)
        layer.calls = []
        scene.run {
            CATransaction.setDisableActions(true)
            layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        }
        #expect(layer.calls == ["setNeedsDisplay", "setNeedsLayout"])
        layer.calls = []
        scene.advance(to: 1)
        #expect(layer.calls == ["layoutSublayers", "display"])
    }

    /// Implicit animations (the action a property change finds) attach themselves through add(_:forKey:);
    /// removals called on the layer go through their overrides.
    @Test func animationsAttachAndDetachThroughOverrides() {
        let scene = EngineScene()
        let layer = scene.addLayer(RecordingLayer())
        scene.advance(to: 0)
        layer.calls = []
        scene.run { layer.opacity = 0.5 }
        #expect(layer.calls == ["add(forKey: opacity)"])
        #expect(layer.animationKeys() == ["opacity"])
        layer.calls = []
        scene.run {
            layer.removeAnimation(forKey: "opacity")
            layer.removeAllAnimations()
        }
        #expect(layer.calls == ["removeAnimation(opacity)", "removeAllAnimations"])
        #expect(layer.animationKeys() == nil)
    }

    /// layoutIfNeeded() and preferredFrameSize() are overridable; the default preferred size is the frame's.
    @Test func layoutIfNeededAndPreferredFrameSize() {
        let scene = EngineScene()
        let recording = scene.addLayer(RecordingLayer())
        recording.calls = []
        scene.run { recording.layoutIfNeeded() }
        #expect(recording.calls == ["layoutIfNeeded"])
        #expect(recording.preferredFrameSize() == CGSize(width: 1, height: 2))

        let plain = scene.addLayer {
            $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 10)
            $0.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        // Rotated a quarter turn, 40 × 10 bounds cover 10 × 40 of the superlayer.
        let size = plain.preferredFrameSize()
        #expect(abs(size.width - 10) < 1e-9 && abs(size.height - 40) < 1e-9)
    }
}
