// Square-root-free exits for FillAffineRoundedRect.cornerCoverage: most pixels the row layout sends to a
// corner lie well outside the arc (the outer band uses the 45° tangents, up to 0.41 r outside the arc) or well
// inside it (the inner band uses chords), where the full formula returns exactly 0 or exactly 1.
//
// Coordinate space: local (the rectangle's own space); `q` is the pixel centre's offset from the corner's
// arc centre, both components > 0, so its length is the distance from the arc centre. Numbers: Double.
//
// Proof that the exits return the full formula's value. Let σ = ‖M‖₂ (M the device → local linear map),
// h* = 0.7072 > √2/2 and L = h*·σ·(1 + 1e-6), e = 1e-12·(r + L).
// In cornerCoverage, g = q/|q| up to signs is a unit vector (to 2 ulp), so scale = |Mᵀg| ≤ σ·(1 + 1e-14)
// (rounding of the two products and the sum is a few ulp of ‖M‖_F ≤ √2σ). The normal n = Mᵀg/scale is a
// unit vector to a few ulp, so halfPlaneCoverage's a ≤ 1 + 1e-15 and h = (a + b)/2 ≤ √2/2 + 1e-15 < h*.
// • Outside: |q|² ≥ fl((r + L + e)²). sqrt and the subtraction are monotone and correctly rounded, so
//   distance = fl(fl(√|q|²) − r) ≥ L + e − 4 ulp(r + L + e) ≥ L, and distance/scale ≥ h*·(1 + 1e-6)/(1 + 1e-14)
//   > h*, hence s = −distance/scale ≤ −h* < −h. halfPlaneCoverage then returns 0 (its s ≤ −h branch; in its
//   b < 1e-9 branch 0.5 + s/a < 0.5 − 0.7072/(1 + 1e-15) < 0, clamped to 0). With area = 0 the sliver
//   (subtracted only when 0 < area < 1) is skipped and min(max(0, 0), 1) = 0. If scale rounds to 0, the
//   formula's guard also returns 0.
// • Inside: |q|² ≤ fl((r − L − e)²) with r − L − e > 0 gives distance ≤ −L, so s ≥ h* > h whenever
//   scale > 0: halfPlaneCoverage returns 1 (its s ≥ h branch, or 0.5 + s/a > 1 clamped to 1), the sliver is
//   skipped (area = 1) and the result is 1. scale > 0 needs more than invertibility: Mᵀg can cancel. When
//   σ_min(M) ≥ 1e-6·σ, the computed Mᵀg is off by at most ~6 ulp·σ ≪ σ_min ≤ |Mᵀg|, so scale > 0; more
//   skewed maps get no inside exit (inside = −1, which no |q|² reaches).
// σ² = (F + √(F² − 4D²))/2 with F = ‖M‖_F², D = det M; its rounding error (≤ 1e-7 relative, the worst case
// being F² ≈ 4D², a near-conformal map) is covered by the 1e-6 factor.

/// Squared local distances from a corner's arc centre beyond which a corner pixel's coverage is exactly 0
/// (`outside`) and within which it is exactly 1 (`inside`; −1 when there is no such disc).
struct FillCornerExitBounds: Sendable {
    let outside: Double, inside: Double

    /// `inverseX`, `inverseY`: the rows of M (device → local); `radius` > 0 the local corner radius.
    init(radius r: Double, inverseX: SIMD2<Double>, inverseY: SIMD2<Double>) {
        let frobenius = (inverseX * inverseX).sum() + (inverseY * inverseY).sum()
        let det = inverseX.x * inverseY.y - inverseX.y * inverseY.x
        let spread = max(frobenius * frobenius - 4 * det * det, 0).squareRoot()
        let sigma = ((frobenius + spread) / 2).squareRoot()
        let reach = 0.7072 * sigma * (1 + 1e-6)
        let slack = 1e-12 * (r + reach)
        let outer = r + reach + slack
        guard outer.isFinite, sigma > 0 else {
            (outside, inside) = (.infinity, -1)
            return
        }
        outside = outer * outer
        let inner = r - reach - slack
        // σ_min = |D| / σ: no inside exit for maps so skewed that Mᵀg can cancel (see the proof).
        let conditioned = abs(det) / sigma >= 1e-6 * sigma
        inside = inner > 0 && conditioned ? inner * inner : -1
    }
}
