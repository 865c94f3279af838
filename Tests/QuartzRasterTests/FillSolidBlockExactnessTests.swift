import Foundation
import Testing
@testable import QuartzRaster

// The solid block kernels (RasterKernels/raster_kernels_blocks.c, rk_solid_block_over_avx512, rk_solid_blocks.h)
// add the source after repacking the rounded products (one 32-bit add, or per channel with vpackuswb) instead
// of per 16-bit lane before repacking. rk_solid_blocks.h argues that for premultiplied pixels (every channel ≤
// alpha) no channel sum exceeds 255, so the bytes are those of the scalar definition (FillSourceOver.swift
// header: d' = s + round(d · (255 − s_a) / 255) per channel; Apple: CGBlendMode.normal, "R = S + D·(1 − Sa)").
// These tests check that claim: source alphas across the range (with channels at the alpha, the largest sums)
// over every premultiplied destination (channel c ≤ alpha a, all 32 896 pairs), through every
// row shape the kernels distinguish (1…7 pixels: the narrow paths; 8…72: unrolled group counts 0…8 with and
// without an overlapping last group), with sentinels between rows that must survive.
@Suite struct FillSolidBlockExactnessTests {
    /// Every premultiplied grey-ish pixel (c, c/2, c ≤ a, a): all (channel, alpha) pairs with channel ≤ alpha.
    static let allDestinations: [UInt32] = {
        var pixels: [UInt32] = []
        pixels.reserveCapacity(32_896)
        for a in UInt32(0)...255 {
            for c in UInt32(0)...a { pixels.append(c | (c / 2) << 8 | (a - c) << 16 | a << 24) }
        }
        return pixels
    }()

    /// The first pixel where `got` differs from `expected`, as "index: got vs expected" (hex), or nil (short
    /// messages: these arrays hold tens of thousands of pixels).
    static func firstDifference(_ got: [UInt32], _ expected: [UInt32]) -> String? {
        if got.count != expected.count { return "lengths \(got.count) vs \(expected.count)" }
        guard let i = got.indices.first(where: { got[$0] != expected[$0] }) else { return nil }
        return "pixel \(i): \(String(got[i], radix: 16)) vs \(String(expected[i], radix: 16))"
    }

    /// Runs `kernel` on `pixels` laid out as rows of `width` with `gap` sentinel pixels after each row (stride
    /// width + gap); returns the rows, expecting every sentinel untouched.
    static func blockRun(_ pixels: [UInt32], width: Int, gap: Int,
                         _ kernel: (UnsafeMutablePointer<UInt32>, Int, Int) -> Void) -> [UInt32] {
        let height = (pixels.count + width - 1) / width, stride = width + gap
        let sentinel: UInt32 = 0xA5A5_5A5A
        var buffer = [UInt32](repeating: sentinel, count: stride * height + gap)
        for (i, p) in pixels.enumerated() { buffer[(i / width) * stride + i % width] = p }
        // Pad the last row with copies of the first pixels (valid premultiplied values).
        for i in pixels.count..<(width * height) { buffer[(i / width) * stride + i % width] = pixels[i % pixels.count] }
        buffer.withUnsafeMutableBufferPointer { kernel($0.baseAddress!, stride, height) }
        var out: [UInt32] = []
        for i in 0..<pixels.count { out.append(buffer[(i / width) * stride + i % width]) }
        let untouched = (0..<buffer.count).allSatisfy { $0 % stride < width && $0 < stride * height || buffer[$0] == sentinel }
        #expect(untouched, "width \(width): a kernel wrote outside its block")
        return out
    }

    /// Source alphas 0, 1, 2, every 17th and 254 over every premultiplied destination: both tiers against the
    /// scalar definition, through the narrow (1, 2, 5), single-group (13) and unrolled-loop default (67) rows.
    @Test(.enabled(if: SpanKernels.isAVX2Supported, "no AVX2 on this CPU"), arguments: [1, 2, 5, 13, 67])
    func everySourceAlphaOverEveryDestination(width: Int) {
        for alpha in UInt32(0)...255 where alpha % 17 == 0 || alpha == 254 || alpha <= 2 {
            // Channels at the alpha: the largest sums the packed add can meet.
            let source = alpha | alpha << 8 | (alpha / 3) << 16 | alpha << 24
            let expected = Self.allDestinations.map { FillSourceOver.blend(source, over: $0) }
            let avx2 = Self.blockRun(Self.allDestinations, width: width, gap: 3) { p, stride, height in
                #expect(SpanKernels.solidBlockOver(source, p, stride: stride, width: width, height: height, .avx2))
            }
            #expect(Self.firstDifference(avx2, expected) == nil, "AVX2 source \(String(source, radix: 16)) width \(width)")
            if SpanKernels.isAVX512Supported {
                let avx512 = Self.blockRun(Self.allDestinations, width: width, gap: 3) { p, stride, height in
                    #expect(SpanKernelsAVX512.solidBlockOver(source, p, stride: stride, width: width, height: height))
                }
                #expect(Self.firstDifference(avx512, expected) == nil, "AVX-512 source \(String(source, radix: 16)) width \(width)")
            }
        }
    }

    /// Every row shape (widths 1…72, heights 1…3, odd and even for the two-rows-per-step single columns) with
    /// random premultiplied pixels and sources: both tiers equal the scalar definition pixel by pixel.
    @Test(.enabled(if: SpanKernels.isAVX2Supported, "no AVX2 on this CPU"))
    func everyRowShapeMatchesScalarDefinition() {
        var random = FillTestRandom(seed: 6_021)
        for width in 1...72 {
            for height in 1...3 {
                let source = SpanKernelsAVX2Tests.pixel(&random)
                let pixels = (0..<width * height).map { _ in SpanKernelsAVX2Tests.pixel(&random) }
                let expected = pixels.map { FillSourceOver.blend(source, over: $0) }
                let avx2 = Self.blockRun(pixels, width: width, gap: 1 + width % 3) { p, stride, h in
                    #expect(SpanKernels.solidBlockOver(source, p, stride: stride, width: width, height: h, .avx2))
                }
                #expect(Self.firstDifference(avx2, expected) == nil, "AVX2 \(width)×\(height) source \(String(source, radix: 16))")
                if SpanKernels.isAVX512Supported {
                    let avx512 = Self.blockRun(pixels, width: width, gap: 1 + width % 3) { p, stride, h in
                        #expect(SpanKernelsAVX512.solidBlockOver(source, p, stride: stride, width: width, height: h))
                    }
                    #expect(Self.firstDifference(avx512, expected) == nil, "AVX-512 \(width)×\(height) source \(String(source, radix: 16))")
                }
            }
        }
    }
}
