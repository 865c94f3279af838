// The shared core of matrix decomposition (spec §9.6, after WebKit's decompose4 [I: WK-TM]):
// M / m44 = Scale · Skew · Rotation · Translation · Perspective, row vectors. Rotation is kept as three
// orthonormal rows here; DecomposedTransform3D turns them into a quaternion, key paths into Euler angles.
import Foundation

/// Orthonormal rows `u0, u1, u2` of a proper rotation (det = +1) in the row-vector convention.
struct RotationRows: Hashable, Sendable {
    var u0: SIMD3<Double>, u1: SIMD3<Double>, u2: SIMD3<Double>

    static let identity = RotationRows(u0: SIMD3(1, 0, 0), u1: SIMD3(0, 1, 0), u2: SIMD3(0, 0, 1))
}

/// How a mirrored upper 3×3 (negative determinant) is made a proper rotation.
enum MirrorResolution {
    /// WebKit: negate all three scales and rows (spec §9.6), used for matrix interpolation.
    case negateAll
    /// Negate the one scale (or all three) that leaves the rotation nearest the identity (largest trace),
    /// so a layer mirrored with scale.x = −1 reads scale.x = −1 and rotation 0. Used by key paths [U].
    case nearestRotation
}

/// One factorization `M / m44 = S · K · R · T · P`.
struct TransformFactors: Sendable {
    var scale: SIMD3<Double>
    /// (xy, xz, yz): row 2 gains xy·row 1; row 3 gains xz·row 1 + yz·row 2 (before scaling).
    var skew: SIMD3<Double>
    var rotation: RotationRows
    var translation: SIMD3<Double>
    /// Column 4 of P (P is the identity elsewhere); (0, 0, 0, 1) means no perspective.
    var perspective: SIMD4<Double>
    /// Set only by the tolerant factorization when the upper 3×3 is singular and the matrix has a
    /// perspective column, which then cannot be solved for: it is written back verbatim (m14, m24, m34, m44).
    var unsolvedColumn4: SIMD4<Double>?

    /// WebKit's decompose4 conditions: finite, `m44 ≠ 0`, upper 3×3 determinant ≠ 0; nil otherwise.
    static func strict(_ m: CATransform3D, mirror: MirrorResolution) -> TransformFactors? {
        guard m.isFinite, m.row4.w != 0 else { return nil }
        let n = normalised(m)
        let r0 = xyz(n.row1), r1 = xyz(n.row2), r2 = xyz(n.row3)
        let det = dot(r0, cross(r1, r2))
        guard det != 0, det.isFinite else { return nil }
        var f = orthogonalise(r0, r1, r2, zeroLength: 0, mirror: mirror)
        f.translation = xyz(n.row4)
        f.perspective = solvePerspective(n, r0, r1, r2, det: det)
        return f
    }

    /// Never fails for finite input: a singular upper 3×3 gets zero scales, with the missing rotation rows
    /// completed to the nearest axes, and an unsolvable perspective column is carried verbatim. Used where
    /// a value must be read from or written into any matrix (key paths), e.g. a layer scaled to 0.
    static func tolerant(_ m: CATransform3D) -> TransformFactors {
        if let f = strict(m, mirror: .nearestRotation) { return f }
        let n = m.row4.w != 0 && m.row4.w.isFinite ? normalised(m) : m
        let r0 = xyz(n.row1), r1 = xyz(n.row2), r2 = xyz(n.row3)
        let longest = max(length(r0), length(r1), length(r2))
        // Rows shorter than this after Gram–Schmidt are rounding residue of a dependent row: treat as zero.
        var f = orthogonalise(r0, r1, r2, zeroLength: longest * 1e-12, mirror: .nearestRotation)
        f.translation = xyz(n.row4)
        let column4 = SIMD4(n.row1.w, n.row2.w, n.row3.w, n.row4.w)
        if column4 != SIMD4(0, 0, 0, 1) { f.unsolvedColumn4 = column4 }
        return f
    }

    /// `S · K · R · T · P` (or, with an unsolved column, `S · K · R · T` with column 4 replaced).
    func composed() -> CATransform3D {
        let (l0, l1, l2) = linearRows()
        let t = translation
        if let c = unsolvedColumn4 {
            return CATransform3D(row1: SIMD4(l0, c.x), row2: SIMD4(l1, c.y), row3: SIMD4(l2, c.z), row4: SIMD4(t, c.w))
        }
        // N = [L 0; t 1] times P: columns 1–3 stay, column 4 becomes N · p.
        let p = SIMD3(perspective.x, perspective.y, perspective.z)
        return CATransform3D(
            row1: SIMD4(l0, dot(l0, p)), row2: SIMD4(l1, dot(l1, p)), row3: SIMD4(l2, dot(l2, p)),
            row4: SIMD4(t, dot(t, p) + perspective.w))
    }

