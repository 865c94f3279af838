// CIModTransition on CATransition.filter: "Transitions from one image to another by revealing the target
// image through irregularly shaped holes" [A: CIFR CIModTransition; DOC-CIModTransition: center "the x and y
// position to use as the center of the effect", angle "the angle of the mod hole pattern", radius "the radius
// of the undistorted mod holes in the pattern", compression "the amount of stretching applied to the mod hole
// pattern … Holes in the center aren't distorted as much as those at the edge of the image"]. Core Image's
// exact hole profile is undocumented [U]; this is an approximation that reads like it:
//
// - holes sit on a square lattice of pitch 2·radius through inputCenter, turned by inputAngle (the pattern's
//   tilt), so one hole is centred on the centre;
// - each hole is an ellipse whose radius across grows linearly with the progress p, r = p·radius·√2 (at p = 1
//   a circle of that radius covers its whole lattice cell, so the holes have merged into the new appearance);
// - along the direction from the centre the hole is stretched by 1 + d/compression, d its distance from the
//   centre: the centre hole stays round, holes further out become tilted, radially elongated ellipses (a
//   smaller compression stretches more).
//
// Space: layer bounds space (points, as the other filters; inputCenter is a point of it, Core Image's default
// (150, 150) included), angles from +x towards +y. Numbers are Doubles; ellipses are 64-gons (inscribed:
// 0.12 % of the radius short at the chord midpoints).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

extension RenderTransition {
    /// At most this many lattice rows and columns span the layer: a tiny inputRadius on a large layer widens
    /// the pitch instead of making millions of holes.
    public static let maximumModHolesPerAxis = 48

    /// Vertices per hole ellipse.
    static let modHoleVertexCount = 64

    /// Lattice cells drawn beyond the layer on every side: an unstretched hole reaches √2/2 of a cell, so
    /// two cells cover every hole that can touch the layer before it is stretched.
    static let modLatticeMargin = 2

    /// CIModTransition's parameters, validated: non-finite values take Core Image's defaults, the radius and
    /// the compression are at least 1 (their minimum in the reference) and the centre and radius are bounded
    /// so lattice indices stay small integers.
    struct ModParameters: Sendable, Equatable {
        var center: SIMD2<Double>
        var angle: Double
        var radius: Double
        var compression: Double

        init(_ filter: TransitionFilter) {
            var c = filter.vector(kCIInputCenterKey) ?? [150, 150]
            if c.count != 2 || !c.allSatisfy(\.isFinite) { c = [150, 150] }
            center = SIMD2(min(1e7, max(-1e7, c[0])), min(1e7, max(-1e7, c[1])))
            angle = RenderTransition.finite(filter.number(kCIInputAngleKey), or: 2)
            radius = min(1e6, max(1, RenderTransition.finite(filter.number(kCIInputRadiusKey), or: 150)))
            compression = min(1e12, max(1, RenderTransition.finite(filter.number("inputCompression"), or: 300)))
        }
    }

    /// Old appearance, with the new one drawn through the holes at progress p (0 < p < 1).
    static func mod(_ filter: TransitionFilter, progress p: Double, old: [RenderNode], new: [RenderNode], space: LayerSpace)
        -> [RenderNode] {
        let holes = modHoles(ModParameters(filter), bounds: space.bounds, progress: p)
            .map { $0.clipped(to: space.surroundings) }.filter { !$0.isEmpty }
        guard !holes.isEmpty else { return old }
        return old + [.group(RenderGroup(children: new, mask: [space.fill(holes)]))]
    }

    /// The hole ellipses at progress `p` for the lattice cells around `bounds`, row by row (deterministic).
    static func modHoles(_ parameters: ModParameters, bounds: CGRect, progress p: Double) -> [TransitionPolygon] {
        guard p > 0, p.isFinite else { return [] }
        let frame = SweepFrame(bounds: bounds, angle: parameters.angle)
        let a = frame.u, b = frame.v, c = parameters.center
        // Lattice coordinates relative to the centre, in units of the pitch.
        let ca = (c * a).sum(), cb = (c * b).sum()
        let largestSpan = max(frame.uMax - frame.uMin, frame.vMax - frame.vMin)
        let pitch = max(2 * parameters.radius, largestSpan / Double(maximumModHolesPerAxis - 2 * modLatticeMargin - 1))
        guard pitch > 0, pitch.isFinite else { return [] }
        let i0 = ((frame.uMin - ca) / pitch).rounded(.down) - Double(modLatticeMargin)
        let i1 = ((frame.uMax - ca) / pitch).rounded(.up) + Double(modLatticeMargin)
        let j0 = ((frame.vMin - cb) / pitch).rounded(.down) - Double(modLatticeMargin)
        let j1 = ((frame.vMax - cb) / pitch).rounded(.up) + Double(modLatticeMargin)
        // Far-away bounds or centres give huge indices: the counts stay bounded, the indices must fit an Int.
        guard [i0, i1, j0, j1].allSatisfy({ abs($0) < 1e12 }), i1 - i0 <= Double(maximumModHolesPerAxis + 4),
              j1 - j0 <= Double(maximumModHolesPerAxis + 4) else { return [] }
        let across = p * pitch / 2 * 2.0.squareRoot()
        let unitCircle = (0..<modHoleVertexCount).map { k -> SIMD2<Double> in
            let t = 2 * Double.pi * Double(k) / Double(modHoleVertexCount)
            return SIMD2(cos(t), sin(t))
        }
        var holes: [TransitionPolygon] = []
        holes.reserveCapacity(Int((i1 - i0 + 1) * (j1 - j0 + 1)))
        for j in Int(j0)...Int(j1) {
            for i in Int(i0)...Int(i1) {
                let offset = a * (Double(i) * pitch) + b * (Double(j) * pitch)
                let centre = c + offset
                let distance = (offset * offset).sum().squareRoot()
                // Radial axis e (any axis for the centre hole, which is round), f across it.
                let e = distance > 0 ? offset / distance : a
                let f = SIMD2(-e.y, e.x)
                let along = across * (1 + distance / parameters.compression)
                holes.append(TransitionPolygon(unitCircle.map { centre + e * ($0.x * along) + f * ($0.y * across) }))
            }
        }
        return holes
    }
}
