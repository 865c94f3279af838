// Gradient fills and strokes as lottie-ios's Core Animation engine builds them (ShapeItemLayer,
// GradientRenderLayer, GradientAnimations): a CAGradientLayer padded 10 000 pt past the shape layer's bounds,
// masked by a CAShapeLayer with the path; `g.k` colour stops as `colors`/`locations`, opacity stops on a second
// gradient layer of black stops as the first's mask; a radial gradient ends at startPoint + (r, r).
import Foundation
import QuartzLayers
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie gradients")
struct LottieGradientTests {
    /// One shape layer: an ellipse at (50, 50) of 40 × 40, then `paint`.
    private func tree(_ paint: String) throws -> LottieTree {
        let items = #"[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}},\#(paint)]"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        return LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
    }

    private func points(_ values: [Any]?) -> [CGPoint] { (values ?? []).compactMap { ($0 as? NSValue)?.cgPointValue } }

    @Test func radialFillWithColourAndOpacityStops() throws {
        // Red at 0 to blue at 1; opacity 1 at 0 to 0.5 at 1; centre (50, 50), edge (50, 70): radius 20.
        let paint = #"{"ty":"gf","t":2,"o":{"a":0,"k":80},"r":2,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[50,70]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.5]}}}"#
        let tree = try tree(paint)
        let gradients = tree.allLayers.compactMap { $0 as? CAGradientLayer }
        #expect(gradients.count == 1)
        let color = try #require(gradients.first)
        let alpha = try #require(color.mask as? CAGradientLayer)
        let size = 100 + 2 * LottieLayerBuilder.unboundedPadding
        #expect(color.type == .radial && alpha.type == .radial)
        #expect(color.bounds == CGRect(x: 0, y: 0, width: size, height: size))
        #expect(color.position == CGPoint(x: -10_000, y: -10_000) && alpha.position == .zero)
        #expect(color.startPoint == CGPoint(x: 10_050 / size, y: 10_050 / size))
        #expect(color.endPoint == CGPoint(x: 10_070 / size, y: 10_070 / size))
        #expect(try #require(color.colors as? [CGColor]) == [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
        #expect(try #require(color.locations).map(\.doubleValue) == [0, 1])
        #expect(try #require(alpha.colors as? [CGColor]) == [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 0.5)])
        let container = try #require(color.superlayer)
        #expect(container.opacity == 0.8)
        let mask = try #require(container.mask as? CAShapeLayer)
        #expect(mask.fillRule == .evenOdd && mask.strokeColor == nil)
        #expect(mask.path?.boundingBoxOfPath == CGRect(x: 30, y: 30, width: 40, height: 40))
        // Drawn only inside the ellipse. Pixel (50, 50) has its centre 0.71 pt from the gradient's: stop position
        // 0.035, colour (0.965, 0, 0.035) at alpha 0.98 · 0.8, over white: (248, 55, 62).
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        let centre = bitmap[50, 50], outside = bitmap[20, 20]
        #expect((246...250).contains(centre.r) && (53...57).contains(centre.g) && (60...64).contains(centre.b))
        #expect(outside == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func opaqueStopsNeedNoAlphaLayer() throws {
        let paint = #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"s":{"a":0,"k":[30,0]},"e":{"a":0,"k":[70,0]},"g":{"p":2,"k":{"a":0,"k":[0,0,0,0,1,1,1,1,0,1,1,1]}}}"#
        let gradients = try tree(paint).allLayers.compactMap { $0 as? CAGradientLayer }
        #expect(gradients.count == 1)
        let size = 100 + 2 * LottieLayerBuilder.unboundedPadding
        #expect(gradients[0].type == .axial)
        #expect(gradients[0].startPoint == CGPoint(x: 10_030 / size, y: 10_000 / size))
        #expect(gradients[0].endPoint == CGPoint(x: 10_070 / size, y: 10_000 / size))
    }

