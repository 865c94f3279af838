import Foundation
import Testing
@testable import QuartzRaster

// The vector tiers of the C edge walk run a row segment inside the tile's columns over 3 to 5 cells through
// lanes (rk_paths_walk_cells.h: all its boundary crossings at once, each cell's two sums added as one), and
// segments of more cells, or too near the tile's right side for 8 lanes, through the scalar loop. Both must
// leave the deltas, carries and touched bits of the Swift walk exactly (README.md, Determinism).
// Run under OPENQUARTZ_DISABLE_AVX512 / _AVX2 this covers each tier.
@Suite struct FillPathInteriorCellsTests {
    /// Shallow edges whose rows cross 2 to 8 cells, placed so that many rows' cells straddle a 64-cell touched
    /// word (cells 58 to 70) or end within 8 cells of the tile's right side, both slopes and windings, on
    /// tiles of 16 (no room for 8 lanes in most places), 64 and 128 pixels.
    @Test(arguments: [16, 64, 128])
    func shallowInteriorSegmentsMatchSwiftWalk(tileSize: Int) {
        let (w, h) = (260, 96)
        var random = FillTestRandom(seed: 1_716)
        var edges: [FillEdge] = []
        while edges.count < 900 {
            let anchors: [Int32] = [58, 62, 63, 64, 66, Int32(tileSize) - 7, Int32(tileSize) - 4, 130, 190]
            let cell = anchors[Int(random.next() % UInt64(anchors.count))] + Int32(random.next() % 5) - 2
            let x0 = max(cell, 0) * 256 + Int32(random.next() % 256)
            let y0 = Int32(random.next() % UInt64((h - 8) * 256))
            // 2 to 8 cells per row: a horizontal run of up to ~7 cells per 256 sub-pixel rows.
            let dy = 64 + Int32(random.next() % 700)
            let dx = (Int32(random.next() % 1_700) + 200) * (random.next() % 2 == 0 ? 1 : -1)
            let x1 = min(max(x0 + dx, 0), Int32(w * 256 - 1))
            edges.append(FillEdge(x0: x0, y0: y0, x1: x1, y1: y0 + dy, winding: random.next() % 2 == 0 ? 1 : -1))
        }
        FillPathEdgeWalkTierTests.expectKernelWalkMatchesSwift(edges, width: w, height: h, tileSize: tileSize,
                                                               "tile \(tileSize)")
    }
}
