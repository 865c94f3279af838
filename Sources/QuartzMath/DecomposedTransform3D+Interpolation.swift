// Interpolation of transforms for `transform`/`sublayerTransform` animations (spec §2.4, §9.6): decompose
// both ends, interpolate scale, skew, translation and perspective linearly, slerp the rotation along the
// shorter arc, recompose. Fractions outside 0…1 extrapolate (spring overshoot).
import Foundation

extension DecomposedTransform3D {
    /// The parts at `fraction` between `self` (0) and `other` (1).
    public func interpolated(to other: DecomposedTransform3D, fraction: Double) -> DecomposedTransform3D {
        let t = fraction
        return DecomposedTransform3D(
            scale: scale + (other.scale - scale) * t,
            skew: skew + (other.skew - skew) * t,
            quaternion: Self.slerp(quaternion, other.quaternion, fraction: t),
            translation: translation + (other.translation - translation) * t,
            perspective: perspective + (other.perspective - perspective) * t)
    }

    /// Spherical interpolation of unit quaternions along the shorter arc: `b` is negated when `a·b < 0`
    /// (q and −q are the same rotation), so identity → RotZ(270°) turns through −45° at 0.5 (spec §4.1, §9.6).
    /// The angle between them is `2·atan2(|a − b|, |a + b|)`, accurate even for nearly equal quaternions
    /// where `acos(a·b)` loses half its digits.
    public static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, fraction t: Double) -> SIMD4<Double> {
        let aLength = (a * a).sum().squareRoot(), bLength = (b * b).sum().squareRoot()
        guard aLength > 0, bLength > 0 else { return SIMD4(0, 0, 0, 1) }
        let p = a / aLength
        var q = b / bLength
        if (p * q).sum() < 0 { q = -q }
        let d = p - q, s = p + q
        let theta = 2 * atan2((d * d).sum().squareRoot(), (s * s).sum().squareRoot())  // angle between p and q
        let sinTheta = sin(theta)
        let wp: Double, wq: Double
        if sinTheta == 0 {
            wp = 1 - t; wq = t  // Equal quaternions: any weights summing to 1 give the same point.
        } else {
            wp = sin((1 - t) * theta) / sinTheta; wq = sin(t * theta) / sinTheta
        }
        let r = wp * p + wq * q
        let n = (r * r).sum().squareRoot()
        return n > 0 ? r / n : p
    }
}

extension CATransform3D {
    /// The transform at `fraction` between `from` and `to` by decomposition (spec §9.6). Not an Apple
    /// function. Exactly `from` at 0 and `to` at 1; when either end cannot be decomposed (singular, `m44 = 0`,
    /// non-finite) the result snaps: `from` below 0.5, `to` from 0.5 on (WebKit's rule).
    public static func interpolated(from: CATransform3D, to: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        guard fraction.isFinite, let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) else {
            return fraction < 0.5 ? from : to
        }
        return a.interpolated(to: b, fraction: fraction).recomposed()
    }
}
