// Points through a CATransform3D (row vectors: (x, y, z, w) · M), 2-D projection and flattening
// [spec §9.3]. Not Apple API: engine helpers for conversion, hit testing and the compositor.
import Foundation

extension CATransform3D {
    /// The homogeneous row vector `point · self`.
    @inlinable public func applied(to point: SIMD4<Double>) -> SIMD4<Double> {
        point.x * row1 + point.y * row2 + point.z * row3 + point.w * row4
    }

    /// `(x, y, z, 1) · self`: the point before the perspective divide.
    @inlinable public func homogeneousPoint(x: Double, y: Double, z: Double = 0) -> SIMD4<Double> {
        x * row1 + y * row2 + z * row3 + row4
    }

    /// The 2-D image `(X/W, Y/W)` of a point of the plane z = 0, or nil when `W ≤ 0` (at or behind the eye:
    /// such points must be clipped, spec §9.3) or the result is not finite.
    public func projectedPoint(_ point: CGPoint) -> CGPoint? {
        let h = homogeneousPoint(x: Double(point.x), y: Double(point.y))
        guard h.w > 0 else { return nil }
        let x = h.x / h.w, y = h.y / h.w
        guard x.isFinite, y.isFinite else { return nil }
        return CGPoint(x: x, y: y)
    }

    /// The smallest rectangle holding the projected corners of `rect` (how `convertRect:` maps a
    /// rectangle, spec §9.2), or nil when `rect` is null or infinite or a corner cannot be projected.
    public func projectedBoundingBox(of rect: CGRect) -> CGRect? {
        guard !rect.isNull, !rect.isInfinite else { return nil }
        let r = rect.standardized
        guard let p0 = projectedPoint(CGPoint(x: r.minX, y: r.minY)),
              let p1 = projectedPoint(CGPoint(x: r.maxX, y: r.minY)),
              let p2 = projectedPoint(CGPoint(x: r.maxX, y: r.maxY)),
              let p3 = projectedPoint(CGPoint(x: r.minX, y: r.maxY))
        else { return nil }
        let minX = min(p0.x, p1.x, p2.x, p3.x), maxX = max(p0.x, p1.x, p2.x, p3.x)
        let minY = min(p0.y, p1.y, p2.y, p3.y), maxY = max(p0.y, p1.y, p2.y, p3.y)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The flatten operator F of spec §9.3: row 3 and column 3 zeroed, then `m33 = 1`. A normal layer
    /// projects its subtree into its own plane with it; a CATransformLayer does not
    /// [A: CATransformLayer.h "do not project (i.e. flatten) their sublayers into the plane at Z=0"].
    @inlinable public var flattened: CATransform3D {
        // Element copies rather than a multiply by (1, 1, 0, 1), which would turn an infinite z into NaN.
        CATransform3D(
            row1: SIMD4(row1.x, row1.y, 0, row1.w), row2: SIMD4(row2.x, row2.y, 0, row2.w),
            row3: SIMD4(0, 0, 1, 0), row4: SIMD4(row4.x, row4.y, 0, row4.w))
    }
}
