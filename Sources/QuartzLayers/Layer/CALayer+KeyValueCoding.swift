// Key-value coding on layers (CAPG-KVC): every property by name, structure fields and virtual key
// paths by dotted path, and — as Apple's CALayer allows — arbitrary custom keys stored on the layer.
import Foundation
import QuartzMath
import QuartzText

extension CALayer {
    /// Apple (NSKeyValueCoding): the value of property `key`, or of a custom key set earlier, else the
    /// class's `defaultValue(forKey:)`.
    func valueDefault(forKey key: String) -> Any? {
        if let object = objectValue(forKey: key) { return object }
        if let accessor = type(of: self).propertyTable[key] {
            // The model state holds the effective value: explicit, else style, else default (see `style`).
            return accessor.value(in: modelValues).boxed(as: accessor.kind)
        }
        // Custom keys: explicit value → style (searched recursively) → defaultValue(forKey:) [A: DOC-calayer/style].
        return explicitCustomValue(forKey: key) ?? styleValue(forKey: key) ?? type(of: self).defaultValue(forKey: key)
    }

    /// Apple (NSKeyValueCoding): sets property `key` (running its action like the property setter), or
    /// stores a custom key. A value of the wrong type for a property is ignored.
    func setValueDefault(_ value: Any?, forKey key: String) {
        do {
            if try setObjectValue(value, forKey: key) { return }
        } catch {
            return  // a known object key with a value of the wrong type: ignored, as documented
        }
        if let accessor = type(of: self).propertyTable[key] {
            guard let typed = LayerValue(boxed: value, as: accessor.kind) ?? (value == nil && accessor.kind == .numbers ? .null : nil)
            else { return }
            setTyped(typed, resolved: ResolvedKeyPath(keyPath: key, propertyKey: key, accessor: accessor, fields: [], kind: accessor.kind))
            return
        }
        setCustomValue(value, forKey: key)
    }

    /// Apple: the value at a dotted key path ("position.x", "bounds.size.width", "transform.rotation.z").
    public func value(forKeyPath keyPath: String) -> Any? {
        (try? checkedValue(forKeyPath: keyPath)) ?? nil
    }

    /// Apple: sets the value at a dotted key path; the change runs the action of the property that
    /// contains the field ("position" for "position.x", spec §6.3).
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        try? checkedSetValue(value, forKeyPath: keyPath)
    }

    /// Like `value(forKeyPath:)`, but reports malformed paths and unknown fields instead of answering nil.
    public func checkedValue(forKeyPath keyPath: String) throws(LayerKeyPathError) -> Any? {
        if !keyPath.contains(".") { return value(forKey: keyPath) }
        switch ResolvedKeyPath.resolve(keyPath, in: type(of: self).propertyTable) {
        case .success(let resolved): return resolved.value(in: modelValues)?.boxed(as: resolved.kind)
        case .failure(let error): throw error
        case nil: return value(forKey: keyPath)
        }
    }

    /// Like `setValue(_:forKeyPath:)`, but reports malformed paths, unknown fields and type mismatches.
    public func checkedSetValue(_ value: Any?, forKeyPath keyPath: String) throws(LayerKeyPathError) {
        if !keyPath.contains("."), try setObjectValue(value, forKey: keyPath) { return }
        switch ResolvedKeyPath.resolve(keyPath, in: type(of: self).propertyTable) {
        case .success(let resolved):
            guard let typed = LayerValue(boxed: value, as: resolved.kind) ?? (value == nil && resolved.kind == .numbers ? .null : nil)
            else {
                throw .typeMismatch(keyPath: keyPath, expected: "\(resolved.kind)", got: value.map { "\(type(of: $0))" } ?? "nil")
            }
            guard setTyped(typed, resolved: resolved) else {
                throw .typeMismatch(keyPath: keyPath, expected: "a finite \(resolved.kind)", got: "\(typed)")
            }
        case .failure(let error):
            throw error
        case nil:
            setValue(value, forKey: keyPath)
        }
    }

    /// Writes a typed value at a resolved path through the change sequence. False when it does not fit.
    @discardableResult
    func setTyped(_ value: LayerValue, resolved: ResolvedKeyPath) -> Bool {
        var updated = modelValues
        guard resolved.write(value, into: &updated) else { return false }
        let key = resolved.propertyKey
        markExplicit(key)
        guard resolved.accessor.value(in: updated) != resolved.accessor.value(in: modelValues) else { return true }
        changeModel(forKey: key) { properties in properties = updated }
        return true
    }

    /// Object-valued and derived properties handled outside the property table. Returns nil for other keys.
    func objectValue(forKey key: String) -> Any?? {
        switch key {
        case "frame": return .some(frame)
        case "sublayers": return .some(sublayers)
        case "superlayer": return .some(superlayer)
        case "mask": return .some(mask)
        case "name": return .some(name)
        case "contents": return .some(contents)
        case "actions": return .some(actions)
        case "style": return .some(style)
        case "needsDisplayOnBoundsChange": return .some(needsDisplayOnBoundsChange)
        case "maskedCorners": return .some(maskedCorners)
        case "string" where self is CATextLayer: return .some((self as? CATextLayer)?.string)
        case "font" where self is CATextLayer: return .some((self as? CATextLayer)?.font)
        default: return nil
        }
    }

    /// Sets an object-valued or derived property; false for other keys. Throws for a wrong type.
    func setObjectValue(_ value: Any?, forKey key: String) throws(LayerKeyPathError) -> Bool {
        func mismatch(_ expected: String) -> LayerKeyPathError {
            .typeMismatch(keyPath: key, expected: expected, got: value.map { "\(type(of: $0))" } ?? "nil")
        }
        switch key {
        case "frame":
            guard let rect = value.flatMap(GeometryBox.rect) else { throw mismatch("CGRect") }
            frame = rect
        case "sublayers":
            guard value == nil || value is [CALayer] else { throw mismatch("[CALayer]") }
            sublayers = value as? [CALayer]
        case "superlayer":
            throw .readOnly(key)
        case "mask":
            guard value == nil || value is CALayer else { throw mismatch("CALayer") }
            mask = value as? CALayer
        case "name":
            guard value == nil || value is String else { throw mismatch("String") }
            name = value as? String
        case "contents":
            contents = value
        case "actions":
            guard value == nil || value is [String: any CAAction] else { throw mismatch("[String: CAAction]") }
            actions = value as? [String: any CAAction]
        case "style":
            guard value == nil || value is [AnyHashable: Any] else { throw mismatch("[AnyHashable: Any]") }
            style = value as? [AnyHashable: Any]
        case "needsDisplayOnBoundsChange":
            guard let flag = value as? Bool else { throw mismatch("Bool") }
            needsDisplayOnBoundsChange = flag
        case "maskedCorners":
            if let mask = value as? CACornerMask {
                maskedCorners = mask
            } else if let raw = value.flatMap({ LayerValue.number(from: $0) }), raw >= 0, raw < 16 {
                maskedCorners = CACornerMask(rawValue: UInt(raw))
            } else {
                throw mismatch("CACornerMask")
            }
        case "string" where self is CATextLayer:
            guard value == nil || value is String || value is NSAttributedString else { throw mismatch("String or NSAttributedString") }
            (self as? CATextLayer)?.string = value
        case "font" where self is CATextLayer:
            guard value == nil || value is String || value is CGFont || value is CTFont else { throw mismatch("a font name, CGFont or CTFont") }
            (self as? CATextLayer)?.font = value as CFTypeRef?
        default:
            return false
        }
        return true
    }
}
