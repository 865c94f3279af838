import Foundation
import Testing
@testable import QuartzRaster

// The C row sweep (raster_kernels_paths_sweep.c) must hand on exactly the spans of the Swift sweep: same
// rows, columns, constant alphas and mask bytes, in the same order (README.md, Determinism;
// alphas per FillFixedPoint.swift's fillAlphaNonZero / fillAlphaEvenOdd, which the Swift sweep uses).
@Suite struct FillPathSweepKernelTests {
    /// A span with its coverage bytes copied out (a mask is only valid inside the callback).
    struct RecordedSpan: Equatable {
        var y: Int, x: Int, count: Int, alpha: UInt8
        var mask: [UInt8]?
    }

    static func spans(
        _ coverage: FillPathCoverage, scratch: FillTileScratch, implementation: FillAccumulateImplementation
    ) -> [RecordedSpan] {
        var out: [RecordedSpan] = []
        for row in 0..<coverage.grid.rowCount {
            for column in 0..<coverage.grid.columnCount {
                coverage.forEachCoverageSpan(column: column, row: row, scratch: scratch, implementation: implementation) {
                    span in
                    let bytes = span.mask.map { Array(UnsafeBufferPointer(start: $0, count: span.count)) }
                    out.append(RecordedSpan(y: span.y, x: span.x, count: span.count, alpha: span.alpha, mask: bytes))
                }
            }
        }
        return out
    }

    /// A comb of thin slivers 3 px apart, then 70 px apart: short gaps that join masks, long gaps that
    /// become constant spans, and rows with many runs in several 64-cell words.
    static func comb(width: Double, height: Double) -> [FillTestPolygon] {
        var teeth: [FillTestPolygon] = []
        var x = 2.3
        while x < width - 4 {
            teeth.append([SIMD2(x, 1.5), SIMD2(x + 0.6, 1.5), SIMD2(x + 1.4, height - 2), SIMD2(x + 0.2, height - 2)])
            x += x < width / 2 ? 3.1 : 70.7
        }
        return teeth
    }

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func kernelSweepMatchesSwiftSweep(rule: CGPathFillRule) {
        let (w, h) = (333, 517)
        var checked = 0
        for seed: UInt64 in [7, 8, 9] {
            let contours = FillSparseSweepTests.shapes(seed: seed, width: Double(w), height: Double(h))
                + (seed == 7 ? Self.comb(width: Double(w), height: Double(h)) : [])
            // 1024: one tile whose rows need several batches (the mask buffer holds 64 rows of 1024 cells).
            for size in [1, 7, 64, 100, 128, 1024] {
                let coverage = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: size)
                let scratch = FillTileScratch(tileSize: size)
                let swift = Self.spans(coverage, scratch: scratch, implementation: .swift)
                let kernel = Self.spans(coverage, scratch: scratch, implementation: .automatic)
                #expect(swift.contains { $0.mask != nil } && swift.contains { $0.mask == nil })
                #expect(kernel == swift, "seed \(seed), tile \(size)")
                checked += swift.count
            }
        }
        #expect(checked > 10_000)
    }

    /// The batch boundary: a tile taller than one batch still yields every row once, in order.
    @Test func largeTileRowsComeInOrder() {
        let square: FillTestPolygon = [SIMD2(0.5, 0.25), SIMD2(1000.25, 0.25), SIMD2(1000.25, 700.5), SIMD2(0.5, 700.5)]
        let coverage = fillTestCoverage([square], width: 1010, height: 710, tileSize: 1024)
        let scratch = FillTileScratch(tileSize: 1024)
        var rows: [Int] = []
        coverage.forEachCoverageSpan(column: 0, row: 0, scratch: scratch) { span in
            if rows.last != span.y { rows.append(span.y) }
        }
        // Rows 0...700 have coverage (row 0 three quarters, row 700 half), each reported in one group.
        #expect(rows == Array(0...700))
    }

    /// The comparison above only means something if the kernel really sweeps: it must accept every tile size
    /// the scratch allows (its batch buffers hold at least one row).
    @Test func kernelTakesEveryTileSize() {
        let triangle: FillTestPolygon = [SIMD2(0.5, 0.5), SIMD2(1030.25, 3.5), SIMD2(10.75, 1030)]
        for size in [1, 7, 64, 128, 1024] {
            let coverage = fillTestCoverage([triangle], width: 1040, height: 1040, tileSize: size)
            let scratch = FillTileScratch(tileSize: size)
            guard let tile = coverage.accumulate(column: 0, row: 0, scratch: scratch) else {
                Issue.record("tile (0, 0) is empty at tile size \(size)")
                continue
            }
            var spans = 0
            #expect(coverage.sweepWithKernel(pixels: tile.pixels, top: tile.top, scratch: scratch) { _ in spans += 1 })
            #expect(spans > 0, "tile size \(size)")
        }
    }
}
