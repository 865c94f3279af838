// Structure fields reached through key paths (CAPG-KVC "Key Path Support for Structures"):
// CGPoint `x y`, CGSize `width height`, CGRect `origin origin.x origin.y size size.width size.height`.
import Foundation
import QuartzMath

extension LayerValue {
    /// The field named by `path` (dot-separated), or nil when this value has no such field.
    func component(_ path: ArraySlice<Substring>) -> LayerValue? {
        guard let first = path.first else { return self }
        let rest = path.dropFirst()
        switch (self, first) {
        case (.point(let point), "x"): return rest.isEmpty ? .number(Double(point.x)) : nil
        case (.point(let point), "y"): return rest.isEmpty ? .number(Double(point.y)) : nil
        case (.size(let size), "width"): return rest.isEmpty ? .number(Double(size.width)) : nil
        case (.size(let size), "height"): return rest.isEmpty ? .number(Double(size.height)) : nil
        case (.rect(let rect), "origin"): return LayerValue.point(rect.origin).component(rest)
        case (.rect(let rect), "size"): return LayerValue.size(rect.size).component(rest)
        case (.transform(let transform), _):
            // Virtual key paths of CATransform3D (spec §4.1), read by decomposition in QuartzMath.
            guard let field = TransformKeyPath(rawValue: path.joined(separator: ".")) else { return nil }
            switch transform.value(for: field) {
            case .number(let number): return .number(number)
            case .size(let size): return .size(size)
            }
        default: return nil
        }
    }

    /// This value with the field named by `path` replaced by `newValue`; nil when the field does not
    /// exist or `newValue` has the wrong type.
    func replacingComponent(_ path: ArraySlice<Substring>, with newValue: LayerValue) -> LayerValue? {
        guard let first = path.first else { return newValue.sameCase(as: self) ? newValue : nil }
        let rest = path.dropFirst()
        switch (self, first) {
        case (.point(var point), "x"):
            guard rest.isEmpty, let x = newValue.doubleValue else { return nil }
            point.x = CGFloat(x)
            return .point(point)
        case (.point(var point), "y"):
            guard rest.isEmpty, let y = newValue.doubleValue else { return nil }
            point.y = CGFloat(y)
            return .point(point)
        case (.size(var size), "width"):
            guard rest.isEmpty, let width = newValue.doubleValue else { return nil }
            size.width = CGFloat(width)
            return .size(size)
        case (.size(var size), "height"):
            guard rest.isEmpty, let height = newValue.doubleValue else { return nil }
            size.height = CGFloat(height)
            return .size(size)
        case (.rect(var rect), "origin"):
            guard case .point(let origin)? = LayerValue.point(rect.origin).replacingComponent(rest, with: newValue) else { return nil }
            rect.origin = origin
            return .rect(rect)
        case (.rect(var rect), "size"):
            guard case .size(let size)? = LayerValue.size(rect.size).replacingComponent(rest, with: newValue) else { return nil }
            rect.size = size
            return .rect(rect)
        case (.transform(let transform), _):
            // Writing one component keeps the others (spec §4.1 "Write / animate a sub-key").
            guard let field = TransformKeyPath(rawValue: path.joined(separator: ".")) else { return nil }
            let input: TransformKeyPathValue
            switch newValue {
            case .number(let number) where number.isFinite: input = .number(number)
            case .size(let size) where size.width.isFinite && size.height.isFinite: input = .size(size)
            default: return nil
            }
            guard let updated = try? transform.setting(input, for: field) else { return nil }
            return .transform(updated)
        default:
            return nil
        }
    }

    /// The kind a field of this value is boxed as on the KVC surface.
    func componentKind(_ path: ArraySlice<Substring>, base: LayerValueKind) -> LayerValueKind? {
        guard let field = component(path) else { return nil }
        switch field {
        case .number: return path.isEmpty ? base : .cgFloat
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .bool: return .bool
        case .numbers: return .numbers
        case .string: return .string
        case .transform: return .transform
        case .color: return .color
        case .colors: return .colors
        case .image: return .image
        case .path: return .path
        case .null: return base
        }
    }

    /// Whether two values have the same case (the same structure type).
    func sameCase(as other: LayerValue) -> Bool {
        switch (self, other) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.bool, .bool),
            (.numbers, .numbers), (.string, .string), (.null, .null), (.transform, .transform),
            (.color, .color), (.colors, .colors), (.image, .image), (.path, .path):
            return true
        case (.numbers, .null), (.null, .numbers), (.color, .null), (.null, .color), (.colors, .null), (.null, .colors),
            (.image, .null), (.null, .image), (.path, .null), (.null, .path):
            return true
        default:
            return false
        }
    }
}
