// CALayer's contents filters reach the compositor: `magnificationFilter` and
// `minificationFilter` [A: DOC-calayer/magnificationfilter, DOC-calayer/minificationfilter: "The filter used
// when increasing / reducing the size of the content", both default `kCAFilterLinear`].
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct LayersContentsFilterTests {
    /// A 4×4 image of distinct colours, texel (x, y) = (60x + 15, 60y + 15, 200).
    static let image = makeImage(width: 4, height: 4) { x, y in
        PremultipliedRGBA8(r: UInt8(60 * x + 15), g: UInt8(60 * y + 15), b: 200, a: 255)
    }

    /// Nearest magnification ×10 (4 px → 40 px): every pixel is exactly its texel, pixel centre (x + 0.5)
    /// lies in texel floor((x + 0.5) / 10) — no blend even next to the texel edges.
    @Test func nearestMagnificationRepeatsTexels() throws {
        let scene = LayersScene(width: 40, height: 40, background: nil)
        let layer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            $0.contents = Self.image
            $0.magnificationFilter = .nearest
        }
        #expect(layer.magnificationFilter == .nearest && layer.minificationFilter == .linear)
        let b = try scene.render()
        for y in 0..<40 {
            for x in 0..<40 {
                let texel = PremultipliedRGBA8(r: UInt8(60 * (x / 10) + 15), g: UInt8(60 * (y / 10) + 15), b: 200, a: 255)
                #expect(b[x, y] == texel, "pixel (\(x), \(y))")
            }
        }
    }

    /// The default (linear) blends across a texel edge: the pixels either side of x = 20 (texels 1 and 2)
    /// are strictly between the two texel values; with `.nearest` they are the texels themselves.
    @Test func linearIsTheDefaultAndBlends() throws {
        let scene = LayersScene(width: 40, height: 40, background: nil)
        let layer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            $0.contents = Self.image
        }
        #expect(layer.magnificationFilter == .linear)
        #expect(CALayer.defaultValue(forKey: "magnificationFilter") as? String == "linear")
        let b = try scene.render()
        #expect(b[19, 5].r > 75 && b[19, 5].r < 135 && b[20, 5].r > 75 && b[20, 5].r < 135)
        #expect(scene.context.snapshot(of: scene.root, atMediaTime: 0).layers[1].magnificationFilter == .linear)
    }

    /// The filter names are Apple's constant strings and unknown names fall back to linear.
    @Test func filterNamesAndMapping() {
        #expect(CALayerContentsFilter.linear.rawValue == "linear")
        #expect(CALayerContentsFilter.nearest.rawValue == "nearest")
        #expect(CALayerContentsFilter.trilinear.rawValue == "trilinear")
        #expect(LayerRenderParts.paintFilter(.nearest) == .nearest)
        #expect(LayerRenderParts.paintFilter(.trilinear) == .trilinear)
        #expect(LayerRenderParts.paintFilter(CALayerContentsFilter("bogus")) == .linear)
    }
}
