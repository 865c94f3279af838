import Foundation
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// The fixed-point / lowp sampling kernels against the Double reference path and exact integer formulas.
/// Semantics: SCENES.md's "bilinear filtering at pixel centres and clamped to its edge texels" (see
/// PaintImageShader.swift); positions rounded to 1/256 texel, halves up, one rounding of the weighted sum.
/// Maps below use dyadic coefficients so every position is exact in both Double and 40.24 fixed point: the
/// kernels must then equal the Double path bit for bit.
@Suite struct PaintImageKernelTests {
    func randomImage(width: Int, height: Int, seed: UInt64) -> CGImage {
        var random = PaintTestRandom(seed: seed)
        let pixels = (0..<(width * height)).map { _ in random.premultipliedPixel() }
        return CGImage(bitmap: PremultipliedRGBA8Bitmap(width: width, height: height, pixels: pixels))
    }

    func rows(_ shader: PaintImageShader, x: Int, count: Int, ys: Range<Int>, scalar: Bool) -> [UInt32] {
        var all: [UInt32] = []
        for y in ys {
            var row = [UInt32](repeating: 0xDEAD_BEEF, count: count)
            row.withUnsafeMutableBufferPointer { buffer in
                if scalar {
                    shader.shadeAffineScalar(shader.levels!, x: x, y: y, count: count, into: buffer.baseAddress!)
                } else {
                    shader.shade(x: x, y: y, count: count, into: buffer.baseAddress!)
                }
            }
            all += row
        }
        return all
    }

    static let dyadicMaps: [PaintProjectiveTransform] = [
        PaintProjectiveTransform(0.625, 0.375, -3.25, -0.375, 0.625, 2.5, 0, 0, 1),  // rotation-like, shrinking
        PaintProjectiveTransform(0.25, 0, 0.125, 0, 0.1875, -0.5, 0, 0, 1),  // magnifying 4× / 5.3×
        PaintProjectiveTransform(-1.5, 0.5, 30.75, 0.25, -1.25, 20.5, 0, 0, 1),  // mirrored, minifying
        PaintProjectiveTransform(1, 0.5, -7.375, 0, 1, -2.625, 0, 0, 1),  // unit x step with a shear: row kernel
        PaintProjectiveTransform(1, 0, -4.5, 0, 1, 3.25, 0, 0, 1),  // fractional translation, 2 fractions
        PaintProjectiveTransform(1, 0, -4.25, 0, 1, 3, 0, 0, 1),  // x fraction only: 2 taps
        PaintProjectiveTransform(1, 0, 6, 0, 1, -1.125, 0, 0, 1),  // y fraction only: 2 taps
    ]

    // Affine bilinear kernel (and the unit-step row kernel) = the Double path, on and off the image.
    @Test(arguments: dyadicMaps)
    func affineKernelEqualsTheDoublePath(map: PaintProjectiveTransform) {
        let shader = PaintImageShader(image: randomImage(width: 13, height: 9, seed: 7), deviceToImage: map, filter: .linear)
        #expect(shader.affineLevel != nil && shader.copyOffset == nil)
        let fast = rows(shader, x: -21, count: 83, ys: -6..<40, scalar: false)
        let reference = rows(shader, x: -21, count: 83, ys: -6..<40, scalar: true)
        #expect(fast == reference)
    }

    // Trilinear at λ = 1.5 exactly (ρ² = 8): levels 1 and 2 blended half and half, = the Double path.
    @Test func affineTrilinearEqualsTheDoublePath() {
        let map = PaintProjectiveTransform(2, -2, 0.5, 2, 2, -30.25, 0, 0, 1)
        let shader = PaintImageShader(image: randomImage(width: 40, height: 24, seed: 3), deviceToImage: map, filter: .trilinear)
        #expect(shader.affineLOD == 1.5)
        #expect(shader.affineNextLevel != nil && shader.affineBlend == 128)
        #expect(rows(shader, x: -9, count: 50, ys: -3..<30, scalar: false) == rows(shader, x: -9, count: 50, ys: -3..<30, scalar: true))
    }

    // The opacity pass (8 lanes, then a scalar tail) equals paintScalePixel on the unscaled samples.
    @Test func opacityScalesEverySample() {
        let image = randomImage(width: 13, height: 9, seed: 11), map = Self.dyadicMaps[0]
        let plain = PaintImageShader(image: image, deviceToImage: map, filter: .linear)
        let faded = PaintImageShader(image: image, deviceToImage: map, filter: .linear, opacity: 0.6)
        let a = paintShadeRow(plain, x: -5, y: 4, count: 29), b = paintShadeRow(faded, x: -5, y: 4, count: 29)
        #expect(b == a.map { paintScalePixel($0, by: 153) })  // round(0.6 · 255) = 153
    }

