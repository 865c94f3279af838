// Apple's CATransform3D C functions with their Swift signatures, defined for row vectors (p' = p · M)
// exactly as spec §9.1 [A: CATransform3D.h; V: GS-tests CATransform3D/catransform3d.m, affine.m].
// The products are written as broadcast-multiply-add on SIMD4<Double> rows with plain `*` and `+`:
// `addingProduct` would become a per-lane `fma` libcall on baseline x86-64 (SSE2) builds.
import Foundation

/// `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D(
    row1: SIMD4(1, 0, 0, 0), row2: SIMD4(0, 1, 0, 0), row3: SIMD4(0, 0, 1, 0), row4: SIMD4(0, 0, 0, 1))

/// Exact comparison with the identity.
@inlinable public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// Exact, element-by-element equality.
@inlinable public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// `[1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]`.
@inlinable public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(
        row1: SIMD4(1, 0, 0, 0), row2: SIMD4(0, 1, 0, 0), row3: SIMD4(0, 0, 1, 0),
        row4: SIMD4(Double(tx), Double(ty), Double(tz), 1))
}

/// `[sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1]`.
@inlinable public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(
        row1: SIMD4(Double(sx), 0, 0, 0), row2: SIMD4(0, Double(sy), 0, 0),
        row3: SIMD4(0, 0, Double(sz), 0), row4: SIMD4(0, 0, 0, 1))
}

/// Rotation by `angle` radians about the axis `(x, y, z)` (normalised here). Apple: "If the vector has
/// length zero, this function returns the identity transform." Positive angles about +z turn +x toward +y.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    // Pre-scaling by the largest component keeps huge or tiny axes from overflowing when squared; a NaN
    // or infinite axis has no direction and, like the zero axis, gives the identity.
    let raw = SIMD3(Double(x), Double(y), Double(z))
    guard raw * 0 == .zero else { return CATransform3DIdentity }  // x·0 is NaN only for NaN or ±inf
    let largest = max(abs(raw.x), abs(raw.y), abs(raw.z))
    guard largest > 0 else { return CATransform3DIdentity }
    let axis = raw / largest
    let lengthSquared = (axis * axis).sum()
    // An axis that is already unit length is used as is, so exact inputs give exact sines and cosines.
    let u = lengthSquared == 1 ? axis : axis / lengthSquared.squareRoot()
    let c = cos(Double(angle)), s = sin(Double(angle)), t = 1 - c
    // Spec §9.1: m11 = t·x² + c, m12 = t·x·y + s·z, m13 = t·x·z − s·y, … (the transpose of the
    // column-vector Rodrigues matrix, because CATransform3D multiplies row vectors).
    return CATransform3D(
        row1: SIMD4(t * u.x * u.x + c, t * u.x * u.y + s * u.z, t * u.x * u.z - s * u.y, 0),
        row2: SIMD4(t * u.x * u.y - s * u.z, t * u.y * u.y + c, t * u.y * u.z + s * u.x, 0),
        row3: SIMD4(t * u.x * u.z + s * u.y, t * u.y * u.z - s * u.x, t * u.z * u.z + c, 0),
        row4: SIMD4(0, 0, 0, 1))
}

/// `a · b`: "Concatenate 'b' to 'a' and return the result: t' = a * b" — `a` applies first.
@inlinable public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    // Row i of a·b = Σ_k a[i][k] · (row k of b): four broadcast multiply-adds per row.
    @inline(__always) func row(_ r: SIMD4<Double>) -> SIMD4<Double> {
        r.x * b.row1 + r.y * b.row2 + r.z * b.row3 + r.w * b.row4
    }
    return CATransform3D(row1: row(a.row1), row2: row(a.row2), row3: row(a.row3), row4: row(a.row4))
}

/// `translate(tx, ty, tz) · t`: the translation applies first, in `t`'s input space.
@inlinable public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    var r = t
    // T · t only changes row 4: (tx, ty, tz, 1) · t.
    r.row4 = Double(tx) * t.row1 + Double(ty) * t.row2 + Double(tz) * t.row3 + t.row4
    return r
}

