// Joins and caps of the stroke outline: how the left offset line continues around a vertex, and how an
// open contour's end turns round to the other side (the rules are in PathStroker.swift's file header).
//
// Coordinate space: the outline's (see PathStroker.swift). Numbers: Double. Only a drawn round arc needs
// an angle (one atan2 per arc); every decision uses the segments' dot and cross products.
import Foundation

extension PathOutlineBuilder {
    /// Continues the left offset line of the incoming segment around vertex `v` onto the outgoing one.
    /// Returns the mirror: what the reversed contour's join at `v` (incoming −b, outgoing −a, the lengths
    /// swapped, the same flag) draws when that is one line to one point, NaN when it draws anything else.
    /// The other side of the contour then draws the mirror instead of joining again.
    @discardableResult
    mutating func join(
        at v: SIMD2<Double>, incoming a: SIMD2<Double>, outgoing b: SIMD2<Double>,
        lengthIn: Double, lengthOut: Double, smooth: Bool
    ) -> SIMD2<Double> {
        let na = normal(a), nb = normal(b)
        let cross = a.x * b.y - a.y * b.x
        let dot = (a * b).sum()
        if abs(cross) <= 1e-12 && dot > 0 {  // straight on (so is the mirror: see mirroredJoin)
            lineTo(v + na)
            return v + normal(-b)
        }
        // The offset lines meet at v + (na + nb)/(1 + dot), at distance h·tan(θ/2) from v along each segment
        // (used only when they meet; the mirror's meeting point is v − meetingOffset).
        let meetingOffset = (na + nb) / (1 + dot)
        let mirror = mirroredJoin(at: v, cross: cross, dot: dot, meetingOffset: meetingOffset, lengthIn: lengthIn, lengthOut: lengthOut, smooth: smooth)
        let meets = dot > -1 + 1e-12
        if cross > 0 {
            // Left turn: this side is the inner one. The meeting point's reach h·cross/(1 + dot) along each
            // segment must stay within half of both (compared without the division: 1 + dot > 0 here).
            if meets, halfWidth * cross <= 0.5 * min(lengthIn, lengthOut) * (1 + dot) {
                lineTo(v + meetingOffset)
            } else {
                lineTo(v + na)
                lineTo(v)
                lineTo(v + nb)
            }
            return mirror
        }
        // Right turn (or a full reversal): this side is the outer one; θ ∈ [0, π] is the turn, and only a
        // drawn arc needs the angle itself.
        if smooth {
            // The meeting point lies h·(1/cos(θ/2) − 1) outside the round offset; beyond the arc tolerance
            // the offset is drawn round (`smoothDotLimit`).
            if meets, dot >= smoothDotLimit {
                lineTo(v + meetingOffset)
            } else {
                roundJoin(at: v, incoming: a, cross: cross, dot: dot)
                lineTo(v + nb)
            }
            return mirror
        }
        switch style.lineJoin {
        case .bevel:
            lineTo(v + na)
            lineTo(v + nb)
        case .miter:
            // 1/sin(φ/2) = 1/cos(θ/2) with φ = π − θ the angle between the segments; cos(θ/2) = √((1 + cos θ)/2).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if meets, cosHalf > 0, 1 / cosHalf <= style.miterLimit {
                lineTo(v + meetingOffset)
            } else {
                lineTo(v + na)
                lineTo(v + nb)
            }
        case .round:
            roundJoin(at: v, incoming: a, cross: cross, dot: dot)
            lineTo(v + nb)
        }
        return mirror
    }

    /// The single point `join` would draw for the mirrored vertex (incoming A = −b, outgoing B = −a,
    /// lengthIn and lengthOut swapped), NaN when it draws more or other (pivots, arcs, bevels), from this
    /// vertex's cross and dot products. They decide as the mirror's own would: its products are these up to
    /// the signs of zero terms (SIMD negation is 0 − x, so a zero lane turns +0), so its dot product gives
    /// the same 1 + dot and the same comparisons, and its cross product, the same two products subtracted
    /// the other way round, is exactly −cross unless both are zero (the same tests again, and the straight
    /// case is `join`'s own). Its offsets, normal(−b) and normal(−a), and its point are computed as the
    /// mirror computes them, up to the sign of a zero: normal(−b) + normal(−a) is −(na + nb) exactly (rounding
    /// is sign-symmetric), so its point v + (normal(−b) + normal(−a))/(1 + dot) is v − meetingOffset, one
    /// division for both sides (a zero lane may differ in sign only, the same device point and edge).
    @inline(__always)
    private func mirroredJoin(
        at v: SIMD2<Double>, cross: Double, dot: Double, meetingOffset: SIMD2<Double>,
        lengthIn: Double, lengthOut: Double, smooth: Bool
    ) -> SIMD2<Double> {
        let none = SIMD2<Double>(repeating: .nan)
        guard dot > -1 + 1e-12 else { return none }  // the offset lines do not meet: pivots or arcs
        let point = v - meetingOffset
        if cross < 0 {
            // The mirror turns left (its cross product −cross > 0): its inner side.
            return halfWidth * -cross <= 0.5 * min(lengthOut, lengthIn) * (1 + dot) ? point : none
        }
        // The mirror turns right: its outer side.
        if smooth { return dot >= smoothDotLimit ? point : none }
        guard style.lineJoin == .miter else { return none }
        let cosHalf = ((1 + dot) / 2).squareRoot()
        return cosHalf > 0 && 1 / cosHalf <= style.miterLimit ? point : none
    }

    /// The outer round arc of a right turn at `v`, from the incoming offset point (without the end point).
    mutating func roundJoin(at v: SIMD2<Double>, incoming a: SIMD2<Double>, cross: Double, dot: Double) {
        lineTo(v + normal(a))
        let turn = atan2(abs(cross), dot)  // θ in [0, π]
        guard let chords = PathStrokeArcChords(radius: halfWidth, sweep: -turn, maximumStep: arcMaximumStep) else { return }
        roundArc(center: v, from: SIMD2(-a.y, a.x), chords: chords)
    }

    /// From the left offset point of the end `e` (travelling along `d`) round to its right offset point.
    mutating func cap(at e: SIMD2<Double>, direction d: SIMD2<Double>) {
        let n = normal(d)
        switch style.lineCap {
        case .butt:
            lineTo(e - n)
        case .square:
            let ahead = d * halfWidth
            lineTo(e + n + ahead)
            lineTo(e - n + ahead)
            lineTo(e - n)
        case .round:
            if let capChords { roundArc(center: e, from: SIMD2(-d.y, d.x), chords: capChords) }
            lineTo(e - n)
        }
    }
}
