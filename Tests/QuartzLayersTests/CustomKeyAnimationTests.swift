// Custom animatable properties. Apple, Core Animation Programming Guide ("Key-Value
// Coding Extensions": CALayer conforms to key-value coding for arbitrary keys) and the custom-property idiom:
// `needsDisplay(forKey:)` returning true redraws the layer while the key animates, the presentation layer's
// value is the interpolated one, and actions for the key come from `action(forKey:)`/`defaultAction(forKey:)`.
// Values interpolate as built-in keys do (spec §2.1, §2.4).
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

/// The custom-property idiom on Linux: a computed property backed by key-value coding.
final class ProgressLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    /// Progress values `draw(in:)` saw on presentation copies.
    nonisolated(unsafe) static var presentedDraws: [CGFloat] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    /// The implicit animation for the key: from the presented value, linear (the guide's idiom).
    override func action(forKey event: String) -> (any CAAction)? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.value(forKey: event) ?? value(forKey: event)
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    /// A red bar over the left `progress` fraction of the bounds.
    override func draw(in ctx: CGContext) {
        if model() !== self { ProgressLayer.presentedDraws.append(progress) }
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// A class default action for a custom key (no instance override).
final class GaugeLayer: CALayer {
    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        guard event == "level" else { return nil }
        let animation = CABasicAnimation()
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }
}

