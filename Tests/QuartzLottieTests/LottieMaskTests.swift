// Layer masks (lottie-docs, "Mask": `masksProperties` with mode a/s/i/n, `inv`, opacity `o`, path `pt`), built
// as lottie-ios's Core Animation engine does (MaskCompositionLayer): even-odd CAShapeLayers, add masks side by
// side, subtract and intersect masks as the mask of what comes before, inverted paths inside a large rectangle.
import Foundation
import QuartzLayers
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie masks")
struct LottieMaskTests {
    /// A closed rectangle path from (x0, 0) to (x1, 100).
    private func rectangle(_ x0: Int, _ x1: Int) -> String {
        #"{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[\#(x0),0],[\#(x1),0],[\#(x1),100],[\#(x0),100]],"c":true}"#
    }

    private func mask(_ mode: String, _ x0: Int, _ x1: Int, inverted: Bool = false, opacity: Double = 100, extra: String = "") -> String {
        #"{"mode":"\#(mode)","inv":\#(inverted),"pt":{"a":0,"k":\#(rectangle(x0, x1))},"o":{"a":0,"k":\#(opacity)}\#(extra)}"#
    }

    /// A red solid over the whole composition with `masks`.
    private func tree(_ masks: [String]) throws -> LottieTree {
        let layer = ##"{"ty":1,"nm":"C","hasMask":true,"masksProperties":[\##(masks.joined(separator: ","))],"sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}"##
        return LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
    }

