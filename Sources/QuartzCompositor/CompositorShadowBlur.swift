// Gaussian blur of an 8-bit coverage mask, evaluated only over the pixels that will be drawn.
//
// Spaces: device pixels; the input mask covers `inputBounds`, zero outside; the output covers `outputBounds`,
// and output pixel p = Σ G(i) G(j) · input(p − shift − (i, j)), i.e. the blur of the input moved by `shift`.
// Numbers: PaintGaussianKernel's normalised Float weights (truncated at 3σ), Float sums in a fixed order,
// rounded to nearest once at the end, so results never depend on threads. Cost is proportional to the
// output size × the kernel width, whatever σ is: unlike a padded whole-mask blur, a large σ never makes
// the work or memory grow with the blur's reach beyond what is shown.
import Foundation
import QuartzRaster

enum CompositorShadowBlur {
    /// The blurred, shifted mask over `outputBounds` (row-major, origin at its corner); nil when σ is invalid.
    static func blur(
        _ input: PaintA8Mask, inputBounds: FillPixelBounds, outputBounds: FillPixelBounds, sigma: Double,
        shiftX: Int, shiftY: Int
    ) -> PaintA8Mask? {
        guard let kernel = try? PaintGaussianKernel(sigma: sigma) else { return nil }
        let ow = outputBounds.width, oh = outputBounds.height
        guard ow > 0, oh > 0, input.width == inputBounds.width, input.height == inputBounds.height else {
            return PaintA8Mask(width: max(ow, 0), height: max(oh, 0))
        }
        let r = kernel.radius
        // The horizontal pass runs over output columns and every input row the vertical pass can reach.
        let rowLow = max(inputBounds.minY, outputBounds.minY - shiftY - r)
        let rowHigh = min(inputBounds.maxY, outputBounds.maxY - shiftY + r)
        var output = PaintA8Mask(width: ow, height: oh)
        if rowLow >= rowHigh { return output }
        let rows = rowHigh - rowLow
        var temp = [Float](repeating: 0, count: ow * rows)
        let iw = input.width
        var rowFloats = [Float](repeating: 0, count: iw)
        var accumulator = [Float](repeating: 0, count: ow)
        input.bytes.withUnsafeBufferPointer { source in
            kernel.weights.withUnsafeBufferPointer { weights in
                temp.withUnsafeMutableBufferPointer { tempBuffer in
                    output.bytes.withUnsafeMutableBufferPointer { out in
                        rowFloats.withUnsafeMutableBufferPointer { rowBuffer in
                            accumulator.withUnsafeMutableBufferPointer { accBuffer in
                                // Invariants: rows rowLow..<rowHigh lie inside the input; for tap k the x range is
                                // cut so that every column read lies in 0..<iw (horizontal) or every temp row in
                                // 0..<rows (vertical); taps k in 0...2r address weights. Loops over x are
                                // innermost (contiguous, vectorisable); each pixel still sums its taps in
                                // ascending k, so results do not depend on the loop shape.
                                let src = source.baseAddress!, w = weights.baseAddress!, t = tempBuffer.baseAddress!
                                let o = out.baseAddress!, f = rowBuffer.baseAddress!, acc = accBuffer.baseAddress!
                                let base = outputBounds.minX - shiftX - inputBounds.minX
                                for y in rowLow..<rowHigh {
                                    let inRow = src + (y - inputBounds.minY) * iw
                                    for c in 0..<iw { f[c] = Float(inRow[c]) }
                                    let tRow = t + (y - rowLow) * ow
                                    for k in 0...(2 * r) {
                                        // Column read for output x: base + x + r − k.
                                        let shift = base + r - k
                                        let x0 = max(0, -shift), x1 = min(ow, iw - shift)
                                        if x0 >= x1 { continue }
                                        let weight = w[k], from = f + shift
                                        for x in x0..<x1 { tRow[x] += weight * from[x] }
                                    }
                                }
                                for y in 0..<oh {
                                    let centre = outputBounds.minY + y - shiftY - rowLow
                                    let kLow = max(0, centre + r - (rows - 1)), kHigh = min(2 * r, centre + r)
                                    if kLow > kHigh { continue }
                                    acc.update(repeating: 0, count: ow)
                                    for k in kLow...kHigh {
                                        let weight = w[k], from = t + (centre + r - k) * ow
                                        for x in 0..<ow { acc[x] += weight * from[x] }
                                    }
                                    let oRow = o + y * ow
                                    for x in 0..<ow { oRow[x] = UInt8(min(255, max(0, Int(acc[x] + 0.5)))) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }
}
