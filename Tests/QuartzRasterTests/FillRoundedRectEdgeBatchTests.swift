import Foundation
import Testing
@testable import QuartzRaster

// On the AVX-512 tier rk_rrect_blend_rows collects the edge pixels of its rows in batches of 256
// (rk_rrect_edge_batch.h): each batch's eight-lane steps take their bytes, then blend by gather and scatter, and
// the corner pixels between the exits the steps set aside take the corner formula eight at a time afterwards.
// This pins that loop to the portable Swift loop's bytes on shapes with large, finely sampled corners (hundreds
// of edge and corner pixels per call: batches filling mid-row, the last one partly full, several corner steps
// per batch) and on near-horizontal shapes whose rows hold more edge pixels than a batch, whole and in
// tile-sized pieces, with translucent and opaque colours over a random background.
@Suite struct FillRoundedRectEdgeBatchTests {
    static func cornerShapes() -> [FillAffineRoundedRect] {
        var random = FillTestRandom(seed: 1616)
        // Rotated, scaled and sheared, radii up to half the shorter side.
        var out = random.affineRoundedRects(count: 24, width: 20...150, height: 12...110, radius: 6...60,
                                            translation: 90...130)
        // Scene b's shape, magnified: long arcs at several angles.
        for k in 0..<4 {
            let angle = 0.3 + Double(k) * 0.7, scale = 1.5 + Double(k) * 0.4
            out.append(rotated(halfWidth: 60, halfHeight: 27.5, radius: 12, angle: angle, scale: scale,
                               tx: 110.3, ty: 109.8))
        }
        return out
    }

    /// Wide, nearly level shapes: the rows across their long sides hold 300 to 700 edge pixels.
    static func levelShapes() -> [FillAffineRoundedRect] {
        [0.0015, -0.003, 0.0008].enumerated().map { k, angle in
            rotated(halfWidth: 370 - 20 * Double(k), halfHeight: 30, radius: 9 + 4 * Double(k), angle: angle,
                    scale: 1, tx: 400.4, ty: 60.3 + 7.1 * Double(k))
        }
    }

    static func rotated(halfWidth: Double, halfHeight: Double, radius: Double, angle: Double, scale: Double,
                        tx: Double, ty: Double) -> FillAffineRoundedRect {
        FillAffineRoundedRect(minX: -halfWidth, minY: -halfHeight, maxX: halfWidth, maxY: halfHeight, radius: radius,
                              a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle),
                              d: scale * cos(angle), tx: tx, ty: ty)!
    }

    @Test func cornerBatchesEqualPortableLoop() {
        Self.compare(Self.cornerShapes(), width: 220, height: 220, tile: 64, seed: 2323, touchedAtLeast: 40)
    }

    @Test func longRowsEqualPortableLoop() {
        Self.compare(Self.levelShapes(), width: 800, height: 130, tile: 300, seed: 4141, touchedAtLeast: 6)
    }

    /// Each shape drawn on the AVX-512 tier over a random background, in one call and in `tile`-sized calls,
    /// against the portable loop's bytes.
    static func compare(_ shapes: [FillAffineRoundedRect], width: Int, height: Int, tile: Int, seed: UInt64,
                        touchedAtLeast: Int) {
        var random = FillTestRandom(seed: seed)
        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: width, maxY: height)
        var compared = 0, touched = 0
        for (index, g) in shapes.enumerated() {
            let alpha = [255, 150, 33][index % 3]
            let color = UInt32(alpha) << 24 | UInt32(random.next() % UInt64(alpha + 1)) << 16
                | UInt32(random.next() % UInt64(alpha + 1)) << 8 | UInt32(random.next() % UInt64(alpha + 1))
            var before = [UInt32](repeating: 0, count: width * height)
            for k in before.indices {
                let a = UInt32(random.next() % 256)
                before[k] = a << 24 | UInt32(random.next() % UInt64(a + 1)) << 8 | UInt32(random.next() % UInt64(a + 1))
            }
            // The whole surface in one call, then in tiles (calls that stop mid-shape).
            var regions = [bounds]
            for y in stride(from: 0, to: height, by: tile) {
                for x in stride(from: 0, to: width, by: tile) {
                    regions.append(FillPixelBounds(minX: x, minY: y, maxX: min(x + tile, width),
                                                   maxY: min(y + tile, height)))
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
        #expect(compared == 2 * shapes.count)
        #expect(touched >= touchedAtLeast)  // the shapes reach their surfaces: the comparison is not vacuous
    }
}
