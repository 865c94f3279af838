// CAGradientLayer under a perspective transform ("a rotated shape layer or gradient under
// perspective must look as right as an image does (perspective-correct sampling; no affine approximation of
// projective quads)"). Each checked pixel centre is mapped back to a layer point through the inverse of the
// layer's homography, built here from spec §9.3's matrix formula, and the gradient is evaluated there from
// CAGradientLayer's documented geometry; plus the golden gradient_perspective.png (reviewed by eye).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

enum GradientPerspectiveScene {
    static let width = 320, height = 200
    static let side = 100.0
    /// Straight sRGB stops at locations 0, ½, 1 (CAGradientLayer spreads stops uniformly when `locations`
    /// is nil [A: SDK-CAGradientLayer]).
    static let axialStops: [SIMD3<Double>] = [SIMD3(1, 0, 0), SIMD3(1, 0.9, 0), SIMD3(0, 0, 1)]
    static let radialStops: [SIMD3<Double>] = [SIMD3(1, 1, 1), SIMD3(0, 0.7, 0.3), SIMD3(0.2, 0, 0.4)]
    /// Both layers: 100×100, anchorPoint (0, 0.5), turned about y (the axial one's right edge towards the
    /// viewer, the radial one's away), under the root's sublayerTransform m34 = −1/500.
    static let axialPlacement = (position: CGPoint(x: 30, y: 100), angle: -Double.pi / 4)
    static let radialPlacement = (position: CGPoint(x: 190, y: 100), angle: Double.pi / 3.5)

    static func color(_ c: SIMD3<Double>) -> CGColor { CGColor(red: c.x, green: c.y, blue: c.z, alpha: 1) }

    static func make() -> LayersScene {
        let scene = LayersScene(width: width, height: height)
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            var p = CATransform3DIdentity
            p.m34 = -1.0 / 500
            scene.root.sublayerTransform = p
            CATransaction.commit()
        }
        scene.add(CAGradientLayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: side, height: side); $0.anchorPoint = CGPoint(x: 0, y: 0.5)
            $0.position = axialPlacement.position; $0.transform = CATransform3DMakeRotation(axialPlacement.angle, 0, 1, 0)
            $0.colors = axialStops.map(color)
            $0.startPoint = CGPoint(x: 0, y: 0.5); $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        scene.add(CAGradientLayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: side, height: side); $0.anchorPoint = CGPoint(x: 0, y: 0.5)
            $0.position = radialPlacement.position; $0.transform = CATransform3DMakeRotation(radialPlacement.angle, 0, 1, 0)
            $0.type = .radial; $0.colors = radialStops.map(color)
            $0.startPoint = CGPoint(x: 0.5, y: 0.5); $0.endPoint = CGPoint(x: 1, y: 1)
        }
        return scene
    }

    /// Spec §9.3: World(L) = T(−A_L)·L.transform·T(P_L) · T(−A_S)·S.sublayerTransform·T(A_S) · F(World(root)),
    /// and the root (position = anchor · size, identity transform) is the device space itself.
    static func world(position: CGPoint, angle: Double) -> CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let rootAnchor = CATransform3DMakeTranslation(Double(width) / 2, Double(height) / 2, 0)
        var m = CATransform3DMakeTranslation(0, -side / 2, 0)
        m = CATransform3DConcat(m, CATransform3DMakeRotation(angle, 0, 1, 0))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(Double(position.x), Double(position.y), 0))
        m = CATransform3DConcat(m, CATransform3DInvert(rootAnchor))
        m = CATransform3DConcat(m, perspective)
        return CATransform3DConcat(m, rootAnchor)
    }

    /// The layer point under device point (x, y): the inverse of the plane's homography (rows 1, 2, 4 and
    /// columns 1, 2, 4 of the row-vector matrix), by its adjugate.
    static func layerPoint(_ m: CATransform3D, x: Double, y: Double) -> SIMD2<Double>? {
        let a = m.m11, b = m.m12, c = m.m14, d = m.m21, e = m.m22, f = m.m24, g = m.m41, h = m.m42, i = m.m44
        // [u v 1]·H = [X' Y' W']; [X Y 1]·adj(H) ∝ [u v 1].
        let adj = (r0: SIMD3(e * i - f * h, c * h - b * i, b * f - c * e),
                   r1: SIMD3(f * g - d * i, a * i - c * g, c * d - a * f),
                   r2: SIMD3(d * h - e * g, b * g - a * h, a * e - b * d))
        let p = x * adj.r0 + y * adj.r1 + adj.r2
        guard abs(p.z) > 1e-12 else { return nil }
        return SIMD2(p.x / p.z, p.y / p.z)
    }

    /// Piecewise-linear straight colour of uniformly spaced stops at t, clamped to [0, 1] (extended ends).
    static func evaluate(_ stops: [SIMD3<Double>], _ t: Double) -> SIMD3<Double> {
        let s = min(1, max(0, t)) * Double(stops.count - 1)
        let k = min(Int(s), stops.count - 2)
        let f = s - Double(k)
        return stops[k] * (1 - f) + stops[k + 1] * f
    }

    /// Axial from unit (0, ½) to (1, ½): t = u / width [A: SDK-CAGradientLayer startPoint/endPoint in the unit
    /// space of the bounds]. Radial: an ellipse centred on startPoint with radii |endPoint − startPoint| (here
    /// ½ × ½ of 100 points: a circle of radius 50), t = its normalised radius (CAGradientLayer.h).
    static func axialT(_ p: SIMD2<Double>) -> Double { p.x / side }
    static func radialT(_ p: SIMD2<Double>) -> Double {
        let d = (p - SIMD2(50, 50)) / 50
        return (d.x * d.x + d.y * d.y).squareRoot()
    }
}

