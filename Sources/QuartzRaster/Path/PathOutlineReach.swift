// How far a stroke outline can reach from its path, and the per-path test that lets every outline point skip
// the edge writer's clip tests.
//
// Coordinate space: the path's own (user) space for the reach, device pixels after the affine transform for
// the test. Numbers: Double.
//
// Why every outline point lies within reach R = h·max(2, miter limit if mitred) + 2t of the box B of the
// path's points (h the half width, t the stroke tolerance), before rounding: the flattened points lie in the
// convex hull of the control points (they are convex combinations of them), so in B. From a vertex v the
// stroker (PathStroker.swift, PathStrokeJoins.swift) emits: v ± n with |n| = h (offsets, bevels, butt caps);
// v itself (an inner pivot); an inner meeting point v − a·h·tan(θ/2) + n whose step along the segment is at
// most half its length (the join's own condition), so it is a point of the segment (in B) plus n; an outer
// meeting point at distance h/cos(θ/2) ≤ h·miterLimit (a drawn miter) or ≤ h + t/2 (a smooth vertex, up to
// the last bits of `smoothDotLimit`); square-cap corners at h·√2; and round vertices at the chord radius
// ρ = h·σ/sin σ at most (two chords, σ ≤ π/2, so ρ ≤ h·π/2; more chords only shrink it; a dot has σ ≤ π/2
// too). All of these are below R.
// Rounding: an outline point is a handful of operations on coordinates of magnitude ≤ M = |B| + R, so it
// lies within a few ulps of M of its exact value (a round arc's rotation recurrence drifts by a few ulps per
// step, at most 1024 steps: still < M·2^-40), except where a meeting point divides by 1 + cos θ: then the
// error grows to ~2^-53·h/(1 + cos θ). The limits below keep that small too: for a miter 1 + cos θ ≥
// 2/limit² with limit ≤ 1024; for a smooth vertex 1 + cos θ ≥ 2(h/(h + t/2))² with t ≤ 2^20·h; for an inner
// meeting point 1 + cos θ ≥ 2/(1 + (L/2h)²) with the segment length L ≤ 2M ≤ 2^22·h. In each case the error
// stays below M·2^-33. The device map adds a few ulps of its terms' magnitudes. The slacks below are 2^-30 of
// those magnitudes: more than eight times the worst case, plus the 2^-10 px margin of holdsInside (and any
// point within the clip's closed rectangle would give the same edge through lineInside anyway). Growing the boxes by those
// slacks and asking the grown device box to hold inside the writer's clip (2^-10 px inside every side)
// therefore proves that every computed device point holds inside, so FillEdgeWriter.line(to:) would take
// `lineInside` for each of them (PathOutlineReachTests checks the reach on random strokes).
import Foundation
import QuartzMath

enum PathOutlineReach {
    /// The bound R of the file header, or nil when the style is outside the proof's limits (a miter limit
    /// above 1024, a tolerance above 2^20 half widths, anything not finite).
    static func reach(halfWidth h: Double, style: PathStrokeStyle, tolerance t: Double) -> Double? {
        let factor = style.lineJoin == .miter ? max(2, style.miterLimit) : 2
        guard factor <= 1024, h > 0, t >= 0, t <= h * 0x1p20 else { return nil }
        let r = h * factor + 2 * t
        return r.isFinite ? r : nil
    }

    /// True when every point the outline of a path whose points lie in `box` (CGRect's corners may be off by
    /// an ulp: far inside the slack) sends through `transform` holds inside `sink` (see the file header);
    /// false whenever a bound is not finite or the box lies more than 2^20 half widths from the origin.
    static func outlineHoldsInside<Sink: PathOutlineEdgeSink>(
        box: CGRect, halfWidth h: Double, reach: Double, transform m: CGAffineTransform, sink: Sink
    ) -> Bool {
        guard !box.isNull else { return false }
        var low = SIMD2<Double>(Double(box.minX), Double(box.minY))
        var high = SIMD2<Double>(Double(box.maxX), Double(box.maxY))
        let magnitude = max(max(abs(low.x), abs(low.y)), max(abs(high.x), abs(high.y)))
        // Also false for NaN and infinities.
        guard magnitude <= h * 0x1p20 else { return false }
        // The user box grown by the reach and the rounding slack of the outline's own arithmetic.
        let grow = reach + (magnitude + reach) * 0x1p-30
        low -= grow
        high += grow
        let a = Double(m.a), b = Double(m.b), c = Double(m.c), d = Double(m.d)
        let tx = Double(m.tx), ty = Double(m.ty)
        func map(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2(a * x + c * y + tx, b * x + d * y + ty) }
        // The affine image of the box is the parallelogram of its mapped corners: their box holds it.
        let c0 = map(low.x, low.y), c1 = map(high.x, low.y), c2 = map(low.x, high.y), c3 = map(high.x, high.y)
        var deviceLow = pointwiseMin(pointwiseMin(c0, c1), pointwiseMin(c2, c3))
        var deviceHigh = pointwiseMax(pointwiseMax(c0, c1), pointwiseMax(c2, c3))
        let extent = max(max(abs(low.x), abs(low.y)), max(abs(high.x), abs(high.y)))
        let slack = ((abs(a) + abs(b) + abs(c) + abs(d)) * extent + abs(tx) + abs(ty)) * 0x1p-30
        guard slack.isFinite else { return false }
        deviceLow -= slack
        deviceHigh += slack
        // holdsInside is false for NaN, so a NaN coefficient fails here too.
        return sink.holdsInside(deviceLow) && sink.holdsInside(deviceHigh)
    }
}
