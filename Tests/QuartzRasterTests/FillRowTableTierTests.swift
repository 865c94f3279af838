import Foundation
import Testing
@testable import QuartzRaster

// On the AVX-512 tier the row table of a rotated rounded rect (rk_rrect_row_layouts_planes, sets with the
// fixed line counts) is solved eight rows per step (rkr_row_layouts_fixed_avx512) instead of four: the table
// must equal the four-row AVX2 loop's (`.avx2`, which the AVX-512 tier never takes) and the Swift line sets'
// row by row, over FillRowTableTests' shapes (the ±1e9 clamp shapes, whose rows fall back to the scalar
// solver, included) and windows of every length mod 8. Each shape is retried until its call ran with the
// tier held (another test's tier switch meanwhile gives nil), for at most a minute, and every shape must be
// compared.
@Suite struct FillRowTableTierTests {
    @Test func eightRowTableEqualsFourRowTable() {
        // Nothing to compare without the AVX2 tier: the CPU lacks it, or the environment switched it off for the run.
        guard SpanKernels.isAVX2Supported, ProcessInfo.processInfo.environment["OPENQUARTZ_DISABLE_AVX2"] == nil else { return }
        var compared = 0
        let shapes = FillRowTableTests.shapes()
        for (index, g) in shapes.enumerated() {
            let lower = g.rows.lowerBound - 3 - index % 8
            let rows = lower..<min(g.rows.upperBound + 3, lower + 600)
            let tables = fillRetryingForAMinute {
                FillAffineRoundedRect.withPlanes(
                    bounds: g.localBounds, radius: g.radius, inverseX: g.inverseX, inverseY: g.inverseY,
                    inverseOffset: g.inverseOffset
                ) { planes -> ([Int32]?, [Int32]?)? in
                    let automatic = SpanKernels.withKernelTierUninterrupted(avx512: true) {
                        FillAffineRoundedRect.tabulate(rows: rows, planes: planes, kernels: .automatic)
                    }
                    guard let automatic else { return nil }
                    return (automatic, FillAffineRoundedRect.tabulate(rows: rows, planes: planes, kernels: .avx2))
                }
            }
            guard let tables, let automatic = tables.0, let avx2 = tables.1 else {
                Issue.record("shape \(index): no table on its tier within a minute")
                continue
            }
            let fromLines = FillAffineRoundedRect.tabulate(rows: rows, outer: g.outerLines, inner: g.innerLines,
                                                           chords: g.chordLines, kernels: .portable)
            #expect(automatic == avx2, "shape \(index)")
            #expect(automatic == fromLines, "shape \(index)")
            compared += 1
        }
        #expect(compared == shapes.count)
    }
}
