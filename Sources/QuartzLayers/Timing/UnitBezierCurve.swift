// The cubic Bézier solver behind CAMediaTimingFunction (spec §7.2): WebKit's classic UnitBezier
// (written at Apple, 2008) — polynomial coefficients, Newton–Raphson from s = x (8 steps, stop when
// |x(s) − x| < ε, give up when |x'(s)| < 1e-6), then bisection on [0,1]. All maths in Double.
import Foundation

/// A unit cubic Bézier through (0,0), c1, c2, (1,1) in polynomial form `((a·s + b)·s + c)·s`.
struct UnitBezierCurve: Hashable, Sendable {
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// Non-finite control points cannot be solved; such a curve evaluates as linear.
    private let isFinite: Bool

    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        cx = 3 * c1x
        bx = 3 * (c2x - c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by
        isFinite = c1x.isFinite && c1y.isFinite && c2x.isFinite && c2y.isFinite
    }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// y for progress `x` (clamped to [0,1], NaN → 0), solving x(s) = x to `epsilon`.
    func value(at x: Double, epsilon: Double) -> Double {
        let input = x.isNaN ? 0 : min(max(x, 0), 1)
        guard isFinite else { return input }
        return sampleY(parameter(forX: input, epsilon: epsilon))
    }

    /// The curve parameter s with |x(s) − x| < ε where the solver finds one.
    private func parameter(forX x: Double, epsilon: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < epsilon { return s }
            let slope = slopeX(s)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        // Bisection. x is in [0,1], so the start s = x is too. The step cap bounds the loop for
        // curves whose x is not monotonic (control x outside [0,1]); 64 halvings exhaust a Double.
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 where low < high {
            let sample = sampleX(s)
            if abs(sample - x) < epsilon { return s }
            if x > sample { low = s } else { high = s }
            s = (high - low) * 0.5 + low
        }
        return s
    }
}
