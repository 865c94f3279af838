// Placed 8-bit masks as one coverage source (FillMaskSetCoverage.swift): overlaps add and saturate, spans
// never overlap, and the coverage is the same whatever regions it is asked for.
import Foundation
import Testing
@testable import QuartzRaster

@Suite struct FillMaskSetCoverageTests {
    static func mask(_ width: Int, _ height: Int, _ value: (Int, Int) -> UInt8) -> FillCoverageMask {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes.append(value(x, y)) } }
        return FillCoverageMask(PaintA8Mask(width: width, height: height, bytes: bytes))
    }

    /// The coverage over `bounds` asked for in square regions of `region` pixels; fails if two spans meet.
    static func rasterize(_ source: FillMaskSetCoverage, bounds: FillPixelBounds, region: Int) -> [[Int]] {
        var out = [[Int]](repeating: [Int](repeating: -1, count: bounds.width), count: bounds.height)
        let scratch = FillTileScratch(tileSize: 64)
        for y0 in stride(from: bounds.minY, to: bounds.maxY, by: region) {
            for x0 in stride(from: bounds.minX, to: bounds.maxX, by: region) {
                let r = FillPixelBounds(minX: x0, minY: y0, maxX: min(x0 + region, bounds.maxX), maxY: min(y0 + region, bounds.maxY))
                source.forEachCoverageSpan(in: r, scratch: scratch) { span in
                    for i in 0..<span.count {
                        let x = span.x + i - bounds.minX, y = span.y - bounds.minY
                        #expect(r.minX <= span.x + i && span.x + i < r.maxX && r.minY <= span.y && span.y < r.maxY)
                        #expect(out[y][x] == -1, "two spans cover (\(x), \(y))")
                        out[y][x] = Int(span.mask.map { $0[i] } ?? span.alpha)
                    }
                }
            }
        }
        return out.map { $0.map { max(0, $0) } }
    }

    @Test func overlapsAddAndSaturate() throws {
        let a = Self.mask(4, 2) { _, _ in 100 }, b = Self.mask(4, 2) { x, _ in x == 0 ? 50 : 200 }
        let source = try #require(FillMaskSetCoverage([.init(mask: b, x: 12, y: 5), .init(mask: a, x: 10, y: 5)],
                                                      clip: FillPixelBounds(width: 100, height: 100)))
        #expect(source.bounds == FillPixelBounds(minX: 10, minY: 5, maxX: 16, maxY: 7))
        let rows = Self.rasterize(source, bounds: source.bounds, region: 64)
        // Columns 10–11: a alone; 12: a + b's 50; 13: a + 200 saturates; 14–15: b alone.
        #expect(rows[0] == [100, 100, 150, 255, 200, 200])
        #expect(rows[1] == rows[0])
    }

    /// Random masks, some overlapping and some cut by the clip: every region size gives the same coverage,
    /// equal to the saturated sum computed pixel by pixel.
    @Test(arguments: [1, 3, 7, 64])
    func regionsDoNotChangeTheCoverage(region: Int) throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        var placed: [FillMaskSetCoverage.Placed] = []
        for _ in 0..<40 {
            let w = 1 + next() % 9, h = 1 + next() % 9
            let m = Self.mask(w, h) { _, _ in UInt8(next() % 256) }
            placed.append(.init(mask: m, x: next() % 60 - 5, y: next() % 40 - 5))
        }
        let clip = FillPixelBounds(minX: 2, minY: 1, maxX: 50, maxY: 33)
        let source = try #require(FillMaskSetCoverage(placed, clip: clip, binSize: 16))
        let rows = Self.rasterize(source, bounds: clip, region: region)
        for y in clip.minY..<clip.maxY {
            for x in clip.minX..<clip.maxX {
                var sum = 0
                for p in placed where x >= p.x && x < p.x + p.mask.width && y >= p.y && y < p.y + p.mask.height {
                    sum += Int(p.mask[x - p.x, y - p.y])
                }
                #expect(rows[y - clip.minY][x - clip.minX] == min(255, sum), "(\(x), \(y))")
            }
        }
    }
}
