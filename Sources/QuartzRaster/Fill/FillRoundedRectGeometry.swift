// Per-pixel coverage of rounded rectangles: exact in device axes, distance-based under an affine map.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1); "local" is the rectangle's own
// space before `transform`. Numbers: Double. Corners are exact circular arcs (Core Animation's
// cornerRadius is circular; the κ = 0.5522847498 cubic of CGPath differs from it by < 0.03 % of r).
//
// Axis-aligned (FillRoundedRectAxisAligned.swift): coverage = ∫ over the pixel's columns of the covered
// height between the top boundary t(x) and the bottom boundary b(x) (arcs near the corners), using
// ∫√(r² − u²) du = ½(u√(r² − u²) + r²·asin(u/r)). Exact up to floating point.
//
// Affine (below; its row solver is FillRowLines.swift): the signed distance to the rounded rectangle is taken
// in local space and mapped to device pixels through the gradient (exact for the straight sides, first order
// on the arcs); coverage is the exact box filter of the tangent half-plane at that distance, minus the sliver
// between the tangent and the arc, ∫ s²/(2R) ds over the tangent's chord through the pixel, with R the arc's
// device radius of curvature R = r·|J·t|³/|det J| (t the local unit tangent). Sharp shapes (radius 0) are
// exact: a pixel meeting two sides (a corner, a bar thinner than ~1.5 px) is clipped by all four sides.
// Approximated: rounded shapes under about 1.5 px thick, whose pixels can meet two opposite sides.

import Foundation

/// How one pixel row splits: pixels outside `outer` have no coverage; pixels in `uniform` (within
/// `outer`) all have coverage `uniformCoverage`; the rest need `coverage(x:y:)`.
struct FillRowLayout {
    var outer: Range<Int>
    var uniform: Range<Int>
    var uniformCoverage: Double
}

/// A whole-valued device coordinate as an Int, clamped to ±1e9 so that huge, infinite or NaN geometry cannot
/// trap in `Int(_:)`; callers clip spans to their bitmap, so the clamp is far outside any reachable pixel.
@inline(__always) func fillPixelIndex(_ v: Double) -> Int {
    v.isNaN ? 0 : Int(min(max(v, -1e9), 1e9))
}

/// fillPixelIndex(v.rounded(.down)) without a libm call (floor is a library call unless SSE4.1 is enabled).
@inline(__always) func fillFloorIndex(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    let c = min(max(v, -1e9), 1e9)
    let t = Int(c)  // truncates toward zero; exact for |c| ≤ 1e9
    return Double(t) > c ? t - 1 : t
}

/// fillPixelIndex(v.rounded(.up)) without a libm call.
@inline(__always) func fillCeilIndex(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    let c = min(max(v, -1e9), 1e9)
    let t = Int(c)
    return Double(t) < c ? t + 1 : t
}

protocol FillRoundedRectGeometry: Sendable {
    /// Rows that may have coverage.
    var rows: Range<Int> { get }
    func layout(row y: Int) -> FillRowLayout
    func coverage(x: Int, y: Int) -> Double
}

/// The unit directions (cos φ, sin φ) of FillAffineRoundedRect's corner planes (φ = 45°, 22.5°, 67.5°, each
/// as degrees · π / 180) and cos 22.5° (π / 8) for the chords' reach: the same libm values, computed once.
enum FillCornerPlaneAngles {
    static let tangent = direction(degrees: 45)
    static let lowChord = direction(degrees: 22.5)
    static let highChord = direction(degrees: 67.5)
    static let chordCosine = cos(Double.pi / 8)