/// `scale(sx, sy, sz) · t`: rows 1…3 of `t` scaled.
@inlinable public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    CATransform3D(row1: Double(sx) * t.row1, row2: Double(sy) * t.row2, row3: Double(sz) * t.row3, row4: t.row4)
}

/// `rotation(angle, x, y, z) · t`. Apple leaves a zero axis undefined; here the rotation is then the
/// identity (as in CATransform3DMakeRotation), so `t` comes back unchanged.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse. Apple: "Returns the original matrix if 't' has no inverse." Here that means a zero or
/// non-finite determinant, or an inverse that overflows; no tolerance is applied to tiny determinants.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    let a = t.row1, b = t.row2, c = t.row3, d = t.row4
    // 2×2 minors of rows 1–2 (s*) and rows 3–4 (k*); det = Laplace expansion over the pairs.
    let s0 = a.x * b.y - b.x * a.y, s1 = a.x * b.z - b.x * a.z, s2 = a.x * b.w - b.x * a.w
    let s3 = a.y * b.z - b.y * a.z, s4 = a.y * b.w - b.y * a.w, s5 = a.z * b.w - b.z * a.w
    let k5 = c.z * d.w - d.z * c.w, k4 = c.y * d.w - d.y * c.w, k3 = c.y * d.z - d.y * c.z
    let k2 = c.x * d.w - d.x * c.w, k1 = c.x * d.z - d.x * c.z, k0 = c.x * d.y - d.x * c.y
    let det = s0 * k5 - s1 * k4 + s2 * k3 + s3 * k2 - s4 * k1 + s5 * k0
    guard det != 0, det.isFinite else { return t }
    let r = 1 / det
    let inverse = CATransform3D(
        row1: r * SIMD4(
            b.y * k5 - b.z * k4 + b.w * k3, -a.y * k5 + a.z * k4 - a.w * k3,
            d.y * s5 - d.z * s4 + d.w * s3, -c.y * s5 + c.z * s4 - c.w * s3),
        row2: r * SIMD4(
            -b.x * k5 + b.z * k2 - b.w * k1, a.x * k5 - a.z * k2 + a.w * k1,
            -d.x * s5 + d.z * s2 - d.w * s1, c.x * s5 - c.z * s2 + c.w * s1),
        row3: r * SIMD4(
            b.x * k4 - b.y * k2 + b.w * k0, -a.x * k4 + a.y * k2 - a.w * k0,
            d.x * s4 - d.y * s2 + d.w * s0, -c.x * s4 + c.y * s2 - c.w * s0),
        row4: r * SIMD4(
            -b.x * k3 + b.y * k1 - b.z * k0, a.x * k3 - a.y * k1 + a.z * k0,
            -d.x * s3 + d.y * s1 - d.z * s0, c.x * s3 - c.y * s1 + c.z * s0))
    return inverse.isFinite ? inverse : t
}

/// `m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty`, the rest identity (so `m33 = m44 = 1`).
@inlinable public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        row1: SIMD4(Double(m.a), Double(m.b), 0, 0), row2: SIMD4(Double(m.c), Double(m.d), 0, 0),
        row3: SIMD4(0, 0, 1, 0), row4: SIMD4(Double(m.tx), Double(m.ty), 0, 1))
}

/// True iff `m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0` and `m33 = m44 = 1` (exact) [spec §9.1].
@inlinable public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.row1.z == 0 && t.row1.w == 0 && t.row2.z == 0 && t.row2.w == 0
        && t.row3 == SIMD4(0, 0, 1, 0) && t.row4.z == 0 && t.row4.w == 1
}

/// `(m11, m12, m21, m22, m41, m42)`. Apple: undefined when `t` is not affine; the other elements are ignored.
@inlinable public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.row1.x, b: t.row1.y, c: t.row2.x, d: t.row2.y, tx: t.row4.x, ty: t.row4.y)
}
