import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// FillAffineRoundedRect.rowTable is solved for all rows at once, by the AVX2 kernel rk_row_columns when the CPU
// has it (FillRowLinesBatch.swift). It must hold exactly the layouts the Swift solver computes row by row
// (FillRowLines.columns(row:)), since the span emitters trust it to be conservative
// (FillRoundedRectGeometry.swift header).
@Suite struct FillRowTableTests {
    /// Random rotations, shears, scales (mirrored too) and radii, plus axis-parallel lines (90°, flat planes),
    /// far-away and huge shapes that reach the ±1e9 clamp.
    static func shapes() -> [FillAffineRoundedRect] {
        var random = FillTestRandom(seed: 1234)
        var out: [FillAffineRoundedRect] = []
        for _ in 0..<60 {
            let w = random.uniform(0.3, 160), h = random.uniform(0.3, 120)
            let a = random.uniform(-2, 2), b = random.uniform(-2, 2), c = random.uniform(-2, 2), d = random.uniform(-2, 2)
            if let s = FillAffineRoundedRect(
                minX: -w / 2, minY: -h / 2, maxX: w / 2, maxY: h / 2, radius: random.uniform(0, 40), a: a, b: b, c: c,
                d: d, tx: random.uniform(-50, 300), ty: random.uniform(-50, 300))
            {
                out.append(s)
            }
        }
        let special: [(Double, Double, Double, Double, Double, Double, Double)] = [
            (0, 1, -1, 0, 100.5, 80.25, 7),  // 90°: the sides are flat lines
            (1, 0, 0.5, 1, 40, 40, 0),  // shear with horizontal sides
            (1e5, 0, 0, 1e5, -3e6, 2e6, 1),  // sides beyond ±1e9 after the scale
            (0.7, 0.7, -0.7, 0.7, 5e8, 5e8, 3),  // near the clamp
            (1e-5, 2, -2, 1e-5, 30, 30, 2),
        ]
        for (a, b, c, d, tx, ty, r) in special {
            if let s = FillAffineRoundedRect(minX: -20, minY: -12, maxX: 20, maxY: 12, radius: r, a: a, b: b, c: c, d: d,
                                             tx: tx, ty: ty) {
                out.append(s)
            }
        }
        return out
    }

    @Test func tabulatedLayoutsEqualRowByRowSolver() {
        let all = Self.shapes()
        #expect(all.count > 50)
        for (index, g) in all.enumerated() {
            // A window of rows around the shape (rows outside it must come out empty too), at most 600.
            let lower = g.rows.lowerBound - 3, upper = min(g.rows.upperBound + 3, lower + 600)
            let rows = lower..<upper
            let portable = FillAffineRoundedRect.tabulate(rows: rows, outer: g.outerLines, inner: g.innerLines,
                                                          chords: g.chordLines, kernels: .portable)
            let avx2 = FillAffineRoundedRect.tabulate(rows: rows, outer: g.outerLines, inner: g.innerLines,
                                                      chords: g.chordLines, kernels: .avx2)
            #expect(portable.count == 4 * rows.count)
            #expect(portable == avx2, "shape \(index)")
            var mismatches = 0
            for (k, y) in rows.enumerated() {
                let l = FillAffineRoundedRect.layout(row: y, outer: g.outerLines, inner: g.innerLines, chords: g.chordLines)
                let e = portable[(4 * k)..<(4 * k + 4)].map { Int($0) }
                if e != [l.outer.lowerBound, l.outer.upperBound, l.uniform.lowerBound, l.uniform.upperBound] {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "shape \(index): \(mismatches) rows differ")
        }
    }

    /// With AVX2 the shape's table is built straight from its 16 planes, the line sets made in C
    /// (rk_rrect_row_layouts_planes): it must equal the table of the Swift line sets (FillRowLines.init), row
    /// windows around every shape, the ±1e9 clamp shapes included.
    @Test func tableFromPlanesEqualsTableFromSwiftLines() {
        guard SpanKernels.isAVX2Supported else { return }  // nothing to compare: the planes path needs AVX2
        for (index, g) in Self.shapes().enumerated() {
            let lower = g.rows.lowerBound - 3, upper = min(g.rows.upperBound + 3, lower + 600)
            let rows = lower..<upper
            let fromPlanes = FillAffineRoundedRect.withPlanes(
                bounds: g.localBounds, radius: g.radius, inverseX: g.inverseX, inverseY: g.inverseY,
                inverseOffset: g.inverseOffset
            ) { FillAffineRoundedRect.tabulate(rows: rows, planes: $0, kernels: .avx2) }
            let fromLines = FillAffineRoundedRect.tabulate(rows: rows, outer: g.outerLines, inner: g.innerLines,
                                                           chords: g.chordLines, kernels: .portable)
            #expect(fromPlanes == fromLines, "shape \(index)")
        }
    }

    /// The AVX2 table has a fixed-count loop for sets with 4 + 4, 4 + 4 and 2 + 2 upper + lower lines and no
    /// flat line (raster_kernels_rrect_rows.c) and the general loop for the rest: the shapes above exercise both.
    @Test func shapesCoverTheFixedAndTheGeneralLineCounts() {
        func counts(_ l: FillRowLines) -> [Int] {
            var u = 0, lo = 0, f = 0
            for i in 0..<8 {
                if !(l.upperIntercept[i] == .infinity && l.upperSlope[i] == 0) { u += 1 }
                if !(l.lowerIntercept[i] == -.infinity && l.lowerSlope[i] == 0) { lo += 1 }
                if !(l.flatConstant[i] == 0 && l.flatSlope[i] == 0) { f += 1 }
            }
            return [u, lo, f]
        }
        var fixed = 0, general = 0
        for g in Self.shapes() {
            let c = counts(g.outerLines) + counts(g.innerLines) + counts(g.chordLines)
            if c == [4, 4, 0, 4, 4, 0, 2, 2, 0] { fixed += 1 } else { general += 1 }
        }
        #expect(fixed >= 40)
        #expect(general >= 2)
    }
}
