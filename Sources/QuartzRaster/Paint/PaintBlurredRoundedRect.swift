// Analytic coverage of a rounded rectangle blurred by a Gaussian (box shadows without a blur pass).
//
// Coordinate space: device pixels, y down; coverage is evaluated at a point (spans use pixel centres).
// Number format: Double coverage in 0…1, 8-bit when filling spans.
// Method: the blurred shape is ∫ G(y − y′) · [Φ((x − a(y′))/σ) − Φ((x − b(y′))/σ)] dy′, where a(y′)…b(y′) is
// the shape's extent on row y′ and Φ the normal CDF (erfc-based). The straight middle band has a constant
// extent, so it is exact in closed form (a product of erf differences, exact for a plain rectangle); the
// two corner bands (height r) are integrated with 4-point Gauss-Legendre on pieces at most σ long, skipped
// where the Gaussian is below 1e-9 (beyond 6σ) and replaced by the closed form where the pixel lies more
// than 6σ inside the straight sides. The test suite measures its agreement with a blurred rasterised mask.
import Foundation

/// A rounded rectangle (circular corners) convolved with a Gaussian of standard deviation `sigma`.
package struct PaintBlurredRoundedRect: Sendable, Equatable {
    package let minX: Double, minY: Double, maxX: Double, maxY: Double
    package let cornerRadius: Double
    package let sigma: Double
    let isEmpty: Bool

    /// `cornerRadius` is clamped to 0…min(width, height)/2; σ below 1/1000 px is treated as 1/1000 (a sharp
    /// edge). A non-finite or empty rectangle, or a non-finite σ, gives zero coverage everywhere.
    package init(rect: CGRect, cornerRadius: Double, sigma: Double) {
        let r = rect.standardized
        minX = Double(r.minX); minY = Double(r.minY); maxX = Double(r.maxX); maxY = Double(r.maxY)
        let half = min(maxX - minX, maxY - minY) / 2
        let finite = [minX, minY, maxX, maxY].allSatisfy(\.isFinite) && sigma.isFinite
        isEmpty = !finite || !(half > 0)
        self.cornerRadius = isEmpty ? 0 : min(max(0, cornerRadius.isNaN ? 0 : cornerRadius), half)
        self.sigma = max(sigma.isFinite ? sigma : 0, 0.001)
    }

    @inline(__always)
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z * 0.70710678118654752440) }

    /// ∫ over y′ in [lo, hi] of the 1-D Gaussian centred at y.
    @inline(__always)
    func band(_ y: Double, _ lo: Double, _ hi: Double) -> Double {
        hi > lo ? phi((y - lo) / sigma) - phi((y - hi) / sigma) : 0
    }

    /// The blurred coverage (0…1) at the point (x, y).
    package func coverage(x: Double, y: Double) -> Double {
        guard !isEmpty else { return 0 }
        let s = sigma, reach = 6 * s
        if x < minX - reach || x > maxX + reach || y < minY - reach || y > maxY + reach { return 0 }
        let r = cornerRadius
        let full = phi((x - minX) / s) - phi((x - maxX) / s)
        var total = full * band(y, minY + r, maxY - r)
        if r > 0 {
            // Deep inside the straight sides every corner row spans x's whole neighbourhood: closed form.
            if x - (minX + r) > reach && (maxX - r) - x > reach {
                total += full * (band(y, minY, minY + r) + band(y, maxY - r, maxY))
            } else {
                total += corner(x: x, y: y, lo: minY, hi: minY + r, top: true)
                total += corner(x: x, y: y, lo: maxY - r, hi: maxY, top: false)
            }
        }
        return min(1, max(0, total))
    }

    /// ∫ over a corner band of G(y − y′) times the row's horizontal coverage, by composite Gauss-Legendre.
    private func corner(x: Double, y: Double, lo bandLo: Double, hi bandHi: Double, top: Bool) -> Double {
        let s = sigma, r = cornerRadius
        let lo = max(bandLo, y - 6 * s), hi = min(bandHi, y + 6 * s)
        guard hi > lo else { return 0 }
        let pieces = max(1, Int(((hi - lo) / s).rounded(.up)))
        let h = (hi - lo) / Double(pieces)
        // 4-point Gauss-Legendre nodes and weights on [−1, 1].
        let nodes = (0.33998104358485626, 0.86113631159405258)
        let wts = (0.65214515486254614, 0.34785484513745386)
        let norm = 1 / (s * (2 * Double.pi).squareRoot())
        var sum = 0.0
        @inline(__always) func f(_ yp: Double) -> Double {
            let dy = top ? (bandHi - yp) : (yp - bandLo)  // distance into the corner from the straight part
            let inset = r - max(0, r * r - dy * dy).squareRoot()
            let a = minX + inset, b = maxX - inset
            let g = exp(-(y - yp) * (y - yp) / (2 * s * s)) * norm
            return g * (phi((x - a) / s) - phi((x - b) / s))
        }
        for i in 0..<pieces {
            let c = lo + (Double(i) + 0.5) * h, half = h / 2
            sum += half * (wts.0 * (f(c - half * nodes.0) + f(c + half * nodes.0))
                + wts.1 * (f(c - half * nodes.1) + f(c + half * nodes.1)))
        }
        return sum
    }

    /// Writes 8-bit coverage (rounded to nearest) at the pixel centres of row y, columns x..<x+count.
    package func fillCoverage(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        let py = Double(y) + 0.5
        for i in 0..<count {
            output[i] = UInt8((coverage(x: Double(x + i) + 0.5, y: py) * 255).rounded())
        }
    }
}

/// A box shadow: a premultiplied colour times the blurred rounded rectangle's coverage at each pixel centre.
package struct PaintBlurredRoundedRectShader: SpanShader {
    package let shape: PaintBlurredRoundedRect
    package let color: PremultipliedRGBA8

    package init(shape: PaintBlurredRoundedRect, color: PremultipliedRGBA8) {
        self.shape = shape
        self.color = color
    }

    package func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        let c = color.packed
        let py = Double(y) + 0.5
        for i in 0..<count {
            let m = UInt32((shape.coverage(x: Double(x + i) + 0.5, y: py) * 255).rounded())
            output[i] = m == 255 ? c : paintScalePixel(c, by: m)
        }
    }
}
