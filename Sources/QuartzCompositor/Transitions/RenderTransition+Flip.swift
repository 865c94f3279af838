// The flip transition (CATransitionType.flip, "oglFlip"; UIKit's transitionFlipFrom…): the layer's old
// appearance turns away about the centre axis of its bounds and the new one turns in, in 3-D with
// perspective. Apple does not document the motion [U]; what is drawn here:
//
// Spaces: matrices are built in the layer's bounds space (row vectors, p' = p · M as CATransform3D) and
// reach device space through `LayerSpace`. Progress p in 0…1: the old appearance turns by θ = π·p while
// p < ½, the new one by θ = π·p − π from p = ½ on (the swap at the half-way point, where both are edge-on),
// so the turn never passes 90° and no back face is ever shown.
import Foundation
import QuartzMath
import QuartzRaster

extension RenderTransition {
    /// The eye distance of the flip's perspective as a multiple of the turning side (the bounds width for
    /// fromLeft/fromRight, the height for fromTop/fromBottom): m34 = −1 / (2 · side) [U: UIKit's is
    /// undocumented; at 90° the near edge is drawn a third larger].
    public static let flipEyeDistancePerSide = 2.0

    /// The bounds-space matrix drawing the flip at progress `p`, and whether it shows the old appearance.
    /// fromLeft (the default, as for the moving types) turns about the vertical centre line with the left
    /// edge coming towards the viewer; fromRight mirrors it; fromTop/fromBottom turn about the horizontal
    /// centre line with that edge coming forward. The matrix is T(−centre) · R(θ) · P · F · T(centre): R is
    /// `CATransform3DMakeRotation` about y (x for top/bottom), P has m34 = −1/(2·side), F drops z (the
    /// turned image is flat when the layer's own matrix takes over). Nil for empty or non-finite bounds.
    public static func flipMatrix(
        subtype: RenderTransitionSubtype?, progress p: Double, bounds: CGRect
    ) -> (matrix: CATransform3D, showsOld: Bool)? {
        let b = bounds.standardized
        guard b.width > 0, b.height > 0, Double(b.width).isFinite, Double(b.height).isFinite,
              Double(b.minX).isFinite, Double(b.minY).isFinite else { return nil }
        let showsOld = p < 0.5
        let theta = showsOld ? Double.pi * p : Double.pi * p - Double.pi
        let rotation: CATransform3D
        let side: Double
        switch subtype ?? .fromLeft {
        // CATransform3DMakeRotation(θ, 0, 1, 0) gives z' = −x·sin θ: for θ > 0 the left edge comes forward.
        case .fromLeft: rotation = CATransform3DMakeRotation(theta, 0, 1, 0); side = Double(b.width)
        case .fromRight: rotation = CATransform3DMakeRotation(-theta, 0, 1, 0); side = Double(b.width)
        // About x, z' = y·sin θ: a negative angle brings the top (minimum y) edge forward.
        case .fromTop: rotation = CATransform3DMakeRotation(-theta, 1, 0, 0); side = Double(b.height)
        case .fromBottom: rotation = CATransform3DMakeRotation(theta, 1, 0, 0); side = Double(b.height)
        }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / (flipEyeDistancePerSide * side)
        var flatten = CATransform3DIdentity
        flatten.m33 = 0
        let cx = Double(b.midX), cy = Double(b.midY)
        var m = CATransform3DMakeTranslation(-cx, -cy, 0)
        for next in [rotation, perspective, flatten, CATransform3DMakeTranslation(cx, cy, 0)] {
            m = CATransform3DConcat(m, next)
        }
        return (m, showsOld)
    }

    static func flip(
        subtype: RenderTransitionSubtype?, progress p: Double, old: [RenderNode], new: [RenderNode], space: LayerSpace
    ) -> [RenderNode] {
        guard let (matrix, showsOld) = flipMatrix(subtype: subtype, progress: p, bounds: space.bounds) else {
            return p < 0.5 ? old : new
        }
        return space.applying(matrix, to: showsOld ? old : new)
    }
}
