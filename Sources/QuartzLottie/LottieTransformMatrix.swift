// A Lottie transform as one CATransform3D about the anchor, for what Core Animation's transform key paths
// cannot write: skew (`sk`, `sa`), which has no key path and sits between the scale and the rotation, and a
// 3-D layer's `rx` and `ry`, which key paths would set one Euler angle at a time (a turn past 90° about y
// then reads back as 180° about x and z, and the next key path leaves the layer upside down). lottie-ios's
// Core Animation engine also writes skew as one `transform`. Order, as lottie-web's TransformProperty
// applies them to points: scale, then skew, then rotation about z, y and x. The skew is a shear along x by
// −tan(sk) in axes turned by sa: Rot(−sa) · ShearX(−tan sk) · Rot(sa) on column vectors (lottie-web's
// `skewFromAxis(−sk, sa)`). Without perspective the x and y turns are flattened into the layer's plane.
import Foundation
import QuartzMath

enum LottieTransformMatrix {
    /// Whether `transform` needs the one matrix: a skew, or a turn about x or y.
    static func isNeeded(for transform: LottieTransform) -> Bool {
        transform.hasSkew || transform.rotationX != nil || transform.rotationY != nil
    }

    /// The rotation, scale, skew, skew axis and x and y turns of `transform` as one property of
    /// [r, sx, sy, sk, sa, rx, ry] (degrees and percent), keyframed at every frame when any is animated: a
    /// matrix interpolated between keyframes would not be the transform of the interpolated components.
    static func components(of transform: LottieTransform) -> LottieProperty<[Double]> {
        let combined = transform.rotation.concatenated(with: transform.scale)
            .concatenated(with: transform.skew).concatenated(with: transform.skewAxis)
            .concatenated(with: transform.rotationX ?? .constant([0])).concatenated(with: transform.rotationY ?? .constant([0]))
        return combined.isAnimated ? combined.sampledAtEveryFrame() : combined
    }

    /// [r, sx, sy, sk, sa, rx, ry] as the layer transform Core Animation applies about the anchor point.
    static func matrix(_ c: [Double]) -> CATransform3D {
        let radians = { (degrees: Double) in CGFloat(degrees * .pi / 180) }
        let scale = CATransform3DMakeScale(CGFloat(c[1] / 100), CGFloat(c[2] / 100), 1)
        var shear = CATransform3DIdentity
        // Row vectors, as CATransform3D: x' = x + m21·y.
        shear.m21 = -tan(radians(c[3]))
        let axis = radians(c[4])
        let skew = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(axis, 0, 0, 1), shear),
                                       CATransform3DMakeRotation(-axis, 0, 0, 1))
        let turned = CATransform3DConcat(CATransform3DConcat(scale, skew), CATransform3DMakeRotation(radians(c[0]), 0, 0, 1))
        return CATransform3DConcat(CATransform3DConcat(turned, CATransform3DMakeRotation(radians(c[6]), 0, 1, 0)),
                                   CATransform3DMakeRotation(radians(c[5]), 1, 0, 0))
    }
}
