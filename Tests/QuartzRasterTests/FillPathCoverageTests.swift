import Foundation
import Testing
@testable import QuartzRaster

// Coverage convention (FillFixedPoint.swift, and spec §5.6): a pixel's
// coverage is the area of its unit square inside the shape, written as round(area · 255).
@Suite struct FillPathCoverageTests {
    @Test func fractionalRectangleHasExactAreaCoverage() {
        let (x0, y0, x1, y1) = (3.3, 2.75, 17.6, 9.125)
        let mask = fillTestMask([[SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)]], width: 24, height: 12)
        var worst = 0
        for y in 0..<12 {
            for x in 0..<24 {
                let area = fillTestOverlap(x, x0, x1) * fillTestOverlap(y, y0, y1)
                let expected = Int((area * 255).rounded())
                worst = max(worst, abs(Int(mask[y * 24 + x]) - expected))
            }
        }
        // Edges are quantised to 1/256 px (24.8 fixed point): at most one step of 1/255 from exact rounding.
        #expect(worst <= 1)
        // Whole pixels well inside and outside are exact.
        #expect(mask[5 * 24 + 10] == 255)
        #expect(mask[0] == 0)
    }

    @Test func discCoversPiRSquared() {
        for radius in [0.7, 3.0, 10.5, 40.0] {
            let size = Int(2 * radius) + 8
            let center = SIMD2(Double(size) / 2 + 0.3, Double(size) / 2 - 0.2)
            // Fine polygon: 4096 vertices; its area differs from πr² by ≈ πr²·(2π²/3)/n², far below 1e-3·r.
            let polygon = fillTestCircle(center: center, radius: radius, segments: 4096)
            // The exact accumulated area, before 8-bit rounding (whose noise, ~√perimeter/900, is not the
            // filler's error).
            let coverage = fillTestCoverage([polygon], width: size, height: size).accumulatedCoverage()
            let sum = coverage.reduce(0.0) { $0 + Double(min(abs($1), fillFullCoverage)) } / Double(fillFullCoverage)
            #expect(abs(sum - Double.pi * radius * radius) <= 1e-3 * radius, "radius \(radius): \(sum)")
        }
    }

    /// A five-pointed star drawn in one stroke: its pentagon centre has winding 2. Nonzero fills it,
    /// even-odd leaves it empty (CGPathFillRule: .winding / .evenOdd, Apple's "Filling a Path" rules).
    @Test func starCentreDependsOnFillRule() {
        let c = SIMD2(50.0, 50.0)
        let star: FillTestPolygon = (0..<5).map { k in
            let t = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return c + 40 * SIMD2(cos(t), sin(t))
        }
        let nonzero = fillTestMask([star], rule: .winding, width: 100, height: 100)
        let evenOdd = fillTestMask([star], rule: .evenOdd, width: 100, height: 100)
        #expect(nonzero[50 * 100 + 50] == 255)
        #expect(evenOdd[50 * 100 + 50] == 0)
        // A point inside one tip (winding 1) is filled under both rules.
        let tip = (14 * 100) + 50
        #expect(nonzero[tip] == 255 && evenOdd[tip] == 255)
        // Outside: nothing.
        #expect(nonzero[2 * 100 + 2] == 0 && evenOdd[2 * 100 + 2] == 0)
    }

    /// A square with a square hole: with the inner contour reversed, both rules show the hole; with the same
    /// orientation, nonzero fills it (winding 2) while even-odd still shows it.
    @Test(arguments: [false, true])
    func squareWithHole(innerSameOrientation: Bool) {
        let outer: FillTestPolygon = [SIMD2(10, 10), SIMD2(90, 10), SIMD2(90, 90), SIMD2(10, 90)]
        let innerCW: FillTestPolygon = [SIMD2(30.5, 30.5), SIMD2(70.5, 30.5), SIMD2(70.5, 70.5), SIMD2(30.5, 70.5)]
        let inner = innerSameOrientation ? innerCW : innerCW.reversed()
        for outerReversed in [false, true] {
            let o = outerReversed ? outer.reversed() : outer
            let i = outerReversed ? inner.reversed() : inner
            let nonzero = fillTestMask([o, i], rule: .winding, width: 100, height: 100)
            let evenOdd = fillTestMask([o, i], rule: .evenOdd, width: 100, height: 100)
            let hole = 50 * 100 + 50, ring = 20 * 100 + 20
            #expect(evenOdd[hole] == 0)
            #expect(nonzero[hole] == (innerSameOrientation ? 255 : 0))
            #expect(nonzero[ring] == 255 && evenOdd[ring] == 255)
            // The hole's edge at x = 30.5 is half covered (128 = round(0.5 · 255)) when the hole is empty.
            #expect(evenOdd[50 * 100 + 30] == 128)
        }
    }

    @Test func evenOddFoldsWindingTwoAndThree() {
        // Three identical squares: winding 3 → even-odd filled; two: empty.
        let square: FillTestPolygon = [SIMD2(2, 2), SIMD2(8, 2), SIMD2(8, 8), SIMD2(2, 8)]
        let two = fillTestMask([square, square], rule: .evenOdd, width: 10, height: 10)
        let three = fillTestMask([square, square, square], rule: .evenOdd, width: 10, height: 10)
        #expect(two[5 * 10 + 5] == 0)
        #expect(three[5 * 10 + 5] == 255)
        let threeNonzero = fillTestMask([square, square, square], rule: .winding, width: 10, height: 10)
        #expect(threeNonzero[5 * 10 + 5] == 255)
    }
}
