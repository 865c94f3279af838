import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

// When a tile's first operation is a sharp solid rectangle, the tile phase writes the background and that
// rectangle's interior in one pass (the interior gets FillSourceOver.blend(source, over: background), the rest
// the background) and blends only the rectangle's edges afterwards. Source-over is per pixel, so this must give
// the bytes of filling the background and then compositing every layer's spans in order (CA draws sublayers in
// order, each over what is below: spec ca-semantics.md, "Compositing"); the reference below does exactly that,
// without the compositor's tiles.
@Suite struct CompositorSolidFirstInteriorTests {
    /// Translucent and opaque layers over a background: a large fractional sharp rectangle first (its interior
    /// covers whole tiles at tile size 8 and parts of tiles at 32 and 128), a pixel-aligned one, a fractional
    /// one with a translucent colour and opacity, an opaque one and a rotated one last.
    @Test(arguments: [8, 32, 128], [0xFFFF_FFFF as UInt32, 0x8040_2010, 0])
    func firstInteriorEqualsSpans(tileSize: Int, background: UInt32) {
        let (w, h) = (150, 97)
        let translucentRed = CGColor(red: 1, green: 0.2, blue: 0.1, alpha: 0.6)
        let translucentBlue = CGColor(red: 0.1, green: 0.3, blue: 1, alpha: 0.45)
        let turn = CATransform3DMakeAffineTransform(
            CGAffineTransform(rotationAngle: 0.4).concatenating(CGAffineTransform(translationX: 90.3, y: 50.6)))
        let layers: [(CGRect, CATransform3D, CGColor, Double)] = [
            (CGRect(x: 3.3, y: 5.7, width: 131.2, height: 83.6), CATransform3DIdentity, translucentRed, 1),
            (CGRect(x: 40, y: 16, width: 64, height: 48), CATransform3DIdentity, translucentBlue, 0.7),
            (CGRect(x: 20.75, y: 30.5, width: 100.1, height: 41.2), CATransform3DIdentity, translucentRed, 0.35),
            (CGRect(x: 70.5, y: 60.25, width: 30, height: 20), CATransform3DIdentity, TestColors.green, 1),
            (CGRect(x: -20, y: -12, width: 40, height: 24), turn, translucentBlue, 0.9),
        ]
        let nodes = layers.map { solidItem($0.0, $0.2, transform: $0.1, opacity: $0.3) }
        var frame = PremultipliedRGBA8Bitmap(width: w, height: h)
        Compositor.render(RenderList(nodes), into: &frame,
                          options: CompositorOptions(threads: 1, tileSize: tileSize,
                                                     background: PremultipliedRGBA8(packed: background)))

        var expected = PremultipliedRGBA8Bitmap(width: w, height: h, filledWith: PremultipliedRGBA8(packed: background))
        expected.withFillTarget { target in
            let scratch = FillTileScratch(tileSize: 64)
            for (rect, transform, color, opacity) in layers {
                let packed = color.compositorPremultiplied(opacity: opacity)
                let source = FillRoundedRectCoverage(rect: rect, cornerRadius: 0,
                                                     transform: CATransform3DGetAffineTransform(transform))
                let grid = FillTileGrid(bounds: target.bounds, tileSize: 64)
                for tile in 0..<grid.tileCount {
                    let region = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
                    source.forEachCoverageSpan(in: region, scratch: scratch) {
                        target.sourceOver($0, color: PremultipliedRGBA8(packed: packed))
                    }
                }
            }
        }
        let differing = zip(frame.pixels, expected.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "tile \(tileSize), background \(background): \(differing) pixels differ")
        #expect(Set(expected.pixels).count > 30)  // every layer's interior and edges are present
    }

    /// The interior query itself: a sharp rectangle's full rows × uniform columns inside a region, with the
    /// coverage byte of a full row (255); nil for rounded rectangles and when no full row lies in the region.
    @Test func sharpInteriorBlock() {
        let sharp = FillRoundedRectCoverage(rect: CGRect(x: 3.3, y: 5.7, width: 20.2, height: 10.6), cornerRadius: 0)
        let all = FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 64)
        let inside = sharp.sharpInterior(in: all)
        // Columns 4..<23 (x 3.3…23.5: pixel 3 and 23 are edge columns), rows 6..<16 (y 5.7…16.3).
        #expect(inside?.block == FillPixelBounds(minX: 4, minY: 6, maxX: 23, maxY: 16))
        #expect(inside?.alpha == 255)
        let clipped = sharp.sharpInterior(in: FillPixelBounds(minX: 8, minY: 8, maxX: 16, maxY: 12))
        #expect(clipped?.block == FillPixelBounds(minX: 8, minY: 8, maxX: 16, maxY: 12))
        // Only the partial first row (y 5) is in this region.
        #expect(sharp.sharpInterior(in: FillPixelBounds(minX: 0, minY: 5, maxX: 64, maxY: 6)) == nil)
        let rounded = FillRoundedRectCoverage(rect: CGRect(x: 3.3, y: 5.7, width: 20.2, height: 10.6), cornerRadius: 2)
        #expect(rounded.sharpInterior(in: all) == nil)
    }
}
