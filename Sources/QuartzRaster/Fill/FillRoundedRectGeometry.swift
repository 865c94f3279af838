// Per-pixel coverage of rounded rectangles: exact in device axes, distance-based under an affine map.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1); "local" is the rectangle's own
// space before `transform`. Numbers: Double. Corners are exact circular arcs (Core Animation's
// cornerRadius is circular; the κ = 0.5522847498 cubic of CGPath differs from it by < 0.03 % of r).
//
// Axis-aligned: coverage = ∫ over the pixel's columns of the covered height between the top boundary
// t(x) and the bottom boundary b(x) (arcs near the corners), using ∫√(r² − u²) du = ½(u√(r² − u²) + r²·asin(u/r)).
// Exact up to floating point.
//
// Affine: the signed distance to the rounded rectangle is taken in local space and mapped to device pixels
// through the gradient (exact for the straight sides, first order on the arcs); coverage is the exact box
// filter of the tangent half-plane at that distance, minus the sliver between the tangent and the arc,
// ∫ s²/(2R) ds over the tangent's chord through the pixel, with R the arc's device radius of curvature
// R = r·|J·t|³/|det J| (t the local unit tangent). Pixels crossed by two opposite sides (shapes under
// about 1.5 px thick) are approximated.

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

/// Rounded rectangle with sides parallel to the device axes, corners of radius `radius` (device pixels).
struct FillAxisAlignedRoundedRect: FillRoundedRectGeometry {
    let x0: Double, y0: Double, x1: Double, y1: Double, radius: Double
    /// Row-independent parts of `layout(row:)`, computed once: the outer columns, the uniform columns of
    /// rows inside the straight band and of the other rows, and the rows that may have coverage.
    let outerColumns: Range<Int>
    let bandUniform: Range<Int>
    let cornerUniform: Range<Int>
    let rows: Range<Int>

    init(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = max(x0, x1)
        self.y1 = max(y0, y1)
        let r = min(max(radius, 0), (self.x1 - x0) / 2, (self.y1 - y0) / 2)
        self.radius = r
        let right = max(x0, x1), bottom = max(y0, y1)
        outerColumns = fillFloorIndex(x0)..<max(fillFloorIndex(x0), fillCeilIndex(right))
        bandUniform = Self.uniformColumns(x0, right, inset: 0)
        cornerUniform = Self.uniformColumns(x0, right, inset: r)
        let top = fillFloorIndex(y0)
        rows = x0 < right && y0 < bottom ? top..<max(top, fillCeilIndex(bottom)) : 0..<0
    }

    /// Columns whose pixels lie entirely inside [x0 + inset, x1 − inset).
    static func uniformColumns(_ x0: Double, _ x1: Double, inset: Double) -> Range<Int> {
        let a = fillCeilIndex(x0 + inset), b = fillFloorIndex(x1 - inset)
        return a < b ? a..<b : a..<a
    }

    @inline(__always)
    func layout(row y: Int) -> FillRowLayout {
        let top = Double(y), bottom = Double(y + 1)
        let rowCover = FillRectCoverage.overlap(y, y0, y1)
        // Columns entirely over the straight top and bottom sides: coverage is the row overlap alone.
        // Rows entirely between the corner bands: the same for every column fully inside [x0, x1).
        let straightBand = top >= y0 + radius && bottom <= y1 - radius
        return FillRowLayout(outer: outerColumns, uniform: straightBand ? bandUniform : cornerUniform,
                             uniformCoverage: rowCover)
    }

