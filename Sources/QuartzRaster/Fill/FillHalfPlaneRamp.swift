// The box-filtered coverage of a half-plane whose device normal is fixed, with every normal-dependent term
// computed once: a rounded rectangle's straight sides under an affine map keep one device normal each, so
// their edge pixels need only the signed distance (FillAffineRoundedRect.coverage).
//
// Coordinate space: device pixels; the pixel is the unit box centred on its centre. Numbers: Double. The
// expressions are the ones of FillAffineRoundedRect.halfPlaneCoverage, evaluated in the same order, so the
// hoisted ramp returns bit-identical values.

/// Coverage of one pixel by {p : n·(p − centre) ≤ −distance / scale} for a device gradient of length `scale`.
struct FillHalfPlaneRamp: Sendable {
    /// |n| sorted (a ≥ b), the ramp's half-width h = (a + b)/2, its linear half-width k = (a − b)/2, 2ab.
    let a: Double, b: Double, h: Double, k: Double, twoAB: Double
    /// Length of the device gradient of the local distance (0 for a singular map: no coverage).
    let scale: Double

    /// `gradient` is the device gradient of a local signed distance (Mᵀ·g in FillAffineRoundedRect).
    init(deviceGradient gradient: SIMD2<Double>) {
        let length = (gradient * gradient).sum().squareRoot()
        scale = length
        let n = length > 0 ? gradient / length : SIMD2<Double>(1, 0)
        var a = abs(n.x), b = abs(n.y)
        if b > a { swap(&a, &b) }
        (self.a, self.b) = (a, b)
        h = (a + b) / 2
        k = (a - b) / 2
        twoAB = 2 * a * b
    }

    /// Coverage in 0...1 of the pixel whose centre lies `distance` local units outside the edge (negative
    /// inside).
    @inline(__always)
    func coverage(distance: Double) -> Double {
        guard scale > 0 else { return 0 }
        let s = -distance / scale
        let area: Double
        if b < 1e-9 {
            area = 0.5 + s / a
        } else if s >= h {
            return 1
        } else if s <= -h {
            return 0
        } else if abs(s) <= k {
            area = 0.5 + s / a
        } else if s > k {
            area = 1 - (h - s) * (h - s) / twoAB
        } else {
            area = (s + h) * (s + h) / twoAB
        }
        return min(max(area, 0), 1)
    }
}
