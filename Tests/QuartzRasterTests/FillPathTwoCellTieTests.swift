import Foundation
import Testing
@testable import QuartzRaster

// Where a row segment over two cells crosses their shared boundary, the C edge walk (raster_kernels_paths.c,
// add_segment) must round exactly as the Swift walk: round half to even of a · (dy / dx) in Double
// (FillFixedPoint.swift; README.md, Determinism). Away from half-integers any sound formula agrees;
// at exact ties the Double steps decide, and a reformulation (a multiply by a table reciprocal, tried
// earlier) parts from the division in about 5 % of them. Half of these segments are exact ties.
@Suite struct FillPathTwoCellTieTests {
    /// One-row edges whose segment spans exactly two cells: dx 2...511 sub-pixels across one cell boundary,
    /// dy 1...256; half of them (`count` / 2) exact ties, where 2·a·dy is an odd multiple of dx.
    static func twoCellEdges(seed: UInt64, count: Int, width: Int, height: Int) -> (edges: [FillEdge], ties: Int) {
        var random = FillTestRandom(seed: seed)
        var edges: [FillEdge] = []
        var ties = 0
        var others = 0
        while edges.count < count {
            let cell = 1 + Int32(random.next() % UInt64(width - 3))
            let boundary = (cell + 1) * 256
            let a = 1 + Int32(random.next() % 256)  // sub-pixels left of the boundary
            let b = 1 + Int32(random.next() % 255)  // right of it, so the segment ends inside the next cell
            let row = Int32(random.next() % UInt64(height))
            let dy = 1 + Int32(random.next() % (random.next() % 2 == 0 ? 8 : 256))
            let top = row * 256 + Int32(random.next() % UInt64(257 - dy))
            let xl = boundary - a, xr = boundary + b
            // The crossing sits a·dy/dx below the left end (its y rises or falls with the edge).
            let twice = 2 * Int(a) * Int(dy), dx = Int(xr - xl)
            let isTie = twice % dx == 0 && (twice / dx) % 2 == 1
            if isTie ? ties >= count / 2 : others >= count - count / 2 { continue }
            if isTie { ties += 1 } else { others += 1 }
            let rising = random.next() % 2 == 0
            // Top to bottom; the edge runs left to right or right to left.
            let (x0, x1) = rising ? (xl, xr) : (xr, xl)
            edges.append(FillEdge(x0: x0, y0: top, x1: x1, y1: top + dy, winding: random.next() % 2 == 0 ? 1 : -1))
        }
        return (edges, ties)
    }

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func kernelCrossingMatchesSwiftAtTies(rule: CGPathFillRule) {
        #expect(FillEdge.matchesKernelLayout)
        let (w, h) = (160, 96)
        for seed: UInt64 in [11, 12] {
            let (edges, ties) = Self.twoCellEdges(seed: seed, count: 2000, width: w, height: h)
            #expect(ties == 1000, "seed \(seed): \(ties) ties")
            for size in [16, 64] {
                let coverage = FillPathCoverage(
                    edges: edges, fillRule: rule, grid: FillTileGrid(bounds: FillPixelBounds(width: w, height: h), tileSize: size))
                let swift = coverage.accumulatedCoverage(implementation: .swift)
                #expect(swift.contains { $0 != 0 })
                let kernel = coverage.accumulatedCoverage(implementation: .automatic)
                let differing = zip(kernel, swift).filter { $0 != $1 }.count
                #expect(kernel.count == swift.count && differing == 0, "seed \(seed), tile \(size): \(differing) differ")
            }
        }
    }
}
