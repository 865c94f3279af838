// FillAffineRoundedRect: a rounded rectangle under an invertible affine map, and its per-row layouts.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1); "local" is the rectangle's own
// space before the transform. Numbers: Double; the row table holds Int32 pixel columns.
//
// The signed distance to the rounded rectangle is taken in local space and mapped to device pixels through the
// gradient (exact for the straight sides, first order on the arcs); coverage is the exact box filter of the tangent
// half-plane at that distance, minus the sliver between the tangent and the arc, ∫ s²/(2R) ds over the tangent's
// chord through the pixel, with R the arc's device radius of curvature R = r·|J·t|³/|det J| (t the local unit
// tangent). Sharp shapes (radius 0) are exact: a pixel meeting two sides (a corner, a bar thinner than ~1.5 px) is
// clipped by all four sides. Approximated: rounded shapes under about 1.5 px thick, whose pixels can meet two
// opposite sides.
//
// The row solver is FillRowLines.swift (the planes it solves: FillAffineRoundedRectPlanes.swift); per-pixel
// coverage is FillAffineRoundedRectPixelCoverage.swift.

import Foundation
import RasterKernels

/// Rounded rectangle `rect` (local space) with circular corners of `radius`, mapped to device pixels by an
/// invertible affine transform (device = (a·x + c·y + tx, b·x + d·y + ty), CGAffineTransform's convention).
struct FillAffineRoundedRect: FillRoundedRectGeometry {
    // The vectors are stored as pairs of Doubles (read back as SIMD2 below): a stored SIMD2<Double> makes the
    // shape 16-byte aligned, and Swift on Linux allocates every 16-byte-aligned box or array through
    // posix_memalign (its malloc alignment mask is 7 there), which glibc serves without its thread cache:
    // ~300 instructions per allocation, for every shape of every frame.
    private let centerX: Double, centerY: Double, halfX: Double, halfY: Double
    let radius: Double
    private let jxX: Double, jxY: Double, jyX: Double, jyY: Double
    let determinant: Double
    private let inverseXX: Double, inverseXY: Double, inverseYX: Double, inverseYY: Double
    private let offsetX: Double, offsetY: Double
    // Local geometry.
    var center: SIMD2<Double> { SIMD2(centerX, centerY) }
    var halfSize: SIMD2<Double> { SIMD2(halfX, halfY) }
    // Forward linear part J (columns are the images of local x and y) and the inverse map.
    var jx: SIMD2<Double> { SIMD2(jxX, jxY) }
    var jy: SIMD2<Double> { SIMD2(jyX, jyY) }
    var inverseX: SIMD2<Double> { SIMD2(inverseXX, inverseXY) }
    var inverseY: SIMD2<Double> { SIMD2(inverseYX, inverseYY) }
    var inverseOffset: SIMD2<Double> { SIMD2(offsetX, offsetY) }
    /// Device half-planes n·p ≤ g (n not normalised, w = |n|) of the four sides, kept for radius 0 only (whose
    /// two-side pixels are clipped by them; rounded shapes need them only for the line sets below, so they
    /// keep an empty array and allocate nothing). The line sets also use the corner arcs' tangents at 45° and
    /// two chords per corner inscribed in the arc (arc halves 0°–45° and 45°–90°), built on the stack.
    let sides: [SIMD4<Double>]
    let rows: Range<Int>
    /// Solved for x per row once: the sides and tangents moved out by the pixel square's reach along each
    /// normal, (|nx| + |ny|) / 2 ≤ 0.7071 px (no coverage beyond them), the sides and chords moved in by it
    /// (full coverage within them: the chords bound a polygon inside the arcs), plus 1e-6 px each way.
    /// The per-pixel work is left to the thin band between, tight around the corners too.
    /// Sides and tangents moved out (8 planes); sides and the first four chords moved in; the other chords.
    /// Kept (behind one reference, 1.1 KB of lines) only for shapes without a row table: a tabulated shape's
    /// emitters read the table for every row they ask (they ask rows of `rows` only), so building and
    /// copying the lines into a heap object per shape would be wasted; `lineSets` rebuilds them from
    /// `localBounds` and the inverse map, with the same arithmetic, for tests and any row outside the table.
    let storedLineSets: FillRowLineSets?
    /// The rectangle as given (minX, minY, maxX, maxY): `center` and `halfSize` do not round-trip to it.
    private let minX: Double, minY: Double, maxX: Double, maxY: Double
    var localBounds: SIMD4<Double> { SIMD4(minX, minY, maxX, maxY) }
    var lineSets: FillRowLineSets {
        if let sets = storedLineSets { return sets }
        let built = Self.rowLines(bounds: localBounds, radius: radius, inverseX: inverseX, inverseY: inverseY,
                                  inverseOffset: inverseOffset)
        return FillRowLineSets(outer: built.outer, inner: built.inner, chords: built.chords)
    }
    var outerLines: FillRowLines { lineSets.outer }
    var innerLines: FillRowLines { lineSets.inner }
    var chordLines: FillRowLines { lineSets.chords }
    /// Each row's layout (outer lower, upper, uniform lower, upper: four Int32 per row, row k at 4k), computed
    /// once per shape because the compositor asks for a row once per tile it crosses; empty for shapes taller
    /// than `maximumTabulatedRows`, which compute rows on demand instead. Plain Int32, not SIMD4<Int32>, for
    /// the alignment reason above.
    let rowTable: [Int32]
    /// The rows the table holds (0 or rows.count).
    var tabulatedRows: Int { rowTable.count / 4 }
    static let maximumTabulatedRows = 4096
    /// The straight sides' coverage ramps: the local x sides (gradient ±M row 0) and y sides (±M row 1).
    let sideRampX: FillHalfPlaneRamp, sideRampY: FillHalfPlaneRamp
    /// Radius 0 and under about 1.5 px across in some direction: a pixel can meet two opposite sides.
    let thin: Bool
    /// Corner pixels whose |q|² lies beyond or within these have coverage exactly 0 or 1 (no square root).
    let cornerExits: FillCornerExitBounds
    /// The fast corner formula's per-shape term (rk_rrect_fast_corner_k; 0: not usable, or radius 0), once
    /// per shape: the kernel runs once per tile the shape crosses and would otherwise recompute it each time.
    let fastCornerK: Double

