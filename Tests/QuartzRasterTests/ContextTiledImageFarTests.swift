// Tiled images far from the origin. Apple: `draw(_:in:byTiling: true)` "repeatedly draws an image, scaled to
// the provided rectangle, to fill the current clipping region"
// (developer.apple.com/documentation/coregraphics/cgcontext/draw(_:in:bytiling:)). Tile k along an axis starts
// at origin + k·size, computed in Double; the tile indices that meet the clip are counted as integers, so a
// draw whose indices lie beyond 2^53 (where a Double counter stops advancing) ends, after at most
// `maximumTileCount` tiles.
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite struct ContextTiledImageFarTests {
    /// With y scaled by 1024, tiles 2^-10 high are one pixel; 2^44 below the origin their row indices start
    /// at 2^54 exactly.
    static let origin = -0x1p44, size = 0x1p-10

    @Test func tileIndicesAreIntegersBeyond2To53() {
        #expect(CGContext.tileIndices(from: 0, to: 0x1p-5, origin: Self.origin, size: Self.size)
                == (1 << 54)..<((1 << 54) + 32))
        #expect(CGContext.tileIndices(from: 0, to: 32, origin: 0, size: 32) == 0..<1)
        #expect(CGContext.tileIndices(from: -5, to: 7, origin: 1, size: 4) == -2..<2)
        // Indices beyond ±2^61 (or not finite) draw nothing; up to there the count fits an Int, and a tiling of
        // more than `maximumTileCount` copies draws nothing.
        #expect(CGContext.tileIndices(from: -0x1p61, to: 0x1p61, origin: 0, size: 1)?.count == 1 << 62)
        #expect(CGContext.tileIndices(from: 0, to: 1, origin: -1e300, size: 1e-10) == nil)
        #expect(CGContext.tileIndices(from: 0, to: .infinity, origin: 0, size: 1) == nil)
        // Near 2^54 only every fourth index is a distinct Double, so only every fourth tile is distinct.
        let rows = CGContext.tileIndices(from: 0, to: 0x1p-5, origin: Self.origin, size: Self.size)!
        #expect(CGContext.tileOrigins(rows, origin: Self.origin, size: Self.size)
                == (0...8).map { CGFloat($0) * 0x1p-8 })
    }

    /// The draw that never ended: it returns at once and paints exactly the distinct tiles, rows 0, 4, …, 28
    /// of device space (raster rows 31, 27, …, 3), the same as drawing those tiles one by one.
    @Test func tiledDrawFarFromTheOriginEnds() {
        let image = contextImage([[contextOpaqueRed]])
        let c = contextMake(width: 32, height: 32)
        c.scaleBy(x: 1, y: 1024)
        c.draw(image, in: CGRect(x: 0, y: Self.origin, width: 32, height: Self.size), byTiling: true)
        let expected = contextMake(width: 32, height: 32)
        expected.scaleBy(x: 1, y: 1024)
        for m in 0..<8 {
            expected.draw(image, in: CGRect(x: 0, y: CGFloat(m) * 0x1p-8, width: 32, height: Self.size))
        }
        #expect(c.bitmap == expected.bitmap)
        #expect(contextAlphaRows(c) == (0..<32).map { row in Array(repeating: row % 4 == 3 ? 255 : 0, count: 32) })
        // 3.2e16 tiles a side: the count overflows an Int, so nothing is drawn (more than maximumTileCount).
        let tiny = contextMake(width: 32, height: 32)
        tiny.draw(image, in: CGRect(x: 0, y: 0, width: 1e-15, height: 1e-15), byTiling: true)
        #expect(tiny.bitmap.pixels.allSatisfy { $0 == 0 })
    }

    /// Rows 10^18 below the origin, 1 high: the clip's top and bottom give the same row index (10^18 + 32
    /// rounds to 10^18), so no row is drawn, while the columns, 10^-12 wide, number 3.2·10^13. The draw
    /// returns without listing the columns (it once asked for 256 GB; found by the context fuzzer).
    @Test func anAxisWithoutTilesDrawsNothingWhateverTheOther() {
        let rows = CGContext.tileIndices(from: 0, to: 32, origin: -1e18, size: 1)
        #expect(rows?.isEmpty == true)
        #expect(CGContext.tileIndices(from: 0, to: 32, origin: 0, size: 1e-12)?.count == 32_000_000_000_000)
        let c = contextMake(width: 32, height: 32)
        c.draw(contextImage([[contextOpaqueRed]]), in: CGRect(x: 0, y: -1e18, width: 1e-12, height: 1), byTiling: true)
        #expect(c.bitmap.pixels.allSatisfy { $0 == 0 })
    }
}
