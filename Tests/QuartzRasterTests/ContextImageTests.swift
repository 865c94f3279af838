// Drawing images through the context: upright placement in y-up space, exact copies at integer
// placement, interpolation quality, tiling.
// Sources: Apple CGContext docs: draw(_:in:byTiling:) ("draws an image … scaled to fit the rectangle";
// tiled copies of the image at the rect's size), interpolationQuality / CGInterpolationQuality (none, low,
// medium, high, default); Quartz 2D Programming Guide, "Bitmap Images and Image Masks" (an image drawn
// into a flipped context appears upside down — the well-known CGContextDrawImage flip).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context images")
struct ContextImageTests {
    static let sample: [[UInt32]] = [
        [contextOpaqueRed, contextOpaqueGreen, contextOpaqueBlue],
        [contextOpaqueWhite, 0x8040_2010, contextOpaqueBlack],
    ]

    @Test(arguments: CGInterpolationQuality.allCases)
    func integerPlacementCopiesPixelsExactly(quality: CGInterpolationQuality) {
        let c = contextMake(width: 5, height: 4)
        c.interpolationQuality = quality
        c.draw(contextImage(Self.sample), in: CGRect(x: 1, y: 1, width: 3, height: 2))
        // The image's top row lies along the rect's top edge, y = 3: raster row 4 − 3 = 1.
        for y in 0..<4 {
            for x in 0..<5 {
                let inside = (1...2).contains(y) && (1...3).contains(x)
                let expected = inside ? Self.sample[y - 1][x - 1] : 0
                #expect(contextPixel(c, x, y).packed == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test func aFlippedContextDrawsImagesUpsideDown() {
        let c = contextMake(width: 3, height: 2)
        contextFlip(c)
        c.draw(contextImage(Self.sample), in: CGRect(x: 0, y: 0, width: 3, height: 2))
        #expect(Array(c.bitmap.pixels[0..<3]) == Self.sample[1])
        #expect(Array(c.bitmap.pixels[3..<6]) == Self.sample[0])
    }

    /// A 2 × 1 grey ramp (0 → 255) drawn 4 px wide samples image u = (x + ½) / 2 = ¼, ¾, 1¼, 1¾.
    static func magnified(_ quality: CGInterpolationQuality) -> [Int] {
        let c = contextMake(width: 4, height: 1)
        c.interpolationQuality = quality
        c.draw(contextImage([[contextOpaqueBlack, contextOpaqueWhite]]), in: CGRect(x: 0, y: 0, width: 4, height: 1))
        return (0..<4).map { Int(contextPixel(c, $0, 0).r) }
    }

    @Test func bilinearMagnification() {
        // Texel centres at ½ and 1½, clamped beyond: weights 0, ¼, ¾, 1 of white (255 · ¾ = 191.25). The
        // sampler rounds weights to 1/256, hence ±1.
        let expected = [0, 64, 191, 255]
        for quality in [CGInterpolationQuality.low, .medium, .default, .high] {
            let got = Self.magnified(quality)
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(quality): \(got)")
        }
        #expect(Self.magnified(.high) == Self.magnified(.low))
    }

    @Test func nearestWithInterpolationNone() {
        #expect(Self.magnified(.none) == [0, 0, 255, 255])
    }

    @Test func minificationAveragesWithMipmaps() {
        // A 4 × 4 black/white checkerboard drawn into one pixel: mipmapped (default quality) gives the mean
        // grey; nearest picks one texel.
        let checker = (0..<4).map { y in (0..<4).map { x in (x + y) % 2 == 0 ? contextOpaqueWhite : contextOpaqueBlack } }
        let c = contextMake(width: 1, height: 1)
        c.draw(contextImage(checker), in: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(abs(Int(contextPixel(c, 0, 0).r) - 128) <= 1)
        let n = contextMake(width: 1, height: 1)
        n.interpolationQuality = .none
        n.draw(contextImage(checker), in: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect([0, 255].contains(Int(contextPixel(n, 0, 0).r)))
    }

    @Test func imagesFollowTheCTMAndClip() {
        let c = contextMake(width: 6, height: 4)
        c.translateBy(x: 6, y: 0)
        c.scaleBy(x: -1, y: 1)  // mirror horizontally
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 4))  // user x ∈ [0, 2] = device x ∈ [4, 6]
        c.draw(contextImage(Self.sample), in: CGRect(x: 0, y: 0, width: 3, height: 2))
        // Mirrored: device column 5 shows image column 0, column 4 image column 1, column 3 is clipped.
        #expect(contextPixel(c, 5, 2).packed == Self.sample[0][0])
        #expect(contextPixel(c, 4, 3).packed == Self.sample[1][1])
        #expect(contextPixel(c, 3, 2).packed == 0)
    }

    @Test func tilingRepeatsTheImage() {
        let tile = contextImage([[contextOpaqueRed, contextOpaqueGreen], [contextOpaqueBlue, contextOpaqueWhite]])
        let c = contextMake(width: 5, height: 4)
        c.draw(tile, in: CGRect(x: 1, y: 0, width: 2, height: 2), byTiling: true)
        // Tiles start at x = 1 + 2k and y = 2k (y up): every raster pixel shows texel ((x − 1) mod 2, y mod 2).
        for y in 0..<4 {
            for x in 0..<5 {
                let u = ((x - 1) % 2 + 2) % 2, v = y % 2
                #expect(contextPixel(c, x, y) == tile.bitmap[u, v], "pixel \(x), \(y)")
            }
        }
        // Tilings too fine to paint are skipped rather than looping for ever.
        let fine = contextMake(width: 64, height: 64)
        fine.draw(tile, in: CGRect(x: 0, y: 0, width: 1e-3, height: 1e-3), byTiling: true)
        #expect(fine.bitmap.pixels.allSatisfy { $0 == 0 })
    }

    @Test func globalAlphaAndBlendApplyToImages() {
        let c = contextMake(width: 1, height: 1)
        c.setAlpha(0.5)
        c.draw(contextImage([[contextOpaqueWhite]]), in: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(contextBytes(contextPixel(c, 0, 0)) == [128, 128, 128, 128])
    }
}
