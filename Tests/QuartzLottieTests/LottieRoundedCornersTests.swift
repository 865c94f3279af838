// Lottie rounded corners (`rd`): sharp vertices become two vertices joined by a quarter-circle-like cubic,
// clamped to half of each neighbouring segment; smooth vertices and open ends stay. Evidence: lottie-docs
// "Rounded Corners" and the players' construction (lottie-web's round-corners modifier: the 0.5519 handle,
// the half-segment clamp, only vertices without tangents); ThorVG rounds stars and paths as well as
// rectangles (the anchors note, android_RoundedCorners).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite struct LottieRoundedCornersTests {
    static func tree(_ shape: String, radius: String) throws -> LottieTree {
        let items = #"[\#(shape),{"ty":"rd","r":\#(radius)},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        return LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
    }

    static func shapePath(_ tree: LottieTree) throws -> [PathGeometry.Element] {
        let shape = try #require(tree.allLayers.compactMap { $0 as? CAShapeLayer }.first)
        return try #require(shape.path).geometry.elements
    }

    static let square = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#

    static func coverage(_ image: PremultipliedRGBA8Bitmap) -> Double {
        var covered = 0.0
        for y in 0..<100 { for x in 0..<100 { covered += Double(255 - Int(image[x, y].g)) / 255 } }
        return covered
    }

    /// A 40 × 40 square with 10-unit corners: 1600 − 4 · (1 − π/4) · 100 ≈ 1514.2 pixels of circle-cornered
    /// square, less what the filler's chords (0.2 px from the curve) cut off the four arcs, about 2 px each;
    /// the same pixels as the rectangle's own 10-unit roundness, which draws the same cubics. Its corner pixel
    /// is empty.
    @Test func aRoundedSquareLosesItsCorners() throws {
        let image = try Self.tree(Self.square, radius: #"{"a":0,"k":10}"#).render(at: 0, width: 100, height: 100, scale: 1)
        let roundRect = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":10}}"#
        let own = try Self.tree(roundRect, radius: #"{"a":0,"k":0}"#).render(at: 0, width: 100, height: 100, scale: 1)
        let covered = Self.coverage(image), circle = 1600 - 4 * (1 - Double.pi / 4) * 100
        #expect(covered < circle && circle - covered < 8, "covered \(covered)")
        #expect(abs(covered - Self.coverage(own)) < 0.5, "covered \(covered), the rectangle's own roundness \(Self.coverage(own))")
        #expect(image[30, 30].g == 255 && image[50, 30].g == 0 && image[30, 50].g == 0)
    }

    /// Each corner becomes two vertices 10 from it along its sides, joined by a cubic whose handles lie 0.5519
    /// of the way back to the corner; the sides between stay straight.
    @Test func cornersBecomeCubics() throws {
        let e = try Self.shapePath(try Self.tree(Self.square, radius: #"{"a":0,"k":10}"#))
        // The rectangle starts at its top-right corner (70, 30) and runs clockwise (down the right side): that
        // corner becomes (60, 30) and (70, 40), then the side runs down to (70, 60) and turns to (60, 70).
        guard e.count == 10, case .moveTo(let start) = e[0], case .curveTo(let t1, let t2, let turned) = e[1],
              case .lineTo(let down) = e[2], case .curveTo(let c1, let c2, let end) = e[3], case .closeSubpath = e[9]
        else { Issue.record("elements \(e)"); return }
        let k = 10 * (1 - LottieRoundedCorners.handle)
        func near(_ p: CGPoint, _ x: Double, _ y: Double) -> Bool { abs(Double(p.x) - x) < 1e-9 && abs(Double(p.y) - y) < 1e-9 }
        #expect(near(start, 60, 30) && near(t1, 70 - k, 30) && near(t2, 70, 30 + k) && near(turned, 70, 40))
        #expect(near(down, 70, 60) && near(c1, 70, 70 - k) && near(c2, 70 - k, 70) && near(end, 60, 70))
        #expect(e.filter { if case .curveTo = $0 { return true } else { return false } }.count == 4)
    }

    /// The radius is clamped to half of each neighbouring side: a 20 × 20 square with radius 100 rounds into
    /// four arcs meeting at the sides' midpoints.
    @Test func theRadiusStopsAtHalfASide() throws {
        let small = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        let e = try Self.shapePath(try Self.tree(small, radius: #"{"a":0,"k":100}"#))
        let ends = e.compactMap { element -> CGPoint? in
            switch element {
            case .moveTo(let p), .lineTo(let p), .curveTo(_, _, let p): return p
            default: return nil
            }
        }
        #expect(Set(ends.map { "\($0.x),\($0.y)" }) == ["60.0,50.0", "50.0,60.0", "40.0,50.0", "50.0,40.0"])
    }

    /// An ellipse has no sharp vertex: its path is unchanged.
    @Test func smoothVerticesStay() throws {
        let ellipse = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,30]}}"#
        let rounded = try Self.shapePath(try Self.tree(ellipse, radius: #"{"a":0,"k":10}"#))
        let plain = try Self.shapePath(try Self.tree(ellipse, radius: #"{"a":0,"k":0}"#))
        #expect(rounded == plain)
    }

    @Test func anAnimatedRadiusIsSampled() throws {
        let tree = try Self.tree(Self.square, radius: #"{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[20]}]}"#)
        let shape = try #require(tree.allLayers.compactMap { $0 as? CAShapeLayer }.first)
        let animation = try #require(shape.animation(forKey: "path") as? CAKeyframeAnimation)
        #expect(try #require(animation.values).count == 31)
    }
}
