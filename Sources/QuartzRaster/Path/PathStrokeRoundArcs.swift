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
    /// cos and sin of `step`: the rotation from one vertex direction to the next.
    let stepCosine: Double
    let stepSine: Double

    /// The layout for an arc of `radius` sweeping `sweep` radians (|sweep| ≤ 2π) with sagitta ≤ `tolerance`.
    /// Nil for a zero or non-finite sweep or radius.
    init?(radius h: Double, sweep: Double, tolerance: Double) {
        self.init(radius: h, sweep: sweep, maximumStep: Self.maximumStep(radius: h, tolerance: tolerance))
    }

    /// The same with the largest chord angle for this radius and tolerance already computed
    /// (`maximumStep(radius:tolerance:)`): a stroker computes it once per outline, not once per arc.
    init?(radius h: Double, sweep: Double, maximumStep: Double) {
        let size = abs(sweep)
        guard size > 0, size.isFinite, h > 0, h.isFinite else { return nil }
        steps = Self.stepCount(sweep: size, maximumStep: maximumStep, minimum: 2)
        step = sweep / Double(steps)
        let s = sin(abs(step))
        stepCosine = cos(step)
        stepSine = step < 0 ? -s : s
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

    /// The largest chord angle whose sagitta h·(1 − cos(angle/2)) is at most `tolerance` (at least 1e-3).
    static func maximumStep(radius h: Double, tolerance: Double) -> Double {
        let ratio = max(-1, min(1, 1 - tolerance / h))
        return max(2 * acos(ratio), 1e-3)
    }

    /// Chord count for a sweep: the smallest n ≥ `minimum` with h·(1 − cos(sweep/2n)) ≤ tolerance, capped.
    static func stepCount(radius h: Double, sweep: Double, tolerance: Double, minimum: Int) -> Int {
        stepCount(sweep: sweep, maximumStep: maximumStep(radius: h, tolerance: tolerance), minimum: minimum)
    }

    static func stepCount(sweep: Double, maximumStep: Double, minimum: Int) -> Int {
        let count = (sweep / maximumStep).rounded(.up)
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
    /// circle in the unit direction `from`) by `chords.steps` steps of `chords.step`; the caller adds the exact
    /// end point. Each vertex direction is the previous one rotated by the step (no trigonometry per vertex);
    /// the rotation's rounding drifts by a few ulps per step, far below any tolerance.
    mutating func roundArc(center: SIMD2<Double>, from unit: SIMD2<Double>, chords: PathStrokeArcChords) {
        let c = chords.stepCosine, s = chords.stepSine, rho = chords.vertexRadius
        var u = unit
        for _ in 1..<chords.steps {
            u = SIMD2(u.x * c - u.y * s, u.x * s + u.y * c)
            output.line(center + u * rho)
        }
    }

    /// A closed disc of radius h about `center` (a zero-length subpath with round caps).
    mutating func roundDot(center: SIMD2<Double>) {
        let (steps, rho) = PathStrokeArcChords.fullCircle(radius: halfWidth, tolerance: arcTolerance)
        for k in 0..<steps {
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            let p = center + SIMD2(cos(angle), sin(angle)) * rho
            if k == 0 { output.move(p) } else { output.line(p) }
        }
        output.close()
    }
}
