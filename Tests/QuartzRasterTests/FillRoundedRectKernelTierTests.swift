import Foundation
import Testing
@testable import QuartzRaster

// rk_rrect_blend_rows runs one of two row loops: rkr_rows_avx512 on the AVX-512 tier (edge pixels of several
// runs and rows packed into eight-lane steps, mask-register blends, translucent uniform runs 16 pixels per
// step) and rkr_rows_avx2's four-lane steps on the AVX2 tier. This pins both loops, each held on its tier for the whole comparison, to the bytes of the
// portable Swift loop (FillShapeBlend.portableRows) over FillRoundedRectKernelTests' shapes with translucent
// colours (whose uniform runs take the tier's own blend), on tile-sized surfaces and at full-region calls
// whose uniform runs reach 16 pixels and more.
@Suite struct FillRoundedRectKernelTierTests {
    @Test(arguments: [true, false]) func tierEqualsPortableLoop(avx512: Bool) {
        var random = FillTestRandom(seed: 7117)
        var compared = 0, touched = 0
        for (index, g) in FillRoundedRectKernelTests.shapes().enumerated() {
            let test = FillRoundedRectKernelTests.kernelCase(
                g, index: index, random: &random, wholeEvery: 2, offsets: 30, sizes: (40, 58), alphas: [200, 77, 1, 254, 255])
            let (bounds, region, color, before, expected) = (test.bounds, test.region, test.color, test.before, test.expected)
            // Another test's tier switch during the call makes the result nil: retry until the call ran alone.
            guard let drawn = Self.drawnOnTier(avx512: avx512, g, color: color, regions: [region], over: before, bounds: bounds)
            else {
                Issue.record("shape \(index) never ran alone on its tier for a minute")
                continue
            }
            #expect(drawn == expected, "shape \(index), avx512 \(avx512)")
            compared += 1
            if drawn != before { touched += 1 }
        }
        #expect(compared == FillRoundedRectKernelTests.shapes().count)
        #expect(touched > 50)  // most shapes reach their region: the comparison is not vacuous
    }

    /// `before` with `g` drawn through FillShapeBlend.affineRows over each of `regions` in turn, every call held
    /// on the AVX-512 tier (`avx512`) or the AVX2 one; nil when other tests' tier switches kept interrupting the
    /// calls for a minute.
    static func drawnOnTier(
        avx512: Bool, _ g: FillAffineRoundedRect, color: UInt32, regions: [FillPixelBounds], over before: [UInt32],
        bounds: FillPixelBounds
    ) -> [UInt32]? {
        fillRetryingForAMinute {
            SpanKernels.withKernelTierUninterrupted(avx512: avx512) { () -> [UInt32] in
                var pixels = before
                pixels.withUnsafeMutableBufferPointer { p in
                    for region in regions {
                        FillShapeBlend.affineRows(g, color: color, region: region,
                                                  surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds),
                                                  kernels: .automatic)
                    }
                }
                return pixels
            }
        }
    }
}
