// contentsGravity / contentsRect / contentsCenter / contentsScale placement (RenderImagePlacement).
// Sources: Apple's "Contents Gravity Values" (positions), DOC-calayer/contentsgravity ("The naming of contents
// gravity constants is based on the direction of the vertical axis … When [contentsAreFlipped] is true, top
// aligns the content to the bottom of the layer"), DOC-calayer/contentsscale (points = pixels / scale),
// DOC-calayer/contentsrect, DOC-calayer/contentscenter.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct ContentsPlacementTests {
    // A 40×20 pixel image at contentsScale 2 has a natural size of 20×10 points; bounds (10, 20, 100, 60).
    static let bounds = CGRect(x: 10, y: 20, width: 100, height: 60)

    /// Expected rects worked by hand: horizontal free space 80, vertical free space 50; unflipped "top" is the
    /// larger y (y = 20 + 60 − 10 = 70), "bottom" the smaller (y = 20). resizeAspect: scale min(100/20, 60/10) = 5
    /// → 100×50 centred (y = 25); resizeAspectFill: scale 6 → 120×60 centred (x = 0).
    static let expected: [(RenderContentsGravity, CGRect)] = [
        (.center, CGRect(x: 50, y: 45, width: 20, height: 10)),
        (.top, CGRect(x: 50, y: 70, width: 20, height: 10)),
        (.bottom, CGRect(x: 50, y: 20, width: 20, height: 10)),
        (.left, CGRect(x: 10, y: 45, width: 20, height: 10)),
        (.right, CGRect(x: 90, y: 45, width: 20, height: 10)),
        (.topLeft, CGRect(x: 10, y: 70, width: 20, height: 10)),
        (.topRight, CGRect(x: 90, y: 70, width: 20, height: 10)),
        (.bottomLeft, CGRect(x: 10, y: 20, width: 20, height: 10)),
        (.bottomRight, CGRect(x: 90, y: 20, width: 20, height: 10)),
        (.resize, CGRect(x: 10, y: 20, width: 100, height: 60)),
        (.resizeAspect, CGRect(x: 10, y: 25, width: 100, height: 50)),
        (.resizeAspectFill, CGRect(x: 0, y: 20, width: 120, height: 60)),
    ]

    @Test(arguments: RenderContentsGravity.allCases)
    func everyGravityPlacesTheWholeImage(_ gravity: RenderContentsGravity) throws {
        let rect = try #require(Self.expected.first { $0.0 == gravity }?.1)
        let p = try #require(RenderImagePlacement.placement(
            imageWidth: 40, imageHeight: 20, bounds: Self.bounds, gravity: gravity, contentsScale: 2))
        #expect(p.localRect == rect)
        #expect(p.columns == [RenderImageSlice(localMin: Double(rect.minX), localMax: Double(rect.maxX), texelMin: 0, texelMax: 40)])
        #expect(p.rows == [RenderImageSlice(localMin: Double(rect.minY), localMax: Double(rect.maxY), texelMin: 0, texelMax: 20)])
    }

    @Test func rawValuesAreApplesConstantNames() {
        #expect(RenderContentsGravity.allCases.count == 12)
        #expect(RenderContentsGravity(rawValue: "resizeAspectFill") == .resizeAspectFill)
        #expect(RenderContentsGravity(rawValue: "bottomLeft") == .bottomLeft)
        #expect(RenderContentsGravity(rawValue: "middle") == nil)
    }

    /// With contentsAreFlipped "top aligns the content to the bottom of the layer": the smaller y here.
    @Test func flippedContentsSwapTopAndBottom() throws {
        let top = try #require(RenderImagePlacement.placement(
            imageWidth: 40, imageHeight: 20, bounds: Self.bounds, gravity: .topRight, contentsScale: 2,
            contentsAreFlipped: true))
        #expect(top.localRect == CGRect(x: 90, y: 20, width: 20, height: 10))
        let bottom = try #require(RenderImagePlacement.placement(
            imageWidth: 40, imageHeight: 20, bounds: Self.bounds, gravity: .bottom, contentsScale: 2,
            contentsAreFlipped: true))
        #expect(bottom.localRect == CGRect(x: 50, y: 70, width: 20, height: 10))
    }

    /// contentsRect selects texels 20…40 × 5…15 (unit rect (0.5, 0.25, 0.5, 0.5)); at scale 1 its natural size
    /// is 20×10 points.
    @Test func contentsRectSelectsTexelsAndSetsTheNaturalSize() throws {
        let p = try #require(RenderImagePlacement.placement(
            imageWidth: 40, imageHeight: 20, bounds: Self.bounds, gravity: .center,
            contentsRect: CGRect(x: 0.5, y: 0.25, width: 0.5, height: 0.5)))
        #expect(p.columns == [RenderImageSlice(localMin: 50, localMax: 70, texelMin: 20, texelMax: 40)])
        #expect(p.rows == [RenderImageSlice(localMin: 45, localMax: 55, texelMin: 5, texelMax: 15)])
    }

    /// contentsCenter (⅓, ⅓, ⅓, ⅓) of a 30×30 image at scale 1: 10-point corners keep their size, the middle
    /// stretches over the rest of 100×60 bounds.
    @Test func nineParts() throws {
        let third = 1.0 / 3
        let p = try #require(RenderImagePlacement.placement(
            imageWidth: 30, imageHeight: 30, bounds: CGRect(x: 0, y: 0, width: 100, height: 60),
            contentsCenter: CGRect(x: third, y: third, width: third, height: third)))
        #expect(p.columns.count == 3 && p.rows.count == 3)
        let xs = p.columns.map { [$0.localMin, $0.localMax, $0.texelMin, $0.texelMax] }
        let ys = p.rows.map { [$0.localMin, $0.localMax, $0.texelMin, $0.texelMax] }
        let expectedX: [[Double]] = [[0, 10, 0, 10], [10, 90, 10, 20], [90, 100, 20, 30]]
        let expectedY: [[Double]] = [[0, 10, 0, 10], [10, 50, 10, 20], [50, 60, 20, 30]]
        for (got, want) in zip(xs + ys, expectedX + expectedY) {
            for (g, w) in zip(got, want) { #expect(abs(g - w) < 1e-12) }
        }
    }

    /// When the fixed parts exceed the placed size they shrink in proportion and the middle vanishes [U].
    @Test func ninePartsShrinkWhenTooSmall() throws {
        let third = 1.0 / 3
        let p = try #require(RenderImagePlacement.placement(
            imageWidth: 30, imageHeight: 30, bounds: CGRect(x: 0, y: 0, width: 15, height: 60),
            contentsCenter: CGRect(x: third, y: third, width: third, height: third)))
        #expect(p.columns.count == 2)
        #expect(abs(p.columns[0].localMax - 7.5) < 1e-12 && abs(p.columns[1].localMin - 7.5) < 1e-12)
        #expect(abs(p.columns[0].texelMax - 10) < 1e-12 && abs(p.columns[1].texelMin - 20) < 1e-12)
    }

    @Test func badInputGivesNoPlacement() {
        #expect(RenderImagePlacement.placement(imageWidth: 0, imageHeight: 10, bounds: Self.bounds) == nil)
        #expect(RenderImagePlacement.placement(imageWidth: 10, imageHeight: 10, bounds: Self.bounds, contentsScale: 0) == nil)
        #expect(RenderImagePlacement.placement(
            imageWidth: 10, imageHeight: 10, bounds: CGRect(x: 0, y: 0, width: Double.nan, height: 1)) == nil)
        #expect(RenderImagePlacement.placement(
            imageWidth: 10, imageHeight: 10, bounds: Self.bounds, contentsRect: CGRect(x: 0, y: 0, width: 0, height: 1)) == nil)
        #expect(RenderImagePlacement.placement(
            imageWidth: 10, imageHeight: 10, bounds: Self.bounds, contentsScale: .infinity) == nil)
    }

    /// Pixels: a red 20×10 image with gravity topLeft in 100×60 bounds at the origin covers x 0…20, y 50…60.
    @Test func gravityOnPixels() throws {
        let image = makeImage(width: 20, height: 10) { _, _ in opaqueRed }
        let placement = try #require(RenderImagePlacement.placement(
            imageWidth: 20, imageHeight: 10, bounds: CGRect(x: 0, y: 0, width: 100, height: 60), gravity: .topLeft))
        let bitmap = render([.item(RenderItem(transform: CATransform3DIdentity,
                                              content: .image(RenderImage(image: image, placement: placement))))])
        for y in 0..<100 {
            for x in 0..<100 {
                let inside = x < 20 && y >= 50 && y < 60
                #expect(bitmap[x, y] == (inside ? opaqueRed : .transparent), "pixel (\(x), \(y))")
            }
        }
    }

    /// Nine-part stretching on pixels: a 3×3 image (red corners, green edges, blue centre) at contentsScale 0.1
    /// has 10-point corners; the centre texel stretches over the middle, edges along one axis only.
    @Test func ninePartStretchingOnPixels() throws {
        let image = makeImage(width: 3, height: 3) { x, y in
            let edgeX = x != 1, edgeY = y != 1
            return edgeX && edgeY ? opaqueRed : (edgeX || edgeY ? opaqueGreen : opaqueBlue)
        }
        let third = 1.0 / 3
        let placement = try #require(RenderImagePlacement.placement(
            imageWidth: 3, imageHeight: 3, bounds: CGRect(x: 0, y: 0, width: 100, height: 60),
            contentsCenter: CGRect(x: third, y: third, width: third, height: third), contentsScale: 0.1))
        let item = RenderItem(transform: CATransform3DIdentity, content: .image(RenderImage(
            image: image, placement: placement, minificationFilter: .nearest, magnificationFilter: .nearest)))
        let bitmap = render([.item(item)])
        for y in 0..<60 {
            for x in 0..<100 {
                let edgeX = x < 10 || x >= 90, edgeY = y < 10 || y >= 50
                let want = edgeX && edgeY ? opaqueRed : (edgeX || edgeY ? opaqueGreen : opaqueBlue)
                #expect(bitmap[x, y] == want, "pixel (\(x), \(y))")
            }
        }
        #expect(bitmap[50, 60] == .transparent)
    }
}
