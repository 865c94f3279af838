// Lottie stars and polygons (`sr`): vertices, rounded handles, direction, whole point counts and bounds, and
// pixels. Evidence: lottie-docs "PolyStar" (properties and meaning) and the players' shared construction,
// read in lottie-web's star and polygon shape properties: the first vertex at the top turned by `r` degrees,
// handles along the vertex's circle of length roundness/100 × 2πr / (4 × points), the count rounded down.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite struct LottiePolystarTests {
    /// A shape layer with one star item (its fields given as JSON members) filled red.
    static func tree(_ star: String) throws -> LottieTree {
        let items = #"[{"ty":"sr",\#(star)},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        return LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
    }

    static func path(_ star: String) throws -> [PathGeometry.Element] {
        let tree = try tree(star)
        let shape = try #require(tree.allLayers.compactMap { $0 as? CAShapeLayer }.first)
        return try #require(shape.path).geometry.elements
    }

    static func pixel(_ bitmap: PremultipliedRGBA8Bitmap, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = bitmap[x, y]
        return (p.r, p.g, p.b)
    }

    static func near(_ p: CGPoint, _ x: Double, _ y: Double) -> Bool {
        abs(Double(p.x) - x) < 1e-9 && abs(Double(p.y) - y) < 1e-9
    }

    @Test func polygonVerticesStartAtTheTopClockwise() throws {
        let e = try Self.path(#""sy":2,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":4},"r":{"a":0,"k":0},"or":{"a":0,"k":40}"#)
        #expect(e.count == 6)
        guard case .moveTo(let a) = e[0], case .lineTo(let b) = e[1], case .lineTo(let c) = e[2], case .lineTo(let d) = e[3],
              case .lineTo(let back) = e[4], case .closeSubpath = e[5]
        else { Issue.record("elements \(e)"); return }
        // y down: top, right, bottom, left.
        #expect(Self.near(a, 50, 10) && Self.near(b, 90, 50) && Self.near(c, 50, 90) && Self.near(d, 10, 50) && Self.near(back, 50, 10))
    }

    @Test func starAlternatesOuterAndInnerRadii() throws {
        let e = try Self.path(#""sy":1,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":5},"r":{"a":0,"k":90},"or":{"a":0,"k":40},"ir":{"a":0,"k":15}"#)
        #expect(e.count == 12)
        // Rotated 90°: the first point is at angle 0 (right), the second at 36° with the inner radius.
        guard case .moveTo(let first) = e[0], case .lineTo(let second) = e[1] else { Issue.record("elements \(e)"); return }
        let angle = 36 * Double.pi / 180
        #expect(Self.near(first, 90, 50))
        #expect(Self.near(second, 50 + 15 * cos(angle), 50 + 15 * sin(angle)))
    }

    @Test func roundnessPutsHandlesAlongTheCircle() throws {
        // Handle length: 100 % × 2π·40 / (4 × 4) = 5π.
        let e = try Self.path(#""sy":2,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":4},"or":{"a":0,"k":40},"os":{"a":0,"k":100}"#)
        guard case .curveTo(let c1, let c2, let end) = e[1] else { Issue.record("elements \(e)"); return }
        let h = 5 * Double.pi
        // From the top vertex (50, 10) heading right, into the right vertex (90, 50) heading down.
        #expect(Self.near(c1, 50 + h, 10) && Self.near(c2, 90, 50 - h) && Self.near(end, 90, 50))
    }

    @Test func directionThreeRunsCounterClockwise() throws {
        let e = try Self.path(#""sy":2,"d":3,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":4},"or":{"a":0,"k":40}"#)
        guard case .lineTo(let second) = e[1] else { Issue.record("elements \(e)"); return }
        #expect(Self.near(second, 10, 50))
    }

    @Test func pointCountsAreWholeAndBounded() throws {
        #expect(try Self.path(#""sy":2,"pt":{"a":0,"k":4.9},"or":{"a":0,"k":40}"#).count == 6)
        #expect(try Self.path(#""sy":2,"pt":{"a":0,"k":0.5},"or":{"a":0,"k":40}"#).isEmpty)
        // A billion points draw the bound's thousand instead of exhausting memory.
        #expect(try Self.path(#""sy":1,"pt":{"a":0,"k":1000000000},"or":{"a":0,"k":40},"ir":{"a":0,"k":30}"#).count
            == 2 * LottiePathPart.maximumPolystarPoints + 2)
        #expect(throws: LottieError.self) { try Self.tree(#""sy":7,"pt":{"a":0,"k":4}"#) }
    }

    /// A four-point polygon of radius r has its corners on the axes; turned 45° its sides are axis-aligned and
    /// r√2 long. With r = 20√2 the square spans 30...70 on both axes.
    @Test func aTurnedPolygonFillsItsSquare() throws {
        let r = 20 * 2.0.squareRoot()
        let tree = try Self.tree(#""sy":2,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":4},"r":{"a":0,"k":45},"or":{"a":0,"k":\#(r)}"#)
        let image = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(Self.pixel(image, 30, 30) == (255, 0, 0) && Self.pixel(image, 69, 69) == (255, 0, 0))
        #expect(Self.pixel(image, 29, 50) == (255, 255, 255) && Self.pixel(image, 70, 50) == (255, 255, 255))
    }

    @Test func animatedPointsAndRadiiAnimateThePath() throws {
        let star = #""sy":2,"p":{"a":0,"k":[50,50]},"pt":{"a":1,"k":[{"t":0,"s":[3]},{"t":60,"s":[6]}]},"or":{"a":0,"k":40}"#
        let tree = try Self.tree(star)
        let shape = try #require(tree.allLayers.compactMap { $0 as? CAShapeLayer }.first)
        let animation = try #require(shape.animation(forKey: "path") as? CAKeyframeAnimation)
        // Point counts and angles are not linear in the keyframed numbers: the path is sampled every frame.
        #expect(try #require(animation.values).count == 61)
    }
}
