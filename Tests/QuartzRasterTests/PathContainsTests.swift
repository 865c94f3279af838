import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// contains(_:using:transform:) — Apple: "Returns whether the specified point is interior to the path";
/// CGPathContainsPoint: "the point is transformed by this affine transform prior to determining whether the
/// path contains the point"; fill rules per CGPathFillRule (nonzero winding / even-odd).
@Suite struct PathContainsTests {
    /// A five-pointed star drawn as one self-crossing pentagram: the centre pentagon winds twice.
    let star: CGPath = {
        let p = CGMutablePath()
        let points = (0..<5).map { i -> CGPoint in
            let a = Double.pi / 2 + Double(i * 2) * 2 * .pi / 5
            return CGPoint(x: 100 * cos(a), y: 100 * sin(a))
        }
        p.addLines(between: points)
        p.closeSubpath()
        return p
    }()

    @Test func pentagramBothRules() {
        #expect(star.geometry.windingNumber(at: .zero) == 2 || star.geometry.windingNumber(at: .zero) == -2)
        #expect(star.contains(.zero))
        #expect(!star.contains(.zero, using: .evenOdd))
        // A point inside a tip winds once: inside under both rules.
        let tip = CGPoint(x: 0, y: 80)
        #expect(star.contains(tip) && star.contains(tip, using: .evenOdd))
        // Between two tips (outside the star, inside its convex hull) and far away.
        let notch = CGPoint(x: 60 * cos(Double.pi / 2 + .pi / 5), y: 60 * sin(Double.pi / 2 + .pi / 5))
        #expect(!star.contains(notch) && !star.contains(notch, using: .evenOdd))
        #expect(!star.contains(CGPoint(x: 500, y: 0)))
    }

    @Test func transformAppliesToThePoint() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(!square.contains(CGPoint(x: 15, y: 5)))
        #expect(square.contains(CGPoint(x: 15, y: 5), transform: CGAffineTransform(translationX: -10, y: 0)))
    }

    // Curves are tested exactly, not through a coarse polyline: points 1e-6 inside and outside a circle.
    @Test func curvesAreExactNearTheBoundary() {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200))
        // At 45° the cubic approximation lies 2.7e-4·r outside the true circle: test against the cubic itself.
        let a = Double.pi / 4
        let k = 4.0 / 3.0 * tan(Double.pi / 8)
        let cubic = [SIMD2(100.0, 0), SIMD2(100.0, 100 * k), SIMD2(100 * k, 100.0), SIMD2(0.0, 100)]
        let onCurve = pathTestCubic(cubic, 0.5)
        let r = (onCurve * onCurve).sum().squareRoot()
        let inside = CGPoint(x: (r - 1e-6) * cos(a), y: (r - 1e-6) * sin(a))
        let outside = CGPoint(x: (r + 1e-6) * cos(a), y: (r + 1e-6) * sin(a))
        #expect(circle.contains(inside) && !circle.contains(outside))
        #expect(circle.contains(inside, using: .evenOdd) && !circle.contains(outside, using: .evenOdd))
        // Quadratic curves are exact too.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        q.closeSubpath()
        #expect(q.contains(CGPoint(x: 5, y: 5 - 1e-9)) && !q.contains(CGPoint(x: 5, y: 5 + 1e-9)))
    }

    // Open subpaths are closed implicitly, as for filling; two overlapping squares of opposite direction
    // cancel under nonzero.
    @Test func implicitCloseAndOrientation() {
        let open = CGMutablePath()
        open.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(open.contains(CGPoint(x: 8, y: 2)) && !open.contains(CGPoint(x: 2, y: 8)))
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addLines(between: [.zero, CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0)])
        p.closeSubpath()
        #expect(!p.contains(CGPoint(x: 5, y: 5)))
        #expect(!CGMutablePath().contains(.zero))
        #expect(!star.contains(CGPoint(x: CGFloat.nan, y: 0)))
    }
}