    /// Returns nil for a singular or non-finite transform, or an empty or non-finite rectangle.
    init?(minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double,
          a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        // Checked without a temporary array (this runs for every rotated layer of every frame).
        func usable(_ v: Double) -> Bool { v.isFinite && abs(v) < 1e12 }
        guard usable(minX), usable(minY), usable(maxX), usable(maxY), usable(radius), usable(a), usable(b),
              usable(c), usable(d), usable(tx), usable(ty), minX < maxX, minY < maxY
        else { return nil }
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        let halfSize = SIMD2((maxX - minX) / 2, (maxY - minY) / 2)
        (centerX, centerY) = ((minX + maxX) / 2, (minY + maxY) / 2)
        (halfX, halfY) = (halfSize.x, halfSize.y)
        let r = min(max(radius, 0), halfSize.x, halfSize.y)
        self.radius = r
        (jxX, jxY, jyX, jyY) = (a, b, c, d)
        determinant = det
        // Inverse: local = M·device + m, M = J⁻¹.
        let mRow0 = SIMD2(d, -c) / det, mRow1 = SIMD2(-b, a) / det
        (inverseXX, inverseXY, inverseYX, inverseYY) = (mRow0.x, mRow0.y, mRow1.x, mRow1.y)
        let m = SIMD2(-(mRow0.x * tx + mRow0.y * ty), -(mRow1.x * tx + mRow1.y * ty))
        (offsetX, offsetY) = (m.x, m.y)
        sideRampX = FillHalfPlaneRamp(deviceGradient: mRow0)
        sideRampY = FillHalfPlaneRamp(deviceGradient: mRow1)
        // A side's ramp is 1 wherever the pixel centre lies h device px inside it; the far side of a half-width
        // w (device px: local / scale) is at least w away, so it can cut a pixel only when w < h.
        cornerExits = FillCornerExitBounds(radius: r, inverseX: mRow0, inverseY: mRow1)
        thin = r == 0 && (halfSize.x < sideRampX.h * sideRampX.scale || halfSize.y < sideRampY.h * sideRampY.scale)
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        var lo = Double.infinity, hi = -Double.infinity
        func include(_ x: Double, _ y: Double) {
            let deviceY = b * x + d * y + ty
            lo = min(lo, deviceY)
            hi = max(hi, deviceY)
        }
        include(minX, minY)
        include(maxX, minY)
        include(minX, maxY)
        include(maxX, maxY)
        let rows = lo.isNaN || hi.isNaN ? 0..<0 : fillPixelIndex(lo.rounded(.down))..<fillPixelIndex(hi.rounded(.up))
        self.rows = rows
        // Values are clamped to ±1e9 by the column solvers, so they fit Int32 (FillRowLinesBatch.swift). With
        // AVX2 the table comes straight from the planes (the line sets built in C, FillRowTableTests); the
        // Swift line sets are built only without it, or kept for shapes too tall to tabulate.
        let tabulated = rows.count <= Self.maximumTabulatedRows
        let built = Self.withPlanes(
            bounds: SIMD4(minX, minY, maxX, maxY), radius: r, inverseX: mRow0, inverseY: mRow1, inverseOffset: m
        ) { planes -> ([Int32], FillRowLineSets?, [SIMD4<Double>]) in
            let sides = r == 0 ? Array(planes[0..<4]) : []
            if tabulated, let table = Self.tabulate(rows: rows, planes: planes) { return (table, nil, sides) }
            let lines = Self.lines(planes)
            if tabulated {
                return (Self.tabulate(rows: rows, outer: lines.outer, inner: lines.inner, chords: lines.chords), nil, sides)
            }
            return ([], FillRowLineSets(outer: lines.outer, inner: lines.inner, chords: lines.chords), sides)
        }
        (rowTable, storedLineSets, sides) = built
        // From the locals (the fields rk_rrect_fast_corner_k reads), not from `kernelShape`: copying the
        // half-built shape cost more than the per-tile calls this saves.
        var terms = rk_rrect_shape()
        (terms.ix_x, terms.ix_y, terms.iy_x, terms.iy_y) = (mRow0.x, mRow0.y, mRow1.x, mRow1.y)
        (terms.jx_x, terms.jx_y, terms.jy_x, terms.jy_y) = (a, b, c, d)
        (terms.radius, terms.determinant) = (r, det)
        fastCornerK = r > 0 ? rk_rrect_fast_corner_k(&terms) : 0
    }

