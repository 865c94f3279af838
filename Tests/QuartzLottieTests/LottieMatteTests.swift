// Track mattes (lottie-docs, "Layers": `tt` 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma; the matte
// source has `td` and is the layer listed just before, or the one whose `ind` is `tp`), built as lottie-ios's
// Core Animation engine does: the matted layer in a container whose `mask` holds the matte; the inverted
// matte's mask is its complement. Luma mattes, which lottie-ios does not draw, read the matte through the
// CIMaskToAlpha layer filter (docs/semantics.md §9.5).
import Foundation
import QuartzLayers
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie track mattes")
struct LottieMatteTests {
    /// A matte source covering the left half (x < 50) and a red solid over the whole composition matted by it.
    private func document(matteMode: Int, extra: String = "", matteColor: String = "#000000") -> Data {
        let matte = ##"{"ty":1,"nm":"M","ind":1,"td":1,"sc":"\##(matteColor)","sw":50,"sh":100,"ip":0,"op":60,"ks":{}}"##
        let matted = ##"{"ty":1,"nm":"C","ind":2,"tt":\##(matteMode)\##(extra),"sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}"##
        return lottieDocument(layers: "[\(matte),\(matted)]")
    }

    private let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
    private let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)

    @Test func alphaMatteShowsTheLayerWhereTheMatteIs() throws {
        let lottie = try LottieAnimation(data: document(matteMode: 1))
        #expect(lottie.unsupportedFeatures.isEmpty)
        let tree = LottieTree(lottie)
        let content = try #require(tree.allLayers.first { $0.name == "C" })
        let container = try #require(content.superlayer)
        let mask = try #require(container.mask)
        #expect(mask.sublayers?.count == 1)
        #expect(mask.sublayers?.first?.name == "M")
        // The matte source is not drawn itself.
        #expect(tree.allLayers.filter { $0.name == "M" }.isEmpty)
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[25, 50] == red)
        #expect(bitmap[75, 50] == white)
    }

    @Test func invertedAlphaMatteShowsTheLayerWhereTheMatteIsNot() throws {
        let tree = LottieTree(try LottieAnimation(data: document(matteMode: 2)))
        let content = try #require(tree.allLayers.first { $0.name == "C" })
        let mask = try #require(content.superlayer?.mask)
        let cover = try #require(mask.sublayers?.last)
        #expect(cover.compositingFilter as? String == "sourceOutCompositing")
        #expect(cover.frame == CGRect(x: -10_000, y: -10_000, width: 20_100, height: 20_100))
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[25, 50] == white)
        #expect(bitmap[75, 50] == red)
    }

    @Test func matteParentNamesTheSource() throws {
        // `tp` picks the matte by index even when another layer is listed between.
        let matte = ##"{"ty":1,"nm":"M","ind":1,"td":1,"sc":"#000000","sw":50,"sh":100,"ip":0,"op":60,"ks":{}}"##
        let between = ##"{"ty":3,"nm":"N","ind":5,"ip":0,"op":60,"ks":{}}"##
        let matted = ##"{"ty":1,"nm":"C","ind":2,"tt":1,"tp":1,"sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}"##
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(matte),\(between),\(matted)]")))
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[25, 50] == red)
        #expect(bitmap[75, 50] == white)
    }

    /// A luma matte shows the layer by the matte's luminance: the opaque black matte hides it everywhere (an
    /// alpha matte would show it on the left), white shows it fully, 50 % grey (#808080, luminance 128) at
    /// 128/255 over the white background; where the matte is transparent the luminance is 0. Inverted luma is
    /// the complement: black shows the layer everywhere.
    @Test func lumaMattesReadTheMattesLuminance() throws {
        let black = try LottieAnimation(data: document(matteMode: 3))
        #expect(black.unsupportedFeatures.isEmpty)
        let hidden = try LottieTree(black).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(hidden[25, 50] == white && hidden[75, 50] == white)
        let shown = try LottieTree(try LottieAnimation(data: document(matteMode: 3, matteColor: "#ffffff")))
            .render(at: 0, width: 100, height: 100, scale: 1)
        #expect(shown[25, 50] == red && shown[75, 50] == white)
        let grey = try LottieTree(try LottieAnimation(data: document(matteMode: 3, matteColor: "#808080")))
            .render(at: 0, width: 100, height: 100, scale: 1)
        let p = grey[25, 50]
        #expect(p.r == 255 && p.a == 255 && abs(Int(p.g) - 127) <= 1 && p.g == p.b, "\(p)")
        let inverted = try LottieTree(try LottieAnimation(data: document(matteMode: 4)))
            .render(at: 0, width: 100, height: 100, scale: 1)
        #expect(inverted[25, 50] == red && inverted[75, 50] == red)
        let invertedWhite = try LottieTree(try LottieAnimation(data: document(matteMode: 4, matteColor: "#ffffff")))
            .render(at: 0, width: 100, height: 100, scale: 1)
        #expect(invertedWhite[25, 50] == white && invertedWhite[75, 50] == red)
    }

    /// The luma matte's source sits in a layer whose filters are [CIMaskToAlpha], inside the mask.
    @Test func lumaMatteStructure() throws {
        let tree = LottieTree(try LottieAnimation(data: document(matteMode: 3)))
        let content = try #require(tree.allLayers.first { $0.name == "C" })
        let mask = try #require(content.superlayer?.mask)
        let luminance = try #require(mask.sublayers?.first)
        #expect((luminance.filters?.first as? CIFilter)?.name == "CIMaskToAlpha")
        #expect(luminance.sublayers?.first?.name == "M")
    }
}

/// Layer blend modes `bm` (lottie-docs, "Blend Mode"), as compositing filters on the layer, lottie-ios's Core
/// Animation engine sets them: green over red multiplies to black and screens to yellow; an unknown mode is
/// reported and drawn normal.
@Suite("Lottie blend modes")
struct LottieBlendModeTests {
    private func render(blendMode: Int) throws -> (PremultipliedRGBA8, [String]) {
        let top = ##"{"ty":1,"nm":"T","ind":1,"bm":\##(blendMode),"sc":"#00ff00","sw":50,"sh":100,"ip":0,"op":60,"ks":{}}"##
        let bottom = ##"{"ty":1,"nm":"B","ind":2,"sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}"##
        let lottie = try LottieAnimation(data: lottieDocument(layers: "[\(top),\(bottom)]"))
        let bitmap = try LottieTree(lottie).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[75, 50] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        return (bitmap[25, 50], lottie.unsupportedFeatures)
    }

    @Test func blendModesCompositeWithTheLayersBelow() throws {
        let multiply = try render(blendMode: 1)
        #expect(multiply.0 == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255) && multiply.1.isEmpty)
        let screen = try render(blendMode: 2)
        #expect(screen.0 == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255))
        let add = try render(blendMode: 16)
        #expect(add.0 == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255))
        let unknown = try render(blendMode: 17)
        #expect(unknown.0 == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        #expect(unknown.1 == ["blend mode 17 (drawn normal)"])
    }
}
