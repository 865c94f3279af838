import Foundation
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// The AVX2 affine bilinear kernels (raster_kernels_images.c) against the portable Swift kernels, and the image
/// shader's fused shade-and-blend (`shadeSourceOver`) against `shade` followed by the normal blend.
/// Semantics: SCENES.md's "bilinear filtering at pixel centres and clamped to its edge texels" (the sampling
/// rules of PaintImageShader.swift) and Apple's CGBlendMode.normal ("R = S + D·(1 − Sa)") with the 8-bit
/// rounding of PaintBlendSpan.swift. The AVX2 code is an optimisation only: the contract is identical bytes
/// (README.md, Determinism), so every comparison is exact.
@Suite struct PaintImageAVX2Tests {
    static func randomImage(width: Int, height: Int, seed: UInt64) -> CGImage {
        var random = PaintTestRandom(seed: seed)
        let pixels = (0..<(width * height)).map { _ in random.premultipliedPixel() }
        return CGImage(bitmap: PremultipliedRGBA8Bitmap(width: width, height: height, pixels: pixels))
    }

    static func unit(_ random: inout PaintTestRandom) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

    /// Random device → image maps: rotations, scales from 1/20 to 8 (minifying and magnifying), mirrors,
    /// shears, offsets on and far off the image (at and beyond the kernels' 2^30 lane range), unit x steps.
    static func randomMap(_ random: inout PaintTestRandom) -> PaintProjectiveTransform {
        let angle = unit(&random) * 2 * Double.pi
        let sx = exp((unit(&random) * 5 - 3)), sy = exp((unit(&random) * 5 - 3))
        let mirror = random.next() % 3 == 0 ? -1.0 : 1.0
        let shear = random.next() % 4 == 0 ? unit(&random) - 0.5 : 0
        var a = cos(angle) * sx * mirror, c = -sin(angle) * sy + shear
        var b = sin(angle) * sx, d = cos(angle) * sy
        switch random.next() % 6 {
        case 0: a = 1; b = 0  // unit x step (the row kernel on the Swift side)
        case 1: c = 0; b = 0  // axis-aligned scale
        default: break
        }
        // ±4.194e6 texels straddle the kernel's ±2^30 (1/256 texel) lane range within a span.
        let far = [0.0, 0, 0, 0, 3e7, -6e9, 6e9, 4_194_000, -4_194_200][Int(random.next() % 9)]
        let e = (unit(&random) - 0.5) * 400 + far, f = (unit(&random) - 0.5) * 400
        return PaintProjectiveTransform(a, c, e, b, d, f, 0, 0, 1)
    }

