// Spellings ported Core Animation code uses that Foundation on Linux lacks; each must compile as written
// and mean what it means on Apple's platforms.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite struct PortedCodeSurfaceTests {
    /// CALayer is an NSObject on Apple's platforms: equal only to itself, hashable by identity.
    @Test func layersKeyDictionariesAndSets() {
        let a = CALayer(), b = CALayer()
        a.name = "same"
        b.name = "same"
        #expect(a == a && a != b)
        var delays: [CALayer: Double] = [a: 0.1]
        delays[b] = 0.2
        #expect(delays[a] == 0.1 && delays[b] == 0.2)
        #expect(Set([a, b, a]).count == 2)
        let shape: CALayer = CAShapeLayer()
        #expect(Set<CALayer>([shape]).contains(shape))
    }

    /// Apple: CGPointEqualToPoint, CGSizeEqualToSize, CGRectEqualToRect (which compares standardized
    /// rectangles).
    @Test func equalToHelpers() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGSize(width: 1, height: 2).equalTo(CGSize(width: 2, height: 1)))
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 10, y: 10, width: -10, height: -10)))
        #expect(!CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 11)))
        #expect(CGVector(dx: 1, dy: 2) == CGVector(dx: 1.0, dy: 2.0) && CGVector.zero == CGVector())
    }

    /// `repeatCount = HUGE` and `= MAXFLOAT` mean forever (Apple, repeatCount: "Setting this property to
    /// greatestFiniteMagnitude will cause the animation to repeat forever").
    @Test func darwinConstantsRepeatForever() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.repeatCount = HUGE
        #expect(animation.repeatCount == Float.greatestFiniteMagnitude)
        animation.repeatCount = MAXFLOAT
        #expect(animation.repeatCount == Float.greatestFiniteMagnitude)
        #expect(M_PI == Double.pi && M_PI_2 == Double.pi / 2)
    }

    /// Apple, contentsAreFlipped(): whether "the layer content is implicitly flipped when rendered": an odd
    /// number of ancestors with geometryFlipped.
    @Test func contentsAreFlippedCountsFlippedAncestors() {
        let outer = CALayer(), middle = CALayer(), inner = CALayer()
        outer.addSublayer(middle)
        middle.addSublayer(inner)
        #expect(!inner.contentsAreFlipped())
        outer.isGeometryFlipped = true
        #expect(inner.contentsAreFlipped() && middle.contentsAreFlipped() && !outer.contentsAreFlipped())
        middle.isGeometryFlipped = true
        #expect(!inner.contentsAreFlipped() && middle.contentsAreFlipped())
    }
}
