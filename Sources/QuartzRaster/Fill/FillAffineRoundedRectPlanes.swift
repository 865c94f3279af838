// FillAffineRoundedRect's 16 device half-planes (sides, corner tangents, corner chords) and the row-line
// sets built from them.
//
// Coordinate space: device pixels (planes n·p ≤ g with p a device point, n not normalised); local space is
// the rectangle's own, mapped to device pixels by the shape's transform. Numbers: Double.

import Foundation

extension FillAffineRoundedRect {
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
}
