// Point and rect conversion between layers (spec §9.2) and hit testing (spec §10.2). Points on a layer's
// plane map through the 2-D homography of its 4×4 matrix (rows and columns 1, 2, 4), which is the exact
// intersection with the z = 0 plane under Core Animation's orthographic view.
import Foundation
import QuartzMath

extension CALayer {
    // MARK: Conversion

    /// Apple: converts `p` from `l`'s coordinate space (the root's superlayer space when nil) to this layer's.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        let toWindow = l.map { CALayer.matrixToWindow($0) } ?? CATransform3DIdentity
        let fromWindow = CALayer.matrixToWindow(self)
        return CALayer.mapPoint(p, through: toWindow, thenInverseOf: fromWindow) ?? p
    }

    /// Apple: converts `p` from this layer's coordinate space to `l`'s (the root's superlayer space when nil).
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        let toWindow = CALayer.matrixToWindow(self)
        let fromWindow = l.map { CALayer.matrixToWindow($0) } ?? CATransform3DIdentity
        return CALayer.mapPoint(p, through: toWindow, thenInverseOf: fromWindow) ?? p
    }

    /// Apple: converts `r` from `l`'s space; the result is the bounding box of the four mapped corners [V].
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        CALayer.boundingBox(of: r) { convert($0, from: l) }
    }

    /// Apple: converts `r` to `l`'s space as the bounding box of the four mapped corners [V].
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        CALayer.boundingBox(of: r) { convert($0, to: l) }
    }

    // MARK: Hit testing

    /// Apple: "Returns true if the bounds of the layer contains point 'p'" (own space; min edges
    /// inclusive, max edges exclusive, spec §10.2).
    func containsDefault(_ p: CGPoint) -> Bool {
        let b = modelValues.bounds.standardized
        return p.x >= b.minX && p.x < b.maxX && p.y >= b.minY && p.y < b.maxY
    }

    /// Apple: the farthest descendant containing `p` (in the superlayer's space), siblings searched top to
    /// bottom in array order — zPosition does not matter — pruned only by `masksToBounds`; hidden layers
    /// and their subtrees are skipped (spec §10.2). Use it on `presentation()` for moving layers.
    func hitTestDefault(_ p: CGPoint) -> CALayer? {
        guard !modelValues.isHidden else { return nil }
        let superGeometry = superlayerReference.map { CALayer.geometry(of: $0.modelValues) }
        let ownGeometry = CALayer.geometry(of: modelValues)
        let toSuper = superGeometry.map { ownGeometry.transform(toSuperlayer: $0) } ?? ownGeometry.frameTransform
        guard let q = CALayer.mapPoint(p, through: CATransform3DIdentity, thenInverseOf: toSuper) else { return nil }
        if modelValues.masksToBounds && !contains(q) { return nil }
        for sublayer in sublayerList.reversed() {
            if let hit = sublayer.hitTest(q) { return hit }
        }
        // A transform layer is never the answer itself (SDK-CATransformLayer).
        if self is CATransformLayer { return nil }
        return contains(q) ? self : nil
    }

    // MARK: Helpers

    /// Bounds space → the root's superlayer space, without flattening (conversions stay on each plane).
    static func matrixToWindow(_ layer: CALayer) -> CATransform3D {
        var matrix = CATransform3DIdentity
        var node: CALayer? = layer
        var depth = 0
        while let current = node, depth < 100_000 {
            let geometry = geometry(of: current.modelValues)
            if let parent = current.superlayerReference {
                matrix = CATransform3DConcat(matrix, geometry.transform(toSuperlayer: CALayer.geometry(of: parent.modelValues)))
            } else if let owner = current.maskOwner {
                matrix = CATransform3DConcat(matrix, geometry.frameTransform)
                node = owner
                depth += 1
                continue
            } else {
                matrix = CATransform3DConcat(matrix, geometry.frameTransform)
            }
            node = current.superlayerReference
            depth += 1
        }
        return matrix
    }

    /// `p · first`, then through the inverse of `second`, on the z = 0 planes. Nil when singular or behind the eye.
    static func mapPoint(_ p: CGPoint, through first: CATransform3D, thenInverseOf second: CATransform3D) -> CGPoint? {
        let h1 = PlaneHomography(first), h2 = PlaneHomography(second)
        guard let window = h1.apply(p), let inverse = h2.inverted else { return nil }
        return inverse.apply(window)
    }

    static func boundingBox(of rect: CGRect, mapping: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ].map(mapping)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// The 3×3 homography of a plane z = 0 under a row-vector 4×4 matrix: `(x, y, 1) · H = (X, Y, W)`.
struct PlaneHomography {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ t: CATransform3D) {
        m = (Double(t.m11), Double(t.m12), Double(t.m14),
             Double(t.m21), Double(t.m22), Double(t.m24),
             Double(t.m41), Double(t.m42), Double(t.m44))
    }

    init(raw: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { m = raw }

    func apply(_ p: CGPoint) -> CGPoint? {
        let x = Double(p.x), y = Double(p.y)
        let X = x * m.0 + y * m.3 + m.6
        let Y = x * m.1 + y * m.4 + m.7
        let W = x * m.2 + y * m.5 + m.8
        // W ≤ 0 is behind the eye (spec §9.3).
        guard W > 1e-12, X.isFinite, Y.isFinite else { return nil }
        return CGPoint(x: X / W, y: Y / W)
    }

    var inverted: PlaneHomography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let s = 1 / det
        return PlaneHomography(raw: (
            A * s, -(b * i - c * h) * s, (b * f - c * e) * s,
            B * s, (a * i - c * g) * s, -(a * f - c * d) * s,
            C * s, -(a * h - b * g) * s, (a * e - b * d) * s))
    }
}
