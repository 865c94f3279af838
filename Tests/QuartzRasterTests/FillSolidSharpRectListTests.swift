// FillSolidSharpRect.blend(_:count:in:into:) blends a tile's run of sharp rectangles in one kernel call (the
// compositor's compositeOps); it must give the bytes of blending each rectangle in turn, which
// FillSolidSharpRectTests pins to the coverage's direct path (the reference here is the portable
// blendSharpBlocks). Checked on random stacks (integer, fractional and sub-pixel sides, rectangles across the
// region's sides, opaque, translucent and zero colours) over regions inside a larger surface, so a wrong origin
// or stride shows.
import Foundation
import Testing
@testable import QuartzRaster
import QuartzTestSupport

@Suite struct FillSolidSharpRectListTests {
    @Test func listBlendEqualsEachRectangleInTurn() {
        var random = PaintTestRandom(seed: 0x5EED_11D7)
        let surfaceBounds = FillPixelBounds(minX: -3, minY: 2, maxX: 77, maxY: 70)
        for trial in 0..<60 {
            let region = FillPixelBounds(
                minX: random.below(8), minY: 3 + random.below(8), maxX: 50 + random.below(27), maxY: 40 + random.below(30))
            let rects = FillSolidSharpRectRowBandsTests.randomRects(&random, count: 1 + random.below(25), width: 72, height: 64)
            let start: UInt32 = trial % 2 == 0 ? 0xFFFF_FFFF : 0x4020_1008
            let count = surfaceBounds.width * surfaceBounds.height
            var expected = [UInt32](repeating: start, count: count), drawn = expected
            expected.withUnsafeMutableBufferPointer { p in
                let rows = FillSurfaceRows(base: p.baseAddress!, bounds: surfaceBounds)
                for rect in rects { rect.blend(in: region, into: rows, kernels: .portable) }
            }
            rects.withUnsafeBufferPointer { r in
                let list = r.indices.map { r.baseAddress! + $0 }
                drawn.withUnsafeMutableBufferPointer { p in
                    let rows = FillSurfaceRows(base: p.baseAddress!, bounds: surfaceBounds)
                    list.withUnsafeBufferPointer { FillSolidSharpRect.blend($0.baseAddress!, count: $0.count, in: region, into: rows) }
                }
            }
            #expect(drawn == expected, "trial \(trial)")
        }
    }
}