    // Output is a function of the pixel alone: random splittings (including spans longer than the 256-pixel
    // fixed-point runs and odd starts) reproduce the whole span, for every kernel.
    @Test func kernelsDoNotDependOnSpanSplits() throws {
        let image = randomImage(width: 50, height: 40, seed: 5)
        let k = 1.0 / 300
        let perspective = try #require(PaintProjectiveTransform(0.8, 0.1, 20, -0.2, 0.9, 10, k, 0.0005, 1).inverted())
        let maps = Self.dyadicMaps + [PaintProjectiveTransform(0.1, 0.02, -3, 0.03, 0.09, 1, 0, 0, 1), perspective]
        var random = PaintTestRandom(seed: 99)
        for map in maps {
            for filter in [PaintImageFilter.linear, .trilinear] {
                let shader = PaintImageShader(image: image, deviceToImage: map, filter: filter, opacity: 0.8)
                for y in [-3, 7, 33] {
                    let whole = paintShadeRow(shader, x: -37, y: y, count: 700)
                    var parts: [UInt32] = []
                    var x = -37
                    while x < 663 {
                        let n = min(663 - x, 1 + Int(random.next() % 300))
                        parts += paintShadeRow(shader, x: x, y: y, count: n)
                        x += n
                    }
                    #expect(whole == parts, "\(map) \(filter) row \(y)")
                }
            }
        }
    }

    // Spans crossing |x| = 2^22 (the fixed-point limit) hand the far pixels to the Double path, still
    // independently of the split.
    @Test func spansAcrossTheFixedPointLimit() {
        let limit = PaintImageAffineLevel.xLimit
        let shader = PaintImageShader(
            image: randomImage(width: 8, height: 8, seed: 1), deviceToImage: PaintProjectiveTransform(0.5, 0, -Double(limit) / 2, 0, 0.5, 0, 0, 0, 1))
        let whole = paintShadeRow(shader, x: limit - 20, y: 3, count: 40)
        let parts = paintShadeRow(shader, x: limit - 20, y: 3, count: 13) + paintShadeRow(shader, x: limit - 7, y: 3, count: 27)
        #expect(whole == parts)
        // Left of the limit the kernel runs, right of it the Double path; both sample u = x/2 − 2^21 exactly.
        var reference = [UInt32](repeating: 0, count: 40)
        reference.withUnsafeMutableBufferPointer { shader.shadeAffineScalar(shader.levels!, x: limit - 20, y: 3, count: 40, into: $0.baseAddress!) }
        #expect(whole == reference)
    }

    // Far outside the image (coordinates beyond ±2^22 texels: the 64-bit lane form) every pixel is the edge
    // texel column interpolated in v, as in the Double path.
    @Test func farCoordinatesClampToTheEdge() {
        let image = randomImage(width: 6, height: 5, seed: 2)
        for tx in [-6e9, 6e9, -3e7] {
            let shader = PaintImageShader(image: image, deviceToImage: PaintProjectiveTransform(3, 0, tx, 0, 0.25, 0.5, 0, 0, 1))
            #expect(shader.affineLevel != nil)
            #expect(rows(shader, x: 0, count: 20, ys: 0..<24, scalar: false) == rows(shader, x: 0, count: 20, ys: 0..<24, scalar: true))
        }
    }

    // Perspective kernel (Float divide per pixel) against the Double path: within 1 per channel (positions
    // differ by Float rounding, < 1/256 texel), exact where W ≤ 0 (transparent).
    @Test func perspectiveKernelMatchesTheDoublePath() throws {
        let image = randomImage(width: 32, height: 32, seed: 9)
        let a = 0.9, d = 1.0 / 400
        // Rotated about y and projected (SCENES.md's m34 = −1/500 style), then placed; the horizon crosses
        // the rows so W changes sign inside spans.
        let imageToDevice = PaintProjectiveTransform(cos(a) * 4, 0, 100, 0, 4, 60, sin(a) * d * 4, 0, 1)
        let map = try #require(imageToDevice.inverted())
        for filter in [PaintImageFilter.linear, .trilinear] {
            let shader = PaintImageShader(image: image, deviceToImage: map, filter: filter)
            #expect(shader.usesPerspectiveKernel)
            var worst = 0, transparent = 0
            for y in stride(from: -20, to: 220, by: 7) {
                let fast = paintShadeRow(shader, x: -300, y: y, count: 700)
                var reference = [UInt32](repeating: 0, count: 700)
                reference.withUnsafeMutableBufferPointer {
                    shader.shadePerspectiveScalar(shader.levels!, x: -300, y: y, count: 700, into: $0.baseAddress!)
                }
                for (p, q) in zip(fast, reference) {
                    worst = max(worst, zip(paintBytes(p), paintBytes(q)).map { abs($0 - $1) }.max()!)
                }
                for i in 0..<700 where map.m6 * (Double(i - 300) + 0.5) + map.m7 * (Double(y) + 0.5) + map.m8 <= 0 {
                    #expect(fast[i] == 0)
                    transparent += 1
                }
            }
            #expect(worst <= 1, "\(filter)")
            #expect(transparent > 0)  // the horizon is in view, so the W ≤ 0 branch ran
        }
    }

