// Frame tiles that start from the background are composited in the frame itself where
// CompositorTileContext.compositesInPlace allows (a frame that stays cached and a stride that spreads a tile's rows
// over the L1 sets), else in the worker's scratch tile (or, sharp rectangles alone, band by band) and written out
// to the frame: with streaming stores when the frame is larger than CompositorTileContext.streamingFrameBytes,
// with ordinary ones otherwise. The rest are composited in place. The route must never change a pixel:
// README.md's determinism rule (the same scene gives bit-identical pixels whatever the thread count or tile size)
// extends to it.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct CompositorOffFrameTileTests {
    /// Each fixture scene (shadows, groups, masks, blend modes, perspective, images, gradients, clips) drawn
    /// two ways: over a bitmap already cleared to the background with no background option (every tile in
    /// place), and over a bitmap of garbage with the background option (tiles with shapes go through the
    /// scratch tile; garbage left anywhere would show). Same bytes, at several thread counts and tile sizes
    /// (including tiles that do not divide the frame and tiles larger than it).
    /// Both routes: the scratch tile forced, and the automatic choice (in place for most of these tile sizes).
    @Test(arguments: CompositorTestScenes.all.map(\.name))
    func offFrameTilesGiveTheSamePixels(_ name: String) throws {
        let scene = try #require(CompositorTestScenes.all.first { $0.name == name })
        let list = RenderList(scene.nodes())
        let width = CompositorTestScenes.width, height = CompositorTestScenes.height
        for background in [PremultipliedRGBA8(r: 30, g: 60, b: 90, a: 255), PremultipliedRGBA8(r: 10, g: 0, b: 40, a: 64)] {
            for (threads, tileSize) in [(1, 128), (2, 128), (1, 40), (2, 16), (1, 1024)] {
                var inPlace = PremultipliedRGBA8Bitmap(width: width, height: height, filledWith: background)
                Compositor.render(list, into: &inPlace, options: CompositorOptions(threads: threads, tileSize: tileSize))
                for route in [CompositorFrameTileRoute.scratch, .automatic] {
                    var offFrame = PremultipliedRGBA8Bitmap(
                        width: width, height: height, filledWith: PremultipliedRGBA8(r: 0xEF, g: 0xBE, b: 0xAD, a: 0xDE))
                    CompositorFrameTileRoute.$current.withValue(route) {
                        Compositor.render(
                            list, into: &offFrame,
                            options: CompositorOptions(threads: threads, tileSize: tileSize, background: background))
                    }
                    #expect(offFrame == inPlace,
                            "\(name): threads \(threads), tile size \(tileSize), background \(background), \(route)")
                }
            }
        }
    }

    /// Frames on both sides of the streaming threshold, of sharp rectangles at fractional coordinates alone (too
    /// short bands: the scratch tile) and mixed with rounded ones: off the frame over garbage equals in place.
    @Test func smallAndLargeFramesGiveTheSamePixels() throws {
        let background = PremultipliedRGBA8(r: 12, g: 34, b: 56, a: 255)
        for (width, height) in [(300, 200), (1100, 700)] {
            let large = CompositorTileContext.streamsFrame(FillPixelBounds(minX: 0, minY: 0, maxX: width, maxY: height))
            #expect(large == (width * height * 4 > CompositorTileContext.streamingFrameBytes))
            var sharp: [RenderNode] = []
            for k in 0..<60 {
                let x = Double(k * 37 % (width - 60)) + 0.25 * Double(k % 4), y = Double(k * 53 % (height - 40)) + 0.5
                sharp.append(solidItem(CGRect(x: x, y: y, width: 45.3, height: 27.7), TestColors.blue, opacity: 0.6))
            }
            let round = solidItem(CGRect(x: 40, y: 30, width: 120, height: 90), TestColors.green, radius: 14, opacity: 0.7)
            for nodes in [sharp, sharp + [round]] {
                for (threads, tileSize) in [(1, 128), (2, 64)] {
                    var inPlace = PremultipliedRGBA8Bitmap(width: width, height: height, filledWith: background)
                    Compositor.render(RenderList(nodes), into: &inPlace, options: CompositorOptions(threads: threads, tileSize: tileSize))
                    var offFrame = PremultipliedRGBA8Bitmap(
                        width: width, height: height, filledWith: PremultipliedRGBA8(r: 0xEF, g: 0xBE, b: 0xAD, a: 0xDE))
                    Compositor.render(RenderList(nodes), into: &offFrame,
                                      options: CompositorOptions(threads: threads, tileSize: tileSize, background: background))
                    #expect(offFrame == inPlace, "\(width)×\(height), \(nodes.count) items, threads \(threads), tiles \(tileSize)")
                }
            }
        }
    }

    /// The route's rule (CompositorTileContext.compositesInPlace): in place only for frames that are not
    /// streamed and whose tile rows, one stride apart, reach at least half of the 64 L1 sets of a 4 KB period.
    @Test func inPlaceRouteFollowsFrameAndTileGeometry() {
        func inPlace(_ width: Int, _ height: Int, tile: Int) -> Bool {
            CompositorTileContext.compositesInPlace(frame: FillPixelBounds(minX: 0, minY: 0, maxX: width, maxY: height),
                                                    tileSize: tile)
        }
        // 2 KB stride: rows start at two points of the period; 1 KB tile rows reach half the sets, 512 B a quarter.
        #expect(inPlace(512, 512, tile: 256))
        #expect(!inPlace(512, 512, tile: 128))
        // 4 KB stride: every row starts at the same sets.
        #expect(!inPlace(1024, 512, tile: 256))
        #expect(inPlace(1024, 512, tile: 1024))
        // 3 KB and 2.5 KB strides: row starts 1 KB and 512 B apart, 1 KB rows reach every set.
        #expect(inPlace(768, 512, tile: 256))
        #expect(inPlace(640, 512, tile: 256))
        #expect(!inPlace(640, 512, tile: 32))
        // A stride that is not a multiple of 64 bytes: rows start 16 bytes apart.
        #expect(inPlace(300, 200, tile: 16))
        // Frames larger than streamingFrameBytes are streamed out of the scratch tile, whatever the geometry.
        #expect(!inPlace(1100, 700, tile: 256))
        #expect(!inPlace(1920, 1080, tile: 256))
    }

    /// A frame of sharp rectangles only and one mixing them with shapes, over garbage: every tile starts from
    /// the background.
    @Test func everyTileStartsFromTheBackground() throws {
        let background = PremultipliedRGBA8(r: 200, g: 100, b: 0, a: 255)
        let sharp = solidItem(CGRect(x: 8, y: 8, width: 40, height: 30), TestColors.blue)
        let round = solidItem(CGRect(x: 150, y: 20, width: 60, height: 50), TestColors.green, radius: 12, opacity: 0.7)
        for nodes in [[sharp], [sharp, round]] {
            var expected = PremultipliedRGBA8Bitmap(width: 300, height: 100, filledWith: background)
            Compositor.render(RenderList(nodes), into: &expected, options: CompositorOptions(threads: 1, tileSize: 64))
            var drawn = PremultipliedRGBA8Bitmap(width: 300, height: 100, filledWith: PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4))
            Compositor.render(RenderList(nodes), into: &drawn,
                              options: CompositorOptions(threads: 1, tileSize: 64, background: background))
            #expect(drawn == expected)
            #expect(drawn.pixels.filter { $0 == background.packed }.count > 300 * 100 / 2)
        }
    }
}
