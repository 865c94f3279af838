// Transforms in JSON: 16 numbers (m11 m12 … m44, row by row as CATransform3D's fields) or a list of
// operations applied in order the way CATransform3DRotate(t, …) / CATransform3DTranslate(t, …) apply to
// the transform built so far — each operation is concatenated before the previous result, so a later
// operation acts on the layer's points first (as in Swift code that chains those functions).
import Foundation
import QuartzJSON
import QuartzMath

extension SceneValueParser {
    func transform(_ json: SceneJSONValue, at path: String) -> CATransform3D? {
        guard case .array(let array) = json else {
            fail(path, .transform, json)
            return nil
        }
        if array.allSatisfy({ $0.numberValue != nil }) && !array.isEmpty {
            guard array.count == 16 else {
                diagnostics.error(path, .wrongType, "a matrix needs 16 numbers, got \(array.count)")
                return nil
            }
            return matrix(array, at: path)
        }
        var result = CATransform3DIdentity
        for (index, element) in array.enumerated() {
            let elementPath = ScenePath.index(path, index)
            guard case .object(let object) = element, object.count == 1, let (name, argument) = object.first else {
                diagnostics.error(elementPath, .wrongType,
                                  "expected one operation: {\"rotate\": [angle, x, y, z]}, {\"translate\": [x, y, z]}, {\"scale\": [x, y, z]}, {\"perspective\": d} or {\"matrix\": [16 numbers]}")
                return nil
            }
            let argumentPath = ScenePath.key(elementPath, name)
            switch name {
            case "rotate":
                guard let v = operands(argument, counts: [4], at: argumentPath, form: "[angle in radians, x, y, z]") else { return nil }
                result = CATransform3DRotate(result, v[0], v[1], v[2], v[3])
            case "translate":
                guard let v = operands(argument, counts: [2, 3], at: argumentPath, form: "[x, y] or [x, y, z]") else { return nil }
                result = CATransform3DTranslate(result, v[0], v[1], v.count == 3 ? v[2] : 0)
            case "scale":
                guard let v = operands(argument, counts: [2, 3], at: argumentPath, form: "[x, y] or [x, y, z]") else { return nil }
                result = CATransform3DScale(result, v[0], v[1], v.count == 3 ? v[2] : 1)
            case "perspective":
                guard let distance = number(argument, at: argumentPath) else { return nil }
                guard distance > 0 else {
                    diagnostics.error(argumentPath, .outOfRange, "the eye distance must be positive, got \(SceneFormat.number(distance))")
                    return nil
                }
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / distance
                result = CATransform3DConcat(perspective, result)
            case "matrix":
                guard case .array(let numbers) = argument, numbers.count == 16 else {
                    diagnostics.error(argumentPath, .wrongType, "a matrix needs 16 numbers")
                    return nil
                }
                guard let m = matrix(numbers, at: argumentPath) else { return nil }
                result = CATransform3DConcat(m, result)
            default:
                diagnostics.error(elementPath, .unknownName, "unknown transform operation \"\(name)\" (rotate, translate, scale, perspective, matrix)")
                return nil
            }
        }
        guard result.isFinite else {
            diagnostics.error(path, .outOfRange, "the transform has non-finite elements")
            return nil
        }
        return result
    }

    private func operands(_ json: SceneJSONValue, counts: [Int], at path: String, form: String) -> [CGFloat]? {
        guard case .array(let array) = json, counts.contains(array.count) else {
            diagnostics.error(path, .wrongType, "expected \(form)")
            return nil
        }
        var values: [CGFloat] = []
        for (index, element) in array.enumerated() {
            guard let value = number(element, at: ScenePath.index(path, index)) else { return nil }
            values.append(CGFloat(value))
        }
        return values
    }

    private func matrix(_ array: [SceneJSONValue], at path: String) -> CATransform3D? {
        var m: [CGFloat] = []
        for (index, element) in array.enumerated() {
            guard let value = number(element, at: ScenePath.index(path, index)) else { return nil }
            m.append(CGFloat(value))
        }
        return CATransform3D(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
            m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }
}
