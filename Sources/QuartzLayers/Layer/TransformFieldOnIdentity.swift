// Transform key paths ("transform.rotation.z", …) on an identity underlying transform: the common case of
// a spinner or a zoom on a layer without a model transform. Reading or replacing one component of a matrix
// otherwise decomposes it every frame (spec §4.1); for the identity the factors are known (translation 0,
// scale 1, no rotation, skew or perspective), so the result is built directly. Matrices are row-vector
// CATransform3Ds in Double, as everywhere in the engine.
import Foundation
import QuartzMath

extension TransformKeyPath {
    /// `CATransform3DIdentity.setting(value, for: self)`: the identity with one component replaced, the
    /// rotation rows those of `R = Rx(x)·Ry(y)·Rz(z)` with the other two angles zero (spec §4.1).
    /// Nil when the value's kind does not fit the key path or is not finite.
    func matrixReplacingIdentityComponent(with value: LayerValue) -> CATransform3D? {
        var matrix = CATransform3DIdentity
        switch (self, value) {
        case (.translation, .size(let size)):
            guard size.width.isFinite, size.height.isFinite else { return nil }
            matrix.row4 = SIMD4(Double(size.width), Double(size.height), 0, 1)
            return matrix
        case (.translation, _):
            return nil
        case (_, .number(let number)) where number.isFinite:
            switch self {
            case .translationX: matrix.row4.x = number
            case .translationY: matrix.row4.y = number
            case .translationZ: matrix.row4.z = number
            case .scaleX: matrix.row1.x = number
            case .scaleY: matrix.row2.y = number
            case .scaleZ: matrix.row3.z = number
            case .scale:
                matrix.row1.x = number
                matrix.row2.y = number
                matrix.row3.z = number
            case .rotationX:
                let s = sin(number), c = cos(number)
                matrix.row2 = SIMD4(0, c, s, 0)
                matrix.row3 = SIMD4(0, -s, c, 0)
            case .rotationY:
                let s = sin(number), c = cos(number)
                matrix.row1 = SIMD4(c, 0, -s, 0)
                matrix.row3 = SIMD4(s, 0, c, 0)
            case .rotationZ, .rotation:
                let s = sin(number), c = cos(number)
                matrix.row1 = SIMD4(c, s, 0, 0)
                matrix.row2 = SIMD4(-s, c, 0, 0)
            case .translation:
                return nil
            }
            return matrix
        default:
            return nil
        }
    }
}