    func coverage(x: Int, y: Int) -> Double {
        let a = max(Double(x), x0), b = min(Double(x + 1), x1)
        if a >= b { return 0 }
        let lo = Double(y), hi = Double(y + 1)
        let r = radius, innerLeft = x0 + r, innerRight = x1 - r
        // covered = (b − a) − ∫(clamp(t) − lo) − ∫(hi − clamp(b)), valid because t(x) ≤ b(x) everywhere.
        var topExcess = 0.0, bottomExcess = 0.0
        func piece(_ p: Double, _ q: Double, u0: Double, u1: Double) {
            if p >= q { return }
            topExcess += Self.integrateClampedArc(u0, u1, r: r, base: y0 + r, sign: -1, lo: lo, hi: hi) - lo * (q - p)
            bottomExcess += hi * (q - p) - Self.integrateClampedArc(u0, u1, r: r, base: y1 - r, sign: 1, lo: lo, hi: hi)
        }
        // Left corner zone (u = innerLeft − x), straight middle (u = 0), right corner zone (u = x − innerRight).
        let leftEnd = min(b, innerLeft)
        if a < leftEnd { piece(a, leftEnd, u0: innerLeft - leftEnd, u1: innerLeft - a) }
        let midA = max(a, innerLeft), midB = min(b, innerRight)
        if midA < midB {
            topExcess += (min(max(y0, lo), hi) - lo) * (midB - midA)
            bottomExcess += (hi - min(max(y1, lo), hi)) * (midB - midA)
        }
        let rightStart = max(a, innerRight)
        if rightStart < b { piece(rightStart, b, u0: rightStart - innerRight, u1: b - innerRight) }
        return min(max((b - a) - topExcess - bottomExcess, 0), 1)
    }

    /// ∫_{u0}^{u1} clamp(base + sign·√(r² − u²), lo, hi) du for 0 ≤ u0 ≤ u1 ≤ r (monotone integrand).
    static func integrateClampedArc(
        _ u0: Double, _ u1: Double, r: Double, base: Double, sign: Double, lo: Double, hi: Double
    ) -> Double {
        let ua = max(0, min(u0, r)), ub = max(0, min(u1, r))
        if ua >= ub { return 0 }
        @inline(__always) func g(_ u: Double) -> Double { base + sign * (max(0, r * r - u * u)).squareRoot() }
        @inline(__always) func primitive(_ u: Double) -> Double {
            let s = max(0, r * r - u * u).squareRoot()
            return 0.5 * (u * s + r * r * asin(min(1, u / r)))
        }
        // Where the arc crosses lo and hi: at most two cuts, kept in order without allocating.
        @inline(__always) func crossing(_ level: Double) -> Double {
            let w = (level - base) * sign
            guard w >= 0 && w <= r else { return ub }
            let u = (r * r - w * w).squareRoot()
            return u > ua && u < ub ? u : ub
        }
        var c1 = crossing(lo), c2 = crossing(hi)
        if c2 < c1 { swap(&c1, &c2) }
        var total = 0.0
        @inline(__always) func add(_ p: Double, _ q: Double) {
            if q <= p { return }
            let mid = g(0.5 * (p + q))
            if mid <= lo {
                total += lo * (q - p)
            } else if mid >= hi {
                total += hi * (q - p)
            } else {
                total += base * (q - p) + sign * (primitive(q) - primitive(p))
            }
        }
        add(ua, c1)
        add(c1, c2)
        add(c2, ub)
        return total
    }
}

