import Testing
@testable import QuartzRaster

// The blending sweep visits only the rows of a tile that hold edge pieces (FillPathStore.edgeRows,
// FillPathBlend.swift): every other row of the tile is blank (no delta, zero entering coverage), so skipping it
// changes no pixel. Pinned here: shapes whose edges sit in a few rows in the middle of 256-, 128- and 40-pixel
// tiles, on a tile's first or last row, and across tile rows, blend exactly the pixels of the Swift sweep's spans
// composited one by one (which visit every row), on every kernel tier; and the rows recorded are the edges'.
@Suite struct FillPathBlendEdgeRowsTests {
    static let shapes: [FillTestPolygon] = [
        // A thin band across the middle rows of a 256-pixel tile.
        [SIMD2(20.5, 120.25), SIMD2(230.75, 118.5), SIMD2(231.5, 123.75), SIMD2(21.25, 124.5)],
        // Touching the tile's first and last rows (0 and 255), and a diamond across the 128-row boundary.
        [SIMD2(3.25, 0.0), SIMD2(9.5, 0.0), SIMD2(9.5, 1.5), SIMD2(3.25, 1.5)],
        [SIMD2(40.0, 254.25), SIMD2(60.5, 254.25), SIMD2(60.5, 256.0), SIMD2(40.0, 256.0)],
        [SIMD2(150.0, 100.5), SIMD2(190.25, 128.0), SIMD2(150.0, 155.75), SIMD2(110.5, 128.0)],
    ]

    @Test func onlyEdgeRowsGiveTheSpanPixels() {
        let (w, h) = (300, 260)
        let bounds = FillPixelBounds(width: w, height: h)
        let base = FillPathBlendTests.background(width: w, height: h, seed: 5)
        for rule in [CGPathFillRule.winding, .evenOdd] {
            for size in [256, 128, 40] {
                // Each shape alone (a path of few rows in big tiles), then all of them as one path.
                for contours in Self.shapes.map({ [$0] }) + [Self.shapes] {
                    let coverage = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: size)
                    let color: UInt32 = 0xC040_7020
                    let expected = FillPathBlendTests.viaSpans(coverage, color: color, base: base, bounds: bounds)
                    FillPathBlendTests.onEveryTier { tier in
                        let fast = FillPathBlendTests.direct(coverage, color: color, base: base, bounds: bounds,
                                                             regionSize: size)
                        let differing = zip(expected, fast.pixels).filter { $0 != $1 }.count
                        #expect(fast.tookIt && differing == 0, "\(rule) tile \(size) \(contours.count) shapes \(tier): \(differing)")
                    }
                }
            }
        }
    }

    @Test func edgeRowsAreTheRowsOfTheEdgePieces() {
        let (w, h) = (300, 260)
        let cases: [(FillTestPolygon, Range<Int>)] = [
            (Self.shapes[0], 118..<125), (Self.shapes[1], 0..<2), (Self.shapes[2], 254..<256), (Self.shapes[3], 100..<156),
        ]
        for (shape, rows) in cases {
            #expect(fillTestCoverage([shape], rule: .winding, width: w, height: h, tileSize: 256).edgeRows == rows)
        }
        #expect(fillTestCoverage([], rule: .winding, width: w, height: h, tileSize: 256).edgeRows.isEmpty)
    }
}
