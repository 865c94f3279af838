import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// FillShapeBlend.rows for a rotated rounded rect runs the C kernel rk_rrect_blend_rows (scalar C, and its AVX2
// side-pixel steps when the CPU has AVX2); both must write exactly the bytes of the portable Swift loop (FillShapeBlend.portableRows), the reference whose coverage the
// FillRoundedRect* suites pin (rounded-rect fill: spec §9.5 on cornerRadius; source-over:
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
            let test = Self.kernelCase(g, index: index, random: &random, wholeEvery: 3, offsets: 40, sizes: (20, 68),
                                       alphas: [255, 200, 77, 1, 0])
            let (bounds, region, color, expected) = (test.bounds, test.region, test.color, test.expected)
            var background = test.before
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

    /// One kernel-versus-portable case for shape `index`: a 128×128 surface at the origin or at (16, 24) (a
    /// compositor tile), a region (the whole surface every `wholeEvery`-th shape, else a random one starting
    /// within `offsets` pixels with sides sizes.0 + random(sizes.1)), a premultiplied colour of alpha
    /// alphas[index % 5] (opaque, translucent, transparent black), random premultiplied pixels, and what the
    /// portable row loop makes of them.
    struct KernelCase {
        let bounds: FillPixelBounds, region: FillPixelBounds
        let color: UInt32
        let before: [UInt32], expected: [UInt32]
    }

    static func kernelCase(
        _ g: FillAffineRoundedRect, index: Int, random: inout FillTestRandom, wholeEvery: Int, offsets: Int,
        sizes: (Int, Int), alphas: [Int]
    ) -> KernelCase {
        let origin = index % 2 == 0 ? (0, 0) : (16, 24)
        let bounds = FillPixelBounds(minX: origin.0, minY: origin.1, maxX: origin.0 + 128, maxY: origin.1 + 128)
        let x0 = bounds.minX + Int(random.next() % UInt64(offsets)), y0 = bounds.minY + Int(random.next() % UInt64(offsets))
        let region = index % wholeEvery == 0
            ? bounds
            : FillPixelBounds(minX: x0, minY: y0, maxX: x0 + sizes.0 + Int(random.next() % UInt64(sizes.1)),
                              maxY: y0 + sizes.0 + Int(random.next() % UInt64(sizes.1)))
        // Channels drawn in the order blue, green, red (the order of the tests' earlier inline closures).
        func premultiplied(_ a: Int, _ random: inout FillTestRandom) -> UInt32 {
            let b = UInt32(random.next() % UInt64(a + 1)), g = UInt32(random.next() % UInt64(a + 1))
            let r = UInt32(random.next() % UInt64(a + 1))
            return UInt32(a) << 24 | b << 16 | g << 8 | r
        }
        let color = premultiplied(alphas[index % 5], &random)
        var before = [UInt32](repeating: 0, count: 128 * 128)
        for k in before.indices { before[k] = premultiplied(Int(random.next() % 256), &random) }
        var expected = before
        expected.withUnsafeMutableBufferPointer { p in
            FillShapeBlend.portableRows(g, color: color, region: region,
                                        surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds))
        }
        return KernelCase(bounds: bounds, region: region, color: color, before: before, expected: expected)
    }
}
