import Testing
@testable import QuartzRaster

// The vector walk (RasterKernels/rk_paths_walk_lanes4.h) multiplies by the winding in a regrouped order
// (d0·(w·(512 − s0)) rather than w·(512·d0 − s0·d0)), equal only because the sums wrap mod 2^32. Paths give
// windings of ±1, where a mistake in that regrouping could cancel out; this pins it with other windings, small
// and large enough to wrap, against the Swift walk on whichever tier the CPU and OPENQUARTZ_DISABLE_AVX2 /
// _AVX512 select.
@Suite struct FillPathEdgeWalkWindingTests {
    @Test(arguments: [16, 128])
    func windingsOtherThanOneMatchSwiftWalk(tileSize: Int) {
        let windings: [Int32] = [3, -2, 7, -1_000, 65_537, -1_000_003, Int32.max, Int32.min]
        let (w, h) = (300, 200)
        var edges = FillPathEdgeWalkTierTests.edges(seed: 31, count: 600, width: w, height: h)
        for i in edges.indices { edges[i].winding = windings[i % windings.count] }
        FillPathEdgeWalkTierTests.expectKernelWalkMatchesSwift(
            edges, width: w, height: h, tileSize: tileSize, "tile \(tileSize)")
    }
}
