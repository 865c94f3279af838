import Foundation
import RasterKernels
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// The C perspective kernels (raster_kernels_images_perspective.c, AVX2 and AVX-512) against the portable Swift
/// perspective kernel of PaintImagePerspectiveKernel.swift. Semantics: SCENES.md's "bilinear filtering at pixel
/// centres and clamped to its edge texels" under a homography (PaintImageShader.swift's rules; W ≤ 0 is
/// transparent). The C code is an optimisation only: the contract is identical bytes (README.md,
/// Determinism), so every comparison is exact.
@Suite struct PaintImagePerspectiveKernelTests {
    /// Image → device maps of cards turned about y or x under perspective (SCENES.md's m34 style), placed on and
    /// off the frame, some with the horizon crossing the rows (W changes sign inside spans), some minifying
    /// strongly, some mirrored.
    static func randomMap(_ random: inout PaintTestRandom) -> PaintProjectiveTransform? {
        let angle = (PaintImageAVX2Tests.unit(&random) - 0.5) * 2.6
        let depth = [1.0 / 500, 1.0 / 200, 1.0 / 60, 1.0 / 2000][Int(random.next() % 4)]
        let scale = exp(PaintImageAVX2Tests.unit(&random) * 4 - 2) * (random.next() % 5 == 0 ? -1 : 1)
        let tx = (PaintImageAVX2Tests.unit(&random) - 0.3) * 300, ty = (PaintImageAVX2Tests.unit(&random) - 0.3) * 200
        let imageToDevice = random.next() % 2 == 0
            ? PaintProjectiveTransform(cos(angle) * scale, 0, tx, 0, scale, ty, sin(angle) * depth * scale, 0, 1)
            : PaintProjectiveTransform(scale, 0, tx, 0, cos(angle) * scale, ty, 0, sin(angle) * depth * scale, 1)
        return imageToDevice.inverted()
    }

    func row(_ shader: PaintImageShader, x: Int, y: Int, count: Int, kernels: SpanKernelChoice) -> [UInt32] {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count)
        out.withUnsafeMutableBufferPointer { shader.shade(x: x, y: y, count: count, into: $0.baseAddress!, kernels: kernels) }
        return out
    }

    /// Spans of every start phase within a 16-pixel block (x from −37 to 40), lengths 1…40 and whole rows, on
    /// textures of odd sizes, with opacity: the AVX2 and automatic (AVX-512 where the CPU has it) kernels equal the
    /// portable kernel's bytes, and hidden (W ≤ 0) pixels come out transparent in both.
    @Test func kernelsMatchThePortableKernel() throws {
        var random = PaintTestRandom(seed: 0x9E55_3C71)
        var compared = 0, hiddenSeen = 0
        for trial in 0..<60 {
            let image = PaintImageAVX2Tests.randomImage(width: 5 + trial % 23, height: 3 + trial % 17, seed: UInt64(trial))
            guard let map = Self.randomMap(&random) else { continue }
            let shader = PaintImageShader(image: image, deviceToImage: map, filter: .linear, opacity: trial % 3 == 0 ? 0.6 : 1)
            try #require(shader.usesPerspectiveKernel && shader.perspectiveKernelLevel != nil, "trial \(trial)")
            for _ in 0..<12 {
                let x = Int(random.next() % 78) - 37, y = Int(random.next() % 260) - 30
                let count = random.next() % 4 == 0 ? 300 : 1 + Int(random.next() % 40)
                let portable = row(shader, x: x, y: y, count: count, kernels: .portable)
                for kernels in [SpanKernelChoice.avx2, .automatic] {
                    #expect(row(shader, x: x, y: y, count: count, kernels: kernels) == portable,
                            "trial \(trial), \(kernels), x \(x), y \(y), count \(count)")
                }
                compared += 1
                for i in 0..<count where map.m6 * (Double(x + i) + 0.5) + map.m7 * (Double(y) + 0.5) + map.m8 <= 0 {
                    hiddenSeen += portable[i] == 0 ? 1 : 0
                }
            }
        }
        #expect(compared > 500)
        #expect(hiddenSeen > 0)  // some spans reached behind the viewer
    }

    /// The AVX-512 kernel called directly (when the CPU has it) on whole rows: the AVX2 kernel's bytes.
    @Test func avx512MatchesAVX2() throws {
        guard rk_avx512_supported() == 1 else { return }
        var random = PaintTestRandom(seed: 0x51_2A5B)
        for trial in 0..<40 {
            let image = PaintImageAVX2Tests.randomImage(width: 9 + trial, height: 7 + trial % 11, seed: UInt64(100 + trial))
            guard let map = Self.randomMap(&random) else { continue }
            let shader = PaintImageShader(image: image, deviceToImage: map, filter: .linear)
            var level = try #require(shader.perspectiveKernelLevel)
            for y in stride(from: -20, to: 240, by: 13) {
                let x = Int(random.next() % 33) - 16, count = 1 + Int(random.next() % 400)
                var wide = [UInt32](repeating: 1, count: count), narrow = [UInt32](repeating: 2, count: count)
                _ = rk_image_perspective_bilinear_avx512(&level, Int64(x), Int64(y), &wide, count)
                _ = rk_image_perspective_bilinear_avx2(&level, Int64(x), Int64(y), &narrow, count)
                #expect(wide == narrow, "trial \(trial), x \(x), y \(y), count \(count)")
            }
        }
    }

    /// The trilinear filter keeps the Swift kernel (two levels per block); only the linear filter takes C.
    @Test func onlyTheLinearFilterTakesTheCKernel() throws {
        var random = PaintTestRandom(seed: 7)
        let map = try #require(Self.randomMap(&random))
        let image = PaintImageAVX2Tests.randomImage(width: 16, height: 16, seed: 3)
        #expect(PaintImageShader(image: image, deviceToImage: map, filter: .trilinear).perspectiveKernelLevel == nil)
        #expect(PaintImageShader(image: image, deviceToImage: map, filter: .nearest).perspectiveKernelLevel == nil)
    }
}
