import Foundation
import Testing
@testable import QuartzRaster

// The filler's speed paths must not change a single coverage value: the C edge walk against the
// Swift walk, and the sparse span sweep against the accumulated coverage it maps (FillFixedPoint.swift: alpha =
// round(min(1, |w|) · 255) for nonzero, the fold of w for even-odd; README.md, Determinism).
@Suite struct FillSparseSweepTests {
    /// Self-intersecting polygons with long shallow and steep edges, partly outside the clip, plus a thin
    /// sliver and an edge lying exactly on tile and pixel boundaries.
    static func shapes(seed: UInt64, width: Double, height: Double) -> [FillTestPolygon] {
        var random = FillTestRandom(seed: seed)
        var contours: [FillTestPolygon] = (0..<5).map { _ in
            let n = 3 + Int(random.next() % 24)
            return (0..<n).map { _ in SIMD2(random.uniform(-60, width + 60), random.uniform(-60, height + 60)) }
        }
        contours.append([SIMD2(3.25, 2), SIMD2(width - 4, 9.5), SIMD2(width - 4, 10.25)])
        contours.append([SIMD2(64, 16), SIMD2(128, 16), SIMD2(128, 80), SIMD2(64, 80)])
        return contours
    }

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func kernelWalkMatchesSwiftWalk(rule: CGPathFillRule) {
        // Without the matching layout the comparison below would compare the Swift walk with itself.
        #expect(FillEdge.matchesKernelLayout)
        let (w, h) = (333, 217)
        for seed: UInt64 in [1, 2, 3] {
            let contours = Self.shapes(seed: seed, width: Double(w), height: Double(h))
            for size in [7, 16, 64, 128, 200] {
                let coverage = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: size)
                let swift = coverage.accumulatedCoverage(implementation: .swift)
                #expect(swift.contains { $0 != 0 })
                #expect(coverage.accumulatedCoverage(implementation: .automatic) == swift, "seed \(seed), tile \(size)")
            }
        }
    }

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func spansEqualTheAccumulatedCoverage(rule: CGPathFillRule) {
        let (w, h) = (333, 217)
        for seed: UInt64 in [4, 5] {
            let contours = Self.shapes(seed: seed, width: Double(w), height: Double(h))
            for size in [7, 64, 128, 1024] {
                let coverage = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: size)
                let expected = coverage.accumulatedCoverage(implementation: .swift).map {
                    rule == .winding ? fillAlphaNonZero($0) : fillAlphaEvenOdd($0)
                }
                #expect(expected.contains { $0 != 0 && $0 != 255 })
                #expect(coverage.coverageMask() == expected, "seed \(seed), tile \(size)")
            }
        }
    }

    /// Spans of one tile never overlap, stay inside the tile, and cover every pixel with non-zero coverage.
    @Test func spansTileTheTileWithoutOverlap() {
        let (w, h) = (300, 140)
        let contours = Self.shapes(seed: 6, width: Double(w), height: Double(h))
        let coverage = fillTestCoverage(contours, rule: .evenOdd, width: w, height: h, tileSize: 128)
        let scratch = FillTileScratch(tileSize: 128)
        for row in 0..<coverage.grid.rowCount {
            for column in 0..<coverage.grid.columnCount {
                let tile = coverage.grid.pixelBounds(column: column, row: row)
                var hits = [Int](repeating: 0, count: tile.width * tile.height)
                coverage.forEachCoverageSpan(column: column, row: row, scratch: scratch) { span in
                    #expect(span.count > 0 && span.x >= tile.minX && span.x + span.count <= tile.maxX)
                    #expect(span.y >= tile.minY && span.y < tile.maxY)
                    for x in span.x..<(span.x + span.count) { hits[(span.y - tile.minY) * tile.width + x - tile.minX] += 1 }
                }
                #expect(hits.allSatisfy { $0 <= 1 }, "tile \(column), \(row)")
            }
        }
    }

    /// The sweep is sparse: inside a large shape a row is one constant full-coverage span, and only the
    /// pixels next to its edges go through a mask.
    @Test func interiorRowsAreConstantSpans() {
        let square: FillTestPolygon = [SIMD2(20.5, 10), SIMD2(280.25, 10), SIMD2(280.25, 200), SIMD2(20.5, 200)]
        let coverage = fillTestCoverage([square], width: 300, height: 220, tileSize: 1024)
        let scratch = FillTileScratch(tileSize: 1024)
        var maskPixels = 0, solid: [FillCoverageSpan] = []
        coverage.forEachCoverageSpan(column: 0, row: 0, scratch: scratch) { span in
            guard span.y == 100 else { return }
            if span.mask != nil { maskPixels += span.count } else { solid.append(span) }
        }
        // Pixels 21..<280 are fully covered; pixel 20 (half) and 280 (quarter) need the mask.
        #expect(solid.count == 1)
        #expect(solid.first?.alpha == 255 && solid.first?.x == 21 && solid.first?.count == 259)
        #expect(maskPixels == 2)
    }
}
