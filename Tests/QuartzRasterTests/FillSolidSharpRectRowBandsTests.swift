// FillSolidSharpRectRowBands.swift: the compositor draws a tile of sharp solid rectangles one band of identical
// rows at a time (QuartzCompositor's CompositorSharpBands.swift), which is only right if (1) between two marked
// row boundaries every row of a stack of rectangles over a uniform row comes out the same, and (2) blendRow gives
// the bytes of blending each rectangle in turn over that row. Both are checked here against the per-rectangle
// blend (FillSolidSharpRectTests pins that to the coverage's direct path) on random stacks: integer, fractional
// and sub-pixel sides, rectangles under one pixel tall that straddle a row boundary (two partial rows), opaque,
// translucent and zero colours.
import Foundation
import Testing
@testable import QuartzRaster
import QuartzTestSupport

@Suite struct FillSolidSharpRectRowBandsTests {
    static func randomRects(_ random: inout PaintTestRandom, count: Int, width: Int, height: Int) -> [FillSolidSharpRect] {
        var rects: [FillSolidSharpRect] = []
        while rects.count < count {
            let kind = random.below(4)
            func coordinate(_ limit: Int) -> Double {
                let base = Double(random.below(limit + 20)) - 10
                switch kind {
                case 0: return base  // integer sides
                case 1: return base + Double(random.below(4)) / 4  // quarter pixels
                default: return base + random.unit()
                }
            }
            let x0 = coordinate(width), y0 = coordinate(height)
            let w = kind == 3 ? random.unit() * 1.5 + 0.01 : Double(1 + random.below(width / 2)) + random.unit()
            let h = kind == 3 ? random.unit() * 1.5 + 0.01 : Double(1 + random.below(height / 2)) + random.unit()
            let alpha = [0, 255, 128, 40, 200][random.below(5)]
            let color = UInt32(alpha) << 24 | UInt32(random.below(alpha + 1)) << 16 | UInt32(random.below(alpha + 1)) << 8
                | UInt32(random.below(alpha + 1))
            if let rect = FillSolidSharpRect(device: CGRect(x: x0, y: y0, width: w, height: h), color: color) {
                rects.append(rect)
            }
        }
        return rects
    }

    /// Each rectangle blended over the whole region, in order: the reference.
    static func stacked(_ rects: [FillSolidSharpRect], region: FillPixelBounds, start: UInt32) -> [UInt32] {
        var pixels = [UInt32](repeating: start, count: region.width * region.height)
        pixels.withUnsafeMutableBufferPointer { p in
            let rows = FillSurfaceRows(base: p.baseAddress!, bounds: region)
            for rect in rects where !rect.pixelBounds.intersection(region).isEmpty { rect.blend(in: region, into: rows) }
        }
        return pixels
    }

    @Test func rowsBetweenBoundariesAreIdenticalAndBlendRowMatches() {
        var random = PaintTestRandom(seed: 0xBA2D_5EED)
        for trial in 0..<60 {
            let region = FillPixelBounds(minX: 3 + random.below(5), minY: 2 + random.below(5), maxX: 70, maxY: 61)
            let rects = Self.randomRects(&random, count: 1 + random.below(25), width: 72, height: 64)
            let start: UInt32 = trial % 2 == 0 ? 0xFFFF_FFFF : 0x4020_1008
            let expected = Self.stacked(rects, region: region, start: start)
            // (1) identical rows inside each band.
            var breaks = [UInt8](repeating: 0, count: region.height + 1)
            rects.withUnsafeBufferPointer { r in
                for k in r.indices where !r[k].pixelBounds.intersection(region).isEmpty {
                    // The count it returns is the flags it turned on (CompositorSharpBands counts bands with it).
                    let before = breaks.reduce(0) { $0 + Int($1) }
                    let added = FillSolidSharpRect.markRowBoundaries(r.baseAddress! + k, in: region, into: &breaks)
                    #expect(added == breaks.reduce(0) { $0 + Int($1) } - before, "trial \(trial)")
                }
            }
            let w = region.width
            for y in 1..<region.height where breaks[y] == 0 {
                #expect(expected[y * w..<(y + 1) * w] == expected[(y - 1) * w..<y * w], "trial \(trial): row \(y)")
            }
            // (2) blendRow over each row equals the stack's row.
            var drawn = [UInt32](repeating: start, count: w * region.height)
            rects.withUnsafeBufferPointer { r in
                let list = r.indices.map { r.baseAddress! + $0 }
                drawn.withUnsafeMutableBufferPointer { p in
                    let rows = FillSurfaceRows(base: p.baseAddress!, bounds: region)
                    list.withUnsafeBufferPointer { l in
                        for y in region.minY..<region.maxY {
                            FillSolidSharpRect.blendRow(l.baseAddress!, count: l.count, y: y, x0: region.minX,
                                                        x1: region.maxX, into: rows)
                        }
                    }
                }
            }
            #expect(drawn == expected, "trial \(trial)")
        }
    }

    /// A rectangle 0.6 px tall across a row boundary has two partial rows and no full one: both are boundaries
    /// of their own, so the band route can never copy one partial row onto the other.
    @Test func twoPartialRowsAreSeparateBands() throws {
        let rect = try #require(FillSolidSharpRect(device: CGRect(x: 1, y: 4.7, width: 5, height: 0.6), color: 0x8040_2010))
        let region = FillPixelBounds(minX: 0, minY: 0, maxX: 8, maxY: 10)
        var breaks = [UInt8](repeating: 0, count: 11)
        let added = withUnsafePointer(to: rect) { FillSolidSharpRect.markRowBoundaries($0, in: region, into: &breaks) }
        #expect(breaks == [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0])
        #expect(added == 3)
    }
}
