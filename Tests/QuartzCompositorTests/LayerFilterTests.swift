// CALayer.filters with the Core Image colour effects, on pixels. Apple: `filters` is "an array of Core
// Image filters to apply to the contents of the layer and its sublayers" [A: DOC-calayer/filters];
// CIColorInvert "inverts the colors in an image", CIMaskToAlpha "converts a grayscale image to a white image
// that is masked by alpha" [A: CIFR]. Apple does not publish CIMaskToAlpha's weights; docs/semantics.md
// §9.5 gives ours (SVG's luminanceToAlpha) and the order: filters, then mask, shadow and opacity.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct LayerFilterTests {
    /// A 40×40 scene with one 20×20 layer at (10, 10) of `color`, configured further by `configure`.
    static func scene(_ color: CGColor, _ configure: (CALayer) -> Void = { _ in }) -> LayersScene {
        let scene = LayersScene(width: 40, height: 40, background: nil)
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            $0.backgroundColor = color
            configure($0)
        }
        return scene
    }

    static func filter(_ name: String) throws -> CIFilter { try #require(CIFilter(name: name)) }

    /// Luminance of a premultiplied pixel with the weights 0.2125, 0.7154, 0.0721, rounded half up, in exact
    /// integer arithmetic.
    static func luminance(_ p: PremultipliedRGBA8) -> UInt8 {
        let r = 2125 * Int(p.r), g = 7154 * Int(p.g), b = 721 * Int(p.b)
        return UInt8((r + g + b + 5000) / 10000)
    }

    /// Straight (0.2, 0.6, 1, 1) is premultiplied (51, 153, 255, 255): luminance 10.8375 + 109.4562 + 18.3855
    /// = 138.6792 → 139, so the layer becomes white at alpha 139, i.e. (139, 139, 139, 139); half-transparent
    /// colours are weighed premultiplied; pixels outside the layer stay transparent.
    @Test func maskToAlphaGivesWhiteAtTheLuminance() throws {
        let blue = CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        let plain = try Self.scene(blue).render()
        #expect(plain[20, 20] == PremultipliedRGBA8(r: 51, g: 153, b: 255, a: 255))
        let filtered = try Self.scene(blue) { $0.filters = [try! Self.filter("CIMaskToAlpha")] }.render()
        #expect(filtered[20, 20] == PremultipliedRGBA8(r: 139, g: 139, b: 139, a: 139))
        #expect(filtered[5, 5] == .transparent && filtered[35, 20] == .transparent)
        for color in [CGColor(red: 1, green: 1, blue: 1, alpha: 0.5), CGColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.7)] {
            let p = try Self.scene(color).render()[20, 20]
            let l = Self.luminance(p)
            let q = try Self.scene(color) { $0.filters = [try! Self.filter("CIMaskToAlpha")] }.render()[20, 20]
            #expect(q == PremultipliedRGBA8(r: l, g: l, b: l, a: l), "\(p) → \(q)")
        }
    }

    /// CIColorInvert on straight colour: (0.2, 0.6, 1, 1) → (0.8, 0.4, 0, 1) = (204, 102, 0, 255); at alpha
    /// a, premultiplied c becomes a − c.
    @Test func colorInvertInvertsStraightColour() throws {
        let blue = CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        let inverted = try Self.scene(blue) { $0.filters = [try! Self.filter("CIColorInvert")] }.render()
        #expect(inverted[20, 20] == PremultipliedRGBA8(r: 204, g: 102, b: 0, a: 255))
        #expect(inverted[5, 5] == .transparent)
        let faint = CGColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.7)
        let p = try Self.scene(faint).render()[20, 20]
        let q = try Self.scene(faint) { $0.filters = [try! Self.filter("CIColorInvert")] }.render()[20, 20]
        #expect(q == PremultipliedRGBA8(r: p.a - p.r, g: p.a - p.g, b: p.a - p.b, a: p.a))
    }

    /// Filters apply in order: inverting twice gives the picture back; invert then mask-to-alpha turns
    /// white into alpha 0.
    @Test func filtersApplyInOrder() throws {
        let blue = CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        let plain = try Self.scene(blue).render()
        let twice = try Self.scene(blue) {
            $0.filters = [try! Self.filter("CIColorInvert"), try! Self.filter("CIColorInvert")]
        }.render()
        #expect(twice == plain)
        let white = try Self.scene(TestColors.white) {
            $0.filters = [try! Self.filter("CIColorInvert"), try! Self.filter("CIMaskToAlpha")]
        }.render()
        #expect(white[20, 20] == .transparent)
    }

    /// A luminance mask: the mask layer draws white on its left half and black on its right, through
    /// CIMaskToAlpha, so the masked red layer shows on the left only; 50 % grey passes about half.
    @Test func maskToAlphaOnAMaskIsALuminanceMask() throws {
        let scene = LayersScene(width: 40, height: 40, background: nil)
        scene.add(CALayer()) { layer in
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.backgroundColor = TestColors.red
            let mask = CALayer()
            mask.frame = layer.bounds
            mask.filters = [try! Self.filter("CIMaskToAlpha")]
            for (x, color) in [(0.0, TestColors.white), (20.0, TestColors.black)] {
                let half = CALayer()
                half.frame = CGRect(x: x, y: 0, width: 20, height: 20)
                half.backgroundColor = color
                mask.addSublayer(half)
            }
            let grey = CALayer()
            grey.frame = CGRect(x: 0, y: 20, width: 40, height: 20)
            grey.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            mask.addSublayer(grey)
            layer.mask = mask
        }
        let bitmap = try scene.render()
        #expect(bitmap[5, 5] == opaqueRed)
        #expect(bitmap[30, 5] == .transparent)
        // Grey 0.5 is 128 (round(127.5)); its luminance is 128, so the red passes at 128/255.
        #expect(bitmap[20, 30] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128))
    }

    /// A shadow from `shadowPath` is not part of the layer's contents: it is not filtered. The black shadow
    /// stays black under an inverted layer (inverted it would be white).
    @Test func shadowPathShadowIsNotFiltered() throws {
        let scene = LayersScene(width: 60, height: 60, background: nil)
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
            $0.backgroundColor = TestColors.white
            $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = CGSize(width: 30, height: 30)
            $0.filters = [try! Self.filter("CIColorInvert")]
        }
        let bitmap = try scene.render()
        #expect(bitmap[15, 15] == opaqueBlack)
        #expect(bitmap[45, 45] == opaqueBlack)
    }

    /// The same pixels for every thread count and tile size.
    @Test func filteredLayersAreDeterministic() throws {
        let scene = LayersScene(width: 96, height: 64, background: TestColors.white)
        for i in 0..<6 {
            scene.add(CALayer()) {
                $0.frame = CGRect(x: 4 + 15 * Double(i), y: 3 + 7 * Double(i), width: 30, height: 24)
                $0.backgroundColor = CGColor(red: 0.15 * Double(i), green: 0.5, blue: 1 - 0.1 * Double(i), alpha: 0.8)
                $0.cornerRadius = 6
                $0.transform = CATransform3DMakeRotation(0.2 * Double(i), 0, 0, 1)
                $0.filters = [try! Self.filter(i % 2 == 0 ? "CIMaskToAlpha" : "CIColorInvert")]
            }
        }
        let reference = try scene.render()
        for (threads, tile) in [(2, 16), (2, 64), (1, 8)] {
            #expect(try scene.render(threads: threads, tileSize: tile) == reference)
        }
    }

    /// Only the colour effects are drawn: CIFilter knows them under kCICategoryColorEffect, a transition
    /// filter in `filters` (or a colour effect as CATransition.filter) is not drawn.
    @Test func catalogueAndUnsupportedEntries() throws {
        #expect(CIFilter.filterNames(inCategory: kCICategoryColorEffect) == ["CIColorInvert", "CIMaskToAlpha"])
        #expect(!CIFilter.filterNames(inCategory: kCICategoryTransition).contains("CIMaskToAlpha"))
        let attributes = try Self.filter("CIMaskToAlpha").attributes
        #expect((attributes[kCIAttributeFilterCategories] as? [String])?.first == kCICategoryColorEffect)
        #expect(TransitionFilter(name: "CIMaskToAlpha", inputs: [:]).isSupported == false)
        let blue = CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        let plain = try Self.scene(blue).render()
        let ignored = try Self.scene(blue) { $0.filters = [try! Self.filter("CIDissolveTransition"), "blur"] }.render()
        #expect(ignored == plain)
    }
}