@Suite struct LayersGradientPerspectiveTests {
    /// Pixels whose centre maps to a layer point at least 2 points inside the bounds (full coverage) show the
    /// analytic colour within 1 level per channel of its unrounded value: the colour table holds 1025 entries
    /// (t off by ≤ 1/2048: ≤ ¼ level per channel for these stops, whose steepest channel changes by 2 · 255 over
    /// t) rounded to 8 bits (½ level). An affine approximation of the quad would be off by much more at the
    /// sampled pixels: the test checks that too, so it fails for one.
    @Test(arguments: [false, true])
    func gradientIsPerspectiveCorrect(radial: Bool) throws {
        let scene = GradientPerspectiveScene.make()
        let bitmap = try scene.render()
        let placement = radial ? GradientPerspectiveScene.radialPlacement : GradientPerspectiveScene.axialPlacement
        let world = GradientPerspectiveScene.world(position: placement.position, angle: placement.angle)
        let stops = radial ? GradientPerspectiveScene.radialStops : GradientPerspectiveScene.axialStops
        func t(_ p: SIMD2<Double>) -> Double {
            radial ? GradientPerspectiveScene.radialT(p) : GradientPerspectiveScene.axialT(p)
        }
        // The affine stand-in: the map fixing the projected corners (0,0), (100,0), (0,100).
        let o = try #require(project(world, 0, 0)), ex = try #require(project(world, 100, 0)) - o
        let ey = try #require(project(world, 0, 100)) - o
        var checked = 0, affineWorst = 0.0
        for y in stride(from: 1, to: GradientPerspectiveScene.height, by: 5) {
            for x in stride(from: 1, to: GradientPerspectiveScene.width, by: 5) {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                guard let p = GradientPerspectiveScene.layerPoint(world, x: cx, y: cy),
                      p.x >= 2, p.y >= 2, p.x <= 98, p.y <= 98 else { continue }
                let want = GradientPerspectiveScene.evaluate(stops, t(p)) * 255
                let got = bitmap[x, y]
                #expect(abs(Double(got.r) - want.x) <= 1 && abs(Double(got.g) - want.y) <= 1
                        && abs(Double(got.b) - want.z) <= 1 && got.a == 255,
                        "pixel (\(x), \(y)) at layer point \(p): \(got) vs \(want)")
                // Affine: solve o + u/100·ex + v/100·ey = centre.
                let det = ex.x * ey.y - ex.y * ey.x
                let q = SIMD2(cx, cy) - o
                let affine = SIMD2((q.x * ey.y - q.y * ey.x) / det, (ex.x * q.y - ex.y * q.x) / det) * 100
                let wrong = GradientPerspectiveScene.evaluate(stops, t(affine)) * 255
                let miss = wrong - want
                affineWorst = max(affineWorst, abs(miss.x), abs(miss.y), abs(miss.z))
                checked += 1
            }
        }
        #expect(checked > 100, "enough pixels inside the layer")
        #expect(affineWorst > 10, "the scene tells perspective-correct from affine sampling")
    }

    /// Golden: the axial (red → yellow → blue, left to right) layer turned towards the viewer on the left,
    /// the radial (white centre → green → purple) layer turned away on the right; the stops' spacing
    /// compresses towards each layer's far edge.
    @Test func golden() throws {
        try LayersGolden.check(try GradientPerspectiveScene.make().render(threads: 2), "gradient_perspective")
    }
}
