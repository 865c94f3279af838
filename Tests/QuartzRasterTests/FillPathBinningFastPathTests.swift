import Foundation
import Testing
@testable import QuartzRaster

// The C binning's short paths must give exactly the Swift binning's box, tiles, bins and carries
// (FillPathCoverage.swift; README.md, Determinism): rk_fill_edge_extent (the occupied box, AVX2 and
// portable tiers) and rk_fill_bin_count's one-tile path (an edge inside one tile band and, after the box clamps,
// one tile column: one, two or many pixel rows, the box's last column without a carry, power-of-two and other
// tile sizes).
@Suite struct FillPathBinningFastPathTests {
    /// Short edges (most inside one tile), some flat (y0 == y1) or reversed (y0 > y1, which bin nothing),
    /// some reaching past the grid so the clamps apply.
    static func edges(seed: UInt64, count: Int, width: Int, height: Int) -> [FillEdge] {
        var random = FillTestRandom(seed: seed)
        var edges: [FillEdge] = []
        for _ in 0..<count {
            let x0 = Int32(Int(random.next() % UInt64((width + 40) * 256)) - 20 * 256)
            let y0 = Int32(Int(random.next() % UInt64((height + 40) * 256)) - 20 * 256)
            let dy = Int32([0, 1, 90, 256, 300, 700, 5000][Int(random.next() % 7)]) - (random.next() % 9 == 0 ? 600 : 0)
            let dx = Int32(Int(random.next() % 1201) - 600)
            edges.append(FillEdge(x0: x0, y0: y0, x1: x0 + dx, y1: y0 + dy, winding: random.next() % 2 == 0 ? 1 : -1))
        }
        return edges
    }

    @Test func kernelBinningOfShortEdgesMatchesSwift() {
        #expect(FillEdge.matchesKernelLayout)
        let bounds = FillPixelBounds(minX: 5, minY: 9, maxX: 301, maxY: 203)
        for seed: UInt64 in [31, 32] {
            let edges = Self.edges(seed: seed, count: 900, width: 310, height: 215)
            for size in [8, 48, 64, 100] {
                let grid = FillTileGrid(bounds: bounds, tileSize: size)
                let swift = FillPathCoverage(edges: edges, fillRule: .evenOdd, grid: grid, implementation: .swift)
                #expect(swift.carry.contains { $0 != 0 }, "tile \(size)")
                FillBinningKernelTests.expectSameBinning(edges, grid: grid, "seed \(seed), tile \(size)")
            }
        }
    }

    /// Edges ending exactly on pixel-row and tile-band boundaries, one sub-pixel high, and on the box's last
    /// column (whose carry has no tile to go to).
    @Test func boundaryEdgesBinTheSame() {
        let edges = [
            FillEdge(x0: 600, y0: 256, x1: 700, y1: 512, winding: 1),
            FillEdge(x0: 700, y0: 511, x1: 650, y1: 512, winding: -1),
            FillEdge(x0: 64 * 256 - 1, y0: 64 * 256 - 1, x1: 64 * 256 - 1, y1: 64 * 256, winding: 1),
            FillEdge(x0: 64 * 256, y0: 63 * 256, x1: 64 * 256 + 5, y1: 64 * 256 + 1, winding: -1),
            FillEdge(x0: 127 * 256 + 200, y0: 3000, x1: 127 * 256 + 10, y1: 3900, winding: 1),
            FillEdge(x0: 20, y0: 200, x1: 30, y1: 16000, winding: -1),
            FillEdge(x0: 9000, y0: 40, x1: 9100, y1: 40, winding: 1),
        ]
        for size in [16, 32, 64, 80] {
            let grid = FillTileGrid(bounds: FillPixelBounds(width: 128, height: 100), tileSize: size)
            FillBinningKernelTests.expectSameBinning(edges, grid: grid, "tile \(size)")
        }
    }

    /// The box's extent by the kernel (both tiers) equals the Swift loop's, with odd and even counts (the
    /// AVX2 tier takes two edges a step), no usable edge, and extreme values.
    @Test func kernelExtentMatchesSwift() {
        #expect(FillEdge.matchesKernelLayout)
        var cases = (0..<6).map { Self.edges(seed: 40 + UInt64($0), count: [1, 2, 3, 17, 64, 301][$0], width: 500, height: 400) }
        cases.append([FillEdge(x0: 5, y0: 9, x1: 7, y1: 9, winding: 1), FillEdge(x0: 1, y0: 9, x1: 2, y1: 3, winding: 1)])
        cases.append([])
        cases.append([
            FillEdge(x0: .min, y0: .min, x1: -1, y1: -1, winding: 1),
            FillEdge(x0: .max, y0: 0, x1: 0, y1: .max, winding: 1),
            FillEdge(x0: 3, y0: 4, x1: 5, y1: 4, winding: -1),
        ])
        cases.append([FillEdge(x0: 3, y0: 4, x1: 5, y1: 4, winding: -1), FillEdge(x0: -9, y0: -700, x1: 2, y1: -1, winding: 1)])
        for (n, edges) in cases.enumerated() {
            let swift = FillPathCoverage.occupiedExtent(edges)
            let automatic = FillPathCoverage.occupiedExtentWithKernel(edges)
            let portable = SpanKernels.withAVX2Disabled { FillPathCoverage.occupiedExtentWithKernel(edges) }
            #expect(automatic.map { [$0.minCell, $0.maxCell, $0.minRow, $0.maxRow] }
                        == [swift.minCell, swift.maxCell, swift.minRow, swift.maxRow], "case \(n)")
            #expect(portable.map { [$0.minCell, $0.maxCell, $0.minRow, $0.maxRow] }
                        == [swift.minCell, swift.maxCell, swift.minRow, swift.maxRow], "case \(n)")
        }
        // No edge with y0 < y1 leaves the empty extent; one sets every value (floor shifts of negative values).
        #expect(FillPathCoverage.occupiedExtent(cases[6]).minCell == Int.max)
        #expect(FillPathCoverage.occupiedExtent(cases[7]).maxRow == Int.min)
        let last = FillPathCoverage.occupiedExtent(cases[9])
        #expect(last.minCell == -1 && last.maxCell == 0 && last.minRow == -3 && last.maxRow == -1)
    }
}
