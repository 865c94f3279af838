// A Lottie transform with skew (`sk`, `sa`) as one CATransform3D about the anchor: Core Animation has no skew
// key path, and a skew between the scale and the rotation cannot be written through `transform.scale` and
// `transform.rotation.z`, so the three become one `transform` (lottie-ios's Core Animation engine does the
// same). Order, as lottie-web's TransformProperty applies them: scale, then skew, then rotation. The skew is
// a shear along x by −tan(sk) in axes turned by sa: Rot(−sa) · ShearX(−tan sk) · Rot(sa) on column vectors
// (lottie-web's `skewFromAxis(−sk, sa)`).
import Foundation
import QuartzMath

enum LottieSkewTransform {
    /// The rotation, scale, skew and skew axis of `transform` as one property of [r, sx, sy, sk, sa] (degrees
    /// and percent), keyframed at every frame when any is animated: a matrix interpolated between keyframes
    /// would not be the transform of the interpolated components.
    static func components(of transform: LottieTransform) -> LottieProperty<[Double]> {
        let combined = transform.rotation.concatenated(with: transform.scale)
            .concatenated(with: transform.skew).concatenated(with: transform.skewAxis)
        return combined.isAnimated ? combined.sampledAtEveryFrame() : combined
    }

    /// [r, sx, sy, sk, sa] as the layer transform Core Animation applies about the anchor point.
    static func matrix(_ c: [Double]) -> CATransform3D {
        let radians = { (degrees: Double) in CGFloat(degrees * .pi / 180) }
        let scale = CATransform3DMakeScale(CGFloat(c[1] / 100), CGFloat(c[2] / 100), 1)
        var shear = CATransform3DIdentity
        // Row vectors, as CATransform3D: x' = x + m21·y.
        shear.m21 = -tan(radians(c[3]))
        let axis = radians(c[4])
        let skew = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(axis, 0, 0, 1), shear),
                                       CATransform3DMakeRotation(-axis, 0, 0, 1))
        return CATransform3DConcat(CATransform3DConcat(scale, skew), CATransform3DMakeRotation(radians(c[0]), 0, 0, 1))
    }
}
