// Point and rect conversion between layers (spec §9.2) and hit testing (spec §10.2) through full 4×4
// matrices. A point of a layer's plane (z = 0 in its bounds space) reaches the root's superlayer space through
// the accumulated matrix of spec §9.3 (each normal layer flattens its subtree into its plane, a
// CATransformLayer does not); the plane maps through the 2-D homography of that 4×4 matrix (rows and columns
// 1, 2, 4), and the inverse homography unprojects a point back onto the plane: the exact intersection of the
// viewing ray with the layer's plane, perspective (m34) included.
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

    /// Apple: "Returns the farthest descendant of the layer containing point 'p'. Siblings are searched in
    /// top-to-bottom order. 'p' is defined to be in the coordinate space of the receiver's nearest ancestor
    /// that isn't a CATransformLayer" (spec §10.2). Array order decides among a normal layer's sublayers
    /// (zPosition does not); inside a CATransformLayer the front-most hit by depth wins, as the sublayers are
    /// drawn in 3-D. Hidden layers, back-facing layers that are not double sided and layers seen edge-on miss.
    func hitTestDefault(_ p: CGPoint) -> CALayer? {
        hitTest3D(p, superlayerToPlane: planeChainAboveSelf())?.layer
    }

    /// The hit below this layer for `p`, a point of the plane space (the nearest non-transform-layer
    /// ancestor's bounds space), with the hit's depth there (z of the hit point, larger is nearer the eye).
    /// `superlayerToPlane` maps the superlayer's bounds space into the plane space (identity when the
    /// superlayer is a normal layer: it is the plane).
    func hitTest3D(_ p: CGPoint, superlayerToPlane: CATransform3D, depth: Int = 0) -> (layer: CALayer, depth: Double)? {
        guard !modelValues.isHidden, depth < 10_000 else { return nil }
        let toPlane = CATransform3DConcat(transformToSuperlayerSpace(), superlayerToPlane)
        let plane = PlaneHomography(toPlane)
        if self is CATransformLayer {
            // Not drawn itself, so neither its plane nor its masksToBounds matter (SDK-CATransformLayer):
            // its sublayers keep their 3-D placement; the front-most hit wins, ties to the later sibling.
            var best: (layer: CALayer, depth: Double)?
            for sublayer in presentedSublayers.reversed() {
                guard let hit = sublayer.hitTest3D(p, superlayerToPlane: toPlane, depth: depth + 1) else { continue }
                if best == nil || hit.depth > best!.depth { best = hit }
            }
            return best
        }
        // Edge-on (no area on screen) or singular: the plane cannot be hit, nor its flattened subtree.
        guard !plane.isDegenerate, let inverse = plane.inverted, let q = inverse.apply(p) else { return nil }
        // The point must lie in front of the eye on this plane (W > 0, spec §9.3).
        guard plane.apply(q) != nil else { return nil }
        // A back face hides the whole flattened subtree when the layer is not double sided (spec §9.5).
        if !modelValues.isDoubleSided && plane.determinant < 0 { return nil }
        if modelValues.masksToBounds && !contains(q) { return nil }
        let hitDepth = Self.depth(of: q, through: toPlane)
        for sublayer in presentedSublayers.reversed() {
            if let hit = sublayer.hitTest(q) { return (hit, hitDepth) }
        }
        return contains(q) ? (self, hitDepth) : nil
    }

    /// M(L→S) for this layer (its frame transform when it has no superlayer, spec §9.2–§9.3).
    func transformToSuperlayerSpace() -> CATransform3D {
        let own = CALayer.geometry(of: modelValues)
        if let parent = superlayerReference { return own.transform(toSuperlayer: CALayer.geometry(of: parent.modelValues)) }
        return own.frameTransform
    }

    /// The superlayer's bounds space → the nearest non-transform-layer ancestor's bounds space: the chain
    /// of transform-layer ancestors, unflattened (identity when the superlayer is a normal layer).
    func planeChainAboveSelf() -> CATransform3D {
        var chain = CATransform3DIdentity
        var node = superlayerReference
        var depth = 0
        while let current = node, current is CATransformLayer, depth < 100_000 {
            chain = CATransform3DConcat(chain, current.transformToSuperlayerSpace())
            node = current.superlayerReference
            depth += 1
        }
        return chain
    }

    /// z / w of plane point `q` under `m` (the hit's depth in the plane space).
    static func depth(of q: CGPoint, through m: CATransform3D) -> Double {
        let v = SIMD4(Double(q.x), Double(q.y), 0, 1)
        let z = v.x * m.m13 + v.y * m.m23 + m.m43
        let w = v.x * m.m14 + v.y * m.m24 + m.m44
        return w > 0 ? z / w : -.infinity
    }

    // MARK: Helpers

    /// Bounds space → the root's superlayer space: the accumulated matrix of spec §9.3, flattened at every
    /// normal ancestor (a CATransformLayer passes its sublayers' depth on), so a point on the layer's plane
    /// maps to the screen exactly through this matrix's homography.
    static func matrixToWindow(_ layer: CALayer) -> CATransform3D {
        var chain: [CALayer] = []
        var node: CALayer? = layer
        while let current = node, chain.count < 100_000 {
            chain.append(current)
            node = current.superlayerReference ?? current.maskOwner
        }
        // World(root) = its frame transform; World(L) = M(L→S) · F(World(S)) (F = identity under a transform layer).
        var world = CATransform3DIdentity
        var above: CALayer?
        for current in chain.reversed() {
            let geometry = CALayer.geometry(of: current.modelValues)
            if let above {
                let local = current.maskOwner === above ? geometry.frameTransform
                    : geometry.transform(toSuperlayer: CALayer.geometry(of: above.modelValues))
                world = CATransform3DConcat(local, above is CATransformLayer ? world : world.flattened)
            } else {
                world = geometry.frameTransform
            }
            above = current
        }
        return world
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

    var determinant: Double {
        let (a, b, c, d, e, f, g, h, i) = m
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// True when the plane is seen edge-on: the determinant vanishes relative to the column lengths
    /// (Hadamard's bound), so the plane covers no area on screen (spec §9.4's −π/2 door).
    var isDegenerate: Bool {
        let (a, b, c, d, e, f, g, h, i) = m
        let bound = (a * a + d * d + g * g).squareRoot() * (b * b + e * e + h * h).squareRoot()
            * (c * c + f * f + i * i).squareRoot()
        let det = determinant
        return !(bound > 0) || !det.isFinite || abs(det) <= 1e-12 * bound
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
