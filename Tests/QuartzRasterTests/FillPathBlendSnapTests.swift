import Testing
@testable import QuartzRaster

// The blending sweep widens each dense stretch to whole vector steps (16 cells AVX-512, 8 AVX2; see
// raster_kernels_paths_sweep.c). Pinned here: the pixels stay exactly those of compositing the Swift sweep's
// spans one by one, for stretches that start at cell 0, end at the tile's last cell or its width (tiles
// narrower than a whole number of steps), sit exactly gap_minimum (64) cells apart or one cell closer, and
// the scratch is left with no delta or touched bit (the widened stretch clears what it sums).
@Suite struct FillPathBlendSnapTests {
    static func slivers(width: Double, height: Double) -> [FillTestPolygon] {
        var contours: [FillTestPolygon] = []
        // Thin slanted slivers at the tile's left and right sides and at every 16th and 8th cell ± a fraction.
        for x in [0.25, 7.5, 8.0, 15.75, 16.0, 31.5, 63.0, 64.0, 99.25, 126.5, width - 0.5] where x < width {
            contours.append([SIMD2(x, 2.5), SIMD2(x + 0.5, 2.5), SIMD2(x + 1.75, height - 3), SIMD2(x + 0.25, height - 3)])
        }
        // Runs 64 and 63 cells apart (gap_minimum and one less) on the same rows.
        contours.append([SIMD2(3.5, 10.25), SIMD2(4.25, 10.25), SIMD2(4.25, 40.5), SIMD2(3.5, 40.5)])
        contours.append([SIMD2(68.5, 10.25), SIMD2(69.25, 10.25), SIMD2(69.25, 25.5), SIMD2(68.5, 25.5)])
        contours.append([SIMD2(67.5, 26.25), SIMD2(68.25, 26.25), SIMD2(68.25, 40.5), SIMD2(67.5, 40.5)])
        return contours
    }

    @Test func widenedStretchesKeepTheSpanPixels() {
        for (w, h) in [(128, 96), (200, 70), (100, 50)] {
            let bounds = FillPixelBounds(width: w, height: h)
            let contours = Self.slivers(width: Double(w), height: Double(h))
                + FillSparseSweepTests.shapes(seed: 9, width: Double(w), height: Double(h))
            let base = FillPathBlendTests.background(width: w, height: h, seed: 17)
            for rule in [CGPathFillRule.winding, .evenOdd] {
                for size in [128, 100, 24] {
                    let coverage = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: size)
                    for color: UInt32 in [0xFF30_70A0, 0x9050_2040] {
                        let expected = FillPathBlendTests.viaSpans(coverage, color: color, base: base, bounds: bounds)
                        FillPathBlendTests.onEveryTier { tier in
                            let fast = FillPathBlendTests.direct(
                                coverage, color: color, base: base, bounds: bounds, regionSize: size)
                            let differing = zip(expected, fast.pixels).filter { $0 != $1 }.count
                            #expect(fast.tookIt && differing == 0, "\(w)×\(h) \(rule) tile \(size) \(tier): \(differing)")
                        }
                    }
                }
            }
        }
    }

    @Test func widenedStretchesLeaveTheScratchClean() {
        let (w, h) = (128, 96)
        let coverage = fillTestCoverage(Self.slivers(width: Double(w), height: Double(h)), width: w, height: h,
                                        tileSize: 128)
        FillPathBlendTests.onEveryTier { tier in
            let scratch = FillTileScratch(tileSize: 128)
            var pixels = [UInt32](repeating: 0xFF00_0000, count: w * h)
            pixels.withUnsafeMutableBufferPointer { buffer in
                let bounds = FillPixelBounds(width: w, height: h)
                _ = coverage.blendSolid(0xFF40_8020, in: bounds, into: FillSurfaceRows(base: buffer.baseAddress!, bounds: bounds),
                                        scratch: scratch)
            }
            let touched = UnsafeBufferPointer(start: scratch.touchedWords, count: 128 * scratch.touchedWordsPerRow)
            let deltas = UnsafeBufferPointer(start: scratch.deltas, count: 128 * scratch.deltaStride)
            #expect(touched.allSatisfy { $0 == 0 } && deltas.allSatisfy { $0 == 0 }, "\(tier)")
        }
    }
}
