// Separable Gaussian blur of an A8 mask and of a premultiplied RGBA8 bitmap.
//
// Coordinate space: pixels, y down. Outside the input everything is transparent (0), so the result grows by
// the kernel radius R on every side: output pixel (x, y) corresponds to input pixel (x − R, y − R), and the
// total mass (sum of values) is preserved up to 8-bit rounding. Numbers: kernel weights are the sampled
// Gaussian exp(−i²/2σ²), i = −R…R with R = ceil(3σ), normalised to sum 1 (truncation at 3σ drops 0.27 % of a
// continuous Gaussian's mass, which the normalisation puts back into the kept taps); both passes accumulate
// in Float and the result is rounded to nearest once. Identical weights and summation order for every
// channel keep premultiplied colour ≤ alpha.
//
// Core Animation's `shadowRadius` is the Gaussian's standard deviation σ: WebKit maps CSS
// `drop-shadow(…)`'s standard deviation straight onto `CALayer.shadowRadius` and CSS `blur()`'s onto
// CAFilter gaussianBlur's `inputRadius` (WebCore/platform/graphics/ca/cocoa/PlatformCAFiltersCocoa.mm,
// `setShadowRadius:dropShadowOperation.stdDeviation()`), consistent with CSS box-shadow's blur radius being
// 2σ (CSS Backgrounds 3 §7.2) and design tools exporting shadowRadius = CSS blur / 2.
import Foundation

/// Why a blur was refused.
package enum PaintBlurError: Error, CustomStringConvertible, Equatable {
    /// σ must be finite, ≥ 0 and at most `PaintGaussianKernel.maximumSigma`.
    case invalidSigma(Double)
    /// The padded output would exceed `PaintGaussianKernel.maximumOutputPixels`.
    case outputTooLarge(width: Int, height: Int)

    package var description: String {
        switch self {
        case .invalidSigma(let s):
            return "blur sigma \(s) is not usable: it must be finite and between 0 and \(PaintGaussianKernel.maximumSigma) pixels"
        case .outputTooLarge(let w, let h):
            return "blurred output of \(w)×\(h) pixels exceeds the limit of \(PaintGaussianKernel.maximumOutputPixels) pixels; blur a smaller area or a downsampled copy"
        }
    }
}

/// A normalised, truncated 1-D Gaussian kernel.
package struct PaintGaussianKernel: Sendable, Equatable {
    package static let maximumSigma = 2048.0
    package static let maximumOutputPixels = 1 << 26

    package let sigma: Double
    /// Taps on each side of the centre: ceil(3σ) (0 for σ below 1/100 px, which leaves the input unchanged).
    package let radius: Int
    /// 2·radius + 1 weights summing to 1, index `radius` is the centre.
    package let weights: [Float]

    package init(sigma: Double) throws {
        guard sigma.isFinite, sigma >= 0, sigma <= PaintGaussianKernel.maximumSigma else {
            throw PaintBlurError.invalidSigma(sigma)
        }
        self.sigma = sigma
        if sigma < 0.01 {
            radius = 0
            weights = [1]
            return
        }
        let r = Int((3 * sigma).rounded(.up))
        radius = r
        var w = [Double](repeating: 0, count: 2 * r + 1)
        for i in -r...r { w[i + r] = exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = w.reduce(0, +)
        weights = w.map { Float($0 / total) }
    }

    /// The Gaussian σ for a Core Animation `shadowRadius` (see the file header for the source): σ = radius.
    package static func sigma(forShadowRadius shadowRadius: Double) -> Double { shadowRadius }
}

/// An 8-bit coverage mask, row-major, y down.
package struct PaintA8Mask: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var bytes: [UInt8]

    package init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && bytes.count == width * height, "byte count does not match the size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    package init(width: Int, height: Int) {
        self.init(width: width, height: height, bytes: [UInt8](repeating: 0, count: width * height))
    }

    package subscript(x: Int, y: Int) -> UInt8 {
        get { bytes[y * width + x] }
        set { bytes[y * width + x] = newValue }
    }

    /// The mask blurred with a Gaussian of standard deviation `sigma`, grown by the kernel radius on every
    /// side (output (x, y) ↔ input (x − R, y − R), R = `PaintGaussianKernel(sigma:).radius`).
    package func gaussianBlurred(sigma: Double) throws -> PaintA8Mask {
        let kernel = try PaintGaussianKernel(sigma: sigma)
        let (ow, oh) = try paintBlurOutputSize(width, height, kernel.radius)
        let plane = bytes.map { Float($0) }
        let out = paintGaussianBlurPlane(plane, width: width, height: height, channels: 1, kernel: kernel)
        return PaintA8Mask(width: ow, height: oh, bytes: out.map { UInt8(min(255, max(0, $0.rounded()))) })
    }
}

