// Gaussian blur of an 8-bit mask at a reduced resolution, for wide blurs: its cost per pixel does not grow
// with σ.
//
// Spaces: device pixels; the input covers `inputBounds`, zero outside; the
// output covers `outputBounds` and output pixel p is the blur of the input at p − shift. Method: the input is
// averaged over k×k cells aligned to multiples of k (k = ⌊σ / reducedSigma⌋), the cells are blurred with a
// sampled Gaussian of σ_L, and the result is interpolated bilinearly back to pixel centres. The cell average
// (a box of k pixels, variance (k² − 1)/12) and the interpolation (a tent of half-width k, variance k²/6) blur
// too, so σ_L = √(σ² − (k² − 1)/12 − k²/6) / k keeps the total variance σ² (variances of convolved kernels
// add). The reduced σ_L lies in [7.9, 16), so the low-resolution kernel has at most 97 taps and the work per
// output pixel is bounded whatever σ is. Error against the exact full-resolution Gaussian
// (CompositorShadowBlur), measured by ReducedResolutionBlurTests over rectangles, a disc, a thin line and a
// triangle for σ 16…200: at most `maximumErrorInSteps` 8-bit steps at any pixel.
// Numbers: Float sums in a fixed order, rounded to nearest once; deterministic for a given input and grid.
import Foundation
import QuartzRaster

enum ReducedResolutionBlur {
    /// Below this σ the exact separable Gaussian runs at full resolution (at most 6σ + 1 = 97 taps a pass).
    static let minimumSigma = 16.0
    /// The reduced σ aimed at: the factor is ⌊σ / reducedSigma⌋.
    static let reducedSigma = 8.0
    /// The largest difference from the exact Gaussian blur that the tests allow, in 8-bit steps.
    static let maximumErrorInSteps = 1

    /// The cell size for σ (1: no reduction).
    static func factor(sigma: Double) -> Int {
        sigma < minimumSigma ? 1 : max(1, Int(sigma / reducedSigma))
    }

    /// The blurred mask over `outputBounds` through the exact blur below `minimumSigma`, reduced above; nil
    /// when σ is invalid. Bit-identical for any `threads`.
    static func shadowBlur(
        _ input: PaintA8Mask, inputBounds: FillPixelBounds, outputBounds: FillPixelBounds, sigma: Double,
        shiftX: Int, shiftY: Int, threads: Int
    ) -> PaintA8Mask? {
        let k = factor(sigma: sigma)
        if k < 2 {
            return CompositorShadowBlur.blur(input, inputBounds: inputBounds, outputBounds: outputBounds, sigma: sigma,
                                             shiftX: shiftX, shiftY: shiftY, threads: threads)
        }
        return blur(input, inputBounds: inputBounds, outputBounds: outputBounds, sigma: sigma, factor: k,
                    shiftX: shiftX, shiftY: shiftY)
    }

