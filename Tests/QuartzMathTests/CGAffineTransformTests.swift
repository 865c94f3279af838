import Foundation
import Testing
import QuartzMath

// Apple, CGAffineTransform: "x' = a·x + c·y + tx, y' = b·x + d·y + ty";
// concatenating(t2) "returns an affine transformation matrix constructed by combining two existing
// affine transforms" (t1 then t2); translatedBy/scaledBy/rotated prepend the new operation.
@Suite struct CGAffineTransformTests {
    @Test func pointMappingFollowsAppleFormula() {
        let t = CGAffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        let p = CGPoint(x: 1, y: 2).applying(t)
        #expect(p == CGPoint(x: 2 * 1 + 5 * 2 + 11, y: 3 * 1 + 7 * 2 + 13))
    }

    @Test func translatedByAppliesTranslationFirst() {
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
        let u = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(u.tx == 10)
    }

    @Test func rotationTurnsXTowardY() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-15)
        #expect(abs(p.y - 1) < 1e-15)
    }

    @Test func inverseRoundTripsAndSingularIsUnchanged() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: -5)
        let i = t.concatenating(t.inverted())
        for (got, want) in [(i.a, 1.0), (i.b, 0), (i.c, 0), (i.d, 1), (i.tx, 0), (i.ty, 0)] {
            #expect(abs(got - want) < 1e-12)
        }
        let singular = CGAffineTransform(a: 0, b: 0, c: 0, d: 1, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func rectApplyingIsBoundingBox() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 100)
            .applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(abs(r.minX + 50 * 2.0.squareRoot()) < 1e-9)
        #expect(abs(r.width - 100 * 2.0.squareRoot()) < 1e-9)
        #expect(CGSize(width: 1, height: 2).applying(CGAffineTransform(translationX: 5, y: 5)) == CGSize(width: 1, height: 2))
    }
}