    /// The rows of `S · K · R`.
    private func linearRows() -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let r = rotation
        let k1 = r.u1 + skew.x * r.u0
        let k2 = r.u2 + skew.y * r.u0 + skew.z * r.u1
        return (scale.x * r.u0, scale.y * k1, scale.z * k2)
    }

    // MARK: - Steps

    private static func normalised(_ m: CATransform3D) -> CATransform3D {
        let w = m.row4.w
        if w == 1 { return m }
        return CATransform3D(row1: m.row1 / w, row2: m.row2 / w, row3: m.row3 / w, row4: m.row4 / w)
    }

    /// M = N · P with N = [L 0; t 1], so column 4 of M is N · p and p = N⁻¹ · column 4. With
    /// N⁻¹ = [L⁻¹ 0; −t·L⁻¹ 1] and L⁻¹'s columns (r1×r2, r2×r0, r0×r1) / det this needs no 4×4 inverse.
    private static func solvePerspective(
        _ n: CATransform3D, _ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>, det: Double
    ) -> SIMD4<Double> {
        let c = SIMD3(n.row1.w, n.row2.w, n.row3.w)
        guard c != .zero else { return SIMD4(0, 0, 0, 1) }
        let p = (c.x * cross(r1, r2) + c.y * cross(r2, r0) + c.z * cross(r0, r1)) / det
        return SIMD4(p, n.row4.w - dot(xyz(n.row4), p))
    }

    /// Gram–Schmidt over the rows in order, giving scale, skew and orthonormal rows; rows whose residual
    /// is not longer than `zeroLength` get scale 0 and a rotation row completed afterwards.
    private static func orthogonalise(
        _ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>, zeroLength: Double, mirror: MirrorResolution
    ) -> TransformFactors {
        var scale = SIMD3<Double>.zero, skew = SIMD3<Double>.zero
        var u: [SIMD3<Double>?] = [nil, nil, nil]

        let s0 = length(r0)
        if s0 > zeroLength { scale.x = s0; u[0] = r0 / s0 }

        var v1 = r1
        if let a = u[0] { skew.x = dot(a, v1); v1 -= skew.x * a }
        let s1 = length(v1)
        if s1 > zeroLength { scale.y = s1; u[1] = v1 / s1; skew.x /= s1 } else { skew.x = 0 }

        var v2 = r2
        if let a = u[0] { skew.y = dot(a, v2); v2 -= skew.y * a }
        if let b = u[1] { skew.z = dot(b, v2); v2 -= skew.z * b }
        let s2 = length(v2)
        if s2 > zeroLength { scale.z = s2; u[2] = v2 / s2; skew.y /= s2; skew.z /= s2 } else { skew.y = 0; skew.z = 0 }

        var rows = completed(u)
        let mirrored = dot(rows.0, cross(rows.1, rows.2)) < 0
        if mirrored {
            if let missing = u.lastIndex(where: { $0 == nil }) {
                // A completed row carries no scale, so flipping it changes nothing in the matrix.
                if missing == 0 { rows.0 = -rows.0 } else if missing == 1 { rows.1 = -rows.1 } else { rows.2 = -rows.2 }
            } else {
                flip(&scale, &skew, &rows, mirror: mirror)
            }
        }
        return TransformFactors(
            scale: scale, skew: skew, rotation: RotationRows(u0: rows.0, u1: rows.1, u2: rows.2),
            translation: .zero, perspective: SIMD4(0, 0, 0, 1), unsolvedColumn4: nil)
    }

    /// Fills missing rows with unit vectors orthogonal to the known ones: the row's own axis if possible
    /// (so a zero scale on x leaves the rotation at the identity), else the axis with the largest residual.
    private static func completed(
        _ known: [SIMD3<Double>?]
    ) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let axes = [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)]
        var rows = known
        for i in 0..<3 where rows[i] == nil {
            var best = SIMD3<Double>.zero, bestLength = -1.0
            for k in [i, (i + 1) % 3, (i + 2) % 3] {
                var v = axes[k]
                for case let r? in rows { v -= dot(r, v) * r }
                let l = length(v)
                if l > 0.5 { best = v / l; break }  // Residual ≥ 0.5 of an axis is well-conditioned.
                if l > bestLength { best = l > 0 ? v / l : v; bestLength = l }
            }
            rows[i] = best
        }
        return (rows[0]!, rows[1]!, rows[2]!)
    }

    /// Row i is `scale_i · (u_i + Σ skew_ij · u_j)`: negating `scale_a` and `u_a` of one axis a keeps every
    /// row only if each skew pairing a with an unflipped axis is negated too (all three flipped: none).
    private static func flip(
        _ scale: inout SIMD3<Double>, _ skew: inout SIMD3<Double>,
        _ rows: inout (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), mirror: MirrorResolution
    ) {
        var choice = 3  // 3 = all three (WebKit)
        if mirror == .nearestRotation {
            let diagonal = SIMD3(rows.0.x, rows.1.y, rows.2.z)
            let trace = diagonal.sum()
            var bestTrace = -trace
            for k in 0..<3 where trace - 2 * diagonal[k] > bestTrace {
                bestTrace = trace - 2 * diagonal[k]; choice = k
            }
        }
        if choice == 0 || choice == 3 { scale.x = -scale.x; rows.0 = -rows.0 }
        if choice == 1 || choice == 3 { scale.y = -scale.y; rows.1 = -rows.1 }
        if choice == 2 || choice == 3 { scale.z = -scale.z; rows.2 = -rows.2 }
        // skew = (xy, xz, yz): the pairs (0,1), (0,2), (1,2).
        if choice == 0 { skew.x = -skew.x; skew.y = -skew.y }
        if choice == 1 { skew.x = -skew.x; skew.z = -skew.z }
        if choice == 2 { skew.y = -skew.y; skew.z = -skew.z }
    }
}

// MARK: - Small vector helpers (internal)

@inline(__always) func xyz(_ v: SIMD4<Double>) -> SIMD3<Double> { SIMD3(v.x, v.y, v.z) }
@inline(__always) func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
@inline(__always) func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
@inline(__always) func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
