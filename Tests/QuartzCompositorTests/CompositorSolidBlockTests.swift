import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

// The tile phase hands solid operations without clip, mask or blend mode to the coverage source's direct path
// (FillCoverageSource.blendSolid: whole blocks for sharp rectangles, rows for rounded and rotated ones). It must
// give the pixels of compositing the source's spans one by one, which the layer goldens pin; this test rebuilds
// a frame that way, independently of the compositor's tiles.
@Suite struct CompositorSolidBlockTests {
    /// Overlapping opaque layers (their premultiplied colours are exact: 0xFF0000FF and so on): a fractional
    /// sharp rectangle, a pixel-aligned one, a rounded one and two rotated rounded ones, over a frame that starts
    /// transparent. Every edge pixel blends over earlier layers' edges.
    @Test(arguments: [8, 64, 128])
    func directSolidPathEqualsSpans(tileSize: Int) {
        let (w, h) = (96, 80)
        let turn = CATransform3DMakeAffineTransform(
            CGAffineTransform(rotationAngle: 0.35).concatenating(CGAffineTransform(translationX: 50.4, y: 41.7)))
        let shear = CATransform3DMakeAffineTransform(CGAffineTransform(a: 0.9, b: -0.3, c: 0.5, d: 1.1, tx: 30.2, ty: 52.9))
        let layers: [(CGRect, Double, CATransform3D, CGColor, UInt32)] = [
            (CGRect(x: 4.3, y: 6.6, width: 50.2, height: 33.9), 0, CATransform3DIdentity, TestColors.red, 0xFF00_00FF),
            (CGRect(x: 30, y: 20, width: 40, height: 44), 0, CATransform3DIdentity, TestColors.green, 0xFF00_FF00),
            (CGRect(x: 12.5, y: 40.25, width: 70.5, height: 30), 9.5, CATransform3DIdentity, TestColors.blue, 0xFFFF_0000),
            (CGRect(x: -25, y: -14, width: 50, height: 28), 7, turn, TestColors.black, 0xFF00_0000),
            (CGRect(x: -18, y: -10, width: 36, height: 20), 4, shear, TestColors.white, 0xFFFF_FFFF),
        ]
        let nodes = layers.map { solidItem($0.0, $0.3, transform: $0.2, radius: $0.1) }
        let frame = render(nodes, width: w, height: h, tileSize: tileSize)

        var expected = PremultipliedRGBA8Bitmap(width: w, height: h)
        expected.withFillTarget { target in
            let scratch = FillTileScratch(tileSize: 64)
            for (rect, radius, transform, _, packed) in layers {
                let t = CATransform3DGetAffineTransform(transform)
                let source = FillRoundedRectCoverage(rect: rect, cornerRadius: radius, transform: t)
                let grid = FillTileGrid(bounds: target.bounds, tileSize: 64)
                for tile in 0..<grid.tileCount {
                    let region = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
                    source.forEachCoverageSpan(in: region, scratch: scratch) {
                        target.sourceOver($0, color: PremultipliedRGBA8(packed: packed))
                    }
                }
            }
        }
        #expect(frame.width == w && frame.height == h)
        let differing = zip(frame.pixels, expected.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "tile \(tileSize): \(differing) pixels differ from the span-by-span frame")
        #expect(Set(expected.pixels).count > 20)  // edges of every layer are present
    }
}