@Suite("Custom animatable keys", .serialized)
struct CustomKeyAnimationTests {
    static func basic(_ key: String, from: Any, to: Any, duration: Double = 2) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return animation
    }

    /// A basic animation of the custom key: the presentation layer's value(forKey:) is the linear
    /// interpolation at t (spec §2.1 from/to row), the model keeps its value and type.
    @Test func basicAnimationPresentsInterpolatedValue() throws {
        let scene = EngineScene()
        let layer = scene.addLayer(ProgressLayer()) { $0.progress = 0.8 }
        scene.run { layer.add(Self.basic("progress", from: CGFloat(0), to: CGFloat(1)), forKey: "p") }
        scene.advance(to: 0)
        scene.advance(to: 0.5)
        let presented = try #require(layer.presentation())
        #expect(presented.value(forKey: "progress") as? CGFloat == 0.25)
        #expect(scene.presented(layer, at: 0.5)?.customValue(forKey: "progress") as? CGFloat == 0.25)
        #expect(scene.presented(layer, at: 0.5)?.customValue(forKey: "missing") == nil)
        #expect(presented.progress == 0.25)
        #expect(layer.progress == 0.8 && layer.value(forKey: "progress") is CGFloat)
        scene.advance(to: 1.5)
        #expect(layer.presentation()?.progress == 0.75)
        // After the end (removed on completion) the presentation shows the model value again.
        scene.advance(to: 3)
        #expect(layer.presentation()?.progress == 0.8)
    }

    /// Keyframes on a custom key: values [0, 10, 4], even key times over 2 s (spec §3.3–§3.4 linear mode).
    @Test func keyframeAnimationOfCustomKey() throws {
        let scene = EngineScene()
        let layer = scene.addLayer(ProgressLayer())
        let animation = CAKeyframeAnimation(keyPath: "progress")
        animation.values = [CGFloat(0), CGFloat(10), CGFloat(4)]
        animation.duration = 2
        scene.run { layer.add(animation, forKey: "k") }
        scene.advance(to: 0)
        scene.advance(to: 0.5)
        #expect(layer.presentation()?.progress == 5)
        scene.advance(to: 1.5)
        #expect(layer.presentation()?.progress == 7)
    }

    /// Points, sizes, rects, transforms and colours under custom keys interpolate as built-in keys
    /// (spec §2.4: component-wise; transforms by decomposition; colours unpremultiplied RGBA), keeping types.
    @Test func structuredCustomValuesInterpolate() throws {
        let scene = EngineScene()
        let layer = scene.addLayer()
        scene.run {
            layer.add(Self.basic("center", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 20)), forKey: "a")
            layer.add(Self.basic("extent", from: CGSize(width: 4, height: 8), to: CGSize(width: 8, height: 0)), forKey: "b")
            layer.add(Self.basic("box", from: CGRect(x: 0, y: 0, width: 4, height: 4),
                                 to: CGRect(x: 8, y: 4, width: 8, height: 0)), forKey: "c")
            layer.add(Self.basic("shift", from: CATransform3DIdentity,
                                 to: CATransform3DMakeTranslation(10, 0, 0)), forKey: "d")
            layer.add(Self.basic("tint", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                 to: CGColor(red: 0, green: 0, blue: 1, alpha: 1)), forKey: "e")
        }
        scene.advance(to: 0)
        scene.advance(to: 0.5)
        let presented = try #require(layer.presentation())
        #expect(presented.value(forKey: "center") as? CGPoint == CGPoint(x: 2.5, y: 5))
        #expect(presented.value(forKey: "extent") as? CGSize == CGSize(width: 5, height: 6))
        #expect(presented.value(forKey: "box") as? CGRect == CGRect(x: 2, y: 1, width: 5, height: 3))
        let shift = try #require(presented.value(forKey: "shift") as? CATransform3D)
        #expect(shift.m41 == 2.5 && shift.m42 == 0 && shift.m11 == 1 && shift.m22 == 1 && shift.m44 == 1)
        let tint = try #require(presented.value(forKey: "tint") as? CGColor).straightSRGBRGBA
        #expect(abs(tint.x - 0.75) < 1e-12 && abs(tint.y) < 1e-12 && abs(tint.z - 0.25) < 1e-12 && tint.w == 1)
        // Values that do not interpolate are stored as objects and returned unchanged.
        layer.setValue("label", forKey: "caption")
        #expect(layer.value(forKey: "caption") as? String == "label")
    }

    /// needsDisplay(forKey:) true: while the key animates every snapshot redraws the layer from its
    /// presentation copy, whose value(forKey:) is the animated value, and the drawing is the entry's contents.
    @Test func needsDisplayRedrawsPresentationWhileAnimating() throws {
        ProgressLayer.presentedDraws = []
        let scene = EngineScene()
        let layer = scene.addLayer(ProgressLayer()) { $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 4) }
        scene.run { layer.add(Self.basic("progress", from: CGFloat(0), to: CGFloat(1)), forKey: "p") }
        scene.advance(to: 0)
        for (time, filled) in [(1.0, 20), (1.8, 36), (1.0, 20)] {
            let entry = try #require(scene.presented(layer, at: time))
            let image = try #require(entry.contents)
            #expect(image.width == 40 && image.height == 4)
            let row = image.bitmap.pixels[(2 * 40)..<(3 * 40)]
            #expect(row.prefix(filled).allSatisfy { $0 == 0xFF00_00FF }, "t = \(time)")
            #expect(row.dropFirst(filled).allSatisfy { $0 == 0 }, "t = \(time)")
        }
        #expect(ProgressLayer.presentedDraws.suffix(3) == [0.5, 0.9, 0.5])
    }

    /// Implicit animation of a custom key through the subclass's action(forKey:) (spec §6.2–§6.4): the
    /// change animates from the old presented value over the transaction's duration.
    @Test func implicitAnimationThroughActionForKey() throws {
        let scene = EngineScene()
        let layer = scene.addLayer(ProgressLayer()) { $0.progress = 0 }
        scene.run {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            layer.progress = 1
            CATransaction.commit()
        }
        #expect(layer.animationKeys() == ["progress"])
        scene.advance(to: 0)
        scene.advance(to: 0.25)
        // The named linear function is solved like every Bézier with Apple's ε = 1e-5 in x (spec §7.2), so
        // the value is 0.25 to within the solver tolerance rather than exactly.
        #expect(abs(try #require(layer.presentation()).progress - 0.25) < 1e-5)
        #expect(layer.progress == 1)
    }

    /// The class's defaultAction(forKey:) supplies the action for a custom key (spec §6.2 step 4); the
    /// built-in implicit animation never applies to custom keys.
    @Test func implicitAnimationThroughDefaultAction() throws {
        let scene = EngineScene()
        let gauge = scene.addLayer(GaugeLayer()) { $0.setValue(2.0, forKey: "level") }
        let plain = scene.addLayer { $0.setValue(2.0, forKey: "level") }
        scene.run {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            gauge.setValue(6.0, forKey: "level")
            plain.setValue(6.0, forKey: "level")
            CATransaction.commit()
        }
        #expect(gauge.animationKeys() == ["level"] && plain.animationKeys() == nil)
        scene.advance(to: 0)
        scene.advance(to: 0.5)
        // CABasicAnimation with no values animates from the old presented value to the new model value (§2.1).
        // Linear through the Bézier solver: within Apple's ε = 1e-5 in progress (spec §7.2), ×4 in value.
        #expect(abs(try #require(gauge.presentation()?.value(forKey: "level") as? Double) - 3) < 4e-5)
        #expect(plain.presentation()?.value(forKey: "level") as? Double == 6)
    }
}
