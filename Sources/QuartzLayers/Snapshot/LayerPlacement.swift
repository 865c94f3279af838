// The placement matrices of spec §9.2 read straight from a layer's property state, without building a
// `LayerGeometry` value first (that copy of two 4×4 matrices per layer per frame showed in profiles).
// The operations are `LayerGeometry.frameTransform` / `sublayerTransformAboutAnchor`'s, in the same
// order, so the results are bit-identical to them. Matrices are row-vector CATransform3Ds.
import Foundation
import QuartzMath

enum LayerPlacement {
    /// `A`, the anchor point in the layer's bounds space (`LayerGeometry.anchorInBounds`).
    @inline(__always)
    static func anchor(of p: borrowing LayerProperties) -> SIMD3<Double> {
        SIMD3(Double(p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width),
              Double(p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height),
              p.anchorPointZ)
    }

    /// `T(−A)·transform·T(P)`: bounds space → the superlayer's bounds space before its sublayerTransform.
    @inline(__always)
    static func frameTransform(of p: borrowing LayerProperties) -> CATransform3D {
        let a = anchor(of: p)
        return CATransform3DConcat(
            CATransform3DTranslate(p.transform, -a.x, -a.y, -a.z),
            CATransform3DMakeTranslation(p.position.x, p.position.y, p.zPosition))
    }

    /// `T(−A)·sublayerTransform·T(A)`: the basis the sublayers are placed in.
    @inline(__always)
    static func sublayerBasis(of p: borrowing LayerProperties) -> CATransform3D {
        let a = anchor(of: p)
        return CATransform3DConcat(
            CATransform3DTranslate(p.sublayerTransform, -a.x, -a.y, -a.z), CATransform3DMakeTranslation(a.x, a.y, a.z))
    }
}