    private func red(_ tree: LottieTree, at xs: [Int]) throws -> [Bool] {
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        return xs.map { bitmap[$0, 50] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) }
    }

    private func white(_ tree: LottieTree, at x: Int) throws -> Bool {
        try tree.render(at: 0, width: 100, height: 100, scale: 1)[x, 50] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
    }

    @Test func addMaskShowsTheLayerInsideThePath() throws {
        let tree = try tree([mask("a", 0, 50)])
        let content = try #require(tree.allLayers.first { $0.name == "C" })
        let shapes = try #require(content.mask?.sublayers)
        #expect(shapes.count == 1)
        let shape = try #require(shapes.first as? CAShapeLayer)
        #expect(shape.fillRule == .evenOdd)
        #expect(shape.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 50, height: 100))
        #expect(try red(tree, at: [25, 75]) == [true, false])
        #expect(try white(tree, at: 75))
    }

    @Test func invertedMaskShowsTheLayerOutsideThePath() throws {
        let tree = try tree([mask("a", 0, 50, inverted: true)])
        let shape = try #require(tree.allLayers.first { $0.name == "C" }?.mask?.sublayers?.first as? CAShapeLayer)
        #expect(shape.path?.boundingBoxOfPath == CGRect(x: -10_000, y: -10_000, width: 20_100, height: 20_100))
        #expect(try red(tree, at: [25, 75]) == [false, true])
    }

    @Test func subtractAndIntersectMaskWhatComesBefore() throws {
        // add 0–100, subtract 0–50: 50–100 shows.
        let subtracted = try tree([mask("a", 0, 100), mask("s", 0, 50)])
        let outer = try #require(subtracted.allLayers.first { $0.name == "C" }?.mask)
        let inner = try #require(outer.sublayers?.first)
        #expect(outer.sublayers?.count == 1 && inner.sublayers?.count == 1)
        let complement = try #require(inner.mask as? CAShapeLayer)
        #expect(complement.path?.boundingBoxOfPath == CGRect(x: -10_000, y: -10_000, width: 20_100, height: 20_100))
        #expect(try red(subtracted, at: [25, 75]) == [false, true])
        // add 0–60, intersect 40–100: 40–60 shows.
        let intersected = try tree([mask("a", 0, 60), mask("i", 40, 100)])
        #expect(try red(intersected, at: [20, 50, 80]) == [false, true, false])
        // add 0–30, add 70–100 (the union), mode none ignored.
        let added = try tree([mask("a", 0, 30), mask("n", 0, 100), mask("a", 70, 100)])
        #expect(try red(added, at: [15, 50, 85]) == [true, false, true])
    }

    @Test func maskOpacityScalesWhatTheMaskAdmits() throws {
        // An add mask at 50 %: red at half alpha over white inside, nothing outside.
        let half = try tree([mask("a", 0, 50, opacity: 50)])
        let inside = try half.render(at: 0, width: 100, height: 100, scale: 1)[25, 50]
        #expect(inside.r == 255 && (126...129).contains(inside.g) && inside.g == inside.b)
        #expect(try white(half, at: 75))
        // add 0–100, subtract 0–50 at 50 %: half alpha on the left, full on the right.
        let subtracted = try tree([mask("a", 0, 100), mask("s", 0, 50, opacity: 50)])
        let bitmap = try subtracted.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[25, 50].r == 255 && (126...129).contains(bitmap[25, 50].g))
        #expect(bitmap[75, 50] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func onlyNoneMasksLeaveTheLayerUnmasked() throws {
        let tree = try tree([mask("n", 0, 10)])
        #expect(tree.allLayers.first { $0.name == "C" }?.mask == nil)
        #expect(try red(tree, at: [5, 50]) == [true, true])
    }

    @Test func animatedMaskPathsAreKeyframed() throws {
        let animated = #"{"mode":"a","pt":{"a":1,"k":[{"t":0,"s":[\#(rectangle(0, 20))]},{"t":60,"s":[\#(rectangle(0, 80))]}]},"o":{"a":0,"k":100}}"#
        let tree = try tree([animated])
        let shape = try #require(tree.allLayers.first { $0.name == "C" }?.mask?.sublayers?.first as? CAShapeLayer)
        let animation = try #require(shape.animation(forKey: "path") as? CAKeyframeAnimation)
        #expect(try #require(animation.keyTimes).map(\.doubleValue) == [0, 1])
        #expect(animation.duration == 2)
        // Frame 30: 0–50.
        let bitmap = try tree.render(at: 1, width: 100, height: 100, scale: 1)
        #expect(bitmap[45, 50] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap[55, 50] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    /// Expansion `x` grows an add mask by x points on every side: 0…50 expanded by 4 shows x < 54 (the
    /// path stroked 8 wide over its fill, lottie-web's way), animated too.
    @Test func expansionGrowsTheMask() throws {
        let grown = try tree([mask("a", 10, 50, extra: #","x":{"a":0,"k":4}"#)])
        #expect(try red(grown, at: [7, 12, 48, 52]) == [true, true, true, true])
        #expect(try white(grown, at: 56) && white(grown, at: 4))
        let animated = #","x":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[8]}]}"#
        let tree = try tree([mask("a", 10, 50, extra: animated)])
        let end = try tree.render(at: 1, width: 100, height: 100, scale: 1)
        #expect(end[56, 50] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) && end[60, 50] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(try white(tree, at: 52))
    }

    @Test func expansionAndBlendingModesAreReported() throws {
        let expanded = try LottieAnimation(data: lottieDocument(layers: ##"[{"ty":1,"masksProperties":[\##(mask("a", 0, 50, extra: #","x":{"a":0,"k":-4}"#)),\##(mask("l", 0, 50)),\##(mask("f", 0, 50))],"sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}]"##))
        #expect(expanded.unsupportedFeatures == ["mask expansion of inverted or subtract masks, or shrinking (drawn unexpanded)", "mask modes lighten, darken and difference (drawn as add or intersect)"])
        let grown = try LottieAnimation(data: lottieDocument(layers: ##"[{"ty":1,"masksProperties":[\##(mask("a", 0, 50, extra: #","x":{"a":0,"k":4}"#))],"sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}]"##))
        #expect(grown.unsupportedFeatures.isEmpty)
        #expect(throws: LottieError(path: "layers[0].masksProperties[0].mode", message: "unknown mask mode 'q'")) {
            try LottieAnimation(data: lottieDocument(layers: ##"[{"ty":1,"masksProperties":[\##(mask("q", 0, 50))],"sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}]"##))
        }
    }
}
