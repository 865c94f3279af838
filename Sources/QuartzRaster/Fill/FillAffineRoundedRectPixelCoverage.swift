// FillAffineRoundedRect's per-pixel coverage: straight sides through precomputed ramps, corners by the
// distance to the arc (tangent half-plane's box filter minus the arc's sliver), sharp corners clipped exactly.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1), sampled over its whole square; local
// space is the rectangle's own. Numbers: Double, coverage in [0, 1].

import Foundation

extension FillAffineRoundedRect {
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
