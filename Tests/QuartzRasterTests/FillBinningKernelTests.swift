import Foundation
import Testing
@testable import QuartzRaster

// The C binning kernel must give exactly the Swift binning's tiles, bins and carries (FillPathCoverage.swift:
// carries are exact integers, edges keep path order within a tile), so coverage stays bit-identical
// (README.md, Determinism).
@Suite struct FillBinningKernelTests {
    static func expectSameBinning(_ edges: [FillEdge], grid: FillTileGrid, _ label: String) {
        let swift = FillPathCoverage(edges: edges, fillRule: .winding, grid: grid, implementation: .swift)
        let kernel = FillPathCoverage(edges: edges, fillRule: .winding, grid: grid, implementation: .automatic)
        #expect(kernel.occupiedColumns == swift.occupiedColumns && kernel.occupiedRows == swift.occupiedRows, "\(label)")
        #expect(kernel.binOffsets == swift.binOffsets, "\(label)")
        #expect(kernel.binEdges == swift.binEdges, "\(label)")
        #expect(kernel.carry == swift.carry, "\(label)")
        #expect(kernel.tileSummary == swift.tileSummary, "\(label)")
    }

    @Test func kernelBinningMatchesSwiftBinning() {
        // Without the matching layout the kernel would not run and the comparison would be empty.
        #expect(FillEdge.matchesKernelLayout)
        let clip = FillPixelBounds(minX: 37, minY: 21, maxX: 370, maxY: 238)
        for seed: UInt64 in [11, 12, 13] {
            let contours = FillSparseSweepTests.shapes(seed: seed, width: 400, height: 260)
            var builder = FillEdgeBuilder(clip: clip)
            for contour in contours {
                builder.move(to: contour[0])
                for p in contour.dropFirst() { builder.line(to: p) }
                builder.closeContour()
            }
            let edges = builder.edges
            #expect(edges.count > 20)
            for size in [7, 16, 64, 100, 128, 200, 1024] {
                let grid = FillTileGrid(bounds: clip, tileSize: size)
                let swift = FillPathCoverage(edges: edges, fillRule: .winding, grid: grid, implementation: .swift)
                #expect(swift.binEdges.count >= edges.count)
                // Carries exist only where a tile row has tiles right of an edge.
                #expect(swift.occupiedColumns.count == 1 || swift.carry.contains { $0 != 0 }, "tile \(size)")
                Self.expectSameBinning(edges, grid: grid, "seed \(seed), tile \(size)")
            }
        }
    }

    /// Edges handed to the public init need not be clipped: cells left of, right of, above and below the grid
    /// are clamped to its tiles the same way by both.
    @Test func unclippedEdgesBinTheSame() {
        let edges = [
            FillEdge(x0: -5000, y0: -300, x1: 90000, y1: 60000, winding: 1),
            FillEdge(x0: 120_000, y0: 2000, x1: -900, y1: 30000, winding: -1),
            FillEdge(x0: 3000, y0: 4000, x1: 3000, y1: 9000, winding: 1),
            FillEdge(x0: 40000, y0: 100, x1: 41000, y1: 355, winding: -1),
            FillEdge(x0: 7, y0: 7, x1: 9, y1: 7, winding: 1),
        ]
        for size in [5, 32, 64, 96] {
            let grid = FillTileGrid(bounds: FillPixelBounds(minX: 10, minY: 3, maxX: 180, maxY: 150), tileSize: size)
            #expect(FillPathCoverage(edges: edges, fillRule: .winding, grid: grid).binEdges.count > 4)
            Self.expectSameBinning(edges, grid: grid, "tile \(size)")
        }
    }
}
