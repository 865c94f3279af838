import Foundation
import Testing
@testable import QuartzRaster

// The C sweep's row set-up (raster_kernels_paths_sweep.c): rows with no edge piece and zero entering coverage
// are passed over in a tight loop (skip_blank_rows), and rows of two touched words (scratch tiles of 65 to 128
// pixels) read and clear both words at once (touched_word_range, clear_words). These pin that both give exactly
// the Swift sweep's spans and the span-by-span blend's pixels, for two-word rows and for rows of more words
// (a scratch larger than the grid's tiles), next to blank rows, rows with only a carry and rows with edges.
@Suite struct FillPathSweepBlankRowTests {
    /// A small diamond in the middle of the first 128-pixel tile (blank rows above and below it), and a
    /// trapezoid reaching from that tile into the next one, whose right side ends inside the second tile for
    /// some rows only (rows there with edges, and rows with only the carry from its left).
    static let contours: [FillTestPolygon] = [
        [SIMD2(60.5, 40.25), SIMD2(80.75, 60.5), SIMD2(60.5, 80.75), SIMD2(40.25, 60.5)],
        [SIMD2(10.25, 90.5), SIMD2(300.5, 90.5), SIMD2(150.75, 120.25), SIMD2(10.25, 120.25)],
    ]

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func kernelSweepMatchesSwiftSweep(rule: CGPathFillRule) {
        let coverage = fillTestCoverage(Self.contours, rule: rule, width: 320, height: 200, tileSize: 128)
        // Scratch of 128 (two words a row) and of 256 (four words a row, the generic loops).
        for capacity in [128, 256] {
            let scratch = FillTileScratch(tileSize: capacity)
            let swift = FillPathSweepKernelTests.spans(coverage, scratch: scratch, implementation: .swift)
            let kernel = FillPathSweepKernelTests.spans(coverage, scratch: scratch, implementation: .automatic)
            #expect(swift.contains { $0.mask != nil } && swift.contains { $0.mask == nil })
            #expect(kernel == swift, "scratch \(capacity)")
        }
    }

    /// Both rules in one test, on every tier (FillPathBlendTests.onEveryTier), so its portable-tier runs never
    /// interrupt a parallel case's vector-tier runs.
    @Test func blendMatchesSpanBySpanBlend() {
        let bounds = FillPixelBounds(width: 320, height: 200)
        let base = FillPathBlendTests.background(width: 320, height: 200, seed: 41)
        let color: UInt32 = 0xC060_3090
        for rule in [CGPathFillRule.winding, .evenOdd] {
            let coverage = fillTestCoverage(Self.contours, rule: rule, width: 320, height: 200, tileSize: 128)
            let reference = FillPathBlendTests.viaSpans(coverage, color: color, base: base, bounds: bounds)
            #expect(reference != base)
            FillPathBlendTests.onEveryTier { tier in
                let direct = FillPathBlendTests.direct(
                    coverage, color: color, base: base, bounds: bounds, regionSize: 128)
                #expect(direct.tookIt && direct.pixels == reference, "\(rule) \(tier)")
            }
        }
    }
}
