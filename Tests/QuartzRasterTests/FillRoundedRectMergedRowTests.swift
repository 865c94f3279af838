import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// The rounded-rect span emission hands each row of a region over as one span where it has edge pixels and a
/// uniform run (FillShapeSpans.mergedRow): the bytes must be exactly the per-pixel coverage the separate
/// emission gave (round(coverage · 255), FillFixedPoint.swift), and the spans of a row must not overlap.
/// Coverage itself is pinned against exact polygons in FillRoundedRectTests (CALayer.cornerRadius, spec
/// spec §9.5); this suite pins the span layout, which Apple does not define (internal).
@Suite struct FillRoundedRectMergedRowTests {
    /// Every span of `source` over `region`, as (y, x, bytes).
    func spans(_ source: some FillCoverageSource, region: FillPixelBounds, scratch: FillTileScratch)
        -> [(y: Int, x: Int, bytes: [UInt8])]
    {
        var out: [(y: Int, x: Int, bytes: [UInt8])] = []
        source.forEachCoverageSpan(in: region, scratch: scratch) { span in
            let bytes = (0..<span.count).map { i in span.mask.map { $0[i] } ?? span.alpha }
            out.append((span.y, span.x, bytes))
        }
        return out
    }

    @Test func rotatedRowsAreOneSpanWithExactBytes() {
        let scratch = FillTileScratch(tileSize: 64, rowCapacity: 64)
        let rotation = CGAffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 40.3, ty: 5.7)
        var mergedRows = 0
        for radius in [0.0, 6.5] {
            let source = FillRoundedRectCoverage(
                rect: CGRect(x: 0, y: 0, width: 70.4, height: 45.2), cornerRadius: CGFloat(radius), transform: rotation)
            for region in [FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 64),
                           FillPixelBounds(minX: 64, minY: 0, maxX: 128, maxY: 64),
                           FillPixelBounds(minX: 0, minY: 64, maxX: 64, maxY: 128)] {
                var rowsSeen: Set<Int> = []
                for span in spans(source, region: region, scratch: scratch) {
                    // One span per row in a region narrower than the scratch row.
                    #expect(!rowsSeen.contains(span.y), "row \(span.y) has two spans")
                    rowsSeen.insert(span.y)
                    #expect(span.x >= region.minX && span.x + span.bytes.count <= region.maxX)
                    for (i, byte) in span.bytes.enumerated() {
                        let exact = fillCoverageByte(source.coverage(x: span.x + i, y: span.y))
                        #expect(byte == exact, "radius \(radius) pixel \(span.x + i), \(span.y)")
                    }
                    // A merged row: edge bytes below 255 around a run of 255.
                    if span.bytes.first != 255 && span.bytes.last != 255 && span.bytes.contains(255) { mergedRows += 1 }
                }
                // Pixels outside every span have no coverage.
                for y in region.minY..<region.maxY where !rowsSeen.contains(y) {
                    for x in region.minX..<region.maxX { #expect(source.coverage(x: x, y: y) * 255 < 0.5) }
                }
            }
        }
        #expect(mergedRows > 20)
    }

    @Test func rowsWiderThanTheScratchKeepSeparateSpans() {
        // Region 100 wide, scratch rows of 16: the row cannot be one mask, so edges and run come separately.
        let scratch = FillTileScratch(tileSize: 16, rowCapacity: 16)
        let source = FillRoundedRectCoverage(
            rect: CGRect(x: 0, y: 0, width: 80, height: 30), cornerRadius: 0,
            transform: CGAffineTransform(a: 0.96, b: 0.28, c: -0.28, d: 0.96, tx: 12.25, ty: 3.5))
        let region = FillPixelBounds(minX: 0, minY: 0, maxX: 100, maxY: 60)
        var covered = [UInt8](repeating: 0, count: 100 * 60)
        for span in spans(source, region: region, scratch: scratch) {
            // A mask span fits the 16-byte scratch row; anything longer is a uniform run.
            if span.bytes.count > 16 { #expect(Set(span.bytes).count == 1, "row \(span.y) at \(span.x)") }
            for (i, byte) in span.bytes.enumerated() {
                #expect(covered[span.y * 100 + span.x + i] == 0, "overlap at \(span.x + i), \(span.y)")
                covered[span.y * 100 + span.x + i] = byte
            }
        }
        for y in 0..<60 {
            for x in 0..<100 {
                #expect(covered[y * 100 + x] == fillCoverageByte(source.coverage(x: x, y: y)), "pixel \(x), \(y)")
            }
        }
    }
}
