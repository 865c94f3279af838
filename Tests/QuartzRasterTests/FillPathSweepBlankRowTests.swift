import Foundation
import Testing
@testable import QuartzRaster

// The C sweep's row set-up (raster_kernels_paths_sweep.c): rows with no edge piece and zero entering coverage
// are passed over in a tight loop (skip_blank_rows), and rows of two or four touched words (scratch tiles of 65
// to 128 or 193 to 256 pixels) read and clear their words at once (touched_word_range, clear_words). These pin
// that every form gives exactly the Swift sweep's spans and the span-by-span blend's pixels, for two- and
// four-word rows (with touched cells starting and ending in each of the four words) and for rows of more words
// (a scratch larger than the grid's tiles, the generic loops), next to blank rows, rows with only a carry and
// rows with edges.
@Suite struct FillPathSweepBlankRowTests {
    /// A small diamond in the middle of the first 128-pixel tile (blank rows above and below it), and a
    /// trapezoid reaching from that tile into the next one, whose right side ends inside the second tile for
    /// some rows only (rows there with edges, and rows with only the carry from its left).
    /// With 256-pixel tiles, a sliver in the third 64-cell word (cells 128...191) and a triangle in the fourth
    /// (192...255): rows whose touched cells lie in the third word only, in the fourth only, or in both.
    static let contours: [FillTestPolygon] = [
        [SIMD2(60.5, 40.25), SIMD2(80.75, 60.5), SIMD2(60.5, 80.75), SIMD2(40.25, 60.5)],
        [SIMD2(10.25, 90.5), SIMD2(300.5, 90.5), SIMD2(150.75, 120.25), SIMD2(10.25, 120.25)],
        [SIMD2(140.5, 20.25), SIMD2(150.75, 20.25), SIMD2(170.25, 70.5), SIMD2(135.5, 70.5)],
        [SIMD2(230.25, 30.5), SIMD2(250.5, 60.25), SIMD2(200.75, 85.5)],
    ]

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func kernelSweepMatchesSwiftSweep(rule: CGPathFillRule) {
        // Tiles of 128 in scratches of 128 (two words a row), 256 (four words, the upper two always clear) and
        // 320 (five words, the generic loops); tiles of 256 in scratches of 256 (four words) and 320.
        for (size, capacity) in [(128, 128), (128, 256), (128, 320), (256, 256), (256, 320)] {
            let coverage = fillTestCoverage(Self.contours, rule: rule, width: 320, height: 200, tileSize: size)
            let scratch = FillTileScratch(tileSize: capacity)
            let swift = FillPathSweepKernelTests.spans(coverage, scratch: scratch, implementation: .swift)
            let kernel = FillPathSweepKernelTests.spans(coverage, scratch: scratch, implementation: .automatic)
            #expect(swift.contains { $0.mask != nil } && swift.contains { $0.mask == nil })
            #expect(kernel == swift, "tile \(size), scratch \(capacity)")
        }
    }

    /// Both rules in one test, on every tier (FillPathBlendTests.onEveryTier), so its portable-tier runs never
    /// interrupt a parallel case's vector-tier runs.
    @Test func blendMatchesSpanBySpanBlend() {
        let bounds = FillPixelBounds(width: 320, height: 200)
        let base = FillPathBlendTests.background(width: 320, height: 200, seed: 41)
        let color: UInt32 = 0xC060_3090
        // Tiles (and scratches) of 128, two touched words a row, and of 256, four.
        for (rule, size) in [(CGPathFillRule.winding, 128), (.evenOdd, 128), (.winding, 256), (.evenOdd, 256)] {
            let coverage = fillTestCoverage(Self.contours, rule: rule, width: 320, height: 200, tileSize: size)
            let reference = FillPathBlendTests.viaSpans(coverage, color: color, base: base, bounds: bounds)
            #expect(reference != base)
            FillPathBlendTests.onEveryTier { tier in
                let direct = FillPathBlendTests.direct(
                    coverage, color: color, base: base, bounds: bounds, regionSize: size)
                #expect(direct.tookIt && direct.pixels == reference, "\(rule) tile \(size) \(tier)")
            }
        }
    }
}
