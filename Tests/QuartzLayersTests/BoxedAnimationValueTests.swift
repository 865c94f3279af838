// Animation values boxed the Objective-C way. Apple, CABasicAnimation: "the fromValue, byValue and toValue
// properties … All are optional"; CAPropertyAnimation values are objects, and Core Animation Programming
// Guide, "Key-Value Coding Extensions" ("Wrapping Conventions"): CGPoint, CGSize, CGRect and CATransform3D
// values are wrapped in NSValue, scalars in NSNumber. Ported code writes them that way, with Foundation's
// `NSValue(point:)` family, UIKit's `NSValue(cgPoint:)` family and QuartzCore's `NSValue(caTransform3D:)`.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite struct BoxedAnimationValueTests {
    /// A layer animated by `animation`, presented half-way through its 1 s.
    func presentedHalfWay(_ animation: CAAnimation, configure: (CALayer) -> Void = { _ in }) throws -> LayerSnapshot {
        let scene = EngineScene()
        let layer = scene.addLayer {
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            $0.position = CGPoint(x: 5, y: 5)
            configure($0)
        }
        scene.run {
            animation.duration = 1
            layer.add(animation, forKey: "boxed")
        }
        scene.advance(to: 0)
        return try #require(scene.presented(layer, at: 0.5))
    }

    static func basic(_ keyPath: String, from: Any?, to: Any?, by: Any? = nil) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    @Test func pointBoxesInEveryFoundationAndUIKitSpelling() throws {
        let boxes: [(Any, Any)] = [
            (NSValue(point: CGPoint(x: 0, y: 0)), NSValue(point: CGPoint(x: 100, y: 50))),
            (NSValue(cgPoint: CGPoint(x: 0, y: 0)), NSValue(cgPoint: CGPoint(x: 100, y: 50))),
            (NSValue(cgPoint: NSCoder.cgPoint(for: "{0, 0}")), NSValue(cgPoint: NSCoder.cgPoint(for: "{100, 50}"))),
        ]
        for (from, to) in boxes {
            let entry = try presentedHalfWay(Self.basic("position", from: from, to: to))
            #expect(entry.position == CGPoint(x: 50, y: 25), "\(type(of: from))")
        }
    }

    @Test func sizeAndRectBoxes() throws {
        let size = try presentedHalfWay(Self.basic(
            "bounds.size", from: NSValue(cgSize: CGSize(width: 10, height: 10)), to: NSValue(size: CGSize(width: 30, height: 50))))
        #expect(size.bounds.size == CGSize(width: 20, height: 30))
        let rect = try presentedHalfWay(Self.basic(
            "bounds", from: NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 10)),
            to: NSValue(cgRect: CGRect(x: 10, y: 20, width: 30, height: 50))))
        #expect(rect.bounds == CGRect(x: 5, y: 10, width: 20, height: 30))
    }

    @Test func transformBoxesAndNumbers() throws {
        let scale = try presentedHalfWay(Self.basic(
            "transform", from: NSValue(caTransform3D: CATransform3DIdentity),
            to: NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))))
        #expect(scale.properties.transform == CATransform3DMakeScale(2, 2, 1))
        let rotation = try presentedHalfWay(Self.basic("transform.rotation.z", from: NSNumber(value: 0), to: NSNumber(value: Double.pi)))
        let expected = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        for row in 0..<4 {
            #expect(simd_close(rotation.properties.transform[row: row], expected[row: row]), "row \(row)")
        }
        let opacity = try presentedHalfWay(Self.basic("opacity", from: NSNumber(value: 1), to: nil, by: NSNumber(value: -0.5)))
        #expect(opacity.opacity == 0.75)
    }

    /// Keyframe `values` hold the same boxes (the book's listings: `[NSValue valueWithCGPoint:…]`).
    @Test func keyframeValuesOfBoxes() throws {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [NSValue(cgPoint: CGPoint(x: 0, y: 0)), NSValue(cgPoint: CGPoint(x: 100, y: 0)),
                            NSValue(point: CGPoint(x: 100, y: 100))]
        animation.calculationMode = .linear
        let entry = try presentedHalfWay(animation)
        #expect(entry.position == CGPoint(x: 100, y: 0))
        let transforms = CAKeyframeAnimation(keyPath: "transform")
        transforms.values = [NSValue(caTransform3D: CATransform3DIdentity), NSValue(caTransform3D: CATransform3DMakeTranslation(40, 0, 0))]
        let moved = try presentedHalfWay(transforms)
        #expect(moved.properties.transform == CATransform3DMakeTranslation(20, 0, 0))
    }

    /// `setValue(_:forKeyPath:)` takes the boxes as Apple's KVC does (Programming Guide, "Wrapping Conventions").
    @Test func keyValueCodingTakesBoxes() {
        let layer = CALayer()
        layer.setValue(NSValue(cgPoint: CGPoint(x: 3, y: 4)), forKeyPath: "position")
        layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 8, height: 6)), forKeyPath: "bounds")
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKeyPath: "transform")
        layer.setValue(NSNumber(value: 0.25), forKeyPath: "opacity")
        #expect(layer.position == CGPoint(x: 3, y: 4))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 8, height: 6))
        #expect(layer.transform == CATransform3DMakeScale(2, 2, 1))
        #expect(layer.opacity == 0.25)
        let framed = CALayer()
        framed.setValue(NSValue(cgRect: CGRect(x: 1, y: 1, width: 2, height: 2)), forKey: "frame")
        #expect(framed.frame == CGRect(x: 1, y: 1, width: 2, height: 2))
    }

    @Test func boxesReadBackAndRefuseOtherTypes() {
        let t = CATransform3DMakeRotation(0.3, 1, 2, 3)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        // Reading a box as another type gives zero, where Foundation on Linux would trap.
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgPointValue == .zero)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).caTransform3DValue == CATransform3D())
        // A point box is not a size, so an animation of bounds.size from it does not apply.
        #expect(GeometryBox.size(NSValue(cgPoint: CGPoint(x: 1, y: 2))) == nil)
        #expect(GeometryBox.point(NSNumber(value: 2)) == nil)
    }

    /// UIKit's geometry strings round-trip; malformed strings read as zero (identity for transforms).
    @Test func geometryStrings() {
        #expect(NSCoder.string(for: CGPoint(x: 1, y: 2.5)) == "{1, 2.5}")
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgSize(for: "{3,4}") == CGSize(width: 3, height: 4))
        #expect(NSCoder.cgAffineTransform(for: "[1, 0, 0, 1, 5, 6]") == CGAffineTransform(translationX: 5, y: 6))
        #expect(NSCoder.cgPoint(for: "{1}") == .zero)
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.cgAffineTransform(for: "[1, 2]") == .identity)
    }
}

func simd_close(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ tolerance: Double = 1e-12) -> Bool {
    ((a - b) * (a - b)).sum() <= tolerance * tolerance
}
