// The matrices built by CAValueFunction's named functions [A: CAValueFunction.h; spec §4.2]. The layer
// model's CAValueFunction wraps these: an animation interpolates the numbers, then the function turns
// them into the CATransform3D that becomes the presentation value.
import Foundation

/// A CAValueFunction name; the raw values are Apple's strings (`kCAValueFunctionRotateZ == "rotateZ"`).
package enum TransformValueFunction: String, CaseIterable, Hashable, Sendable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// Like `+functionWithName:`, nil for an unknown name.
    package init?(name: String) { self.init(rawValue: name) }

    package var name: String { rawValue }

    /// 3 for `scale` and `translate` (x, y, z), 1 for the others.
    package var inputCount: Int {
        switch self {
        case .scale, .translate: 3
        default: 1
        }
    }

    /// The matrix for `inputs`: radians for the rotations (about the unit axis), factors for the scales,
    /// distances for the translations; the axes not named keep the identity.
    package func transform(_ inputs: [Double]) throws(TransformValueFunctionError) -> CATransform3D {
        guard inputs.count == inputCount else {
            throw .wrongInputCount(function: self, expected: inputCount, got: inputs.count)
        }
        return inputCount == 3
            ? transform(SIMD3(inputs[0], inputs[1], inputs[2]))
            : transform(SIMD3(inputs[0], inputs[0], inputs[0]))
    }

    /// Allocation-free form: a one-input function reads `inputs.x`, `scale`/`translate` read all three.
    package func transform(_ inputs: SIMD3<Double>) -> CATransform3D {
        let v = inputs.x
        switch self {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(inputs.x, inputs.y, inputs.z)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        // The header calls `translate` a "scale matrix": a documentation typo (spec §4.2).
        case .translate: return CATransform3DMakeTranslation(inputs.x, inputs.y, inputs.z)
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v)
        }
    }
}

package enum TransformValueFunctionError: Error, Hashable, Sendable, CustomStringConvertible {
    case wrongInputCount(function: TransformValueFunction, expected: Int, got: Int)

    package var description: String {
        switch self {
        case .wrongInputCount(let function, let expected, let got):
            "value function '\(function.rawValue)' takes \(expected) number\(expected == 1 ? "" : "s"), got \(got)"
        }
    }
}