    // Bad maps never trap: huge, tiny and non-finite coefficients fall back or draw nothing.
    @Test func extremeMapsAreSafe() {
        let image = randomImage(width: 5, height: 5, seed: 4)
        let maps = [
            PaintProjectiveTransform(1e30, 0, 0, 0, 1e30, 0, 0, 0, 1), PaintProjectiveTransform(1e-30, 0, 1e20, 0, 1, -1e20, 0, 0, 1),
            PaintProjectiveTransform(1, 0, .nan, 0, 1, 0, 0, 0, 1), PaintProjectiveTransform(1, 0, 0, 0, 1, 0, 1e-30, 1e30, 1),
            PaintProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 0), PaintProjectiveTransform(3, 1, 1e12, 1, 3, -1e12, 0, 0, 1),
        ]
        for map in maps {
            for filter in [PaintImageFilter.nearest, .linear, .trilinear] {
                let row = paintShadeRow(PaintImageShader(image: image, deviceToImage: map, filter: filter), x: -4, y: 2, count: 30)
                #expect(row.allSatisfy { p in paintBytes(p).dropLast().allSatisfy { $0 <= Int(p >> 24) } })
            }
        }
    }

    // Every texture level carries a 1-texel border repeating its edge texels (what lets the kernels skip
    // per-tap clamping).
    @Test func levelsHaveEdgeBorders() throws {
        let texture = try #require(randomImage(width: 7, height: 3, seed: 8).mipmappedTexture())
        for index in 0..<texture.levelCount {
            let level = texture.levels[index]
            let w = level.width, h = level.height, s = level.stride
            #expect(s == w + 2)
            func texel(_ x: Int, _ y: Int) -> UInt32 { level.pixels[y * s + x] }
            for y in -1...h {
                for x in -1...w {
                    #expect(texel(x, y) == texel(min(max(x, 0), w - 1), min(max(y, 0), h - 1)))
                }
            }
        }
    }

    // The 8-lane integer formulas against their scalar definitions on random pixels and weights.
    @Test func lowpFormulasMatchTheirDefinitions() {
        var random = PaintTestRandom(seed: 21)
        func vector(_ make: () -> UInt32) -> SIMD8<UInt32> { SIMD8((0..<8).map { _ in make() }) }
        for _ in 0..<400 {
            let t = (0..<4).map { _ in vector { random.premultipliedPixel() } }
            let fx = vector { UInt32(random.next() % 256) }, fy = vector { UInt32(random.next() % 256) }
            let f = vector { UInt32(random.next() % 257) }, a = UInt32(random.next() % 256)
            let bilinear = paintBilerp8(t[0], t[1], t[2], t[3], fx: fx, fy: fy)
            let lerp = paintLerp8(t[0], t[1], f: f)
            let scaled = paintScale8(t[0], by: a)
            for k in 0..<8 {
                let c = t.map { paintBytes($0[k]) }
                let wx = Int(fx[k]), wy = Int(fy[k]), wf = Int(f[k])
                let expectedBilinear = (0..<4).map { i in
                    (c[0][i] * (256 - wx) * (256 - wy) + c[1][i] * wx * (256 - wy) + c[2][i] * (256 - wx) * wy + c[3][i] * wx * wy + 32768) >> 16
                }
                #expect(paintBytes(bilinear[k]) == expectedBilinear)
                #expect(paintBytes(lerp[k]) == (0..<4).map { i in (c[0][i] * (256 - wf) + c[1][i] * wf + 128) >> 8 })
                #expect(scaled[k] == paintScalePixel(t[0][k], by: a))
            }
        }
        // Extremes: all-255 taps at every weight stay 255 (the 16-bit vertical pass must not overflow).
        let white = SIMD8<UInt32>(repeating: 0xFFFF_FFFF)
        for w in 0..<256 {
            let v = SIMD8<UInt32>(repeating: UInt32(w))
            #expect(paintBilerp8(white, white, white, white, fx: v, fy: 255 &- v) == white)
        }
        #expect(paintClamp8(SIMD8(-1_000_000, -257, -256, 0, 5, 99, 100, 1 << 30), low: -256, high: 99)
            == SIMD8(-256, -256, -256, 0, 5, 99, 99, 99))
    }
}
