// The virtual key paths of a CATransform3D property (`transform.rotation.z`, `transform.scale`, …)
// [A: Core Animation Programming Guide, "CATransform3D key paths"; spec §4.1]. Reads decompose the matrix;
// writes replace one component of the decomposition and recompose, keeping the others [I: MIRAI] —
// the animated quantity is the scalar, so `rotation.z` from 0 to 2π makes a full turn.
import Foundation

/// A key path below a CATransform3D property, e.g. the `rotation.z` of `transform.rotation.z`.
package enum TransformKeyPath: String, CaseIterable, Hashable, Sendable {
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    /// "Identical to setting the rotation.z field."
    case rotation = "rotation"
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    /// "The average of all three scale factors"; writing it sets all three.
    case scale = "scale"
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    /// A CGSize (x, y), the only non-scalar field.
    case translation = "translation"

    /// False only for `translation`, whose value is a CGSize.
    package var isScalar: Bool { self != .translation }
}

/// The value of a transform key path: a number, or a size for `translation`.
package enum TransformKeyPathValue: Hashable, Sendable {
    case number(Double)
    case size(CGSize)
}

package enum TransformKeyPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A number was given for `translation`, or a size for a scalar key path.
    case valueKindMismatch(TransformKeyPath)

    package var description: String {
        switch self {
        case .valueKindMismatch(let keyPath):
            keyPath.isScalar
                ? "transform key path '\(keyPath.rawValue)' takes a number, not a size"
                : "transform key path '\(keyPath.rawValue)' takes a CGSize (x, y), not a number"
        }
    }
}

extension CATransform3D {
    /// The value of `keyPath` (spec §4.1): translation = (m41, m42, m43) / m44; scale and rotation from the
    /// decomposition — scale factors are the Gram–Schmidt row lengths (the plain row lengths unless the
    /// matrix skews), a mirrored axis reads negative, rotation is the Euler angles of R = Rx·Ry·Rz.
    package func value(for keyPath: TransformKeyPath) -> TransformKeyPathValue {
        let f = TransformFactors.tolerant(self)
        switch keyPath {
        case .translation: return .size(CGSize(width: f.translation.x, height: f.translation.y))
        case .translationX: return .number(f.translation.x)
        case .translationY: return .number(f.translation.y)
        case .translationZ: return .number(f.translation.z)
        case .scaleX: return .number(f.scale.x)
        case .scaleY: return .number(f.scale.y)
        case .scaleZ: return .number(f.scale.z)
        case .scale: return .number(f.scale.sum() / 3)
        case .rotationX: return .number(EulerAngles(f.rotation).x)
        case .rotationY: return .number(EulerAngles(f.rotation).y)
        case .rotationZ, .rotation: return .number(EulerAngles(f.rotation).z)
        }
    }

    /// The number at a scalar key path such as `"rotation.z"` or `"scale"` (without the property name);
    /// nil for `"translation"` (a size) and for unknown key paths.
    package func value(forTransformKeyPath keyPath: String) -> Double? {
        guard let k = TransformKeyPath(rawValue: keyPath), case .number(let v) = value(for: k) else { return nil }
        return v
    }

    /// `self` with the component at `keyPath` replaced by `value` and the other components kept.
    /// Non-finite input is returned unchanged (there are no components to keep).
    package func setting(
        _ value: TransformKeyPathValue, for keyPath: TransformKeyPath
    ) throws(TransformKeyPathError) -> CATransform3D {
        let number: Double, size: CGSize
        switch (value, keyPath.isScalar) {
        case (.number(let n), true): number = n; size = .zero
        case (.size(let s), false): number = 0; size = s
        default: throw .valueKindMismatch(keyPath)
        }
        guard isFinite else { return self }
        var f = TransformFactors.tolerant(self)
        switch keyPath {
        case .translation: f.translation.x = Double(size.width); f.translation.y = Double(size.height)
        case .translationX: f.translation.x = number
        case .translationY: f.translation.y = number
        case .translationZ: f.translation.z = number
        case .scaleX: f.scale.x = number
        case .scaleY: f.scale.y = number
        case .scaleZ: f.scale.z = number
        case .scale: f.scale = SIMD3(repeating: number)
        case .rotationX, .rotationY, .rotationZ, .rotation:
            var e = EulerAngles(f.rotation)
            switch keyPath {
            case .rotationX: e.x = number
            case .rotationY: e.y = number
            default: e.z = number
            }
            f.rotation = e.rotationRows
        }
        return f.composed()
    }

    /// Scalar convenience for `setting(_:for:)`; nil for unknown key paths and for `"translation"`.
    package func setting(_ value: Double, forTransformKeyPath keyPath: String) -> CATransform3D? {
        guard let k = TransformKeyPath(rawValue: keyPath), k.isScalar else { return nil }
        return try? setting(.number(value), for: k)
    }
}

/// Rotation about x, then y, then z (row vectors: R = Rx(x) · Ry(y) · Rz(z)), the convention whose
/// extraction is `x = atan2(r23, r33)`, `y = atan2(−r13, √(r23² + r33²))`, `z = atan2(r12, r11)`
/// (spec §4.1 [I: MIRAI] [U: Apple's exact convention]).
struct EulerAngles: Hashable, Sendable {
    var x: Double, y: Double, z: Double

    init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }

    init(_ r: RotationRows) {
        let cosY = (r.u1.z * r.u1.z + r.u2.z * r.u2.z).squareRoot()
        y = atan2(-r.u0.z, cosY)
        if cosY > 1e-8 {
            x = atan2(r.u1.z, r.u2.z)
            z = atan2(r.u0.y, r.u0.x)
        } else {
            // Gimbal lock (y = ±90°): only x ∓ z is defined; put it all in x. There r21 = sin y·sin(x ∓ z)
            // and r22 = cos(x ∓ z); below 1e-8 this is more accurate than the general formula.
            z = 0
            x = atan2(-r.u0.z * r.u1.x, r.u1.y)
        }
    }

    var rotationRows: RotationRows {
        let sx = sin(x), cx = cos(x), sy = sin(y), cy = cos(y), sz = sin(z), cz = cos(z)
        return RotationRows(
            u0: SIMD3(cy * cz, cy * sz, -sy),
            u1: SIMD3(sx * sy * cz - cx * sz, sx * sy * sz + cx * cz, sx * cy),
            u2: SIMD3(cx * sy * cz + sx * sz, cx * sy * sz - sx * cz, cx * cy))
    }
}
