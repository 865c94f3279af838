import Foundation
import Testing
@testable import QuartzRaster

// FillEdgeBuilder narrows clipped Double points to 24.8 fixed point (FillEdgeBuilder.swift header) without
// overflow checks when its clip lies within ±fillMaximumDeviceCoordinate, and with them otherwise (a
// FillPixelBounds whose public fields were set past the limit after init). Both must give the same edges for
// points inside the clip; this pins the checked path, which no ordinary clip reaches.
@Suite struct FillEdgeNarrowingTests {
    static func edges(clip: FillPixelBounds, _ polygon: [SIMD2<Double>]) -> [FillEdge] {
        var builder = FillEdgeBuilder(clip: clip)
        builder.move(to: polygon[0])
        for p in polygon.dropFirst() { builder.line(to: p) }
        builder.finish()
        return builder.edges
    }

    @Test func wideClipCopyGivesTheSameEdges() {
        let polygon: [SIMD2<Double>] = [SIMD2(3.25, 4.5), SIMD2(60.75, 9.125), SIMD2(40.5, 70.875), SIMD2(8, 50.0625)]
        let ordinary = FillPixelBounds(width: 100, height: 100)
        var wide = ordinary
        wide.maxX = 1 << 23  // past fillMaximumDeviceCoordinate (2^22): the builder narrows with checks
        let expected = Self.edges(clip: ordinary, polygon)
        #expect(expected.count == 4)
        // Vertices at exact 24.8 values, so the narrowed coordinates are known: 3.25 · 256 = 832, and so on.
        #expect(expected.contains { $0.x0 == 832 && $0.y0 == 1152 } && expected.contains { $0.y1 == 18144 })
        #expect(Self.edges(clip: wide, polygon) == expected)
    }
}
