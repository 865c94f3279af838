// Frame tiles that start from the background are composited in the worker's scratch tile (or, sharp rectangles
// alone, band by band) and written out to the frame (CompositorTiles.swift): with streaming stores when the frame
// is larger than CompositorTileContext.streamingFrameBytes, with ordinary ones otherwise. The rest are composited
// in place. The route must
// never change a pixel: DESIGN.md's determinism rule (the same scene gives bit-identical pixels whatever the
// thread count or tile size) extends to it.
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
    @Test(arguments: CompositorTestScenes.all.map(\.name))
    func offFrameTilesGiveTheSamePixels(_ name: String) throws {
        let scene = try #require(CompositorTestScenes.all.first { $0.name == name })
        let list = RenderList(scene.nodes())
        let width = CompositorTestScenes.width, height = CompositorTestScenes.height
        for background in [PremultipliedRGBA8(r: 30, g: 60, b: 90, a: 255), PremultipliedRGBA8(r: 10, g: 0, b: 40, a: 64)] {
            for (threads, tileSize) in [(1, 128), (2, 128), (1, 40), (2, 16), (1, 1024)] {
                var inPlace = PremultipliedRGBA8Bitmap(width: width, height: height, filledWith: background)
                Compositor.render(list, into: &inPlace, options: CompositorOptions(threads: threads, tileSize: tileSize))
                var offFrame = PremultipliedRGBA8Bitmap(
                    width: width, height: height, filledWith: PremultipliedRGBA8(r: 0xEF, g: 0xBE, b: 0xAD, a: 0xDE))
                Compositor.render(
                    list, into: &offFrame,
                    options: CompositorOptions(threads: threads, tileSize: tileSize, background: background))
                #expect(offFrame == inPlace, "\(name): threads \(threads), tile size \(tileSize), background \(background)")
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
