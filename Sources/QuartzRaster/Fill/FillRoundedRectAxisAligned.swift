// Per-pixel coverage of rounded rectangles whose sides stay parallel to the device axes (identity,
// translation, uniform scale): exact areas (see FillRoundedRectGeometry.swift's file note for the integral).
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1). Numbers: Double.

import Foundation

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