    /// The reduced-resolution blur with cell size `factor` ≥ 2; nil when σ is not usable.
    static func blur(
        _ input: PaintA8Mask, inputBounds: FillPixelBounds, outputBounds: FillPixelBounds, sigma: Double,
        factor k: Int, shiftX: Int = 0, shiftY: Int = 0
    ) -> PaintA8Mask? {
        let ow = outputBounds.width, oh = outputBounds.height
        guard k >= 2, sigma.isFinite, sigma > 0 else { return nil }
        guard ow > 0, oh > 0, input.width == inputBounds.width, input.height == inputBounds.height,
              !inputBounds.isEmpty
        else { return PaintA8Mask(width: max(ow, 0), height: max(oh, 0)) }
        let kd = Double(k)
        let reducedVariance = sigma * sigma - (kd * kd - 1) / 12 - kd * kd / 6
        guard reducedVariance > 0, let kernel = try? PaintGaussianKernel(sigma: reducedVariance.squareRoot() / kd)
        else { return nil }
        let r = kernel.radius

        // Cells: column i covers pixels gx + k·i ..< gx + k·(i + 1); aligned to multiples of k.
        let gx = floorDivide(inputBounds.minX, k) * k, gy = floorDivide(inputBounds.minY, k) * k
        let cw = ceilDivide(inputBounds.maxX - gx, k), ch = ceilDivide(inputBounds.maxY - gy, k)
        var cells = [Float](repeating: 0, count: cw * ch)
        let iw = input.width, ih = input.height
        let dx = inputBounds.minX - gx, dy = inputBounds.minY - gy
        input.bytes.withUnsafeBufferPointer { src in
            cells.withUnsafeMutableBufferPointer { out in
                // Integer sums per cell (exact), scaled once.
                var sums = [Int](repeating: 0, count: cw)
                let scale = 1 / Float(k * k)
                for j in 0..<ch {
                    sums.withUnsafeMutableBufferPointer { s in
                        s.update(repeating: 0)
                        let y0 = max(0, j * k - dy), y1 = min(ih, (j + 1) * k - dy)
                        if y0 < y1 {
                            for y in y0..<y1 {
                                let row = src.baseAddress! + y * iw
                                for x in 0..<iw { s[(x + dx) / k] += Int(row[x]) }
                            }
                        }
                        for i in 0..<cw { out[j * cw + i] = Float(s[i]) * scale }
                    }
                }
            }
        }

        // Separable blur of the cells into a padded plane: plane (i, j) ↔ cell (i − r, j − r).
        let pw = cw + 2 * r, ph = ch + 2 * r, taps = 2 * r + 1
        var horizontal = [Float](repeating: 0, count: pw * ch)
        var plane = [Float](repeating: 0, count: pw * ph)
        kernel.weights.withUnsafeBufferPointer { w in
            cells.withUnsafeBufferPointer { c in
                horizontal.withUnsafeMutableBufferPointer { h in
                    // Each plane column sums its taps in ascending order (a gather, not a scatter).
                    for j in 0..<ch {
                        let cRow = c.baseAddress! + j * cw, hRow = h.baseAddress! + j * pw
                        for p in 0..<pw {
                            // Cell i = p − r + t − r for tap t, within 0..<cw.
                            let tLow = max(0, 2 * r - p), tHigh = min(taps - 1, cw - 1 + 2 * r - p)
                            if tLow > tHigh { continue }
                            var sum: Float = 0
                            for t in tLow...tHigh { sum += w[t] * cRow[p - 2 * r + t] }
                            hRow[p] = sum
                        }
                    }
                }
            }
            horizontal.withUnsafeBufferPointer { h in
                plane.withUnsafeMutableBufferPointer { out in
                    for q in 0..<ph {
                        let tLow = max(0, 2 * r - q), tHigh = min(taps - 1, ch - 1 + 2 * r - q)
                        if tLow > tHigh { continue }
                        let oRow = out.baseAddress! + q * pw
                        for t in tLow...tHigh {
                            let weight = w[t], hRow = h.baseAddress! + (q - 2 * r + t) * pw
                            for p in 0..<pw { oRow[p] += weight * hRow[p] }
                        }
                    }
                }
            }
        }

        // Bilinear interpolation back to pixel centres. Pixel x (source position x − shift) lies in cell
        // m = ⌊(x − gx)/k⌋ at offset o; its centre is (o + ½)/k − ½ cells past cell m's centre, so the two
        // samples and the weight depend on o alone.
        var lowOffset = [Int](repeating: 0, count: k), weight = [Float](repeating: 0, count: k)
        for o in 0..<k {
            if 2 * o + 1 < k {
                lowOffset[o] = -1
                weight[o] = Float(2 * o + 1 + k) / Float(2 * k)
            } else {
                lowOffset[o] = 0
                weight[o] = Float(2 * o + 1 - k) / Float(2 * k)
            }
        }
        var output = PaintA8Mask(width: ow, height: oh)
        let sx0 = outputBounds.minX - shiftX - gx, sy0 = outputBounds.minY - shiftY - gy
        // Per output column: the plane column of its left sample plus 1 (index 0 and pw + 1 are zeros beyond
        // the plane) and the right sample's weight; columns beyond the plane read a zero with weight 0.
        var columnIndex = [Int32](repeating: 0, count: ow), columnWeight = [Float](repeating: 0, count: ow)
        for x in 0..<ow {
            let s = sx0 + x, m = floorDivide(s, k), o = s - m * k
            let p = m + lowOffset[o] + r
            if p < -1 {
                columnIndex[x] = 0
            } else if p > pw - 1 {
                columnIndex[x] = Int32(pw + 1)
            } else {
                columnIndex[x] = Int32(p + 1)
                columnWeight[x] = weight[o]
            }
        }
        let zeros = [Float](repeating: 0, count: pw)
        plane.withUnsafeBufferPointer { pl in
            zeros.withUnsafeBufferPointer { zero in
                columnIndex.withUnsafeBufferPointer { index in
                    columnWeight.withUnsafeBufferPointer { cw in
                        output.bytes.withUnsafeMutableBufferPointer { out in
                            var row = [Float](repeating: 0, count: pw + 3)
                            row.withUnsafeMutableBufferPointer { rowBuffer in
                                // line[p + 1] holds the row interpolated at plane column p; zeros at both ends.
                                let line = rowBuffer.baseAddress!
                                for y in 0..<oh {
                                    let s = sy0 + y, m = floorDivide(s, k), o = s - m * k
                                    let q0 = m + lowOffset[o] + r, ty = weight[o]
                                    let hasTop = q0 >= 0 && q0 < ph, hasBottom = q0 + 1 >= 0 && q0 + 1 < ph
                                    if !hasTop && !hasBottom { continue }
                                    let a = hasTop ? pl.baseAddress! + q0 * pw : zero.baseAddress!
                                    let b = hasBottom ? pl.baseAddress! + (q0 + 1) * pw : zero.baseAddress!
                                    for p in 0..<pw { line[p + 1] = a[p] + (b[p] - a[p]) * ty }
                                    let oRow = out.baseAddress! + y * ow
                                    // Eight pixels at a time, then one at a time, with the same operations;
                                    // rounded to nearest by adding 1.5 · 2²³ (the sum's low byte). The values
                                    // are convex combinations of plane values in 0…255 (normalised positive
                                    // weights), so they stay within it up to Float rounding: no clamp.
                                    var x = 0
                                    while x + 8 <= ow {
                                        var left = SIMD8<Float>(), right = SIMD8<Float>()
                                        for n in 0..<8 {
                                            let c = Int(index[x + n])
                                            left[n] = line[c]
                                            right[n] = line[c + 1]
                                        }
                                        let w = UnsafeRawPointer(cw.baseAddress! + x).loadUnaligned(as: SIMD8<Float>.self)
                                        let v = left + (right - left) * w
                                        let bits = unsafeBitCast(v + 12_582_912, to: SIMD8<UInt32>.self)
                                        UnsafeMutableRawPointer(oRow + x).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: bits), as: SIMD8<UInt8>.self)
                                        x += 8
                                    }
                                    while x < ow {
                                        let c = Int(index[x])
                                        let v = line[c] + (line[c + 1] - line[c]) * cw[x]
                                        oRow[x] = UInt8(truncatingIfNeeded: (v + 12_582_912).bitPattern)
                                        x += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func ceilDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? (a + b - 1) / b : -((-a) / b) }
}
