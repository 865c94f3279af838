// Shadows: offset direction in base space, independence from the CTM, blur spread, colour and alpha.
// Sources: Apple CGContext docs: setShadow(offset:blur:color:) ("offset: a translation in base-space";
// "blur: a non-negative number specifying the amount of blur"; nil colour disables shadowing) and
// setShadow(offset:blur:) (black at 1/3 alpha). Blur → Gaussian σ = blur / 2 (HTML canvas shadowBlur
// convention, which WebKit passes straight to Core Graphics; see CGContext+Shadow.swift).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context shadows")
struct ContextShadowTests {
    /// Draws a black 4 × 4 square at device (5, 5) with a hard red shadow offset (3, 4) in a 20 × 20 context.
    static func hardShadow(_ setUp: (CGContext) -> Void, rect: CGRect = CGRect(x: 5, y: 5, width: 4, height: 4)) -> CGContext {
        let c = contextMake(width: 20, height: 20)
        setUp(c)
        c.setShadow(offset: CGSize(width: 3, height: 4), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(rect)
        return c
    }

    /// Object at device [5, 9]², raster rows 11…14; shadow at device [8, 12] × [9, 13], raster rows 7…10.
    static func expectHardShadow(_ c: CGContext) {
        for y in 0..<20 {
            for x in 0..<20 {
                let object = (5...8).contains(x) && (11...14).contains(y)
                let shadow = (8...11).contains(x) && (7...10).contains(y)
                let expected = object ? contextOpaqueBlack : (shadow ? contextOpaqueRed : 0)
                #expect(contextPixel(c, x, y).packed == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test func positiveHeightMovesTheShadowUp() {
        Self.expectHardShadow(Self.hardShadow { _ in })
    }

    @Test func theCTMDoesNotChangeTheOffset() {
        // Scaled user space and a flipped one: the square is the same device square, and the offset stays
        // (3, 4) in base space.
        Self.expectHardShadow(Self.hardShadow({ $0.scaleBy(x: 2, y: 2) }, rect: CGRect(x: 2.5, y: 2.5, width: 2, height: 2)))
        Self.expectHardShadow(Self.hardShadow({ contextFlip($0) }, rect: CGRect(x: 5, y: 11, width: 4, height: 4)))
    }

    @Test func theShadowIsClippedAndSavedWithTheState() {
        let c = contextMake(width: 20, height: 20)
        c.saveGState()
        c.setShadow(offset: CGSize(width: 3, height: 4), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        c.fill(CGRect(x: 5, y: 5, width: 4, height: 4))
        #expect(contextPixel(c, 9, 8).packed == contextOpaqueRed)
        #expect(contextPixel(c, 10, 8).packed == 0)  // clipped away
        c.restoreGState()
        c.fill(CGRect(x: 14, y: 14, width: 2, height: 2))  // no shadow any more
        #expect(contextPixel(c, 17, 1).packed == 0)
        #expect(c.bitmap.pixels.filter { $0 == contextOpaqueRed }.count == 2 * 4)
    }

    @Test func defaultShadowIsBlackAtOneThirdAndGlobalAlphaApplies() {
        let c = contextMake(width: 10, height: 4)
        c.setShadow(offset: CGSize(width: 5, height: 0), blur: 0)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(contextBytes(contextPixel(c, 5, 1)) == [0, 0, 0, 85])  // round(255 / 3)
        let faded = contextMake(width: 10, height: 4)
        faded.setAlpha(0.5)
        faded.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        faded.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(contextBytes(contextPixel(faded, 5, 1)) == [0, 0, 0, 128])
    }

    @Test func nilOrClearColourTurnsShadowsOff() {
        for color in [nil, CGColor(red: 0, green: 0, blue: 0, alpha: 0)] {
            let c = contextMake(width: 10, height: 4)
            c.setShadow(offset: CGSize(width: 5, height: 0), blur: 0)
            c.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: color)
            c.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
            #expect(contextPixel(c, 5, 1).packed == 0)
        }
    }

    /// The shadow of a 30 × 40 rectangle (device [2, 32] × [10, 50]) blurred with `blur`, offset 40 px to the
    /// right, in an 80 × 60 context: the alpha of every pixel right of the object (columns 32…79).
    static func blurredShadow(blur: CGFloat) -> [[Int]] {
        let c = contextMake(width: 80, height: 60)
        c.setShadow(offset: CGSize(width: 40, height: 0), blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 2, y: 10, width: 30, height: 40))
        return contextAlphaRows(c).map { Array($0[32...]) }
    }

    /// The continuous Gaussian of the shifted rectangle [42, 72] × [10, 50] at a pixel centre (separable:
    /// a product of two differences of normal CDFs), times 255.
    static func expectedShadow(column: Int, row: Int, sigma: Double) -> Double {
        let x = Double(column) + 0.5, y = 60 - Double(row) - 0.5
        let fx = contextNormalCDF((x - 42) / sigma) - contextNormalCDF((x - 72) / sigma)
        let fy = contextNormalCDF((y - 10) / sigma) - contextNormalCDF((y - 50) / sigma)
        return 255 * fx * fy
    }

    static func compare(blur: CGFloat, tolerance: Double, massTolerance: Double) {
        let sigma = Double(blur) / 2
        let shadow = blurredShadow(blur: blur)
        var mass = 0.0, expectedMass = 0.0, worst = 0.0
        for row in 0..<60 {
            for i in 0..<48 {
                let expected = expectedShadow(column: 32 + i, row: row, sigma: sigma)
                worst = max(worst, abs(Double(shadow[row][i]) - expected))
                mass += Double(shadow[row][i])
                expectedMass += expected
            }
        }
        #expect(worst <= tolerance, "blur \(blur): largest difference \(worst)")
        #expect(abs(mass / expectedMass - 1) < massTolerance, "blur \(blur): mass \(mass) vs \(expectedMass)")
    }

    @Test func blurSpreadsLikeAGaussianOfHalfTheBlur() {
        // σ = 4 blurs at full resolution: every pixel within 2 levels of the continuous result (the kernel is
        // the sampled, truncated, renormalised Gaussian; 8-bit rounding), mass within 0.5 %.
        Self.compare(blur: 8, tolerance: 2, massTolerance: 0.005)
        // blur 0 is a hard copy of the shape.
        let hard = Self.blurredShadow(blur: 0)
        #expect(hard[30][10] == 255 && hard[30][9] == 0 && hard[9][20] == 0 && hard[10][20] == 255)
    }

    @Test func largeBlursAreDownsampledButKeepShapeAndMass() {
        // σ = 12 > 8 takes the downsampled path (2 × 2 cells, σ 6, bilinear magnification): the box and the
        // bilinear filter add a little variance, so the tolerance is wider.
        Self.compare(blur: 24, tolerance: 6, massTolerance: 0.02)
    }

    @Test func hugeBlursStayBounded() {
        // σ = 5000 px: the shadow spreads far beyond the context, almost nothing remains, and it is quick.
        let shadow = Self.blurredShadow(blur: 10_000)
        #expect(shadow.joined().allSatisfy { $0 <= 1 })
    }

    @Test func shadowsOfStrokesImagesAndGradients() {
        let c = contextMake(width: 20, height: 10)
        c.setShadow(offset: CGSize(width: 10, height: 0), blur: 0, color: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        c.setLineWidth(2)
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 4, y: 5)])
        c.draw(contextImage([[contextOpaqueRed]]), in: CGRect(x: 6, y: 0, width: 1, height: 1))
        #expect(contextPixel(c, 12, 4).packed == contextOpaqueGreen)  // stroke's shadow
        #expect(contextPixel(c, 16, 9).packed == contextOpaqueGreen)  // image's shadow
    }
}
