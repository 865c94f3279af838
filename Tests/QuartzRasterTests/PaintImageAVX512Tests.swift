import Foundation
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// The AVX-512 affine bilinear kernels (raster_kernels_images_avx512.c) against the AVX2 kernels and the
/// portable Swift path, byte for byte. Semantics: SCENES.md's "bilinear filtering at pixel centres and clamped
/// to its edge texels" (PaintImageShader.swift's sampling rules) and Apple's CGBlendMode.normal ("R = S +
/// D·(1 − Sa)") with PaintBlendSpan.swift's 8-bit rounding. AVX-512 is an optimisation only: the contract is
/// identical bytes (README.md, Determinism). Span lengths 0…300 cover every masked tail (0…15 lanes
/// after 0…18 whole 16-pixel groups, so 0…9 paired 32-pixel steps with and without a lone 16-pixel group
/// before the tail); sentinels around each span must survive (masked lanes are neither read
/// past the span nor written). Kernels are called directly (PaintImageAVX512Kernels), so another test's
/// `withAVX512Disabled` cannot turn these into AVX2 against AVX2.
@Suite(.enabled(if: SpanKernels.isAVX512Supported, "this CPU has no AVX-512BW/VL: nothing to compare"))
struct PaintImageAVX512Tests {
    typealias Images = PaintImageAVX2Tests

    /// Coverage rows made of 16-pixel-ish blocks (shifted against the kernel's groups): zero (skipped groups),
    /// full (alpha-only weight) and random bytes.
    static func coverage(_ random: inout PaintTestRandom, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            let run = 1 + Int(random.next() % 24), kind = random.next() % 3
            for _ in 0..<min(run, count - out.count) { out.append(kind == 0 ? 0 : kind == 1 ? 255 : UInt8(random.next() & 0xFF)) }
        }
        return out
    }

    static func shader(_ random: inout PaintTestRandom, trial: Int) -> PaintImageShader {
        let w = 1 + Int(random.next() % 40), h = 1 + Int(random.next() % 33)
        let image = Images.randomImage(width: w, height: h, seed: UInt64(6_000 + trial))
        let opacity = [1, 1, 0.5, 0.25, 0.9][Int(random.next() % 5)]
        return PaintImageShader(image: image, deviceToImage: Images.randomMap(&random), filter: .linear, opacity: opacity)
    }

    // Store form: every length 0…300 on random maps (near, far and beyond the ±2^30 lane range, which the
    // 512-bit loop declines to the AVX2 kernel), images and opacities: AVX-512 bytes = AVX2 bytes = Swift bytes.
    @Test func affineKernelMatchesAVX2AndSwift() {
        var random = PaintTestRandom(seed: 5_126)
        let images = Images()
        for count in 0...300 {
            let shader = Self.shader(&random, trial: count)
            let x = Int(random.next() % 600) - 300, y = Int(random.next() % 600) - 300, offset = count % 4
            // The kernel span from device (x, y) of the shader's affine level (none when the row lies outside the
            // fixed-point range, PaintImageAffineLevel.rowBase).
            guard let level = shader.affineLevel, let base = level.rowBase(y: y) else { continue }
            var span = level.kernelSpan(base, x: x, opacity: shader.opacity8)
            let blank = [UInt32](repeating: 0x1234_5678, count: count)
            let avx512 = SpanKernelsAVX2Tests.run(blank, offset: offset) {
                #expect(PaintImageAVX512Kernels.affine(&span, $0, count) == count)
            }
            let avx2 = SpanKernelsAVX2Tests.run(blank, offset: offset) {
                #expect(paintAffineBilinearKernel(&span, $0, count, .avx2) == count)
            }
            let portable = images.shadeRow(shader, x: x, y: y, count: count, kernels: .portable)
            #expect(SpanKernelsAVX512Tests.firstDifference(avx512, avx2) == nil, "count \(count) x \(x) y \(y)")
            #expect(SpanKernelsAVX512Tests.firstDifference(avx512, portable) == nil, "count \(count) x \(x) y \(y)")
        }
    }

    // Fused form: every length 0…300, twice, with and without coverage, alpha 255 or random, at offsets 0…3
    // into the buffer: AVX-512 = AVX2 = shade then blend (Swift). Spans the loop declines must touch nothing;
    // both kinds occur (the seeded maps include far offsets; about 380 taken, 220 declined).
    @Test func affineOverKernelMatchesAVX2AndSwift() {
        var random = PaintTestRandom(seed: 5_127)
        let images = Images()
        var taken = 0, declined = 0
        for round in 0..<2 {
            for count in 0...300 {
                let shader = Self.shader(&random, trial: 400 + round * 301 + count)
                let x = Int(random.next() % 600) - 300, y = Int(random.next() % 600) - 300
                let offset = Int(random.next() % 4)
                // The kernel span from device (x, y) of the shader's affine level (none when the row lies outside the
                // fixed-point range, PaintImageAffineLevel.rowBase).
                guard let level = shader.affineLevel, let base = level.rowBase(y: y) else { continue }
                var span = level.kernelSpan(base, x: x, opacity: shader.opacity8)
                let destination = (0..<count).map { _ in random.premultipliedPixel() }
                let coverage: [UInt8]? = random.next() % 3 == 0 ? nil : Self.coverage(&random, count: count)
                let alpha: UInt8 = random.next() % 2 == 0 ? 255 : UInt8(1 + random.next() % 255)
                func blend(_ body: (UnsafePointer<UInt8>?, UnsafeMutablePointer<UInt32>) -> Void) -> [UInt32] {
                    SpanKernelsAVX2Tests.run(destination, offset: offset) { d in
                        if let coverage {
                            // An empty array may have no base address; a zero-length span reads nothing.
                            coverage.withUnsafeBufferPointer { body($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, d) }
                        } else {
                            body(nil, d)
                        }
                    }
                }
                let avx512 = blend { #expect(PaintImageAVX512Kernels.affineOver(&span, $0, alpha, $1, count) == count) }
                let avx2 = blend { #expect(paintAffineBilinearOverKernel(&span, $0, alpha, $1, count, .avx2) == count) }
                var done = -1
                let direct = blend { done = PaintImageAVX512Kernels.affineOverWithoutFallback(&span, $0, alpha, $1, count) }
                #expect(done == 0 || done == count)
                if done == count { taken += 1 } else { declined += 1 }
                let reference = images.referenceOver(shader, x: x, y: y, coverage: coverage, alpha: alpha, destination: destination)
                let context = "count \(count) x \(x) y \(y) alpha \(alpha) coverage \(coverage != nil)"
                #expect(SpanKernelsAVX512Tests.firstDifference(avx512, avx2) == nil, "\(context)")
                #expect(SpanKernelsAVX512Tests.firstDifference(avx512, reference) == nil, "\(context)")
                #expect(done == count ? direct == avx512 : direct == destination, "\(context): declined \(done == 0), a declined span was touched or a taken one differs")
            }
        }
        #expect(taken > 300 && declined > 10, "taken \(taken), declined \(declined)")
    }
}
