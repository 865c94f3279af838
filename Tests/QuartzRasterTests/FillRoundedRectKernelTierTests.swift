import Foundation
import Testing
@testable import QuartzRaster

// rk_rrect_blend_rows runs one of two builds of its four-lane row loop: rkr_rows_avx512vl on the AVX-512 tier
// (32 registers, mask-register blends, translucent uniform runs 16 pixels per step) and rkr_rows_avx2 on the
// AVX2 tier. This pins both builds, each held on its tier for the whole comparison, to the bytes of the
// portable Swift loop (FillShapeBlend.portableRows) over FillRoundedRectKernelTests' shapes with translucent
// colours (whose uniform runs take the tier's own blend), on tile-sized surfaces and at full-region calls
// whose uniform runs reach 16 pixels and more.
@Suite struct FillRoundedRectKernelTierTests {
    @Test(arguments: [true, false]) func tierEqualsPortableLoop(avx512: Bool) {
        var random = FillTestRandom(seed: 7117)
        var compared = 0, touched = 0
        for (index, g) in FillRoundedRectKernelTests.shapes().enumerated() {
            let origin = index % 2 == 0 ? (0, 0) : (16, 24)
            let bounds = FillPixelBounds(minX: origin.0, minY: origin.1, maxX: origin.0 + 128, maxY: origin.1 + 128)
            let x0 = bounds.minX + Int(random.next() % 30), y0 = bounds.minY + Int(random.next() % 30)
            let region = index % 2 == 0
                ? bounds
                : FillPixelBounds(minX: x0, minY: y0, maxX: x0 + 40 + Int(random.next() % 58),
                                  maxY: y0 + 40 + Int(random.next() % 58))
            let alpha = [200, 77, 1, 254, 255][index % 5]
            func premultiplied(_ a: Int) -> UInt32 {
                let c = { UInt32(Int(random.next() % UInt64(a + 1))) }
                return UInt32(a) << 24 | c() << 16 | c() << 8 | c()
            }
            let color = premultiplied(alpha)
            let before = (0..<(128 * 128)).map { _ in premultiplied(Int(random.next() % 256)) }
            var expected = before
            expected.withUnsafeMutableBufferPointer { p in
                FillShapeBlend.portableRows(g, color: color, region: region,
                                            surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds))
            }
            // Another test's tier switch during the call makes the result nil: retry until the call ran alone.
            var drawn: [UInt32]?
            let deadline = Date().addingTimeInterval(60)
            while drawn == nil && Date() < deadline {
                drawn = SpanKernels.withKernelTierUninterrupted(avx512: avx512) { () -> [UInt32] in
                    var pixels = before
                    pixels.withUnsafeMutableBufferPointer { p in
                        FillShapeBlend.affineRows(g, color: color, region: region,
                                                  surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds),
                                                  kernels: .automatic)
                    }
                    return pixels
                }
                if drawn == nil { usleep(2_000) }
            }
            guard let drawn else {
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
}
