// Layer placement maths of spec §9.2–9.3 as pure functions of plain values, so the layer engine and the
// compositor can call them without a layer type. Spaces: a layer's "bounds space" is the coordinate
// space of its bounds rect (bounds.origin scrolls it); matrices act on row vectors (p' = p · M).
import Foundation

/// The properties that place one layer in its superlayer, with Apple's names and defaults [A: CALayer.h].
package struct LayerGeometry: Hashable, Sendable {
    package var bounds: CGRect
    /// "The position in the superlayer that the anchor point of the layer's bounds rect is aligned to."
    package var position: CGPoint
    /// "The Z component of the layer's position in its superlayer."
    package var zPosition: CGFloat
    /// Normalised: (0, 0) is the bounds origin corner, (1, 1) the opposite corner; default (0.5, 0.5).
    package var anchorPoint: CGPoint
    /// "The Z component of the layer's anchor point (i.e. reference point for position and transform)."
    package var anchorPointZ: CGFloat
    /// "Applied to the layer relative to the anchor point of its bounds rect."
    package var transform: CATransform3D
    /// "Applied to each member of the sublayers array while rendering its contents", about this
    /// layer's anchor point (spec §9.2).
    package var sublayerTransform: CATransform3D

    package init(
        bounds: CGRect = .zero, position: CGPoint = .zero, zPosition: CGFloat = 0,
        anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5), anchorPointZ: CGFloat = 0,
        transform: CATransform3D = CATransform3DIdentity, sublayerTransform: CATransform3D = CATransform3DIdentity
    ) {
        self.bounds = bounds; self.position = position; self.zPosition = zPosition
        self.anchorPoint = anchorPoint; self.anchorPointZ = anchorPointZ
        self.transform = transform; self.sublayerTransform = sublayerTransform
    }

    /// `A = (bounds.x + anchor.x·bounds.w, bounds.y + anchor.y·bounds.h, anchorPointZ)`: the anchor point
    /// in this layer's bounds space (spec §9.2).
    package var anchorInBounds: SIMD3<Double> {
        SIMD3(Double(bounds.origin.x + anchorPoint.x * bounds.size.width),
              Double(bounds.origin.y + anchorPoint.y * bounds.size.height),
              Double(anchorPointZ))
    }

    /// `T(−A)·transform·T(P)` with `P = (position, zPosition)`: bounds space → the superlayer's bounds space
    /// before the superlayer's sublayerTransform [A; R: REV `CA::Layer::get_frame_transform`]. For a root
    /// layer this is its world matrix (spec §9.3).
    package var frameTransform: CATransform3D {
        let a = anchorInBounds
        return CATransform3DConcat(
            CATransform3DTranslate(transform, -a.x, -a.y, -a.z),
            CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// `T(−A)·sublayerTransform·T(A)`: the sublayer transform applied about this layer's anchor point,
    /// bounds origin included [R: REV; V: GS-tests conversion.m → (60, −38)]; `anchorPointZ` in the z part
    /// follows WebKit [I: WK-TML].
    package var sublayerTransformAboutAnchor: CATransform3D {
        let a = anchorInBounds
        return CATransform3DConcat(
            CATransform3DTranslate(sublayerTransform, -a.x, -a.y, -a.z), CATransform3DMakeTranslation(a.x, a.y, a.z))
    }

    /// `M(L→S) = T(−A_L)·L.transform·T(P_L)·T(−A_S)·S.sublayerTransform·T(A_S)`: maps a point of this
    /// layer's bounds space into `superlayer`'s bounds space (spec §9.2). Only the superlayer's bounds,
    /// anchor point, anchorPointZ and sublayerTransform are read.
    package func transform(toSuperlayer superlayer: LayerGeometry) -> CATransform3D {
        CATransform3DConcat(frameTransform, superlayer.sublayerTransformAboutAnchor)
    }

    /// `World(L) = M(L→S) · F(World(S))`, with F the flatten operator when the superlayer is a normal layer
    /// and the identity when it is a CATransformLayer (`superlayerFlattens: false`) (spec §9.3).
    package func worldTransform(
        superlayer: LayerGeometry, superlayerWorld: CATransform3D, superlayerFlattens: Bool = true
    ) -> CATransform3D {
        CATransform3DConcat(transform(toSuperlayer: superlayer),
                            superlayerFlattens ? superlayerWorld.flattened : superlayerWorld)
    }

    /// Apple's derived `frame`: "a function of the position, bounds, anchorPoint, and transform properties"
    /// [A: DOC-calayer/frame] — the bounding box of the transformed bounds in the superlayer (before its
    /// sublayerTransform). With the identity transform it is `position − anchor·size` by `size`.
    /// `CGRect.null` when a corner lands at or behind the eye of a perspective transform.
    package var frame: CGRect {
        // Corners relative to the anchor are formed directly (not bounds corner − A) so the identity case
        // is exact; the layer's z anchor sits at relative z = −anchorPointZ.
        let w = Double(bounds.size.width), h = Double(bounds.size.height)
        let ax = Double(anchorPoint.x) * w, ay = Double(anchorPoint.y) * h
        if CATransform3DIsIdentity(transform) {
            return CGRect(x: Double(position.x) - ax, y: Double(position.y) - ay, width: w, height: h)
        }
        let placed = CATransform3DConcat(
            CATransform3DTranslate(transform, 0, 0, -anchorPointZ),
            CATransform3DMakeTranslation(position.x, position.y, zPosition))
        let relative = CGRect(x: -ax, y: -ay, width: w, height: h)
        return placed.projectedBoundingBox(of: relative) ?? .null
    }
}
