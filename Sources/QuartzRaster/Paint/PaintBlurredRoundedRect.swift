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
public struct PaintBlurredRoundedRect: Sendable, Equatable {
    public let minX: Double, minY: Double, maxX: Double, maxY: Double
    public let cornerRadius: Double
    public let sigma: Double
    let isEmpty: Bool

    /// `cornerRadius` is clamped to 0…min(width, height)/2; σ below 1/1000 px is treated as 1/1000 (a sharp
    /// edge). A non-finite or empty rectangle, or a non-finite σ, gives zero coverage everywhere.
    public init(rect: CGRect, cornerRadius: Double, sigma: Double) {
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
    public func coverage(x: Double, y: Double) -> Double {
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
    public func fillCoverage(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        let py = Double(y) + 0.5
        for i in 0..<count {
            output[i] = UInt8((coverage(x: Double(x + i) + 0.5, y: py) * 255).rounded())
        }
    }
}

/// A wide blur's coverage sampled every σ/8 px over a pixel extent and interpolated bilinearly between
/// samples. A Gaussian-blurred edge has |f″| ≤ 0.242/σ², so bilinear interpolation at spacing h errs by at
/// most h²/8 · 2 · 0.242/σ² = 0.00095 (a quarter of an 8-bit step) at h = σ/8: the 8-bit coverage is the
/// exact one or one step from it, while a 1080p frame's wide shadows cost a few thousand exact evaluations
/// instead of one per pixel.
public struct PaintBlurredRoundedRectSamples: Sendable, Equatable {
    /// Below this σ (px) the exact evaluation per pixel is cheap enough and sampling is not used.
    public static let minimumSigma = 8.0

    /// The pixels the samples cover.
    public let bounds: FillPixelBounds
    /// The first sample's position (the extent's first pixel centre) and the spacing.
    let originX: Double, originY: Double, step: Double
    let columns: Int, rows: Int
    /// Row-major exact coverages at originX + i·step, originY + j·step.
    let values: [Double]

    /// Samples covering the pixel centres of `bounds`; nil when σ is below `minimumSigma` or the bounds
    /// are empty.
    public init?(shape: PaintBlurredRoundedRect, bounds: FillPixelBounds) {
        guard shape.sigma >= Self.minimumSigma, !bounds.isEmpty else { return nil }
        self.bounds = bounds
        step = shape.sigma / 8
        originX = Double(bounds.minX) + 0.5
        originY = Double(bounds.minY) + 0.5
        // One sample past the last pixel centre on each axis, so every centre has a cell.
        columns = Int((Double(bounds.width - 1) / step).rounded(.down)) + 2
        rows = Int((Double(bounds.height - 1) / step).rounded(.down)) + 2
        var values = [Double](repeating: 0, count: columns * rows)
        for j in 0..<rows {
            let y = originY + Double(j) * step
            for i in 0..<columns { values[j * columns + i] = shape.coverage(x: originX + Double(i) * step, y: y) }
        }
        self.values = values
    }

    /// Writes the interpolated 8-bit coverage of row y's pixel centres x..<x+count, which lie in the bounds.
    /// Each pixel is computed from its own position alone, so spans split anywhere give the same bytes.
    func coverageRow(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        let inverseStep = 1 / step
        let fy = (Double(y) + 0.5 - originY) * inverseStep
        let j = min(max(Int(fy.rounded(.down)), 0), rows - 2)
        let ty = fy - Double(j)
        values.withUnsafeBufferPointer { v in
            let top = j * columns, bottom = top + columns
            // The row's values at the current cell's two sample columns, interpolated in y once per cell.
            var cell = -1
            var left = 0.0, right = 0.0
            for k in 0..<count {
                // Pixel centres in the bounds lie at or after the first sample, so truncation is the floor,
                // and the clamped value plus ½ truncates to the nearest byte.
                let fx = max(0, (Double(x + k) + 0.5 - originX) * inverseStep)
                let i = min(Int(fx), columns - 2)
                if i != cell {
                    cell = i
                    left = v[top + i] + (v[bottom + i] - v[top + i]) * ty
                    right = v[top + i + 1] + (v[bottom + i + 1] - v[top + i + 1]) * ty
                }
                let value = left + (right - left) * (fx - Double(i))
                output[k] = UInt8(min(1, max(0, value)) * 255 + 0.5)
            }
        }
    }
}

/// A box shadow: a premultiplied colour times the blurred rounded rectangle's coverage at each pixel centre.
public struct PaintBlurredRoundedRectShader: SpanShader {
    public let shape: PaintBlurredRoundedRect
    public let color: PremultipliedRGBA8

    public init(shape: PaintBlurredRoundedRect, color: PremultipliedRGBA8) {
        self.shape = shape
        self.color = color
    }

    public func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        let c = color.packed
        let py = Double(y) + 0.5
        for i in 0..<count {
            let m = UInt32((shape.coverage(x: Double(x + i) + 0.5, y: py) * 255).rounded())
            output[i] = m == 255 ? c : paintScalePixel(c, by: m)
        }
    }
}

/// The sampled coverage as a coverage source: the compositor blends the shadow's colour through it with its
/// solid-colour kernels, a row of the region at a time.
extension PaintBlurredRoundedRectSamples: FillCoverageSource {
    public func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        let area = region.intersection(bounds)
        if area.isEmpty { return }
        let capacity = max(1, scratch.rowCapacity)
        for y in area.minY..<area.maxY {
            var x = area.minX
            while x < area.maxX {
                let count = min(capacity, area.maxX - x)
                coverageRow(x: x, y: y, count: count, into: scratch.mask)
                body(FillCoverageSpan(y: y, x: x, count: count, mask: UnsafePointer(scratch.mask)))
                x += count
            }
        }
    }
}
