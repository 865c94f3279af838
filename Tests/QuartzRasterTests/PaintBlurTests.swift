import Foundation
import Testing
@testable import QuartzRaster
import QuartzTestSupport

@Suite struct PaintBlurTests {
    /// The continuous 2-D Gaussian density of standard deviation σ at offset (i, j).
    func gaussian2D(_ i: Double, _ j: Double, _ sigma: Double) -> Double {
        exp(-(i * i + j * j) / (2 * sigma * sigma)) / (2 * Double.pi * sigma * sigma)
    }

    // A blurred point is the Gaussian itself. Sampled weights normalised after truncation at 3σ are
    // 1/0.9973 ≈ 0.27 % above the continuous density (plus sampling error ≪ 0.01 % for σ = 2), so within
    // 2σ of the centre the relative error must stay below 0.5 %.
    @Test func blurredPointMatchesTheAnalyticGaussian() throws {
        let kernel = try PaintGaussianKernel(sigma: 2)
        #expect(kernel.radius == 6 && kernel.weights.count == 13)
        var plane = [Float](repeating: 0, count: 9 * 9)
        plane[4 * 9 + 4] = 1
        let out = paintGaussianBlurPlane(plane, width: 9, height: 9, channels: 1, kernel: kernel)
        let ow = 9 + 12
        for j in -4...4 {
            for i in -4...4 where i * i + j * j <= 16 {
                let got = Double(out[(4 + 6 + j) * ow + (4 + 6 + i)])
                let expected = gaussian2D(Double(i), Double(j), 2)
                #expect(abs(got / expected - 1) < 0.005, "offset \(i), \(j)")
            }
        }
        // The same with an 8-bit mask: one 255 pixel → round(255 · w_i · w_j), within ±1 of 255 × density.
        let mask = try PaintA8Mask(width: 1, height: 1, bytes: [255]).gaussianBlurred(sigma: 1)
        #expect(mask.width == 7 && mask.height == 7)
        for j in -3...3 {
            for i in -3...3 {
                #expect(abs(Double(mask[3 + i, 3 + j]) - 255 * gaussian2D(Double(i), Double(j), 1)) <= 1)
            }
        }
    }

    // Blurring spreads but keeps the total: sums before and after agree up to 8-bit rounding (each output
    // pixel ±½, random in sign: the relative error of the total is far below 0.2 %).
    @Test func blurPreservesTotalMass() throws {
        var mask = PaintA8Mask(width: 30, height: 20)
        var rng = PaintTestRandom(seed: 3)
        for y in 4..<16 { for x in 5..<25 { mask[x, y] = 200 } }
        for i in 0..<mask.bytes.count where rng.next() % 7 == 0 { mask.bytes[i] = UInt8(rng.byte()) }
        let blurred = try mask.gaussianBlurred(sigma: 2.5)
        let r = try PaintGaussianKernel(sigma: 2.5).radius
        #expect(blurred.width == 30 + 2 * r && blurred.height == 20 + 2 * r)
        let before = mask.bytes.reduce(0) { $0 + Int($1) }, after = blurred.bytes.reduce(0) { $0 + Int($1) }
        #expect(abs(Double(after - before)) / Double(before) < 0.002)

        var bitmap = PremultipliedRGBA8Bitmap(width: 16, height: 12)
        for i in 0..<bitmap.pixels.count { bitmap.pixels[i] = rng.premultipliedPixel() }
        let blurredBitmap = try bitmap.gaussianBlurred(sigma: 1.5)
        for c in 0..<4 {
            let sumIn = bitmap.pixels.reduce(0) { $0 + paintBytes($1)[c] }
            let sumOut = blurredBitmap.pixels.reduce(0) { $0 + paintBytes($1)[c] }
            #expect(abs(Double(sumOut - sumIn)) / Double(sumIn) < 0.005, "channel \(c)")
        }
        // Identical weights per channel keep colour ≤ alpha.
        #expect(blurredBitmap.pixels.allSatisfy { p in let b = paintBytes(p); return b[0] <= b[3] && b[1] <= b[3] && b[2] <= b[3] })
    }

