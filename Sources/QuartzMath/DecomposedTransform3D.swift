// A CATransform3D split into scale, skew, rotation (unit quaternion), translation and perspective so that
// `transform` animations can interpolate the parts (spec §9.6; WebKit's decompose4/recompose4 [I: WK-TM]).
// Not Apple API: Core Animation's own decomposition is private [U].
import Foundation

/// `M / m44 = Scale · Skew · Rotation · Translation · Perspective` (row vectors: scale applies first).
package struct DecomposedTransform3D: Hashable, Sendable {
    /// Scale along x, y, z. A mirroring matrix has all three negated (WebKit's rule).
    package var scale: SIMD3<Double>
    /// Shear factors (xy, xz, yz): the y row gains xy·x, the z row gains xz·x + yz·y.
    package var skew: SIMD3<Double>
    /// Unit quaternion (x, y, z, w). A rotation by θ about the unit axis a is (a·sin(θ/2), cos(θ/2)), with
    /// the sense of CATransform3DMakeRotation (about +z, +x turns toward +y).
    package var quaternion: SIMD4<Double>
    package var translation: SIMD3<Double>
    /// Column 4 of the perspective matrix (identity elsewhere); (0, 0, 0, 1) when there is no perspective.
    package var perspective: SIMD4<Double>

    package init(
        scale: SIMD3<Double> = SIMD3(1, 1, 1), skew: SIMD3<Double> = .zero,
        quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1), translation: SIMD3<Double> = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1)
    ) {
        self.scale = scale; self.skew = skew; self.quaternion = quaternion
        self.translation = translation; self.perspective = perspective
    }

    /// Decomposes `m`; nil when it cannot be (WebKit's conditions: `m44 = 0`, a singular upper 3×3, or
    /// non-finite elements). Such matrices are not interpolated but snapped (spec §9.6).
    package init?(_ m: CATransform3D) {
        guard let f = TransformFactors.strict(m, mirror: .negateAll) else { return nil }
        self.init(
            scale: f.scale, skew: f.skew, quaternion: Self.quaternion(of: f.rotation),
            translation: f.translation, perspective: f.perspective)
    }

    /// `Scale · Skew · Rotation · Translation · Perspective`; the quaternion is normalised first.
    package func recomposed() -> CATransform3D {
        TransformFactors(
            scale: scale, skew: skew, rotation: Self.rotationRows(of: quaternion), translation: translation,
            perspective: perspective, unsolvedColumn4: nil
        ).composed()
    }

    // MARK: - Quaternion ⇄ rotation rows

    /// Shepperd's method: branch on the largest of the trace and the diagonal so the square root is of a
    /// number ≥ 1 and the divisions are well-conditioned. The rows are Mᵀ of the column-vector matrix.
    static func quaternion(of r: RotationRows) -> SIMD4<Double> {
        let m11 = r.u0.x, m12 = r.u0.y, m13 = r.u0.z
        let m21 = r.u1.x, m22 = r.u1.y, m23 = r.u1.z
        let m31 = r.u2.x, m32 = r.u2.y, m33 = r.u2.z
        let trace = m11 + m22 + m33
        let q: SIMD4<Double>
        if trace >= m11, trace >= m22, trace >= m33 {
            let s = 2 * (1 + trace).squareRoot()  // s = 4w
            q = SIMD4((m23 - m32) / s, (m31 - m13) / s, (m12 - m21) / s, s / 4)
        } else if m11 >= m22, m11 >= m33 {
            let s = 2 * (1 + m11 - m22 - m33).squareRoot()  // s = 4x
            q = SIMD4(s / 4, (m12 + m21) / s, (m13 + m31) / s, (m23 - m32) / s)
        } else if m22 >= m33 {
            let s = 2 * (1 + m22 - m11 - m33).squareRoot()  // s = 4y
            q = SIMD4((m12 + m21) / s, s / 4, (m23 + m32) / s, (m31 - m13) / s)
        } else {
            let s = 2 * (1 + m33 - m11 - m22).squareRoot()  // s = 4z
            q = SIMD4((m13 + m31) / s, (m23 + m32) / s, s / 4, (m12 - m21) / s)
        }
        // One sign convention (w ≥ 0) so equal rotations give equal quaternions.
        return q.w < 0 ? -q : q
    }

    /// Rows of the rotation matrix of `q` (normalised; a zero or non-finite quaternion gives the identity).
    static func rotationRows(of q: SIMD4<Double>) -> RotationRows {
        let n2 = (q * q).sum()
        guard n2 > 0, n2.isFinite else { return .identity }
        let u = n2 == 1 ? q : q / n2.squareRoot()
        let x = u.x, y = u.y, z = u.z, w = u.w
        return RotationRows(
            u0: SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            u1: SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            u2: SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }
}
