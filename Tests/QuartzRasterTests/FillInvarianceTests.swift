import Foundation
import Testing
@testable import QuartzRaster

// README.md, Determinism: the same path must give the
// same bytes for every tile size and thread count.
@Suite struct FillInvarianceTests {
    /// Random self-intersecting polygons with long shallow edges that cross many tiles, some outside.
    static func blobs(seed: UInt64, count: Int, width: Double, height: Double) -> [FillTestPolygon] {
        var random = FillTestRandom(seed: seed)
        return (0..<count).map { _ in
            let n = 3 + Int(random.next() % 20)
            return (0..<n).map { _ in
                SIMD2(random.uniform(-40, width + 40), random.uniform(-40, height + 40))
            }
        }
    }

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func tileSizesGiveIdenticalBytes(rule: CGPathFillRule) {
        let (w, h) = (301, 203)
        let contours = Self.blobs(seed: 7, count: 6, width: Double(w), height: Double(h))
        let reference = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: 1024)
        let referenceMask = reference.coverageMask()
        let referenceRaw = reference.accumulatedCoverage()
        #expect(referenceMask.contains { $0 != 0 && $0 != 255 })
        for size in [16, 64, 128, 7] {
            let coverage = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: size)
            #expect(coverage.coverageMask() == referenceMask, "tile size \(size)")
            #expect(coverage.accumulatedCoverage() == referenceRaw, "tile size \(size)")
            #expect(coverage.coverageMask(threading: .concurrent) == referenceMask, "tile size \(size), threads")
        }
    }

    @Test func compositedBitmapIsIdenticalAcrossTileSizesAndThreads() {
        let (w, h) = (257, 130)
        var random = FillTestRandom(seed: 99)
        let background = (0..<(w * h)).map { _ in
            PremultipliedRGBA8(straightR: random.byte(), g: random.byte(), b: random.byte(), a: random.byte()).packed
        }
        let contours = Self.blobs(seed: 3, count: 4, width: Double(w), height: Double(h))
        let color = PremultipliedRGBA8(straightRed: 0.2, green: 0.7, blue: 0.4, alpha: 0.6)
        var reference = PremultipliedRGBA8Bitmap(width: w, height: h, pixels: background)
        reference.fill(fillTestCoverage(contours, width: w, height: h, tileSize: 1024), color: color, tileSize: 1024)
        for size in [16, 64, 128] {
            for threading in [FillThreading.singleThreaded, .concurrent] {
                var bitmap = PremultipliedRGBA8Bitmap(width: w, height: h, pixels: background)
                bitmap.fill(fillTestCoverage(contours, width: w, height: h, tileSize: size), color: color,
                            tileSize: size, threading: threading)
                #expect(bitmap == reference, "tile size \(size), \(threading)")
            }
        }
        // Compositing through a path binned at 64 into tiles of 16 (regions smaller than bins) also agrees.
        var mixed = PremultipliedRGBA8Bitmap(width: w, height: h, pixels: background)
        mixed.fill(fillTestCoverage(contours, width: w, height: h, tileSize: 64), color: color, tileSize: 16)
        #expect(mixed == reference)
    }
}
