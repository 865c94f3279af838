// FillSurfaceRows.copyStreaming (rk_copy_block_streaming) and FillSurfaceRows.copy: the compositor writes
// finished frame tiles out with them (streaming for large frames, ordinary stores for small ones), so each must
// copy exactly the block, whatever the destination's alignment (streaming stores only cover whole 64-byte lines;
// the partial lines at each row's ends take ordinary stores), and nothing else.
import Testing
@testable import QuartzRaster
import QuartzTestSupport

@Suite struct FillSurfaceStreamingCopyTests {
    /// Every destination offset within a cache line (0…15 pixels), widths around the 16-pixel line size,
    /// several heights and strides: the block equals the source, every other pixel keeps its value.
    @Test(arguments: [true, false])
    func copiesExactlyTheBlockAtEveryAlignment(streaming: Bool) {
        var random = PaintTestRandom(seed: 0x5EED_C0DE)
        let sourceBounds = FillPixelBounds(minX: 5, minY: 3, maxX: 145, maxY: 43)
        var source = (0..<sourceBounds.width * sourceBounds.height).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        for destinationWidth in [64, 97, 160] {
            let destinationBounds = FillPixelBounds(minX: 2, minY: 0, maxX: destinationWidth + 2, maxY: 50)
            for shift in 0..<16 {
                for width in [1, 3, 15, 16, 17, 31, 32, 33, 47, 63] where 5 + shift + width <= destinationBounds.maxX {
                    let height = 1 + random.below(9)
                    let x = 5 + shift, y = 3 + random.below(40 - height)
                    let before = (0..<destinationBounds.width * destinationBounds.height + 16).map { _ in
                        UInt32(truncatingIfNeeded: random.next())
                    }
                    var destination = before
                    // The destination starts `shift` pixels into the array: the block's rows start at every offset
                    // within a 64-byte line as shift and the strides vary.
                    destination.withUnsafeMutableBufferPointer { d in
                        source.withUnsafeMutableBufferPointer { s in
                            let target = FillSurfaceRows(base: d.baseAddress! + shift, bounds: destinationBounds)
                            let from = FillSurfaceRows(base: s.baseAddress!, bounds: sourceBounds)
                            if streaming {
                                target.copyStreaming(from: from, x: x, y: y, width: width, height: height)
                            } else {
                                target.copy(from: from, x: x, y: y, width: width, height: height)
                            }
                        }
                    }
                    var expected = before
                    for row in y..<y + height {
                        for column in x..<x + width {
                            let s = (row - sourceBounds.minY) * sourceBounds.width + (column - sourceBounds.minX)
                            let d = shift + (row - destinationBounds.minY) * destinationBounds.width
                                + (column - destinationBounds.minX)
                            expected[d] = source[s]
                        }
                    }
                    #expect(destination == expected, "streaming \(streaming), stride \(destinationWidth), shift \(shift), \(width)×\(height)")
                }
            }
        }
    }

    @Test func emptyBlocksWriteNothing() {
        var pixels = [UInt32](repeating: 7, count: 64)
        var other = [UInt32](repeating: 9, count: 64)
        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: 8, maxY: 8)
        pixels.withUnsafeMutableBufferPointer { p in
            other.withUnsafeMutableBufferPointer { o in
                let rows = FillSurfaceRows(base: p.baseAddress!, bounds: bounds)
                rows.copyStreaming(from: FillSurfaceRows(base: o.baseAddress!, bounds: bounds), x: 0, y: 0, width: 0, height: 8)
                rows.copyStreaming(from: FillSurfaceRows(base: o.baseAddress!, bounds: bounds), x: 0, y: 0, width: 8, height: 0)
                rows.copy(from: FillSurfaceRows(base: o.baseAddress!, bounds: bounds), x: 0, y: 0, width: 0, height: 8)
                rows.copy(from: FillSurfaceRows(base: o.baseAddress!, bounds: bounds), x: 0, y: 0, width: 8, height: 0)
            }
        }
        #expect(pixels == [UInt32](repeating: 7, count: 64))
    }
}

extension FillSurfaceStreamingCopyTests {
    /// repeatRowStreaming (the band route's write-out): one source row into every row of the block, at every
    /// alignment within a line, nothing outside the block touched; then the fence.
    @Test func repeatsOneRowIntoTheBlock() {
        var random = PaintTestRandom(seed: 0x2E9E_A7)
        let sourceBounds = FillPixelBounds(minX: 0, minY: 0, maxX: 97, maxY: 2)
        var source = (0..<194).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: 97, maxY: 12)
        for shift in 0..<16 {
            for width in [1, 5, 16, 17, 33, 64, 79] {
                let x = shift, y = random.below(6), height = 1 + random.below(6)
                let before = (0..<97 * 12).map { _ in UInt32(truncatingIfNeeded: random.next()) }
                var pixels = before
                pixels.withUnsafeMutableBufferPointer { d in
                    source.withUnsafeMutableBufferPointer { s in
                        FillSurfaceRows(base: d.baseAddress!, bounds: bounds).repeatRowStreaming(
                            from: FillSurfaceRows(base: s.baseAddress!, bounds: sourceBounds), sourceY: 1, x: x, y: y,
                            width: width, height: height)
                    }
                }
                FillSurfaceRows.fenceStreamingStores()
                var expected = before
                for row in y..<y + height { for column in x..<x + width { expected[row * 97 + column] = source[97 + column] } }
                #expect(pixels == expected, "shift \(shift), \(width)×\(height)")
            }
        }
    }
}
