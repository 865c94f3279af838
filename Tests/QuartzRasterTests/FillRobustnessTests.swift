import Foundation
import Testing
import QuartzMath
@testable import QuartzRaster

// Bad input (README.md, Safety): NaN, infinities and huge coordinates must not crash, hang
// or allocate hugely, and must give sane coverage. Core Graphics closes open subpaths for filling
// (Apple, "CGContext.fillPath": "closes any open subpaths"), which the builder mirrors.
@Suite struct FillRobustnessTests {
    let square: FillTestPolygon = [SIMD2(2, 2), SIMD2(12, 2), SIMD2(12, 12), SIMD2(2, 12)]

    @Test func nonFinitePointsAreSkipped() {
        let clean = fillTestMask([square], width: 16, height: 16)
        var withNaN = square
        withNaN.insert(SIMD2(.nan, 5), at: 1)
        withNaN.insert(SIMD2(7, .infinity), at: 3)
        withNaN.append(SIMD2(-.infinity, -.infinity))
        withNaN.append(SIMD2(1e300, 4))  // beyond fillMaximumInputMagnitude: skipped like NaN
        #expect(fillTestMask([withNaN], width: 16, height: 16) == clean)
        // A move to NaN: the next finite point starts the contour.
        var builder = FillEdgeBuilder(clip: FillPixelBounds(width: 16, height: 16))
        builder.move(to: SIMD2(.nan, .nan))
        for p in square { builder.line(to: p) }
        let coverage = FillPathCoverage(builder: builder, fillRule: .winding)
        #expect(coverage.coverageMask() == clean)
    }

    @Test func degenerateContoursContributeNothing() {
        let empty = [UInt8](repeating: 0, count: 16 * 16)
        #expect(fillTestMask([[SIMD2(3, 3)]], width: 16, height: 16) == empty)
        #expect(fillTestMask([[SIMD2(3, 3), SIMD2(9, 9)]], width: 16, height: 16) == empty)
        #expect(fillTestMask([[SIMD2(3, 3), SIMD2(9, 3), SIMD2(14, 3)]], width: 16, height: 16) == empty)
        #expect(fillTestMask([[SIMD2(.nan, 3), SIMD2(.nan, 9), SIMD2(4, .nan)]], width: 16, height: 16) == empty)
        #expect(fillTestMask([], width: 16, height: 16) == empty)
        // An empty clip and an empty bitmap give nothing and do not trap.
        #expect(fillTestMask([square], width: 0, height: 0).isEmpty)
    }

    @Test func hugeCoordinatesClipToTheExpectedCoverage() {
        // A half-plane bounded by a 1e30-long slanted edge: x < 5 + 0.5·y… built from far-away vertices.
        let far = 1e30
        let triangle: FillTestPolygon = [SIMD2(-far, -far), SIMD2(far, -far), SIMD2(-far, far)]
        let mask = fillTestMask([triangle], width: 32, height: 32)
        // The hypotenuse is the line x + y = 0 up to rounding at 1e30, so the whole visible area is outside
        // or inside consistently: every pixel gets the same value, either all covered or none, never garbage.
        #expect(Set(mask).count == 1)
        // A huge square that contains the bitmap covers every pixel fully.
        let big: FillTestPolygon = [SIMD2(-far, -far), SIMD2(far, -far), SIMD2(far, far), SIMD2(-far, far)]
        #expect(fillTestMask([big], width: 32, height: 32).allSatisfy { $0 == 255 })
        // A rectangle whose right side is at 1e30 still has its exact fractional left edge.
        let wide: FillTestPolygon = [SIMD2(10.25, 4), SIMD2(far, 4), SIMD2(far, 20), SIMD2(10.25, 20)]
        let m = fillTestMask([wide], width: 32, height: 32)
        #expect(m[10 * 32 + 10] == 191)  // round(0.75 · 255)
        #expect(m[10 * 32 + 31] == 255)
        #expect(m[10 * 32 + 9] == 0)
        #expect(m[2 * 32 + 20] == 0)
    }

    @Test func partsLeftOfTheClipKeepTheirWinding() {
        // A square straddling the left and top edges of the clip.
        let straddling: FillTestPolygon = [SIMD2(-20, -7.5), SIMD2(6.5, -7.5), SIMD2(6.5, 5.5), SIMD2(-20, 5.5)]
        let mask = fillTestMask([straddling], width: 10, height: 10)
        for y in 0..<10 {
            for x in 0..<10 {
                let expected = Int((fillTestOverlap(x, -20, 6.5) * fillTestOverlap(y, -7.5, 5.5) * 255).rounded())
                #expect(Int(mask[y * 10 + x]) == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test func openContoursAreClosed() {
        var builder = FillEdgeBuilder(clip: FillPixelBounds(width: 16, height: 16))
        builder.move(to: square[0])
        for p in square.dropFirst() { builder.line(to: p) }
        // No closeContour(): FillPathCoverage(builder:) closes it.
        #expect(FillPathCoverage(builder: builder, fillRule: .winding).coverageMask()
            == fillTestMask([square], width: 16, height: 16))
    }
}

/// Huge device boxes (a layer scaled by 1e30) must not trap converting to Int (compositor report).
@Suite struct FillRoundedRectHugeInputTests {
    @Test(arguments: [1e30, -1e30, 1e15])
    func hugeRoundedRectsDoNotCrash(scale: Double) {
        var bitmap = PremultipliedRGBA8Bitmap(width: 32, height: 32)
        let huge = CGAffineTransform(scaleX: scale, y: scale)
        bitmap.fill(FillRoundedRectCoverage(rect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 3, transform: huge),
                    color: PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        bitmap.fill(FillRoundedRectCoverage(rect: CGRect(x: -1e30, y: -1e30, width: 2e30, height: 2e30), cornerRadius: 3),
                    color: PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        // The second, axis-aligned rect covers the whole bitmap.
        #expect(bitmap.pixels.allSatisfy { $0 == 0xFFFF_0000 })
    }
}
