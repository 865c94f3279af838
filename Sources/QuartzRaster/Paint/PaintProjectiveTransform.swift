// A 3x3 projective map (homography) between two 2-D spaces, used by every paint to go from device pixels to
// the paint's own space (gradient space, image texels).
//
// Convention: column vectors, [X Y W]ᵀ = M · [x y 1]ᵀ, result (X / W, Y / W). `m` is row-major:
// m[0] m[1] m[2] produce X, m[3] m[4] m[5] produce Y, m[6] m[7] m[8] produce W. This is SCENES.md's
// "equivalent 3x3 homography in column-vector form" [[m11, m21, m41], [m12, m22, m42], [m14, m24, m44]].
// Numbers are Double: a span evaluates each pixel directly (never by accumulation), so results do not
// depend on where a span starts.
import Foundation
import QuartzMath

/// A projective 2-D transform in column-vector form (see the file header).
package struct PaintProjectiveTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var m0, m1, m2, m3, m4, m5, m6, m7, m8: Double

    package init(
        _ m0: Double, _ m1: Double, _ m2: Double,
        _ m3: Double, _ m4: Double, _ m5: Double,
        _ m6: Double, _ m7: Double, _ m8: Double
    ) {
        self.m0 = m0; self.m1 = m1; self.m2 = m2
        self.m3 = m3; self.m4 = m4; self.m5 = m5
        self.m6 = m6; self.m7 = m7; self.m8 = m8
    }

    package static let identity = PaintProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The same map as Core Graphics' `CGAffineTransform` (x' = a·x + c·y + tx, y' = b·x + d·y + ty).
    package init(_ t: CGAffineTransform) {
        self.init(
            Double(t.a), Double(t.c), Double(t.tx),
            Double(t.b), Double(t.d), Double(t.ty),
            0, 0, 1)
    }

    package static func translation(x: Double, y: Double) -> PaintProjectiveTransform {
        PaintProjectiveTransform(1, 0, x, 0, 1, y, 0, 0, 1)
    }

    package static func scale(x: Double, y: Double) -> PaintProjectiveTransform {
        PaintProjectiveTransform(x, 0, 0, 0, y, 0, 0, 0, 1)
    }

    /// True when the bottom row is (0, 0, 1): no perspective divide is needed.
    package var isAffine: Bool { m6 == 0 && m7 == 0 && m8 == 1 }

    /// True when the map is a pure translation.
    package var isTranslation: Bool { isAffine && m0 == 1 && m1 == 0 && m3 == 0 && m4 == 1 }

    package var isFinite: Bool {
        m0.isFinite && m1.isFinite && m2.isFinite && m3.isFinite && m4.isFinite && m5.isFinite
            && m6.isFinite && m7.isFinite && m8.isFinite
    }

    /// `self` after `first`: maps p to self(first(p)).
    package func concatenating(after first: PaintProjectiveTransform) -> PaintProjectiveTransform {
        let a = self, b = first
        return PaintProjectiveTransform(
            a.m0 * b.m0 + a.m1 * b.m3 + a.m2 * b.m6, a.m0 * b.m1 + a.m1 * b.m4 + a.m2 * b.m7,
            a.m0 * b.m2 + a.m1 * b.m5 + a.m2 * b.m8,
            a.m3 * b.m0 + a.m4 * b.m3 + a.m5 * b.m6, a.m3 * b.m1 + a.m4 * b.m4 + a.m5 * b.m7,
            a.m3 * b.m2 + a.m4 * b.m5 + a.m5 * b.m8,
            a.m6 * b.m0 + a.m7 * b.m3 + a.m8 * b.m6, a.m6 * b.m1 + a.m7 * b.m4 + a.m8 * b.m7,
            a.m6 * b.m2 + a.m7 * b.m5 + a.m8 * b.m8)
    }

    /// The inverse, or nil when the map is singular or not finite. The result is scaled so that an affine
    /// input gives an affine output with m8 exactly 1.
    package func inverted() -> PaintProjectiveTransform? {
        guard isFinite else { return nil }
        // Adjugate / determinant.
        let c0 = m4 * m8 - m5 * m7, c1 = m2 * m7 - m1 * m8, c2 = m1 * m5 - m2 * m4
        let c3 = m5 * m6 - m3 * m8, c4 = m0 * m8 - m2 * m6, c5 = m2 * m3 - m0 * m5
        let c6 = m3 * m7 - m4 * m6, c7 = m1 * m6 - m0 * m7, c8 = m0 * m4 - m1 * m3
        let det = m0 * c0 + m1 * c3 + m2 * c6
        guard det != 0, det.isFinite else { return nil }
        let s = 1 / det
        var r = PaintProjectiveTransform(
            c0 * s, c1 * s, c2 * s, c3 * s, c4 * s, c5 * s, c6 * s, c7 * s, c8 * s)
        if isAffine { r.m6 = 0; r.m7 = 0; r.m8 = 1 }
        guard r.isFinite else { return nil }
        return r
    }

    /// Maps a point with the perspective divide; nil when W ≤ 0 (the point lies behind the viewer).
    package func apply(x: Double, y: Double) -> SIMD2<Double>? {
        let w = m6 * x + m7 * y + m8
        guard w > 0 else { return nil }
        return SIMD2((m0 * x + m1 * y + m2) / w, (m3 * x + m4 * y + m5) / w)
    }

    package var description: String {
        "PaintProjectiveTransform([\(m0), \(m1), \(m2)], [\(m3), \(m4), \(m5)], [\(m6), \(m7), \(m8)])"
    }
}