extension PremultipliedRGBA8Bitmap {
    /// The bitmap blurred with a Gaussian of standard deviation `sigma`, grown by the kernel radius on every
    /// side like `PaintA8Mask.gaussianBlurred(sigma:)`.
    package func gaussianBlurred(sigma: Double) throws -> PremultipliedRGBA8Bitmap {
        let kernel = try PaintGaussianKernel(sigma: sigma)
        let (ow, oh) = try paintBlurOutputSize(width, height, kernel.radius)
        var plane = [Float](repeating: 0, count: width * height * 4)
        for i in 0..<pixels.count {
            let p = pixels[i]
            plane[4 * i] = Float(p & 0xFF)
            plane[4 * i + 1] = Float((p >> 8) & 0xFF)
            plane[4 * i + 2] = Float((p >> 16) & 0xFF)
            plane[4 * i + 3] = Float(p >> 24)
        }
        let out = paintGaussianBlurPlane(plane, width: width, height: height, channels: 4, kernel: kernel)
        var result = [UInt32](repeating: 0, count: ow * oh)
        @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
        for i in 0..<result.count {
            result[i] = byte(out[4 * i]) | byte(out[4 * i + 1]) << 8 | byte(out[4 * i + 2]) << 16 | byte(out[4 * i + 3]) << 24
        }
        return PremultipliedRGBA8Bitmap(width: ow, height: oh, pixels: result)
    }
}

func paintBlurOutputSize(_ width: Int, _ height: Int, _ radius: Int) throws -> (Int, Int) {
    let ow = width + 2 * radius, oh = height + 2 * radius
    let (total, overflow) = ow.multipliedReportingOverflow(by: oh)
    guard !overflow, total <= PaintGaussianKernel.maximumOutputPixels else {
        throw PaintBlurError.outputTooLarge(width: ow, height: oh)
    }
    return (ow, oh)
}

/// Blurs an interleaved Float plane (`channels` values per pixel) and returns the padded result, size
/// (width + 2R) × (height + 2R). Both passes scatter each input value into its 2R + 1 neighbours.
func paintGaussianBlurPlane(_ input: [Float], width: Int, height: Int, channels: Int, kernel: PaintGaussianKernel) -> [Float] {
    let r = kernel.radius
    let ow = width + 2 * r, oh = height + 2 * r
    let taps = 2 * r + 1
    // Horizontal pass: height rows of ow pixels.
    var horizontal = [Float](repeating: 0, count: ow * height * channels)
    var output = [Float](repeating: 0, count: ow * oh * channels)
    kernel.weights.withUnsafeBufferPointer { wts in
        input.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { tmp in
                // Invariant: input pixel x lands on padded columns x … x + 2R, all inside 0..<ow.
                for y in 0..<height {
                    let srcRow = src.baseAddress! + y * width * channels
                    let dstRow = tmp.baseAddress! + y * ow * channels
                    for x in 0..<width {
                        for c in 0..<channels {
                            let v = srcRow[x * channels + c]
                            if v == 0 { continue }
                            var o = dstRow + x * channels + c
                            for k in 0..<taps {
                                o.pointee += wts[k] * v
                                o += channels
                            }
                        }
                    }
                }
            }
        }
        horizontal.withUnsafeBufferPointer { tmp in
            output.withUnsafeMutableBufferPointer { dst in
                // Invariant: row y lands on padded rows y … y + 2R, all inside 0..<oh.
                let rowLength = ow * channels
                for y in 0..<height {
                    let srcRow = tmp.baseAddress! + y * rowLength
                    for k in 0..<taps {
                        let wk = wts[k]
                        let dstRow = dst.baseAddress! + (y + k) * rowLength
                        for i in 0..<rowLength { dstRow[i] += wk * srcRow[i] }
                    }
                }
            }
        }
    }
    return output
}
