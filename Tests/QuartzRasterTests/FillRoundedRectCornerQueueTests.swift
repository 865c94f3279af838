import Foundation
import Testing
@testable import QuartzRaster

// On the AVX-512 tier rk_rrect_blend_rows leaves the corner pixels between the exits out of their eight-lane
// steps and queues them (rk_rrect_corner_queue.h): eight queued pixels take the corner formula together and are
// blended by gather and scatter, the last few when the call ends; the steps blend all their runs through one
// set of masked loads and stores. This pins that loop to the portable Swift loop's bytes on shapes with large,
// finely sampled corners (hundreds of queued pixels per call, the queue overflowing mid-step and left partly
// full at the end), whole and in tile-sized pieces, with translucent and opaque colours over a random
// background.
@Suite struct FillRoundedRectCornerQueueTests {
    static func shapes() -> [FillAffineRoundedRect] {
        var random = FillTestRandom(seed: 1616)
        // Rotated, scaled and sheared, radii up to half the shorter side.
        var out = random.affineRoundedRects(count: 24, width: 20...150, height: 12...110, radius: 6...60,
                                            translation: 90...130)
        // Scene b's shape, magnified: long arcs at several angles.
        for k in 0..<4 {
            let angle = 0.3 + Double(k) * 0.7, scale = 1.5 + Double(k) * 0.4
            out.append(FillAffineRoundedRect(minX: -60, minY: -27.5, maxX: 60, maxY: 27.5, radius: 12,
                                             a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle),
                                             d: scale * cos(angle), tx: 110.3, ty: 109.8)!)
        }
        return out
    }

    @Test func queuedCornersEqualPortableLoop() {
        var random = FillTestRandom(seed: 2323)
        let side = 220
        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: side, maxY: side)
        var compared = 0, touched = 0
        for (index, g) in Self.shapes().enumerated() {
            let alpha = [255, 150, 33][index % 3]
            let color = UInt32(alpha) << 24 | UInt32(random.next() % UInt64(alpha + 1)) << 16
                | UInt32(random.next() % UInt64(alpha + 1)) << 8 | UInt32(random.next() % UInt64(alpha + 1))
            var before = [UInt32](repeating: 0, count: side * side)
            for k in before.indices {
                let a = UInt32(random.next() % 256)
                before[k] = a << 24 | UInt32(random.next() % UInt64(a + 1)) << 8 | UInt32(random.next() % UInt64(a + 1))
            }
            // The whole surface in one call, then in 64-pixel tiles (calls that stop mid-shape).
            var regions = [bounds]
            for y in stride(from: 0, to: side, by: 64) {
                for x in stride(from: 0, to: side, by: 64) {
                    regions.append(FillPixelBounds(minX: x, minY: y, maxX: min(x + 64, side), maxY: min(y + 64, side)))
                }
            }
            for (pass, tiles) in [[regions[0]], Array(regions.dropFirst())].enumerated() {
                var expected = before
                expected.withUnsafeMutableBufferPointer { p in
                    for region in tiles {
                        FillShapeBlend.portableRows(g, color: color, region: region,
                                                    surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds))
                    }
                }
                // Another test's tier switch during the call makes the result nil: retry until the calls ran alone.
                guard let drawn = FillRoundedRectKernelTierTests.drawnOnTier(
                    avx512: true, g, color: color, regions: tiles, over: before, bounds: bounds)
                else {
                    Issue.record("shape \(index) never ran alone on its tier for a minute")
                    continue
                }
                #expect(zip(drawn, expected).filter { $0 != $1 }.count == 0, "shape \(index), pass \(pass)")
                compared += 1
                if drawn != before { touched += 1 }
            }
        }
        #expect(compared == 2 * Self.shapes().count)
        #expect(touched > 40)  // the shapes reach their surfaces: the comparison is not vacuous
    }
}