    @Test func animatedStopsAndPointsAreKeyframed() throws {
        let paint = #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"s":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[20,0]}]},"e":{"a":0,"k":[80,0]},"#
            + #""g":{"p":2,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0,1,0,1,0]},{"t":60,"s":[0.2,0,0,1,0.8,1,1,1]}]}}}"#
        let gradient = try #require(try tree(paint).allLayers.compactMap { $0 as? CAGradientLayer }.first)
        let colors = try #require(gradient.animation(forKey: "colors") as? CAKeyframeAnimation)
        #expect(try #require(colors.keyTimes).map(\.doubleValue) == [0, 1])
        #expect(colors.duration == 2)
        #expect(try #require(colors.values?[1] as? [CGColor]) == [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)])
        let locations = try #require(gradient.animation(forKey: "locations") as? CAKeyframeAnimation)
        #expect(try #require(locations.values?[1] as? [NSNumber]).map(\.doubleValue) == [0.2, 0.8])
        let start = try #require(gradient.animation(forKey: "startPoint") as? CAKeyframeAnimation)
        let size = 100 + 2 * LottieLayerBuilder.unboundedPadding
        #expect(points(start.values) == [CGPoint(x: 10_000 / size, y: 10_000 / size), CGPoint(x: 10_020 / size, y: 10_000 / size)])
        #expect(start.duration == 1)
    }

    @Test func radialPointsWithTheirOwnKeyframesAreSampledTogether() throws {
        // The end point moves over frames 0–10, the start point over 0–20: the end point is keyframed at every
        // frame of 0…20, each value s + (r, r).
        let paint = #"{"ty":"gf","t":2,"o":{"a":0,"k":100},"s":{"a":1,"k":[{"t":0,"s":[50,50]},{"t":20,"s":[60,50]}]},"#
            + #""e":{"a":1,"k":[{"t":0,"s":[50,60]},{"t":10,"s":[50,80]}]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        let gradient = try #require(try tree(paint).allLayers.compactMap { $0 as? CAGradientLayer }.first)
        let end = try #require(gradient.animation(forKey: "endPoint") as? CAKeyframeAnimation)
        let values = points(end.values)
        #expect(values.count == 21)
        let size = 100 + 2 * LottieLayerBuilder.unboundedPadding
        // Frame 10: s = (55, 50), e = (50, 80): r = √(25 + 900).
        let r = (25.0 + 900).squareRoot()
        #expect(abs(Double(values[10].x) - (10_055 + r) / size) < 1e-12)
        #expect(abs(Double(values[10].y) - (10_050 + r) / size) < 1e-12)
    }

    @Test func gradientStrokeMasksByTheStrokedPath() throws {
        let paint = #"{"ty":"gs","t":1,"o":{"a":0,"k":100},"w":{"a":0,"k":6},"lc":1,"lj":1,"ml":4,"s":{"a":0,"k":[30,0]},"e":{"a":0,"k":[70,0]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        let tree = try tree(paint)
        let gradient = try #require(tree.allLayers.compactMap { $0 as? CAGradientLayer }.first)
        let mask = try #require(gradient.superlayer?.mask as? CAShapeLayer)
        #expect(mask.fillColor == nil)
        #expect(mask.strokeColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(mask.lineWidth == 6 && mask.lineCap == .butt && mask.lineJoin == .miter)
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[50, 50] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))  // inside the ring: clear
        let ring = bitmap[30, 50]                                                          // on the ring: red end
        #expect(ring.r > 230 && ring.g < 20 && ring.b < 20)
    }

    @Test func aPaintAfterAGroupPaintsTheGroupsPaths() throws {
        // [group [rectangle, transform], gradient fill]: the fill has no path of its own level, so the group's
        // paths take it, inside the group's transform (lottie-ios: unused items inherited by child groups).
        let group = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"tr","p":{"a":0,"k":[50,50]}}]}"#
        let paint = #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"s":{"a":0,"k":[-10,0]},"e":{"a":0,"k":[10,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,1,0,0]}}}"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":[\#(group),\#(paint)]}"#
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
        let gradient = try #require(tree.allLayers.compactMap { $0 as? CAGradientLayer }.first)
        let mask = try #require(gradient.superlayer?.mask as? CAShapeLayer)
        #expect(mask.path?.boundingBoxOfPath == CGRect(x: -10, y: -10, width: 20, height: 20))
        #expect(gradient.superlayer?.superlayer?.position == CGPoint(x: 50, y: 50))
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[50, 50] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap[30, 50] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        // The shape layer's own level draws nothing for it.
        #expect(tree.allLayers.compactMap { $0 as? CAGradientLayer }.count == 1)
    }

    @Test func stopsThatDoNotMatchTheirCountAreRefused() throws {
        let paint = #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[1,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0]}}}"#
        let items = #"[\#(paint)]"#
        let layer = #"{"ty":4,"ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        #expect(throws: LottieError(path: "layers[0].shapes[0].g.k.k", message: "expected 2 colour stops of 4 numbers and then offset, alpha pairs, found 7 numbers")) {
            try LottieAnimation(data: lottieDocument(layers: "[\(layer)]"))
        }
    }
}
