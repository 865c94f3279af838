// Round parts of a stroke outline — round caps, round joins, dots and the outer side of curves — as chords
// whose polygon has exactly the area of the circular arc it replaces.
//
// Coordinate space: the outline's (see PathStroker.swift). Numbers: Double.
//
// Why chords and not cubic arcs: the filler flattens cubics into chords that all lie inside the circle, up to
// its tolerance (0.2 device px), so every round cap and join came out thin by up to that much. Measured on the
// stroke peer scene this was the largest stroker-side disagreement with Skia (whose edge builder flattens
// caps far more finely). Here the arc's end points stay on the circle (they meet the offset lines), the n − 1
// interior vertices sit slightly outside it at one radius ρ, and ρ is chosen so that the fan of triangles
// from the centre has the sector's area h²·|sweep|/2: with step σ = |sweep|/n,
//     h·ρ·sin σ  (the two end triangles)  +  (n − 2)·ρ²·sin(σ)/2  =  h²·|sweep|/2.
// So each chord crosses the arc instead of cutting inside it, and anti-aliased coverage along the round part
// is unbiased. n is the smallest count whose unbalanced sagitta h·(1 − cos(σ/2)) is at most the chord
// tolerance (at least 2, at most `maximumSteps`). After balancing the chords stay within that sagitta inside
// the circle and the vertices within 1.95 times it outside (the worst case: n = 2 with σ = 90°, where
// (σ/sin σ − 1)/(1 − cos(σ/2)) = 1.95; for small σ the factor tends to 4/3).
import Foundation

/// How a circular arc of radius h is cut into area-exact chords (see the file header).
struct PathStrokeArcChords: Equatable {
    /// The most chords one arc may take, so huge pens or tiny tolerances stay bounded.
    static let maximumSteps = 1024

    /// Number of chords (≥ 2).
    let steps: Int
    /// Signed angle between consecutive vertices.
    let step: Double
    /// Radius of the interior vertices (the end points are at the arc's radius).
    let vertexRadius: Double

    /// The layout for an arc of `radius` sweeping `sweep` radians (|sweep| ≤ 2π) with sagitta ≤ `tolerance`.
    /// Nil for a zero or non-finite sweep or radius.
    init?(radius h: Double, sweep: Double, tolerance: Double) {
        let size = abs(sweep)
        guard size > 0, size.isFinite, h > 0, h.isFinite else { return nil }
        steps = Self.stepCount(radius: h, sweep: size, tolerance: tolerance, minimum: 2)
        step = sweep / Double(steps)
        let s = sin(abs(step))
        let k = Double(steps - 2)
        if s <= 0 {
            vertexRadius = h
        } else if k == 0 {
            vertexRadius = h * size / (2 * s)
        } else {
            // Positive root of k·s·ρ² + 2·h·s·ρ − h²·|sweep| = 0, in units of h.
            vertexRadius = h * ((s * s + k * s * size).squareRoot() - s) / (k * s)
        }
    }

    /// Chord count for a sweep: the smallest n ≥ `minimum` with h·(1 − cos(sweep/2n)) ≤ tolerance, capped.
    static func stepCount(radius h: Double, sweep: Double, tolerance: Double, minimum: Int) -> Int {
        let ratio = max(-1, min(1, 1 - tolerance / h))
        let maxStep = max(2 * acos(ratio), 1e-3)
        let count = (sweep / maxStep).rounded(.up)
        guard count.isFinite, count < Double(maximumSteps) else { return maximumSteps }
        return max(minimum, Int(count))
    }

    /// A full circle as a closed polygon of n equal chords whose area is exactly πh²:
    /// n·ρ²·sin(2π/n)/2 = πh². Returns (n, ρ).
    static func fullCircle(radius h: Double, tolerance: Double) -> (steps: Int, vertexRadius: Double) {
        let n = stepCount(radius: h, sweep: 2 * .pi, tolerance: tolerance, minimum: 4)
        let step = 2 * Double.pi / Double(n)
        return (n, h * (step / sin(step)).squareRoot())
    }
}

extension PathOutlineBuilder {
    /// The tolerance round parts are chorded with: half the stroke tolerance, since a balanced chord strays
    /// to both sides of the arc.
    var arcTolerance: Double { tolerance / 2 }

    /// The interior vertices of a circular arc of radius h about `center`, from the current point (on the
    /// circle at `startAngle`) towards `startAngle + sweep`; the caller adds the exact end point.
    mutating func roundArc(center: SIMD2<Double>, startAngle: Double, sweep: Double) {
        guard let chords = PathStrokeArcChords(radius: halfWidth, sweep: sweep, tolerance: arcTolerance) else { return }
        for k in 1..<chords.steps {
            let angle = startAngle + chords.step * Double(k)
            lineTo(center + SIMD2(cos(angle), sin(angle)) * chords.vertexRadius)
        }
    }

    /// A closed disc of radius h about `center` (a zero-length subpath with round caps).
    mutating func roundDot(center: SIMD2<Double>) {
        let (steps, rho) = PathStrokeArcChords.fullCircle(radius: halfWidth, tolerance: arcTolerance)
        for k in 0..<steps {
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            let p = center + SIMD2(cos(angle), sin(angle)) * rho
            if k == 0 { moveTo(p) } else { lineTo(p) }
        }
        output.closeSubpath()
    }
}