    @inline(__always)
    func layout(row y: Int) -> FillRowLayout {
        let index = y &- rows.lowerBound
        if index >= 0 && index < tabulatedRows {
            let k = 4 &* index
            return FillRowLayout(outer: Range(uncheckedBounds: (Int(rowTable[k]), Int(rowTable[k &+ 1]))),
                                 uniform: Range(uncheckedBounds: (Int(rowTable[k &+ 2]), Int(rowTable[k &+ 3]))),
                                 uniformCoverage: 1)
        }
        return solvedLayout(row: y)
    }

    /// A row outside the table (every row of a shape too tall for one; the emitters ask no row outside
    /// `rows`, tests do): solved from the line sets.
    @inline(never)
    func solvedLayout(row y: Int) -> FillRowLayout {
        let sets = lineSets
        return Self.layout(row: y, outer: sets.outer, inner: sets.inner, chords: sets.chords)
    }

    /// One row's layout from the outer, inner and chord line sets (inlined: the sets are large values).
    @inline(__always)
    static func layout(row y: Int, outer: FillRowLines, inner: FillRowLines, chords: FillRowLines) -> FillRowLayout {
        // Each plane moved by the pixel square's reach along its normal: these bounds are conservative.
        @inline(__always) func intersect(_ p: Range<Int>, _ q: Range<Int>) -> Range<Int> {
            let a = max(p.lowerBound, q.lowerBound), b = min(p.upperBound, q.upperBound)
            return a < b ? a..<b : a..<a
        }
        let outerColumns = outer.columns(row: y)
        var inner = outerColumns.isEmpty ? outerColumns : inner.columns(row: y)
        if !inner.isEmpty { inner = intersect(inner, chords.columns(row: y)) }
        if !inner.isEmpty { inner = intersect(inner, outerColumns) }
        return FillRowLayout(outer: outerColumns,
                             uniform: inner.isEmpty ? outerColumns.lowerBound..<outerColumns.lowerBound : inner,
                             uniformCoverage: 1)
    }
}
