// Apple's CGAffineTransform, which Foundation on Linux lacks. Same fields, initialisers and methods as
// Core Graphics: a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty), i.e. the row vector
// [x y 1] times [[a b 0], [c d 0], [tx ty 1]] — the same row-vector convention as CATransform3D.
import Foundation

public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = CGAffineTransform()

    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// Positive angles turn +x toward +y (counter-clockwise in Apple's y-up spaces, clockwise on a y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`: Apple's `t1.concatenating(t2)` = t1 · t2 in row-vector form.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// Apple: "translating … the existing affine transform": the translation applies first (T · self).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse; like Core Graphics, a non-invertible transform is returned unchanged.
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Like Core Graphics: the linear part only, no translation.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the transformed corners (Core Graphics' definition).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let r = standardized
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        // The corners in the order (x0, y0), (x1, y0), (x0, y1), (x1, y1), each mapped as CGPoint.applying does,
        // and the extremes taken in that order with `<` (what Array.min() / max() did, NaN included), without
        // allocating: callers bound every layer part with this once per frame.
        let xs = (t.a * x0 + t.c * y0 + t.tx, t.a * x1 + t.c * y0 + t.tx, t.a * x0 + t.c * y1 + t.tx, t.a * x1 + t.c * y1 + t.tx)
        let ys = (t.b * x0 + t.d * y0 + t.ty, t.b * x1 + t.d * y0 + t.ty, t.b * x0 + t.d * y1 + t.ty, t.b * x1 + t.d * y1 + t.ty)
        let minX = Self.orderedMinimum(xs), minY = Self.orderedMinimum(ys)
        return CGRect(x: minX, y: minY, width: Self.orderedMaximum(xs) - minX, height: Self.orderedMaximum(ys) - minY)
    }

    /// Sequence.min()'s fold over four values: a later value replaces the result only when it is smaller.
    @inline(__always)
    static func orderedMinimum(_ v: (CGFloat, CGFloat, CGFloat, CGFloat)) -> CGFloat {
        var m = v.0
        if v.1 < m { m = v.1 }
        if v.2 < m { m = v.2 }
        if v.3 < m { m = v.3 }
        return m
    }

    /// Sequence.max()'s fold: a later value replaces the result only when the result is smaller.
    @inline(__always)
    static func orderedMaximum(_ v: (CGFloat, CGFloat, CGFloat, CGFloat)) -> CGFloat {
        var m = v.0
        if m < v.1 { m = v.1 }
        if m < v.2 { m = v.2 }
        if m < v.3 { m = v.3 }
        return m
    }
}