    func shadeRow(_ shader: PaintImageShader, x: Int, y: Int, count: Int, kernels: SpanKernelChoice) -> [UInt32] {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count)
        out.withUnsafeMutableBufferPointer { shader.shade(x: x, y: y, count: count, into: $0.baseAddress!, kernels: kernels) }
        return out
    }

    // Random maps, images (1×1 up to 40×33), opacities and spans (every length 0…300, any start): the
    // AVX2 kernel gives the portable kernel's bytes.
    @Test(.enabled(if: SpanKernels.isAVX2Supported, "this CPU has no AVX2: nothing to compare"))
    func avx2AffineKernelEqualsThePortableKernel() {
        var random = PaintTestRandom(seed: 2026)
        for trial in 0..<120 {
            let w = 1 + Int(random.next() % 40), h = 1 + Int(random.next() % 33)
            let image = Self.randomImage(width: w, height: h, seed: UInt64(trial))
            let map = Self.randomMap(&random)
            let opacity = [1, 1, 0.5, 0.25, 0.9][Int(random.next() % 5)]
            let shader = PaintImageShader(image: image, deviceToImage: map, filter: .linear, opacity: opacity)
            #expect(shader.affineLevel != nil)
            for _ in 0..<6 {
                let x = Int(random.next() % 600) - 300, y = Int(random.next() % 600) - 300
                let count = Int(random.next() % 301)
                let fast = shadeRow(shader, x: x, y: y, count: count, kernels: .avx2)
                let portable = shadeRow(shader, x: x, y: y, count: count, kernels: .portable)
                #expect(fast == portable, "trial \(trial) map \(map) x \(x) y \(y) count \(count)")
            }
        }
    }

    // The Double → fixed-point rounding without libm equals `rounded()` (halves away from zero).
    @Test func fixedPointRoundingMatchesRounded() {
        var random = PaintTestRandom(seed: 5)
        var values: [Double] = [0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4503599627370495.5, -4503599627370495.5, 9007199254740993, 1e18, -1e18, 0x1p60, -0x1p60]
        for _ in 0..<2000 {
            let magnitude = pow(2.0, Double(random.next() % 61))
            values.append((Self.unit(&random) - 0.5) * 2 * magnitude)
            values.append(Double(Int64(random.next() % (1 << 40)) - (1 << 39)) + 0.5)
        }
        for c in values {
            #expect(PaintImageAffineLevel.roundedFixedPoint(c) == Int64(c.rounded()), "\(c)")
        }
    }

    /// `shade` then the portable normal blend: the reference for `shadeSourceOver`.
    func referenceOver(
        _ shader: PaintImageShader, x: Int, y: Int, coverage: [UInt8]?, alpha: UInt8, destination: [UInt32]
    ) -> [UInt32] {
        let source = shadeRow(shader, x: x, y: y, count: destination.count, kernels: .portable)
        var out = destination
        guard alpha > 0, !out.isEmpty else { return out }
        source.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                if let coverage {
                    coverage.withUnsafeBufferPointer { c in
                        paintBlendSourceOver(s.baseAddress!, c.baseAddress!, alpha, d.baseAddress!, d.count, kernels: .portable)
                    }
                } else {
                    paintBlendSourceOver(s.baseAddress!, nil, alpha, d.baseAddress!, d.count, kernels: .portable)
                }
            }
        }
        return out
    }

    /// The fused path: the shader's own plan with `kernels`, falling back (as the shader does) to shade and blend.
    func fusedOver(
        _ shader: PaintImageShader, x: Int, y: Int, coverage: [UInt8]?, alpha: UInt8, destination: [UInt32],
        kernels: SpanKernelChoice?
    ) -> [UInt32] {
        var out = destination
        var scratch = [UInt32](repeating: 0xDEAD_BEEF, count: max(destination.count, 1))
        let cov = coverage ?? []
        out.withUnsafeMutableBufferPointer { d in
            scratch.withUnsafeMutableBufferPointer { s in
                cov.withUnsafeBufferPointer { c in
                    guard let dp = d.baseAddress else { return }
                    let cp = coverage == nil ? nil : c.baseAddress
                    if let kernels {
                        // The AVX2 run reads the span's row base from the plan's row table, the others compute it.
                        let rows: Range<Int>? = kernels == .avx2 ? (y - 3)..<(y + 2) : nil
                        if alpha > 0, let plan = shader.sourceOverPlan(rows: rows),
                           plan.sourceOver(x: x, y: y, count: d.count, coverage: cp, alpha: alpha, destination: dp, kernels: kernels) {
                            return
                        }
                        shader.shadeSourceOver(plan: nil, x: x, y: y, count: d.count, coverage: cp, alpha: alpha,
                                               destination: dp, scratch: s.baseAddress!)
                    } else {
                        shader.shadeSourceOver(x: x, y: y, count: d.count, coverage: cp, alpha: alpha,
                                               destination: dp, scratch: s.baseAddress!)
                    }
                }
            }
        }
        return out
    }

    /// Every fused path (each kernel choice, and the tabulated plan) against shade-then-blend for one span.
    func expectFusedPathsMatchShadeThenBlend(
        _ shader: PaintImageShader, x: Int, y: Int, coverage: [UInt8]?, alpha: UInt8, destination: [UInt32], trial: Int
    ) {
        let count = destination.count
        let expected = referenceOver(shader, x: x, y: y, coverage: coverage, alpha: alpha, destination: destination)
        let choices: [SpanKernelChoice?] = SpanKernels.isAVX2Supported ? [nil, .portable, .avx2] : [nil, .portable]
        for kernels in choices {
            let got = fusedOver(shader, x: x, y: y, coverage: coverage, alpha: alpha, destination: destination, kernels: kernels)
            #expect(got == expected, "trial \(trial) kernels \(String(describing: kernels)) x \(x) y \(y) count \(count)")
        }
        let tabulated = tabulatedOver(shader, x: x, y: y, coverage: coverage, alpha: alpha, destination: destination)
        #expect(tabulated == expected, "trial \(trial) tabulated plan x \(x) y \(y) count \(count)")
    }

    /// The plan's public entry with the span's row tabulated (one call into rk_image_affine_plan_over when AVX2 is
    /// in use), falling back to the shader's own entry point when the plan declines.
    func tabulatedOver(
        _ shader: PaintImageShader, x: Int, y: Int, coverage: [UInt8]?, alpha: UInt8, destination: [UInt32]
    ) -> [UInt32] {
        var out = destination
        var scratch = [UInt32](repeating: 0xDEAD_BEEF, count: max(destination.count, 1))
        let cov = coverage ?? []
        out.withUnsafeMutableBufferPointer { d in
            scratch.withUnsafeMutableBufferPointer { s in
                cov.withUnsafeBufferPointer { c in
                    guard let dp = d.baseAddress else { return }
                    let cp = coverage == nil ? nil : c.baseAddress
                    shader.shadeSourceOver(plan: shader.sourceOverPlan(rows: (y - 2)..<(y + 3)), x: x, y: y, count: d.count,
                                           coverage: cp, alpha: alpha, destination: dp, scratch: s.baseAddress!)
                }
            }
        }
        return out
    }

    // The fused path (the shader's entry point and its plan on each kernel choice), for affine maps, integer translations on and off the image
    // (straight from the texel row, or the fallback), trilinear (the fallback) and every coverage form.
    @Test func fusedSourceOverEqualsShadeThenBlend() {
        var random = PaintTestRandom(seed: 77)
        for trial in 0..<90 {
            let w = 1 + Int(random.next() % 40), h = 1 + Int(random.next() % 33)
            let image = Self.randomImage(width: w, height: h, seed: UInt64(100 + trial))
            let map: PaintProjectiveTransform
            switch trial % 3 {
            case 0: map = PaintProjectiveTransform(1, 0, Double(Int(random.next() % 60) - 30), 0, 1, Double(Int(random.next() % 60) - 30), 0, 0, 1)
            default: map = Self.randomMap(&random)
            }
            let filter: PaintImageFilter = trial % 5 == 4 ? .trilinear : .linear
            let opacity = [1, 1, 0.5, 0.0, 0.8][Int(random.next() % 5)]
            let shader = PaintImageShader(image: image, deviceToImage: map, filter: filter, opacity: opacity)
            if trial % 3 == 0 { #expect(shader.copyOffset != nil) }
            for _ in 0..<5 {
                let x = Int(random.next() % 80) - 40, y = Int(random.next() % 80) - 40
                let count = Int(random.next() % 140)
                let destination = (0..<count).map { _ in random.premultipliedPixel() }
                let coverage: [UInt8]? = random.next() % 2 == 0 ? nil : (0..<count).map { _ in
                    [0, 255, UInt8(random.next() & 0xFF)][Int(random.next() % 3)]
                }
                let alpha: UInt8 = [255, 0, UInt8(random.next() & 0xFF)][Int(random.next() % 3)]
                expectFusedPathsMatchShadeThenBlend(
                    shader, x: x, y: y, coverage: coverage, alpha: alpha, destination: destination, trial: trial)
            }
        }
    }

    // The AVX2 kernel's specialised loops (with coverage, constant weight, no lerp; with and without opacity)
    // on coverage made of zero, full and random blocks of 8 (shifted against the span's 8-pixel groups), affine
    // maps only, compared with shade-then-blend on every kernel choice.
    @Test func fusedSourceOverWithZeroCoverageBlocksEqualsShadeThenBlend() {
        var random = PaintTestRandom(seed: 91)
        for trial in 0..<40 {
            let w = 1 + Int(random.next() % 40), h = 1 + Int(random.next() % 33)
            let image = Self.randomImage(width: w, height: h, seed: UInt64(300 + trial))
            let opacity = [1, 0.5, 0.8][Int(random.next() % 3)]
            let shader = PaintImageShader(image: image, deviceToImage: Self.randomMap(&random), filter: .linear, opacity: opacity)
            for _ in 0..<4 {
                let x = Int(random.next() % 80) - 40, y = Int(random.next() % 80) - 40
                let count = 1 + Int(random.next() % 140)
                let destination = (0..<count).map { _ in random.premultipliedPixel() }
                let shift = Int(random.next() % 8)
                var coverage = [UInt8](repeating: 0, count: count)
                var blockValue: UInt8 = 0, randomBlock = false
                for i in 0..<count {
                    if (i + shift) % 8 == 0 {
                        let kind = random.next() % 3
                        blockValue = kind == 1 ? 255 : 0
                        randomBlock = kind == 2
                    }
                    coverage[i] = randomBlock ? UInt8(random.next() & 0xFF) : blockValue
                }
                let alpha: UInt8 = [255, UInt8(1 + random.next() % 254)][Int(random.next() % 2)]
                expectFusedPathsMatchShadeThenBlend(
                    shader, x: x, y: y, coverage: coverage, alpha: alpha, destination: destination, trial: trial)
            }
        }
    }

    // Spans whose every sample (the last group's padding lanes included) lies inside the image take the AVX2
    // loops without clamps; spans reaching just past an edge keep them. Rotated and scaled maps onto a large
    // image, spans placed inside it and across each edge, every coverage form and alpha: identical bytes.
    @Test func fusedSourceOverInsideAndAcrossTheEdgesEqualsShadeThenBlend() {
        var random = PaintTestRandom(seed: 123)
        let image = Self.randomImage(width: 120, height: 90, seed: 5)
        for trial in 0..<24 {
            let angle = Self.unit(&random) * 0.6 - 0.3, scale = 0.5 + Self.unit(&random)
            let a = cos(angle) * scale, b = sin(angle) * scale, c = -sin(angle) * scale, d = cos(angle) * scale
            // Device (0, 0) maps near the image centre; rows from −40 to 40 stay inside or cross an edge.
            let map = PaintProjectiveTransform(a, c, 60 + Self.unit(&random), b, d, 45 + Self.unit(&random), 0, 0, 1)
            let opacity = [1, 0.6][trial % 2]
            let shader = PaintImageShader(image: image, deviceToImage: map, filter: .linear, opacity: opacity)
            for _ in 0..<6 {
                let y = Int(random.next() % 80) - 40
                let inside = random.next() % 2 == 0
                let x = inside ? Int(random.next() % 20) - 20 : Int(random.next() % 120) - 120
                let count = inside ? 1 + Int(random.next() % 30) : 60 + Int(random.next() % 120)
                let destination = (0..<count).map { _ in random.premultipliedPixel() }
                let coverage: [UInt8]? = random.next() % 2 == 0 ? nil : (0..<count).map { _ in
                    [0, 255, UInt8(random.next() & 0xFF)][Int(random.next() % 3)]
                }
                let alpha: UInt8 = [255, UInt8(1 + random.next() % 254)][Int(random.next() % 2)]
                expectFusedPathsMatchShadeThenBlend(
                    shader, x: x, y: y, coverage: coverage, alpha: alpha, destination: destination, trial: trial)
                if SpanKernels.isAVX2Supported {
                    let fast = shadeRow(shader, x: x, y: y, count: count, kernels: .avx2)
                    #expect(fast == shadeRow(shader, x: x, y: y, count: count, kernels: .portable), "trial \(trial) shade")
                }
            }
        }
    }
}
