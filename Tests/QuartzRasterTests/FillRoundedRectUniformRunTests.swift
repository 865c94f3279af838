import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// The AVX2 row loop of rk_rrect_blend_rows blends a translucent colour's uniform (coverage 1) runs in place
// (rk_rrect_uniform.h: 8-pixel groups with an overlapping last group, two overlapping 4-pixel groups, scalar
// below 4, rk_solid_over_avx512 from 64 pixels on the AVX-512 tier). Every run length must give the bytes of
// the portable Swift loop (FillShapeBlend.portableRows; source-over: Apple's kCGBlendModeNormal on
// premultiplied pixels, d = s + d·(1 − sα)). A nearly axis-aligned shape clipped by regions of every width
// yields uniform runs of every length from 0 to past 64.
@Suite struct FillRoundedRectUniformRunTests {
    @Test func everyUniformRunLengthEqualsPortableLoop() {
        // 200×60 px, radius 6, turned by 0.02 rad about its centre at (130, 64).
        let angle = 0.02
        let g = FillAffineRoundedRect(minX: -100, minY: -30, maxX: 100, maxY: 30, radius: 6, a: cos(angle),
                                      b: sin(angle), c: -sin(angle), d: cos(angle), tx: 130.25, ty: 64.5)!
        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: 256, maxY: 128)
        var random = FillTestRandom(seed: 7)
        var lengths = Set<Int>()
        for width in 1...120 {
            // `width` pixels wide, from left of the shape (whole edge runs) or inside its uniform columns (x ≈ 31
            // to 229 on the straight rows), so the uniform runs take every length up to `width`.
            let minX = width % 3 == 0 ? 28 : 32 + width % 7
            let region = FillPixelBounds(minX: minX, minY: 30, maxX: minX + width, maxY: 100)
            for y in region.minY..<region.maxY {
                let layout = g.layout(row: y)
                let outer = FillShapeSpans.clamp(layout.outer, region)
                lengths.insert(FillShapeSpans.clamp(layout.uniform, region).clamped(to: outer).count)
            }
            let alpha = UInt32(1 + random.next() % 254)
            let channel = { UInt32(random.next() % UInt64(alpha + 1)) }
            let color = alpha << 24 | channel() << 16 | channel() << 8 | channel()
            let background = (0..<(256 * 128)).map { _ -> UInt32 in
                let a = UInt32(random.next() % 256), c = { UInt32(random.next() % UInt64(a + 1)) }
                return a << 24 | c() << 16 | c() << 8 | c()
            }
            var expected = background, drawn = background
            expected.withUnsafeMutableBufferPointer { p in
                FillShapeBlend.portableRows(g, color: color, region: region,
                                            surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds))
            }
            drawn.withUnsafeMutableBufferPointer { p in
                FillShapeBlend.affineRows(g, color: color, region: region,
                                          surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds),
                                          kernels: .automatic)
            }
            #expect(zip(drawn, expected).filter { $0 != $1 }.isEmpty, "width \(width)")
            #expect(zip(drawn, background).contains { $0 != $1 }, "width \(width): the region holds part of the shape")
        }
        // Every branch of the in-place blend ran: 1…3, 4…7, 8…63 and 64+ pixels.
        #expect((1...3).allSatisfy(lengths.contains))
        #expect((4...7).allSatisfy(lengths.contains))
        #expect((8...63).allSatisfy(lengths.contains))
        #expect(lengths.contains { $0 >= 64 && $0 <= 120 })
    }
}
