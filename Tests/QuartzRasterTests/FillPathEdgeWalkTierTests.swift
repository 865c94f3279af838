import Foundation
import Testing
@testable import QuartzRaster

// The C edge walk (raster_kernels_paths.c) has a portable tier and a vector tier (AVX2 and up: row crossings and
// the one- and two-cell pieces computed 4 rows at a time); both must leave every tile's deltas, carries and
// touched bits exactly as the Swift walk does (README.md, Determinism: same input, same bytes on
// every kernel tier). This suite runs whichever tier the CPU and OPENQUARTZ_DISABLE_AVX2 / _AVX512 select;
// running it under those settings covers each tier.
@Suite struct FillPathEdgeWalkTierTests {
    /// Random edges of every kind the walk tells apart: inside the tile's columns or crossing its sides, one
    /// to hundreds of rows, steep (one cell per row), shallow over two cells, and flat over many cells.
    static func edges(seed: UInt64, count: Int, width: Int, height: Int) -> [FillEdge] {
        var random = FillTestRandom(seed: seed)
        var edges: [FillEdge] = []
        while edges.count < count {
            let x0 = Int32(random.next() % UInt64(width * 256)), y0 = Int32(random.next() % UInt64(height * 256))
            let rows = [1, 3, 12, 300][Int(random.next() % 4)]
            let dy = 1 + Int32(random.next() % UInt64(rows * 256))
            let reach = [16, 300, 600, 4000, 40000][Int(random.next() % 5)]
            let dx = Int32(Int(random.next() % UInt64(2 * reach + 1)) - reach)
            let x1 = min(max(x0 + dx, 0), Int32(width * 256)), y1 = min(y0 + dy, Int32(height * 256))
            if y1 <= y0 { continue }
            edges.append(FillEdge(x0: x0, y0: y0, x1: x1, y1: y1, winding: random.next() % 2 == 0 ? 1 : -1))
        }
        return edges
    }

    /// Every tile's scratch after the walk: deltas (width + 1 cells a row), carries and touched words.
    static func walkedTiles(_ coverage: FillPathCoverage, implementation: FillAccumulateImplementation) -> [Int64] {
        let size = coverage.grid.tileSize
        let scratch = FillTileScratch(tileSize: size)
        var out: [Int64] = []
        for row in 0..<coverage.grid.rowCount {
            for column in 0..<coverage.grid.columnCount {
                guard let tile = coverage.accumulate(
                    column: column, row: row, scratch: scratch, implementation: implementation)
                else { continue }
                for i in (tile.pixels.minY - tile.top)..<(tile.pixels.maxY - tile.top) {
                    let deltas = scratch.deltas + i * scratch.deltaStride
                    out.append(Int64(scratch.carry[i]))
                    for x in 0...tile.pixels.width { out.append(Int64(deltas[x])) }
                    let words = scratch.touchedWords + i * scratch.touchedWordsPerRow
                    for w in 0..<scratch.touchedWordsPerRow { out.append(Int64(bitPattern: words[w])) }
                    deltas.update(repeating: 0, count: scratch.deltaStride)
                    words.update(repeating: 0, count: scratch.touchedWordsPerRow)
                }
            }
        }
        return out
    }

    @Test(arguments: [16, 64, 128])
    func kernelWalkMatchesSwiftWalk(tileSize: Int) {
        #expect(FillEdge.matchesKernelLayout)
        let (w, h) = (300, 200)
        for seed: UInt64 in [21, 22] {
            let edges = Self.edges(seed: seed, count: 600, width: w, height: h)
            Self.expectKernelWalkMatchesSwift(edges, width: w, height: h, tileSize: tileSize, "seed \(seed), tile \(tileSize)")
        }
    }

    /// Steep edges near a cell boundary, 2 to 20 rows: vector blocks (4 rows) with no two-cell row, with
    /// one at each lane position, and with one only in a lane past the edge's last row must all match the
    /// Swift walk (the vector tiers compute every block's two-cell crossings ahead, lane by lane).
    @Test(arguments: [16, 64])
    func steepEdgesNearCellBoundariesMatchSwiftWalk(tileSize: Int) {
        let (w, h) = (200, 120)
        var random = FillTestRandom(seed: 613)
        var edges: [FillEdge] = []
        while edges.count < 800 {
            let cell = 1 + Int32(random.next() % UInt64(w - 2))
            let x0 = cell * 256 - 24 + Int32(random.next() % 48)
            let y0 = Int32(random.next() % UInt64((h - 24) * 256))
            let dy = 256 * (2 + Int32(random.next() % 19)) - Int32(random.next() % 256)
            let dx = Int32(random.next() % 97) - 48
            edges.append(FillEdge(x0: x0, y0: y0, x1: x0 + dx, y1: y0 + dy, winding: random.next() % 2 == 0 ? 1 : -1))
        }
        Self.expectKernelWalkMatchesSwift(edges, width: w, height: h, tileSize: tileSize, "tile \(tileSize)")
    }

    /// The walked tiles of `edges` (non-zero rule) through the C kernels equal the Swift walk's, and are not
    /// all empty.
    static func expectKernelWalkMatchesSwift(_ edges: [FillEdge], width w: Int, height h: Int, tileSize: Int, _ label: String) {
        let coverage = FillPathCoverage(
            edges: edges, fillRule: .winding,
            grid: FillTileGrid(bounds: FillPixelBounds(width: w, height: h), tileSize: tileSize))
        let swift = walkedTiles(coverage, implementation: .swift)
        #expect(swift.contains { $0 != 0 })
        let kernel = walkedTiles(coverage, implementation: .automatic)
        let differing = zip(kernel, swift).filter { $0 != $1 }.count
        #expect(kernel.count == swift.count && differing == 0, "\(label): \(differing) differ")
    }
}
