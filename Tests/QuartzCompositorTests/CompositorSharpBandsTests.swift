// Frame tiles that hold sharp solid rectangles alone are drawn one band of identical rows at a time
// (CompositorSharpBands.swift) when their bands are tall enough, else in place. Neither route may change a
// pixel: README.md's determinism rule (the same scene gives bit-identical pixels whatever the thread count or
// tile size) extends to it. The band route runs only for frames with the background option, so each scene is
// drawn over garbage with the option and compared with the in-place route over a pre-cleared bitmap.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct CompositorSharpBandsTests {
    static func randomScene(
        seed: UInt64, count: Int, size: ClosedRange<Double>, fractional: Bool,
        area: CGRect = CGRect(x: -20, y: -20, width: 320, height: 220)
    ) -> [RenderNode] {
        var state = seed
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { k in
            var x = unit() * area.width + area.minX, y = unit() * area.height + area.minY
            var w = size.lowerBound + unit() * (size.upperBound - size.lowerBound)
            var h = size.lowerBound + unit() * (size.upperBound - size.lowerBound)
            if !fractional { (x, y, w, h) = (x.rounded(), y.rounded(), w.rounded(), h.rounded()) }
            let color = CGColor(red: unit(), green: unit(), blue: unit(), alpha: k % 7 == 0 ? 1 : unit())
            return solidItem(CGRect(x: x, y: y, width: w, height: h), color, opacity: k % 11 == 0 ? 0 : 1)
        }
    }

    /// `list` on a 300×200 frame drawn over garbage with the background option (frame tiles take the band route
    /// or the scratch tile) equals it drawn in place over a bitmap cleared to the background beforehand.
    static func routedMatchesInPlace(_ list: RenderList, background: PremultipliedRGBA8, threads: Int, tileSize: Int) -> Bool {
        var inPlace = PremultipliedRGBA8Bitmap(width: 300, height: 200, filledWith: background)
        Compositor.render(list, into: &inPlace, options: CompositorOptions(threads: threads, tileSize: tileSize))
        var routed = PremultipliedRGBA8Bitmap(
            width: 300, height: 200, filledWith: PremultipliedRGBA8(r: 0xEF, g: 0xBE, b: 0xAD, a: 0xDE))
        Compositor.render(
            list, into: &routed, options: CompositorOptions(threads: threads, tileSize: tileSize, background: background))
        return routed == inPlace
    }

    /// Tall bands (a few large rectangles with integer sides: every 128-row tile has well under 32 bands, so
    /// the band route runs), fractional sides (partial rows and columns, thin rectangles), and a dense stack
    /// (one-row bands: the in-place route), at several thread counts and tile sizes.
    @Test(arguments: [
        ("tall", 30, 40.0...180.0, false), ("fractional", 40, 0.3...120.0, true), ("dense", 600, 2.0...30.0, true),
    ])
    func bandsGiveThePixelsOfTheInPlaceRoute(_ name: String, _ count: Int, _ size: ClosedRange<Double>, _ fractional: Bool) {
        let nodes = Self.randomScene(seed: UInt64(count), count: count, size: size, fractional: fractional)
        let list = RenderList(nodes)
        for background in [PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255), PremultipliedRGBA8(r: 10, g: 0, b: 40, a: 64)] {
            for (threads, tileSize) in [(1, 128), (2, 128), (1, 40), (2, 16), (1, 1024), (1, 64), (1, 256)] {
                #expect(Self.routedMatchesInPlace(list, background: background, threads: threads, tileSize: tileSize),
                        "\(name): threads \(threads), tile size \(tileSize), background \(background)")
            }
        }
    }

    /// Tiles larger than a band block (CompositorSharpBandBlocks, 128 pixels) are tried block by block: tall
    /// bands on the left, a dense stack on the right, so with 256- and 1024-pixel tiles some blocks of a tile
    /// take bands and the others the scratch tile (few enough rectangles in all that such tiles are tried,
    /// CompositorTileContext.mayBand). Same pixels as in place.
    @Test func blocksOfOneTileMayTakeEitherRoute() {
        let tall = Self.randomScene(seed: 30, count: 20, size: 40.0...180.0, fractional: false,
                                    area: CGRect(x: -20, y: -20, width: 150, height: 220))
        let dense = Self.randomScene(seed: 600, count: 70, size: 2.0...30.0, fractional: true,
                                     area: CGRect(x: 140, y: -10, width: 170, height: 215))
        let list = RenderList(tall + dense)
        let background = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        for (threads, tileSize) in [(1, 256), (2, 256), (1, 1024), (1, 200)] {
            #expect(Self.routedMatchesInPlace(list, background: background, threads: threads, tileSize: tileSize),
                    "threads \(threads), tile size \(tileSize)")
        }
    }

    /// A tile is tried for bands only while its rectangles do not outnumber the bands its blocks may have (a
    /// quarter of their rows, per column of blocks).
    @Test func tilesWithMoreRectanglesThanBandsAreNotTried() {
        let square = CompositorSharpBandBlocks(FillPixelBounds(minX: 0, minY: 0, maxX: 256, maxY: 256))
        #expect(CompositorTileContext.mayBand(operations: 128, square))
        #expect(!CompositorTileContext.mayBand(operations: 129, square))
        let strip = CompositorSharpBandBlocks(FillPixelBounds(minX: 3, minY: 5, maxX: 300, maxY: 133))
        #expect(CompositorTileContext.mayBand(operations: 96, strip))
        #expect(!CompositorTileContext.mayBand(operations: 97, strip))
    }

    /// Blocks cover a region exactly, row by row, each at most 128 pixels on a side.
    @Test func bandBlocksTileTheRegion() {
        for region in [FillPixelBounds(minX: 0, minY: 0, maxX: 256, maxY: 256), FillPixelBounds(minX: 1792, minY: 1024, maxX: 1920, maxY: 1080),
                       FillPixelBounds(minX: 3, minY: 5, maxX: 300, maxY: 133), FillPixelBounds(minX: 0, minY: 0, maxX: 1024, maxY: 1024)] {
            let blocks = CompositorSharpBandBlocks(region)
            var covered = 0
            for k in 0..<blocks.count {
                let b = blocks[k]
                #expect(b.width > 0 && b.height > 0 && b.width <= 128 && b.height <= 128, "\(region) block \(k)")
                #expect(b.minX >= region.minX && b.maxX <= region.maxX && b.minY >= region.minY && b.maxY <= region.maxY)
                covered += b.width * b.height
            }
            #expect(covered == region.width * region.height, "\(region)")
            #expect(blocks.count <= 64)
        }
        #expect(CompositorSharpBandBlocks(FillPixelBounds(minX: 0, minY: 0, maxX: 256, maxY: 200)).count == 4)
        #expect(CompositorSharpBandBlocks(FillPixelBounds(minX: 0, minY: 0, maxX: 256, maxY: 200))[3]
                == FillPixelBounds(minX: 128, minY: 128, maxX: 256, maxY: 200))
    }
}
