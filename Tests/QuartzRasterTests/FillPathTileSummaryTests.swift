import Foundation
import Testing
@testable import QuartzRaster

// FillPathCoverage.tileSummary lets a tile without edges be drawn without reading its offsets and carries.
// It must say exactly what those arrays say, so the coverage of every pixel is unchanged (README.md,
// Determinism; the coverage itself is the exact-area coverage of the exact-area path fill of spec §5.6,
// pinned by FillPathCoverageTests). Not an Apple API: the values are checked against the binned arrays.
@Suite struct FillPathTileSummaryTests {
    static func alpha(_ carry: Int32, _ rule: CGPathFillRule) -> UInt8 {
        rule == .evenOdd ? fillAlphaEvenOdd(carry) : fillAlphaNonZero(carry)
    }

    /// The summary of occupied tile t, computed from the binned offsets and carries one row at a time.
    static func expectedSummary(_ coverage: FillPathCoverage, tile t: Int) -> UInt16 {
        if coverage.binOffsets[t] != coverage.binOffsets[t + 1] { return fillTileHasEdges }
        let size = coverage.grid.tileSize
        let rows = coverage.carry[(t * size)..<((t + 1) * size)]
        if rows.allSatisfy({ $0 == rows.first! }) {
            return fillTileEdgeFreeUniform | UInt16(alpha(rows.first!, coverage.fillRule))
        }
        return fillTileEdgeFreeMixed
    }

    @Test(arguments: [16, 48, 64, 128])
    func summaryMatchesBinnedArrays(tileSize: Int) {
        // A canvas of 12 × 8 tiles with few edges, so some tiles have none.
        let (w, h) = (12 * tileSize, 8 * tileSize)
        var kinds = Set<UInt16>()
        for seed: UInt64 in [31, 32] {
            let edges = FillPathEdgeWalkTierTests.edges(seed: seed, count: 24, width: w, height: h)
            for rule in [CGPathFillRule.winding, .evenOdd] {
                let coverage = FillPathCoverage(
                    edges: edges, fillRule: rule,
                    grid: FillTileGrid(bounds: FillPixelBounds(width: w, height: h), tileSize: tileSize))
                let tileCount = coverage.occupiedColumns.count * coverage.occupiedRows.count
                #expect(coverage.tileSummary.count == tileCount)
                for t in 0..<tileCount {
                    let expected = Self.expectedSummary(coverage, tile: t)
                    #expect(coverage.tileSummary[t] == expected, "seed \(seed), tile \(t), \(rule)")
                    kinds.insert(expected == fillTileHasEdges || expected == fillTileEdgeFreeMixed ? expected : 0x100)
                }
            }
        }
        // The random edges give every kind of tile, so each branch above was compared.
        #expect(kinds.count == 3, "tile size \(tileSize): kinds \(kinds.sorted())")
    }

    /// The runs of an edge-free tile (drawn from the summary when uniform) against the carries row by row:
    /// they cover the tile's rows in order, each row with its own carry's alpha, neighbours differing.
    @Test(arguments: [16, 48, 128])
    func edgeFreeRunsMatchRowCarries(tileSize: Int) {
        let (w, h) = (12 * tileSize, 8 * tileSize)
        let edges = FillPathEdgeWalkTierTests.edges(seed: 33, count: 24, width: w, height: h)
        for rule in [CGPathFillRule.winding, .evenOdd] {
            let coverage = FillPathCoverage(
                edges: edges, fillRule: rule,
                grid: FillTileGrid(bounds: FillPixelBounds(width: w, height: h), tileSize: tileSize))
            for row in 0..<coverage.grid.rowCount {
                for column in 0..<coverage.grid.columnCount {
                    var runs: [(Range<Int>, UInt8)] = []
                    let edgeFree = coverage.forEachEdgeFreeRun(column: column, row: row) { _, rows, alpha in
                        runs.append((rows, alpha))
                    }
                    guard let t = coverage.occupiedIndex(column: column, row: row) else {
                        #expect(edgeFree && runs.isEmpty)
                        continue
                    }
                    #expect(edgeFree == (coverage.binOffsets[t] == coverage.binOffsets[t + 1]))
                    guard edgeFree else { continue }
                    let pixels = coverage.grid.pixelBounds(column: column, row: row)
                    let top = (coverage.grid.firstRow + row) * tileSize
                    var y = pixels.minY
                    for (index, (rows, alpha)) in runs.enumerated() {
                        #expect(rows.lowerBound == y && !rows.isEmpty)
                        for r in rows {
                            #expect(alpha == Self.alpha(coverage.carry[t * tileSize + r - top], rule))
                        }
                        if index > 0 { #expect(alpha != runs[index - 1].1) }
                        y = rows.upperBound
                    }
                    #expect(y == pixels.maxY)
                }
            }
        }
    }

    /// A 60 × 40 px rectangle with 16-px tiles: tile (1, 0) lies inside it (uniform, alpha 255), tile (1, 2)
    /// holds rows 32 ..< 48 of which only 32 ..< 40 are inside (no edges, mixed), tile (0, 0) holds the left
    /// edge. Non-zero coverage of a closed rectangle is 1 inside, 0 outside (spec §5.6).
    @Test func rectangleTiles() {
        let right = Int32(60 * 256), bottom = Int32(40 * 256)
        let edges = [
            FillEdge(x0: 0, y0: 0, x1: 0, y1: bottom, winding: 1),
            FillEdge(x0: right, y0: 0, x1: right, y1: bottom, winding: -1),
        ]
        let coverage = FillPathCoverage(
            edges: edges, fillRule: .winding,
            grid: FillTileGrid(bounds: FillPixelBounds(width: 80, height: 64), tileSize: 16))
        #expect(coverage.occupiedColumns == 0..<4 && coverage.occupiedRows == 0..<3)
        #expect(coverage.tileSummary[0] == fillTileHasEdges)
        #expect(coverage.tileSummary[1] == fillTileEdgeFreeUniform | 255)
        #expect(coverage.tileSummary[2 * 4 + 1] == fillTileEdgeFreeMixed)
        #expect(coverage.tileSummary[3] == fillTileHasEdges)
        #expect(!coverage.isTileEmpty(column: 1, row: 0) && !coverage.isTileEmpty(column: 2, row: 2))
        var runs: [(Range<Int>, UInt8)] = []
        _ = coverage.forEachEdgeFreeRun(column: 1, row: 2) { _, rows, alpha in runs.append((rows, alpha)) }
        #expect(runs.count == 2 && runs[0] == (32..<40, 255) && runs[1] == (40..<48, 0))
    }
}
