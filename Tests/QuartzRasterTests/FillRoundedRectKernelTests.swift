import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// FillShapeBlend.rows for a rotated rounded rect runs the C kernel rk_rrect_blend_rows (scalar C, and its AVX2
// side-pixel steps when the CPU has AVX2); both must write exactly the bytes of the portable Swift loop (FillShapeBlend.portableRows), the reference whose coverage the
// FillRoundedRect* suites pin (rounded-rect fill: ca-semantics.md on cornerRadius; source-over:
// Apple's kCGBlendModeNormal, premultiplied). Compared over random shapes, colours, backgrounds, surfaces
// (tile-sized, offset) and regions.
@Suite struct FillRoundedRectKernelTests {
    static func shapes() -> [FillAffineRoundedRect] {
        var random = FillTestRandom(seed: 4242)
        var out = random.affineRoundedRects(count: 80, width: 0.5...70, height: 0.5...50, radius: 0...30,
                                            translation: 20...110)
        // Scene b's shape (120×55 px, r = 12) at a few angles, a 90° turn (flat row lines) and a sharp shape
        // (radius 0 stays on the portable loop).
        for k in 0..<6 { out.append(fillTestSceneBShape(angle: 0.2 + Double(k) * 0.9, tx: 64.3, ty: 63.9)) }
        out.append(FillAffineRoundedRect(minX: -20, minY: -12, maxX: 20, maxY: 12, radius: 5, a: 0, b: 1, c: -1,
                                         d: 0, tx: 60.5, ty: 60.25)!)
        out.append(FillAffineRoundedRect(minX: -20, minY: -12, maxX: 20, maxY: 12, radius: 0, a: 0.8, b: 0.6,
                                         c: -0.6, d: 0.8, tx: 60, ty: 60)!)
        return out
    }

    @Test func kernelEqualsPortableLoop() {
        var random = FillTestRandom(seed: 99)
        var compared = 0, touched = 0
        for (index, g) in Self.shapes().enumerated() {
            // A 128×128 surface at an offset (a compositor tile) or at the origin, and a random region in it.
            let origin = index % 2 == 0 ? (0, 0) : (16, 24)
            let bounds = FillPixelBounds(minX: origin.0, minY: origin.1, maxX: origin.0 + 128, maxY: origin.1 + 128)
            let x0 = bounds.minX + Int(random.next() % 40), y0 = bounds.minY + Int(random.next() % 40)
            let region = index % 3 == 0
                ? bounds
                : FillPixelBounds(minX: x0, minY: y0, maxX: x0 + 20 + Int(random.next() % 68),
                                  maxY: y0 + 20 + Int(random.next() % 68))
            // Premultiplied colours: opaque, translucent, and transparent black.
            let alpha = [255, 200, 77, 1, 0][index % 5]
            func premultiplied(_ a: Int) -> UInt32 {
                let c = { UInt32(Int(random.next() % UInt64(a + 1))) }
                return UInt32(a) << 24 | c() << 16 | c() << 8 | c()
            }
            let color = premultiplied(alpha)
            var background = (0..<(128 * 128)).map { _ in premultiplied(Int(random.next() % 256)) }
            var expected = background
            expected.withUnsafeMutableBufferPointer { p in
                FillShapeBlend.portableRows(g, color: color, region: region,
                                            surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds))
            }
            let before = background
            for kernels in [SpanKernelChoice.portable, .automatic] {
                var drawn = before
                drawn.withUnsafeMutableBufferPointer { p in
                    FillShapeBlend.affineRows(g, color: color, region: region,
                                              surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds), kernels: kernels)
                }
                let differing = zip(drawn, expected).filter { $0 != $1 }.count
                #expect(differing == 0, "shape \(index), \(kernels)")
                background = drawn
            }
            compared += 1
            if background != before { touched += 1 }
        }
        #expect(compared > 80)
        #expect(touched > 50)  // most shapes reach their region: the comparison is not vacuous
    }
}