    static func direction(degrees: Double) -> SIMD2<Double> {
        let phi = degrees * Double.pi / 180
        return SIMD2(cos(phi), sin(phi))
    }
}

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
    }

    /// The outer, inner and chord line sets (and the four side planes for radius 0, else none) of the local
    /// rectangle `bounds` (minX, minY, maxX, maxY) with corner `radius` (already clamped) under the inverse map
    /// local = (inverseX·p, inverseY·p) + inverseOffset.
    static func rowLines(
        bounds: SIMD4<Double>, radius r: Double, inverseX mRow0: SIMD2<Double>, inverseY mRow1: SIMD2<Double>,
        inverseOffset m: SIMD2<Double>
    ) -> (outer: FillRowLines, inner: FillRowLines, chords: FillRowLines, sides: [SIMD4<Double>]) {
        withPlanes(bounds: bounds, radius: r, inverseX: mRow0, inverseY: mRow1, inverseOffset: m) { planes in
            let sets = lines(planes)
            return (sets.outer, sets.inner, sets.chords, r == 0 ? Array(planes[0..<4]) : [])
        }
    }

    /// The three line sets of `planes` (as `withPlanes` orders them).
    static func lines(_ planes: UnsafeBufferPointer<SIMD4<Double>>)
        -> (outer: FillRowLines, inner: FillRowLines, chords: FillRowLines)
    {
        (FillRowLines(count: 8, offset: -1, pixelMargin: true) { planes[$0] },
         FillRowLines(count: 8, offset: 1, pixelMargin: true) { planes[$0 < 4 ? $0 : $0 + 4] },
         FillRowLines(count: 4, offset: 1, pixelMargin: true) { planes[12 + $0] })
    }

    /// `body` on the shape's 16 device half-planes (n.x, n.y, g, |n|; n not normalised): 0 ..< 4 the sides,
    /// 4 ..< 8 the arcs' tangents, 8 ..< 16 the chords (22.5° then 67.5°), on the stack.
    static func withPlanes<R>(
        bounds: SIMD4<Double>, radius r: Double, inverseX mRow0: SIMD2<Double>, inverseY mRow1: SIMD2<Double>,
        inverseOffset m: SIMD2<Double>, _ body: (UnsafeBufferPointer<SIMD4<Double>>) -> R
    ) -> R {
        let minX = bounds.x, minY = bounds.y, maxX = bounds.z, maxY = bounds.w
        // A local half-plane α·q ≤ γ becomes (Mᵀα)·p ≤ γ − α·m in device space.
        func deviceHalfPlane(_ alpha: SIMD2<Double>, _ gamma: Double) -> SIMD4<Double> {
            let n = alpha.x * mRow0 + alpha.y * mRow1
            let g = gamma - (alpha.x * m.x + alpha.y * m.y)
            return SIMD4(n.x, n.y, g, (n.x * n.x + n.y * n.y).squareRoot())
        }
        // Corner k has outward signs σ and arc centre c; a local half-plane α·(q − c) ≤ ρ with α a unit
        // direction (σx·cos φ, σy·sin φ) is the arc's tangent at φ for ρ = r and, for ρ = r·cos 22.5°, the
        // chord over φ ± 22.5°.
        // Corners k = 0...3 in the order (−,−), (+,−), (−,+), (+,+); the planes are built without heap
        // arrays (this runs for every rotated layer of every frame), in the same order and arithmetic.
        func corner(_ k: Int) -> (SIMD2<Double>, SIMD2<Double>) {
            let sx: Double = k & 1 == 0 ? -1 : 1, sy: Double = k < 2 ? -1 : 1
            return (SIMD2(sx, sy), SIMD2(sx < 0 ? minX + r : maxX - r, sy < 0 ? minY + r : maxY - r))
        }
        func cornerPlane(_ corner: (SIMD2<Double>, SIMD2<Double>), _ direction: SIMD2<Double>, reach: Double)
            -> SIMD4<Double>
        {
            let alpha = corner.0 * direction
            return deviceHalfPlane(alpha, (alpha * corner.1).sum() + reach)
        }
        let chordReach = r * FillCornerPlaneAngles.chordCosine
        // Planes 0..<4 the sides, 4..<8 the tangents, 8..<16 the chords (22.5° then 67.5°).
        let built = withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: 16) { buffer in
            // Invariant: all 16 planes are written before any is read.
            buffer.initialize(repeating: .zero)
            buffer[0] = deviceHalfPlane(SIMD2(1, 0), maxX)
            buffer[1] = deviceHalfPlane(SIMD2(-1, 0), -minX)
            buffer[2] = deviceHalfPlane(SIMD2(0, 1), maxY)
            buffer[3] = deviceHalfPlane(SIMD2(0, -1), -minY)
            for k in 0..<4 { buffer[4 + k] = cornerPlane(corner(k), FillCornerPlaneAngles.tangent, reach: r) }
            for k in 0..<4 { buffer[8 + k] = cornerPlane(corner(k), FillCornerPlaneAngles.lowChord, reach: chordReach) }
            for k in 0..<4 { buffer[12 + k] = cornerPlane(corner(k), FillCornerPlaneAngles.highChord, reach: chordReach) }
            return body(UnsafeBufferPointer(buffer))
        }
        return built
    }

    /// Pixel columns whose centres (x + 0.5, y + 0.5) satisfy every half-plane moved by `offset` device px
    /// (positive shrinks). Empty when the row misses them.
    func columns(row y: Int, planes: [SIMD4<Double>], offset: Double) -> Range<Int> {
        FillRowLines(planes: planes, offset: offset).columns(row: y)
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

    /// Inlined into the span loops: most edge pixels lie along the straight sides, which cost a few operations;
    /// corner pixels well outside or inside the arc exit on |q|² (FillAffineRoundedRectCornerBounds.swift:
    /// the values cornerCoverage would return), the rest call out to `cornerCoverage`.
    @inline(__always)
    func coverage(x: Int, y: Int) -> Double {
        let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
        let local = SIMD2((inverseX * p).sum(), (inverseY * p).sum()) + inverseOffset
        let offset = local - center
        let q = SIMD2(abs(offset.x), abs(offset.y)) - (halfSize - SIMD2(radius, radius))
        if radius == 0 { return sharpCoverage(q, x: x, y: y) }
        // Straight sides: the device normal is constant, so the ramp's terms are precomputed (same values).
        if !(q.x > 0 && q.y > 0) {
            return q.x > q.y ? sideRampX.coverage(distance: q.x - radius) : sideRampY.coverage(distance: q.y - radius)
        }
        let lengthSquared = q.x * q.x + q.y * q.y
        if lengthSquared >= cornerExits.outside { return 0 }
        if lengthSquared <= cornerExits.inside { return 1 }
        return cornerCoverage(offset: offset, q: q)
    }

    /// Radius 0 (`q` = distances to the nearest x and y sides): the nearest side's ramp where the pixel meets
    /// one side only (the same value as the rounded path's side branch); where it meets two — a corner, or
    /// both sides of a bar under about 1.5 px thick (`thin`) — one half-plane's box filter over-covers, so
    /// the pixel square is clipped by all four sides instead (exact).
    @inline(__always)
    func sharpCoverage(_ q: SIMD2<Double>, x: Int, y: Int) -> Double {
        if thin { return clippedPixelArea(x: x, y: y) }
        let nearX = sideRampX.coverage(distance: q.x), nearY = sideRampY.coverage(distance: q.y)
        if nearX == 0 || nearY == 0 { return 0 }
        if nearX == 1 || nearY == 1 { return min(nearX, nearY) }
        return clippedPixelArea(x: x, y: y)
    }

    /// Area of pixel (x, y) inside all four sides: the pixel square clipped by each side's half-plane in turn
    /// (Sutherland–Hodgman; a convex polygon gains at most one vertex per cut, so 8 suffice), then the shoelace
    /// formula. Coordinates are relative to the pixel centre, where they are small and precise.
    @inline(never)
    func clippedPixelArea(x: Int, y: Int) -> Double {
        let centre = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
        return withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 16) { buffer -> Double in
            // Invariant: `polygon` and `clipped` are disjoint halves of the buffer, 8 vertices each.
            guard var polygon = buffer.baseAddress else { return 0 }
            var clipped = polygon + 8
            polygon[0] = SIMD2(-0.5, -0.5)
            polygon[1] = SIMD2(0.5, -0.5)
            polygon[2] = SIMD2(0.5, 0.5)
            polygon[3] = SIMD2(-0.5, 0.5)
            var count = 4
            for side in sides {
                let n = SIMD2(side.x, side.y), limit = side.z - (n * centre).sum()
                var kept = 0
                for i in 0..<count {
                    let p = polygon[i], next = polygon[i + 1 == count ? 0 : i + 1]
                    let dp = (n * p).sum() - limit, dNext = (n * next).sum() - limit
                    if dp <= 0 {
                        clipped[kept] = p
                        kept += 1
                    }
                    if (dp <= 0) != (dNext <= 0) {
                        clipped[kept] = p + (next - p) * (dp / (dp - dNext))
                        kept += 1
                    }
                }
                swap(&polygon, &clipped)
                count = kept
                if count < 3 { return 0 }
            }
            var twiceArea = 0.0
            for i in 0..<count {
                let p = polygon[i], next = polygon[i + 1 == count ? 0 : i + 1]
                twiceArea += p.x * next.y - next.x * p.y
            }
            return min(max(abs(twiceArea) / 2, 0), 1)
        }
    }

    /// Coverage of a pixel whose centre lies in a corner zone (q > 0 on both axes; offset from the centre).
    @inline(never)
    func cornerCoverage(offset: SIMD2<Double>, q: SIMD2<Double>) -> Double {
        let signs = SIMD2<Double>(offset.x < 0 ? -1 : 1, offset.y < 0 ? -1 : 1)
        let length = (q.x * q.x + q.y * q.y).squareRoot()
        let distance = length - radius
        let gradient = signs * q / length
        let onArc = radius > 0
        // Device gradient of the local distance: Mᵀ·g.
        let deviceGradient = gradient.x * inverseX + gradient.y * inverseY
        let scale = (deviceGradient * deviceGradient).sum().squareRoot()
        guard scale > 0 else { return 0 }
        let normal = deviceGradient / scale
        let lineOffset = -distance / scale  // covered side: n·(p − centre) ≤ lineOffset
        var area = Self.halfPlaneCoverage(lineOffset, normal)
        if onArc && area > 0 && area < 1 {
            // Device radius of curvature of the arc's image at the nearest point.
            let tangent = SIMD2(-gradient.y, gradient.x)
            let image = tangent.x * jx + tangent.y * jy
            let stretch = (image * image).sum().squareRoot()
            let deviceRadius = radius * stretch * stretch * stretch / abs(determinant)
            if let (s0, s1) = Self.chord(lineOffset, normal) {
                area -= (s1 * s1 * s1 - s0 * s0 * s0) / (6 * deviceRadius)
            }
        }
        return min(max(area, 0), 1)
    }

    /// Area of {p ∈ [−½, ½]² : n·p ≤ s} for a unit normal n: the box filter of a half-plane.
    static func halfPlaneCoverage(_ s: Double, _ n: SIMD2<Double>) -> Double {
        var a = abs(n.x), b = abs(n.y)
        if b > a { swap(&a, &b) }
        if b < 1e-9 { return min(max(0.5 + s / a, 0), 1) }
        let h = (a + b) / 2, k = (a - b) / 2
        if s >= h { return 1 }
        if s <= -h { return 0 }
        if abs(s) <= k { return 0.5 + s / a }
        if s > k { return 1 - (h - s) * (h - s) / (2 * a * b) }
        return (s + h) * (s + h) / (2 * a * b)
    }

    /// The parameter range [s0, s1] of the line {s·n + τ·t} (t ⟂ n) inside the unit pixel, τ measured from
    /// the foot of the pixel centre; nil when the line misses the pixel.
    static func chord(_ s: Double, _ n: SIMD2<Double>) -> (Double, Double)? {
        let foot = s * n, t = SIMD2(-n.y, n.x)
        var lo = -Double.infinity, hi = Double.infinity
        for axis in 0..<2 {
            let f = foot[axis], dt = t[axis]
            if abs(dt) < 1e-12 {
                if abs(f) > 0.5 { return nil }
                continue
            }
            let p = (-0.5 - f) / dt, q = (0.5 - f) / dt
            lo = max(lo, min(p, q))
            hi = min(hi, max(p, q))
        }
        return lo < hi ? (lo, hi) : nil
    }
}

