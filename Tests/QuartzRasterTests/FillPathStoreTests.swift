import Foundation
import Testing
@testable import QuartzRaster

// FillPathStore (FillPathStore.swift) holds a binned path's carries, offsets, bins and tile summaries in one
// allocation, with bins beyond its estimate in an allocation of their own. Pinned here: both cases give the
// Swift binning's values exactly (FillBinningKernelTests.expectSameBinning), and a path with no tile keeps the
// arrays' old shape (one zero offset, no bins, carries or summaries).
@Suite struct FillPathStoreTests {
    /// Few long edges over small tiles: far more (tile, edge) pairs than the store's estimate.
    @Test func binsBeyondTheEstimateMatchSwiftBinning() {
        let edges = [
            FillEdge(x0: 0, y0: 0, x1: 255 * 256, y1: 250 * 256, winding: 1),
            FillEdge(x0: 250 * 256, y0: 3 * 256, x1: 2 * 256, y1: 251 * 256, winding: -1),
            FillEdge(x0: 128 * 256, y0: 1 * 256, x1: 129 * 256, y1: 255 * 256, winding: 1),
        ]
        let grid = FillTileGrid(bounds: FillPixelBounds(width: 256, height: 256), tileSize: 8)
        let coverage = FillPathCoverage(edges: edges, fillRule: .winding, grid: grid)
        #expect(coverage.store.binCount > coverage.store.binCapacity)
        #expect(coverage.binEdges.count == coverage.store.binCount)
        FillBinningKernelTests.expectSameBinning(edges, grid: grid, "overflowing bins")
    }

    /// Many short edges (a 400-gon of radius 80, sides of ~1.3 px): every bin fits the main allocation.
    @Test func binsWithinTheEstimateMatchSwiftBinning() {
        let polygon: FillTestPolygon = (0..<400).map { k in
            let angle = Double(k) * 2 * Double.pi / 400
            return SIMD2(150.25 + 80 * cos(angle), 100.5 + 80 * sin(angle))
        }
        let coverage = fillTestCoverage([polygon], width: 300, height: 200, tileSize: 64)
        #expect(coverage.binEdges.count > 0 && coverage.store.binCount <= coverage.store.binCapacity)
        var builder = FillEdgeBuilder(clip: FillPixelBounds(width: 300, height: 200))
        builder.move(to: polygon[0])
        for p in polygon.dropFirst() { builder.line(to: p) }
        builder.closeContour()
        FillBinningKernelTests.expectSameBinning(
            builder.edges, grid: FillTileGrid(bounds: FillPixelBounds(width: 300, height: 200), tileSize: 64),
            "short edges")
    }

    /// Edges outside the grid: no occupied tile, offsets [0], nothing else.
    @Test func pathWithoutTiles() {
        let edges = [FillEdge(x0: 0, y0: 90 * 256, x1: 10 * 256, y1: 95 * 256, winding: 1)]
        let grid = FillTileGrid(bounds: FillPixelBounds(width: 64, height: 64), tileSize: 16)
        for implementation in [FillAccumulateImplementation.automatic, .swift] {
            let coverage = FillPathCoverage(edges: edges, fillRule: .evenOdd, grid: grid, implementation: implementation)
            #expect(Array(coverage.binOffsets) == [0])
            #expect(coverage.binEdges.isEmpty && coverage.carry.isEmpty && coverage.tileSummary.isEmpty)
            #expect(coverage.isTileEmpty(column: 0, row: 0))
        }
    }
}
