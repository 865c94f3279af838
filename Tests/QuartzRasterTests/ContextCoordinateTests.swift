// Coordinates: the bitmap context's y-up default space, the CTM, conversions and saved state.
// Sources: Quartz 2D Programming Guide, "Graphics Contexts" (the default coordinate system of a bitmap
// context has its origin at the lower-left corner, y up) and "Transforms" (translate/scale/rotate modify
// the CTM so that they apply to user space first; CGContextConcatCTM); Apple CGContext docs for
// convertToDeviceSpace/convertToUserSpace, saveGState/restoreGState.
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context coordinates")
struct ContextCoordinateTests {
    @Test func unitRectAtOriginIsTheBottomLeftPixel() {
        let c = contextMake(width: 4, height: 3)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        for y in 0..<3 {
            for x in 0..<4 {
                #expect(contextPixel(c, x, y).packed == (x == 0 && y == 2 ? contextOpaqueBlack : 0))
            }
        }
    }

    @Test func flippingMakesItTheTopLeftPixel() {
        let c = contextMake(width: 4, height: 3)
        contextFlip(c)
        #expect(c.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 3))
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        for y in 0..<3 {
            for x in 0..<4 {
                #expect(contextPixel(c, x, y).packed == (x == 0 && y == 0 ? contextOpaqueBlack : 0))
            }
        }
    }

    /// Exact-area coverage at fractional edges: x ∈ [1.25, 4.75], y ∈ [0.5, 1.5] in a 6 × 2 context covers
    /// 0.75 × 0.5 of the corner pixels and 0.5 of the middle ones (alpha = round(255 · area)).
    static func expectFractionalRect(_ c: CGContext) {
        let expectedRow = [0, 96, 128, 128, 96, 0]
        for y in 0..<2 {
            for x in 0..<6 {
                let a = expectedRow[x]
                #expect(contextBytes(contextPixel(c, x, y)) == [a, 0, 0, a], "pixel \(x), \(y)")
            }
        }
    }

    @Test func fractionalEdgesGiveExactAreaCoverage() {
        let c = contextMake(width: 6, height: 2)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 1.25, y: 0.5, width: 3.5, height: 1))
        Self.expectFractionalRect(c)
    }

    @Test func fractionalEdgesThroughTheCTM() {
        let c = contextMake(width: 6, height: 2)
        c.translateBy(x: 1, y: 0.5)
        c.scaleBy(x: 0.5, y: 0.25)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        // Device x = 1 + 0.5·x, y = 0.5 + 0.25·y: the same rectangle as above.
        c.fill(CGRect(x: 0.5, y: 0, width: 7, height: 4))
        Self.expectFractionalRect(c)
    }

    @Test func fractionalEdgesThroughAPath() {
        let c = contextMake(width: 6, height: 2)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.addRect(CGRect(x: 1.25, y: 0.5, width: 3.5, height: 1))
        c.fillPath()
        Self.expectFractionalRect(c)
    }

    @Test func rotationMapsRectanglesLikeCoreGraphics() {
        // translate(4, 0) then rotate(π/2): user (x, y) ↦ device (4 − y, x), so [0, 2] × [0, 3] becomes
        // x ∈ [1, 4], y ∈ [0, 2]: raster rows 1…2 (height 3), columns 1…3.
        let c = contextMake(width: 5, height: 3)
        c.translateBy(x: 4, y: 0)
        c.rotate(by: .pi / 2)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 3))
        for y in 0..<3 {
            for x in 0..<5 {
                let inside = (1...2).contains(y) && (1...3).contains(x)
                #expect(contextPixel(c, x, y).packed == (inside ? contextOpaqueBlack : 0), "pixel \(x), \(y)")
            }
        }
    }

    @Test func transformsPrependInUserSpace() {
        let c = contextMake(width: 8, height: 8)
        c.translateBy(x: 10, y: 0)
        c.scaleBy(x: 2, y: 3)
        // Scale applies first, then the translation: (1, 1) ↦ (12, 3).
        #expect(c.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 0))
        #expect(c.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 3))
        #expect(c.convertToUserSpace(CGPoint(x: 12, y: 3)) == CGPoint(x: 1, y: 1))
        #expect(c.convertToDeviceSpace(CGSize(width: 1, height: 2)) == CGSize(width: 2, height: 6))
        #expect(c.convertToUserSpace(CGSize(width: 2, height: 6)) == CGSize(width: 1, height: 2))
        #expect(c.convertToDeviceSpace(CGRect(x: 0, y: 0, width: 1, height: 1)) == CGRect(x: 10, y: 0, width: 2, height: 3))
        #expect(c.convertToUserSpace(CGRect(x: 10, y: 0, width: 2, height: 3)) == CGRect(x: 0, y: 0, width: 1, height: 1))
        c.concatenate(CGAffineTransform(translationX: 1, y: 0))
        // concatenate also applies first: (0, 0) ↦ (1, 0) ↦ (12, 0).
        #expect(c.convertToDeviceSpace(CGPoint(x: 0, y: 0)) == CGPoint(x: 12, y: 0))
        #expect(c.userSpaceToDeviceSpaceTransform == c.ctm)
    }

    @Test func saveAndRestoreGState() {
        let c = contextMake(width: 2, height: 1)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.saveGState()
        c.translateBy(x: 1, y: 0)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.restoreGState()
        #expect(c.ctm == .identity)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.bitmap.pixels == [contextOpaqueRed, contextOpaqueBlue])
        // An unbalanced restore is ignored.
        c.restoreGState()
        #expect(c.ctm == .identity)
    }
}
