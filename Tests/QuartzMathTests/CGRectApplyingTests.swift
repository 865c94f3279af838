import Foundation
import Testing
import QuartzMath

// Apple, CGRect.applying(_:): "Applies an affine transform to a rectangle … Because affine transforms do
// not preserve rectangles in general, this function returns the smallest rectangle that contains the
// transformed corner points of the rectangle." A null rectangle is returned unchanged (CGRectApplyAffineTransform
// on CGRectNull), and the input is standardized first (Core Graphics geometry functions work on standardized
// rectangles). Values below are exact binary fractions, so the box is compared with ==.
@Suite struct CGRectApplyingTests {
    @Test func shearAndReflectionTakeExtremesOverAllFourCorners() {
        // Corners (1, 2), (5, 2), (1, 8), (5, 8) map through x' = -2x + 0.5y + 3, y' = 0.25x - y + 1 to
        // (2, -0.75), (-6, 0.25), (5, -6.75), (-3, -5.75): the minimum x is the second corner, the maximum x
        // the third, the minimum y the third and the maximum y the second.
        let t = CGAffineTransform(a: -2, b: 0.25, c: 0.5, d: -1, tx: 3, ty: 1)
        let box = CGRect(x: 1, y: 2, width: 4, height: 6).applying(t)
        #expect(box.origin.x == -6)
        #expect(box.origin.y == -6.75)
        #expect(box.size.width == 11)
        #expect(box.size.height == 7)
    }

    @Test func negativeSizesAreStandardizedFirst() {
        let t = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0.5, ty: -1)
        let flipped = CGRect(x: 5, y: 8, width: -4, height: -6).applying(t)
        #expect(flipped == CGRect(x: 2.5, y: 5, width: 8, height: 18))
        #expect(flipped == CGRect(x: 1, y: 2, width: 4, height: 6).applying(t))
    }

    @Test func nullRectangleIsReturnedUnchanged() {
        #expect(CGRect.null.applying(CGAffineTransform(a: 2, b: 1, c: 1, d: 2, tx: 3, ty: 4)).isNull)
    }

    @Test func axisAlignedScaleAndTranslationMatchesPointMapping() {
        let t = CGAffineTransform(a: 0.75, b: 0, c: 0, d: -1.5, tx: 10.25, ty: 20)
        let r = CGRect(x: -3, y: 4, width: 8, height: 2)
        let lo = CGPoint(x: r.minX, y: r.maxY).applying(t), hi = CGPoint(x: r.maxX, y: r.minY).applying(t)
        #expect(r.applying(t) == CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y))
    }
}
