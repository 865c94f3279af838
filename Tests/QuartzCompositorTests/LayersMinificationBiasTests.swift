// CALayer.minificationFilterBias reaches the compositor: Apple, "The bias factor used by the minification filter
// to determine the levels of detail" (DOC-calayer/minificationfilterbias; default 0). It moves the mipmap level
// that trilinear minification samples: a large positive bias reaches the smallest level (the image's average),
// a large negative one stays on the full-size level (the same pixels as bilinear).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct LayersMinificationBiasTests {
    /// A 64×64 checkerboard of one-texel black and white checks (its average is mid grey).
    static let checker = makeImage(width: 64, height: 64) { x, y in
        (x + y) % 2 == 0 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
    }

    /// The checkerboard shown at 40×40 (1.6 texels per pixel: minifying) with the given filter and bias.
    static func render(filter: CALayerContentsFilter, bias: Float) throws -> PremultipliedRGBA8Bitmap {
        let scene = LayersScene(width: 40, height: 40, background: nil)
        let layer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            $0.contents = Self.checker
            $0.minificationFilter = filter
            $0.minificationFilterBias = bias
        }
        #expect(layer.minificationFilterBias == bias)
        #expect(scene.context.snapshot(of: scene.root, atMediaTime: 0).layers[1].minificationFilterBias == bias)
        return try scene.render()
    }

    @Test func largePositiveBiasSamplesTheSmallestLevel() throws {
        let b = try Self.render(filter: .trilinear, bias: 20)
        for y in 0..<40 {
            for x in 0..<40 {
                let p = b[x, y]
                #expect(p.a == 255 && abs(Int(p.r) - 128) <= 1 && p.r == p.g && p.g == p.b, "pixel (\(x), \(y)) = \(p)")
            }
        }
    }

    @Test func largeNegativeBiasEqualsBilinear() throws {
        let biased = try Self.render(filter: .trilinear, bias: -20)
        let bilinear = try Self.render(filter: .linear, bias: 0)
        #expect(biased == bilinear)
        // The unbiased trilinear image differs from both: the bias is what moved the level.
        let unbiased = try Self.render(filter: .trilinear, bias: 0)
        #expect(unbiased != bilinear)
        #expect(unbiased != (try Self.render(filter: .trilinear, bias: 20)))
    }

    /// Only trilinear uses levels: with `.linear` the bias changes nothing.
    @Test func biasIsIgnoredWithoutMipmaps() throws {
        #expect(try Self.render(filter: .linear, bias: 20) == (try Self.render(filter: .linear, bias: 0)))
    }
}
