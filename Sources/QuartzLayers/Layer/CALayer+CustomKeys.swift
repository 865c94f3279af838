// Custom animatable properties (spec §2, Apple's "Core Animation Programming Guide", key-value coding
// extensions: CALayer "supports key-value coding for arbitrary keys"). A value stored under a key the class
// does not declare keeps its type; when that type interpolates (numbers, points, sizes, rects, colours,
// transforms, spec §2.4) it lives in the layer's property state, so animations of the key evaluate like
// built-in properties and the presentation layer's `value(forKey:)` answers the animated value.
//
// Linux has no `@NSManaged`/`@dynamic`; declare a custom property as a computed property backed by
// key-value coding:
//
//     final class ProgressLayer: CALayer {
//         var progress: CGFloat {
//             get { value(forKey: "progress") as? CGFloat ?? 0 }
//             set { setValue(newValue, forKey: "progress") }
//         }
//         override class func needsDisplay(forKey key: String) -> Bool {
//             key == "progress" || super.needsDisplay(forKey: key)
//         }
//         override func draw(in ctx: CGContext) { /* reads self.progress: the animated value when presented */ }
//     }
import Foundation
import QuartzMath
import QuartzRaster

/// A custom key's value in typed form, with the Swift type it was given in (`value(forKey:)` returns it).
struct CustomKeyValue: Sendable, Equatable {
    var value: LayerValue
    let kind: LayerValueKind
}

extension LayerValueKind {
    /// The kind of an interpolatable custom value (spec §2.4), nil for anything else (kept as an object).
    static func interpolatable(_ value: Any) -> LayerValueKind? {
        switch value {
        case is CGFloat: return .cgFloat
        case is Double: return .double
        case is Float: return .float
        case is Int: return .int
        case is CGPoint: return .point
        case is CGSize: return .size
        case is CGRect: return .rect
        case is CATransform3D: return .transform
        case is CGColor: return .color
        case let number as NSNumber: return String(cString: number.objCType) == "c" ? nil : .double
        default:
            // Geometry boxed the Objective-C way.
            if GeometryBox.point(value) != nil { return .point }
            if GeometryBox.size(value) != nil { return .size }
            if GeometryBox.rect(value) != nil { return .rect }
            if GeometryBox.transform3D(value) != nil { return .transform }
            return nil
        }
    }
}

extension LayerPropertyAccessor {
    /// Reads and writes custom key `key` of kind `kind`; an unset key reads as `fallback` (the style or
    /// class default, spec §2.1 "current value").
    static func customKey(_ key: String, kind: LayerValueKind, fallback: LayerValue) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: kind, hasImplicitAnimation: false,
            read: { $0.customKeyValues[key]?.value ?? fallback },
            write: { properties, value in
                guard LayerValue(boxed: value.boxed(as: kind), as: kind) != nil else { return false }
                properties.customKeyValues[key] = CustomKeyValue(value: value, kind: kind)
                return true
            })
    }
}

extension CALayer {
    /// Stores custom key `key` (not a declared property) as `setValue(_:forKey:)` does: through the change
    /// sequence, so actions run (spec §6.3) and the next commit carries it.
    func setCustomValue(_ value: Any?, forKey key: String) {
        changeLayer(forKey: key) {
            if let value, let kind = LayerValueKind.interpolatable(value), let typed = LayerValue(boxed: value, as: kind) {
                modelValues.customKeyValues[key] = CustomKeyValue(value: typed, kind: kind)
                customValues[key] = nil
            } else {
                modelValues.customKeyValues[key] = nil
                customValues[key] = value
            }
        }
    }

    /// The explicitly set value of custom key `key`, or nil.
    func explicitCustomValue(forKey key: String) -> Any? {
        if let typed = modelValues.customKeyValues[key] { return typed.value.boxed(as: typed.kind) }
        return customValues[key]
    }

    /// The property table animations of this layer resolve against: the class's table plus an accessor for
    /// every custom key `animation` targets whose kind is known (from the layer's value, its style or class
    /// default, or the animation's own values).
    func evaluationTable(for animation: CAAnimation) -> [String: LayerPropertyAccessor] {
        let table = type(of: self).propertyTable
        var keys: [(key: String, sample: Any?)] = []
        Self.collectCustomTargets(of: animation, table: table, into: &keys, depth: 0)
        guard !keys.isEmpty else { return table }
        var extended = table
        for (key, sample) in keys where extended[key] == nil {
            let current = explicitCustomValue(forKey: key) ?? styleValue(forKey: key) ?? type(of: self).defaultValue(forKey: key)
            guard let kind = modelValues.customKeyValues[key]?.kind ?? current.flatMap(LayerValueKind.interpolatable)
                    ?? sample.flatMap(LayerValueKind.interpolatable),
                  let zero = LayerValue.zero(of: kind)
            else { continue }
            let fallback = current.flatMap { LayerValue(boxed: $0, as: kind) } ?? zero
            extended[key] = .customKey(key, kind: kind, fallback: fallback)
        }
        return extended
    }

    /// Custom keys (single-component key paths not in `table`) targeted by `animation` or its group's
    /// children, each with a sample value that shows its type.
    private static func collectCustomTargets(
        of animation: CAAnimation, table: [String: LayerPropertyAccessor], into keys: inout [(key: String, sample: Any?)],
        depth: Int
    ) {
        guard depth < 64 else { return }
        if let group = animation as? CAAnimationGroup {
            for child in group.animations ?? [] { collectCustomTargets(of: child, table: table, into: &keys, depth: depth + 1) }
            return
        }
        guard let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath, !keyPath.isEmpty,
              !keyPath.contains("."), table[keyPath] == nil
        else { return }
        var sample: Any?
        if let basic = property as? CABasicAnimation {
            sample = basic.fromValue ?? basic.toValue ?? basic.byValue
        } else if let keyframes = property as? CAKeyframeAnimation {
            sample = keyframes.values?.first
        }
        keys.append((keyPath, sample))
    }
}

extension LayerValue {
    /// The zero of an interpolatable kind (an unset custom number reads as 0, as KVC's nil-to-scalar).
    static func zero(of kind: LayerValueKind) -> LayerValue? {
        switch kind {
        case .cgFloat, .double, .float, .int: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .color: return .null
        default: return nil
        }
    }
}