/// Rounded rectangle `rect` (local space) with circular corners of `radius`, mapped to device pixels by an
/// invertible affine transform (device = (a·x + c·y + tx, b·x + d·y + ty), CGAffineTransform's convention).
struct FillAffineRoundedRect: FillRoundedRectGeometry {
    // Local geometry.
    let center: SIMD2<Double>, halfSize: SIMD2<Double>, radius: Double
    // Forward linear part J (columns are the images of local x and y) and the inverse map.
    let jx: SIMD2<Double>, jy: SIMD2<Double>, determinant: Double
    let inverseX: SIMD2<Double>, inverseY: SIMD2<Double>, inverseOffset: SIMD2<Double>
    /// Device half-planes n·p ≤ g (n not normalised, w = |n|): the four sides, the corner arcs' tangents at
    /// 45°, and two chords per corner inscribed in the arc (arc halves 0°–45° and 45°–90°).
    let sides: [SIMD4<Double>]
    let tangents: [SIMD4<Double>]
    let chords: [SIMD4<Double>]
    let rows: Range<Int>
    /// Solved for x per row once: the sides and tangents moved out by the pixel square's reach along each
    /// normal, (|nx| + |ny|) / 2 ≤ 0.7071 px (no coverage beyond them), the sides and chords moved in by it
    /// (full coverage within them: the chords bound a polygon inside the arcs), plus 1e-6 px each way.
    /// The per-pixel work is left to the thin band between, tight around the corners too.
    /// Sides and tangents moved out (8 planes); sides and the first four chords moved in; the other chords.
    /// Held behind one reference (1.1 KB of lines): the compositor copies the shape for every tile it visits.
    let lineSets: FillRowLineSets
    var outerLines: FillRowLines { lineSets.outer }
    var innerLines: FillRowLines { lineSets.inner }
    var chordLines: FillRowLines { lineSets.chords }
    /// Each row's layout (outer lower, upper, uniform lower, upper), computed once per shape because the
    /// compositor asks for a row once per tile it crosses; empty for shapes taller than
    /// `maximumTabulatedRows`, which compute rows on demand instead.
    let rowTable: [SIMD4<Int32>]
    static let maximumTabulatedRows = 4096
    /// The straight sides' coverage ramps: the local x sides (gradient ±M row 0) and y sides (±M row 1).
    let sideRampX: FillHalfPlaneRamp, sideRampY: FillHalfPlaneRamp

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
        center = SIMD2((minX + maxX) / 2, (minY + maxY) / 2)
        halfSize = SIMD2((maxX - minX) / 2, (maxY - minY) / 2)
        let r = min(max(radius, 0), halfSize.x, halfSize.y)
        self.radius = r
        jx = SIMD2(a, b)
        jy = SIMD2(c, d)
        determinant = det
        // Inverse: local = M·device + m, M = J⁻¹.
        let mRow0 = SIMD2(d, -c) / det, mRow1 = SIMD2(-b, a) / det
        inverseX = mRow0
        inverseY = mRow1
        let m = SIMD2(-(mRow0.x * tx + mRow0.y * ty), -(mRow1.x * tx + mRow1.y * ty))
        inverseOffset = m
        sideRampX = FillHalfPlaneRamp(deviceGradient: mRow0)
        sideRampY = FillHalfPlaneRamp(deviceGradient: mRow1)
        // A local half-plane α·q ≤ γ becomes (Mᵀα)·p ≤ γ − α·m in device space.
        func deviceHalfPlane(_ alpha: SIMD2<Double>, _ gamma: Double) -> SIMD4<Double> {
            let n = alpha.x * mRow0 + alpha.y * mRow1
            let g = gamma - (alpha.x * m.x + alpha.y * m.y)
            return SIMD4(n.x, n.y, g, (n.x * n.x + n.y * n.y).squareRoot())
        }
        sides = [
            deviceHalfPlane(SIMD2(1, 0), maxX), deviceHalfPlane(SIMD2(-1, 0), -minX),
            deviceHalfPlane(SIMD2(0, 1), maxY), deviceHalfPlane(SIMD2(0, -1), -minY),
        ]
        // Corner k has outward signs σ and arc centre c; a local half-plane α·(q − c) ≤ ρ with α a unit
        // direction (σx·cos φ, σy·sin φ) is the arc's tangent at φ for ρ = r and, for ρ = r·cos 22.5°, the
        // chord over φ ± 22.5°.
        // Corners k = 0...3 in the order (−,−), (+,−), (−,+), (+,+); the planes are built without temporary
        // arrays (this runs for every rotated layer of every frame), in the same order and arithmetic.
        func corner(_ k: Int) -> (SIMD2<Double>, SIMD2<Double>) {
            let sx: Double = k & 1 == 0 ? -1 : 1, sy: Double = k < 2 ? -1 : 1
            return (SIMD2(sx, sy), SIMD2(sx < 0 ? minX + r : maxX - r, sy < 0 ? minY + r : maxY - r))
        }
        func cornerPlane(_ corner: (SIMD2<Double>, SIMD2<Double>), degrees: Double, reach: Double) -> SIMD4<Double> {
            let phi = degrees * Double.pi / 180
            let alpha = corner.0 * SIMD2(cos(phi), sin(phi))
            return deviceHalfPlane(alpha, (alpha * corner.1).sum() + reach)
        }
        let chordReach = r * cos(Double.pi / 8)
        var tangentPlanes: [SIMD4<Double>] = [], chordPlanes: [SIMD4<Double>] = []
        tangentPlanes.reserveCapacity(4)
        chordPlanes.reserveCapacity(8)
        for k in 0..<4 { tangentPlanes.append(cornerPlane(corner(k), degrees: 45, reach: r)) }
        for k in 0..<4 { chordPlanes.append(cornerPlane(corner(k), degrees: 22.5, reach: chordReach)) }
        for k in 0..<4 { chordPlanes.append(cornerPlane(corner(k), degrees: 67.5, reach: chordReach)) }
        tangents = tangentPlanes
        chords = chordPlanes
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
        rows = lo.isNaN || hi.isNaN ? 0..<0 : fillPixelIndex(lo.rounded(.down))..<fillPixelIndex(hi.rounded(.up))
        let outerLines = FillRowLines(sides[...], tangentPlanes[...], offset: -1, pixelMargin: true)
        let innerLines = FillRowLines(sides[...], chordPlanes[0..<4], offset: 1, pixelMargin: true)
        let chordLines = FillRowLines(chordPlanes[4..<8], [], offset: 1, pixelMargin: true)
        lineSets = FillRowLineSets(outer: outerLines, inner: innerLines, chords: chordLines)
        // Values are clamped to ±1e9 by the column solvers, so they fit Int32 (FillRowLinesBatch.swift).
        rowTable = rows.count <= Self.maximumTabulatedRows
            ? Self.tabulate(rows: rows, outer: outerLines, inner: innerLines, chords: chordLines) : []
    }

    /// Pixel columns whose centres (x + 0.5, y + 0.5) satisfy every half-plane moved by `offset` device px
    /// (positive shrinks). Empty when the row misses them.
    func columns(row y: Int, planes: [SIMD4<Double>], offset: Double) -> Range<Int> {
        FillRowLines(planes: planes, offset: offset).columns(row: y)
    }

    @inline(__always)
    func layout(row y: Int) -> FillRowLayout {
        let index = y &- rows.lowerBound
        if index >= 0 && index < rowTable.count {
            let e = rowTable[index]
            return FillRowLayout(outer: Range(uncheckedBounds: (Int(e.x), Int(e.y))),
                                 uniform: Range(uncheckedBounds: (Int(e.z), Int(e.w))), uniformCoverage: 1)
        }
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
    /// corner pixels call out to `cornerCoverage`.
    @inline(__always)
    func coverage(x: Int, y: Int) -> Double {
        let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
        let local = SIMD2((inverseX * p).sum(), (inverseY * p).sum()) + inverseOffset
        let offset = local - center
        let q = SIMD2(abs(offset.x), abs(offset.y)) - (halfSize - SIMD2(radius, radius))
        // Straight sides: the device normal is constant, so the ramp's terms are precomputed (same values).
        if !(q.x > 0 && q.y > 0) {
            return q.x > q.y ? sideRampX.coverage(distance: q.x - radius) : sideRampY.coverage(distance: q.y - radius)
        }
        return cornerCoverage(offset: offset, q: q)
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

/// A rotated rounded rect's three row-line sets (FillAffineRoundedRect), immutable once built.
final class FillRowLineSets: Sendable {
    let outer: FillRowLines, inner: FillRowLines, chords: FillRowLines

    init(outer: FillRowLines, inner: FillRowLines, chords: FillRowLines) {
        self.outer = outer
        self.inner = inner
        self.chords = chords
    }
}

/// Up to eight device half-planes n·p ≤ g − offset·|n| solved for x at a row's pixel centres, set up once per shape:
/// a plane with n.x > 0 bounds x from above by intercept − slope·yc, one with n.x < 0 from below, and a
/// plane with n.x ≈ 0 either admits the whole row or none of it. Lanes a plane does not use hold neutral
/// values (±infinity, or a test that always passes), so a row costs a few multiplies and no branches.
struct FillRowLines: Sendable {
    let upperIntercept: SIMD8<Double>, upperSlope: SIMD8<Double>
    let lowerIntercept: SIMD8<Double>, lowerSlope: SIMD8<Double>
    /// Horizontal planes: the row is empty when constant − ny·yc < 0.
    let flatConstant: SIMD8<Double>, flatSlope: SIMD8<Double>

    init(planes: [SIMD4<Double>], offset: Double) {
        self.init(planes[...], [], offset: offset)
    }

    /// The planes of `first` then `second` (the first 8 in all), without joining them into a new array.
    /// With `pixelMargin`, each plane moves by the pixel square's own reach along its normal,
    /// (|nx| + |ny|) / 2 device px (≤ 0.7071) plus 1e-6 px, outward for a negative `offset`, inward for a
    /// positive one, instead of by |offset|: the exact bound for "the square lies wholly on one side".
    init(_ first: ArraySlice<SIMD4<Double>>, _ second: ArraySlice<SIMD4<Double>>, offset: Double,
         pixelMargin: Bool = false) {
        var ui = SIMD8<Double>(repeating: .infinity), us = SIMD8<Double>(repeating: 0)
        var li = SIMD8<Double>(repeating: -.infinity), ls = SIMD8<Double>(repeating: 0)
        var fc = SIMD8<Double>(repeating: 0), fs = SIMD8<Double>(repeating: 0)
        for i in 0..<min(8, first.count + second.count) {
            let plane = i < first.count ? first[first.startIndex + i] : second[second.startIndex + i - first.count]
            let shift = pixelMargin
                ? (offset < 0 ? -1.0 : 1.0) * (0.5 * (abs(plane.x) + abs(plane.y)) + 1e-6 * plane.w)
                : offset * plane.w
            let constant = plane.z - shift
            if plane.x > 1e-12 {
                ui[i] = constant / plane.x
                us[i] = plane.y / plane.x
            } else if plane.x < -1e-12 {
                li[i] = constant / plane.x
                ls[i] = plane.y / plane.x
            } else {
                fc[i] = constant
                fs[i] = plane.y
            }
        }
        (upperIntercept, upperSlope, lowerIntercept, lowerSlope, flatConstant, flatSlope) = (ui, us, li, ls, fc, fs)
    }

    @inline(__always)
    func columns(row y: Int) -> Range<Int> {
        let yc = Double(y) + 0.5
        let flat = flatConstant - flatSlope * yc
        // (`any(flat .< 0)` is an out-of-line generic call; the pairwise minimum stays inline.)
        let f = fillLaneMin(flat.lowHalf, flat.highHalf)
        if min(min(f.x, f.y), min(f.z, f.w)) < 0 { return 0..<0 }
        let u = upperIntercept - upperSlope * yc, l = lowerIntercept - lowerSlope * yc
        // Pairwise halving (exact: min and max do not round).
        let u4 = fillLaneMin(u.lowHalf, u.highHalf), l4 = fillLaneMax(l.lowHalf, l.highHalf)
        let hi = min(min(u4.x, u4.y), min(u4.z, u4.w)), lo = max(max(l4.x, l4.y), max(l4.z, l4.w))
        guard lo <= hi else { return 0..<0 }  // also rejects NaN
        let a = lo - 0.5, b = hi - 0.5
        let first: Int, last: Int
        if a > -1e9 && b < 1e9 {
            // Inside ±1e9 truncation is exact, so ceil and floor need one correction each (as the helpers).
            let ta = Int(a), tb = Int(b)
            first = Double(ta) < a ? ta + 1 : ta
            last = Double(tb) > b ? tb - 1 : tb
        } else {
            first = fillCeilIndex(a)
            last = fillFloorIndex(b)
        }
        return first <= last ? first..<(last + 1) : 0..<0
    }
}

/// Lane-wise minimum and maximum without NaN bookkeeping (`replacing(with:where:)` is a compare and a blend).
@inline(__always) func fillLaneMin(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    a.replacing(with: b, where: b .< a)
}

@inline(__always) func fillLaneMax(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    a.replacing(with: b, where: b .> a)
}