    // Bad σ or an oversized result gives a clear error, never a crash or a huge allocation.
    @Test func badInputIsRefused() throws {
        let mask = PaintA8Mask(width: 2, height: 2, bytes: [1, 2, 3, 4])
        for bad in [Double.nan, -1, .infinity, 1e30] {
            do {
                _ = try mask.gaussianBlurred(sigma: bad)
                Issue.record("sigma \(bad) was accepted")
            } catch let error as PaintBlurError {
                guard case .invalidSigma = error else { Issue.record("wrong error \(error)"); continue }
                #expect(error.description.contains("sigma"))
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        #expect(throws: PaintBlurError.self) { _ = try paintBlurOutputSize(100_000, 100_000, 10) }
        #expect(throws: PaintBlurError.self) { _ = try paintBlurOutputSize(Int.max / 2, 3, 1) }
        // σ ≈ 0 leaves the input unchanged.
        #expect(try mask.gaussianBlurred(sigma: 0) == mask)
    }

    /// Coverage of a rounded rectangle per pixel of a grid `scale` times finer than device pixels, by 4×4
    /// supersampling of each fine pixel.
    func roundedRectMask(width: Int, height: Int, scale: Int, rect: CGRect, radius: Double) -> [Float] {
        var out = [Float](repeating: 0, count: width * height)
        let k = Double(scale)
        let x0 = Double(rect.minX) * k, y0 = Double(rect.minY) * k, x1 = Double(rect.maxX) * k, y1 = Double(rect.maxY) * k
        let rr = radius * k
        func inside(_ x: Double, _ y: Double) -> Bool {
            guard x >= x0 && x <= x1 && y >= y0 && y <= y1 else { return false }
            let cx = min(max(x, x0 + rr), x1 - rr), cy = min(max(y, y0 + rr), y1 - rr)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= rr * rr
        }
        for y in 0..<height {
            for x in 0..<width {
                var n = 0
                for sy in 0..<4 { for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) { n += 1 } }
                out[y * width + x] = Float(n) / 16
            }
        }
        return out
    }

    /// Largest |analytic − blurred mask| over the padded output. The mask and the blur run on a grid 4×
    /// finer than device pixels (σ scaled likewise), so the reference's own discretisation — the pixel box
    /// filter (variance 1/12 px² at device scale) and the sampled kernel — shrinks 16× and the difference
    /// measures the analytic form itself.
    func maxDifference(rect: CGRect, radius: Double, sigma: Double) throws -> Double {
        let scale = 4, w = 60 * scale, h = 50 * scale
        let kernel = try PaintGaussianKernel(sigma: sigma * Double(scale))
        let blurred = paintGaussianBlurPlane(
            roundedRectMask(width: w, height: h, scale: scale, rect: rect, radius: radius),
            width: w, height: h, channels: 1, kernel: kernel)
        let r = kernel.radius, ow = w + 2 * r
        let shape = PaintBlurredRoundedRect(rect: rect, cornerRadius: radius, sigma: sigma)
        var worst = 0.0
        for y in 0..<(h + 2 * r) {
            for x in 0..<ow {
                let analytic = shape.coverage(
                    x: (Double(x - r) + 0.5) / Double(scale), y: (Double(y - r) + 0.5) / Double(scale))
                worst = max(worst, abs(analytic - Double(blurred[y * ow + x])))
            }
        }
        print("PaintBlurTests: max |analytic - blurred mask| for r \(radius), sigma \(sigma): \(worst)")
        return worst
    }

    // The erf closed form is exact for a rectangle, so what remains is the reference's own error (mostly the
    // kernel's truncation at 3σ, renormalised): measured 0.0025 (σ = 4) and 0.0016 (σ = 1.2).
    @Test func analyticBlurredRectMatchesBlurredMask() throws {
        #expect(try maxDifference(rect: CGRect(x: 12, y: 10, width: 36, height: 28), radius: 0, sigma: 4) < 0.003)
        #expect(try maxDifference(rect: CGRect(x: 14.5, y: 12.25, width: 30, height: 25), radius: 0, sigma: 1.2) < 0.003)
    }

    // Rounded corners: the corner bands are integrated numerically (composite Gauss-Legendre); agreement
    // with the blurred finely rasterised mask, including a sharp σ where the corner arc dominates. Measured:
    // 0.0023 (r 12, σ 3), 0.0010 (r 8, σ 1.2), 0.0027 (r 8, σ 0.6) — at the level of the reference's error.
    @Test func analyticBlurredRoundedRectMatchesBlurredMask() throws {
        #expect(try maxDifference(rect: CGRect(x: 14, y: 12, width: 32, height: 26), radius: 12, sigma: 3) < 0.003)
        #expect(try maxDifference(rect: CGRect(x: 14.5, y: 12.25, width: 30, height: 25), radius: 8, sigma: 1.2) < 0.003)
        #expect(try maxDifference(rect: CGRect(x: 14.5, y: 12.25, width: 30, height: 25), radius: 8, sigma: 0.6) < 0.005)
    }

    // Limits: far inside → 1, far outside → 0; σ → 0 gives the sharp shape, so a point just inside the
    // rectangle's corner but outside the arc has no coverage; the shader scales its colour by coverage.
    @Test func blurredRoundedRectLimitsAndShader() {
        let rect = CGRect(x: 10, y: 10, width: 60, height: 40)
        let soft = PaintBlurredRoundedRect(rect: rect, cornerRadius: 10, sigma: 2)
        #expect(abs(soft.coverage(x: 40, y: 30) - 1) < 1e-9)
        #expect(soft.coverage(x: -5, y: 30) == 0)
        #expect(abs(soft.coverage(x: 10, y: 30) - 0.5) < 1e-6)  // on a straight edge: half
        let sharp = PaintBlurredRoundedRect(rect: rect, cornerRadius: 10, sigma: 0)
        #expect(sharp.coverage(x: 11, y: 11) == 0)
        #expect(abs(sharp.coverage(x: 14, y: 14) - 1) < 1e-6)  // 6σ window: 2e-9 of mass left out
        let shader = PaintBlurredRoundedRectShader(shape: soft, color: PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128))
        #expect(paintShadeRow(shader, x: 39, y: 29, count: 1) == [0x8000_0000])
        #expect(paintShadeRow(shader, x: 0, y: 0, count: 1) == [0])
        // Bad geometry: no coverage, no crash.
        let bad = PaintBlurredRoundedRect(rect: CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5), cornerRadius: .nan, sigma: .infinity)
        #expect(bad.coverage(x: 1, y: 1) == 0)
    }
}
