// The page curl (CATransitionType.curlUp "pageCurl", curlDown "pageUnCurl"; UIKit's transitionCurlUp/Down):
// an approximation that reads as a curl [U: Apple's is undocumented]. The old appearance is a page folded
// over a straight line that sweeps across the layer; the folded part (the flap) lies mirrored over the rest
// of the page showing its back (paper grey with the content faintly through it, darker near the fold), the
// new appearance shows beneath with a soft shadow along the fold. curlDown is curlUp run backwards with the
// appearances swapped: the new page uncurls over the old one.
//
// Spaces: all geometry is in the layer's bounds space (see RenderTransitionGeometry). The fold line is
// {p : p·d = f}: d is the unit direction it sweeps in (from the subtype's edge towards the opposite one,
// tilted by atan(0.3) ≈ 16.7° so one corner lifts first), f = tMin + p·(tMax − tMin) where t = p·d over the
// bounds' corners. The part with t < f has turned over; mirrored across the line it covers
// f ≤ t ≤ 2f − tMin, clipped to the bounds, so at p = 1 the page has left the layer entirely.
import Foundation
import QuartzMath
import QuartzRaster

extension RenderTransition {
    /// The tilt of the fold line against the subtype's edge (tan of the angle) [U].
    static let curlTilt = 0.3
    /// Opacity of the old content seen through the back of the page [U].
    static let curlBackContentOpacity = 0.25

    /// The unit direction the fold line sweeps in for `subtype` (nil: fromBottom, UIKit's curl up lifts the
    /// bottom edge first; the bottom is the maximum y as for the moving types [U]).
    public static func curlDirection(_ subtype: RenderTransitionSubtype?) -> SIMD2<Double> {
        let main: SIMD2<Double>
        switch subtype ?? .fromBottom {
        case .fromBottom: main = SIMD2(0, -1)
        case .fromTop: main = SIMD2(0, 1)
        case .fromLeft: main = SIMD2(1, 0)
        case .fromRight: main = SIMD2(-1, 0)
        }
        let d = main + curlTilt * SIMD2(main.y, -main.x)
        return d / (d * d).sum().squareRoot()
    }

    /// The reflection across the fold line {p·d = f} as a bounds-space matrix: p − 2(p·d − f)·d.
    static func mirror(across d: SIMD2<Double>, at f: Double) -> CATransform3D {
        CATransform3D(
            m11: 1 - 2 * d.x * d.x, m12: -2 * d.x * d.y, m13: 0, m14: 0,
            m21: -2 * d.x * d.y, m22: 1 - 2 * d.y * d.y, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0,
            m41: 2 * f * d.x, m42: 2 * f * d.y, m43: 0, m44: 1)
    }

    static func curl(
        subtype: RenderTransitionSubtype?, progress p: Double, old: [RenderNode], new: [RenderNode], space: LayerSpace
    ) -> [RenderNode] {
        if p <= 0 { return old }
        if p >= 1 || !space.hasArea { return new }
        let d = curlDirection(subtype)
        let page = TransitionPolygon(rect: space.bounds)
        let ts = page.points.map { ($0 * d).sum() }
        let tMin = ts.min() ?? 0, tMax = ts.max() ?? 0
        let f = tMin + p * (tMax - tMin)
        let lifted = f - tMin
        // Where the old page still lies flat (unbounded beyond the fold, so content outside the bounds stays).
        let flat = TransitionPolygon(rect: space.surroundings).clipped(keeping: d, atLeast: f)
        // The turned part, and where it lands mirrored: still on the page, past the fold.
        let turned = page.clipped(keeping: -d, atLeast: -f)
        let flap = turned.mapped { $0 - 2 * (($0 * d).sum() - f) * d }.clipped(to: space.bounds)
        let fold = SIMD2(d.x, d.y) * f

        var nodes = new
        // The shadow the lifted page casts on the new content, fading out within a band before the fold.
        let shade = min(lifted, 0.08 * (tMax - tMin))
        if !turned.isEmpty, shade > 0, let shadow = space.gradient(
            [CGColor(gray: 0, alpha: 0.35), CGColor(gray: 0, alpha: 0)], from: fold, to: fold - shade * d,
            over: space.bounds) {
            nodes.append(.group(RenderGroup(children: [shadow], mask: [space.fill([turned])])))
        }
        if !flat.isEmpty {
            nodes.append(.group(RenderGroup(children: old, mask: [space.fill([flat])])))
        }
        if !flap.isEmpty {
            var back: [RenderNode] = [space.fill([flap], color: CGColor(gray: 0.94, alpha: 1))]
            let mirrored = space.applying(mirror(across: d, at: f), to: old)
            back.append(.group(RenderGroup(children: mirrored, opacity: curlBackContentOpacity)))
            // Darker at the fold where the paper bends away from the light, lighter towards the free edge.
            if let sheen = space.gradient(
                [CGColor(gray: 0, alpha: 0.3), CGColor(gray: 0, alpha: 0.05), CGColor(gray: 1, alpha: 0)],
                locations: [0, 0.35, 1], from: fold, to: fold + lifted * d, over: space.bounds) {
                back.append(sheen)
            }
            nodes.append(.group(RenderGroup(children: back, mask: [space.fill([flap])])))
        }
        return nodes
    }
}
