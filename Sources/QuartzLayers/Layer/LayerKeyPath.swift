// Key paths over layer properties, resolved once into (property accessor, structure fields) so that
// key-value coding and every animation frame use the same typed read/write (spec §2.4 last row, §4.1).
import Foundation
import QuartzMath

/// Why a key path could not be read or written. `value(forKeyPath:)` answers nil and
/// `setValue(_:forKeyPath:)` changes nothing for these; `checkedValue(forKeyPath:)` and
/// `checkedSetValue(_:forKeyPath:)` report them.
public enum LayerKeyPathError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The key path is empty or has an empty component ("", "position.", "a..b").
    case malformedKeyPath(String)
    /// The property exists but has no such field ("position.z", "bounds.size.depth").
    case noSuchField(keyPath: String, property: String)
    /// A field path on a key that is not a structured property ("name.x", or an unknown key with dots).
    case notAStructure(keyPath: String, key: String)
    /// The value's type does not fit the property ("position" set to a String, "opacity" to nil).
    case typeMismatch(keyPath: String, expected: String, got: String)
    /// The key cannot be written ("superlayer").
    case readOnly(String)

    public var description: String {
        switch self {
        case .malformedKeyPath(let keyPath):
            return "malformed key path \"\(keyPath)\": components must be non-empty names separated by single dots"
        case .noSuchField(let keyPath, let property):
            return "key path \"\(keyPath)\": property \"\(property)\" has no such field"
        case .notAStructure(let keyPath, let key):
            return "key path \"\(keyPath)\": \"\(key)\" is not a structured layer property, so it has no fields"
        case .typeMismatch(let keyPath, let expected, let got):
            return "key path \"\(keyPath)\" expects \(expected), got \(got)"
        case .readOnly(let keyPath):
            return "key path \"\(keyPath)\" is read-only"
        }
    }
}

/// A key path resolved against a layer class's property table.
struct ResolvedKeyPath: Sendable {
    let keyPath: String
    /// The property name (the first component): the key actions and implicit animations use.
    let propertyKey: String
    let accessor: LayerPropertyAccessor
    /// Structure fields below the property (e.g. ["size", "width"] for "bounds.size.width").
    let fields: [Substring]
    /// How values at this path are boxed.
    let kind: LayerValueKind
    /// The virtual transform field ("rotation.z", …) parsed once, for transform properties (spec §4.1).
    let transformField: TransformKeyPath?
    /// The value at `transformField` of the identity transform, read once (the per-frame read of an
    /// identity underlying transform then needs no decomposition).
    let identityTransformFieldValue: LayerValue?

    init(keyPath: String, propertyKey: String, accessor: LayerPropertyAccessor, fields: [Substring], kind: LayerValueKind) {
        self.keyPath = keyPath
        self.propertyKey = propertyKey
        self.accessor = accessor
        self.fields = fields
        self.kind = kind
        transformField = accessor.kind == .transform && !fields.isEmpty
            ? TransformKeyPath(rawValue: fields.joined(separator: ".")) : nil
        identityTransformFieldValue = transformField.map { field in
            switch CATransform3DIdentity.value(for: field) {
            case .number(let number): return .number(number)
            case .size(let size): return .size(size)
            }
        }
    }

    /// Splits `keyPath` and looks its first component up in `table`. Returns nil for an unknown property
    /// (which KVC stores as a custom key when it has no fields).
    static func resolve(
        _ keyPath: String, in table: [String: LayerPropertyAccessor]
    ) -> Result<ResolvedKeyPath, LayerKeyPathError>? {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard let head = components.first, !components.contains(where: \.isEmpty) else {
            return .failure(.malformedKeyPath(keyPath))
        }
        guard let accessor = table[String(head)] else {
            return components.count == 1 ? nil : .failure(.notAStructure(keyPath: keyPath, key: String(head)))
        }
        let fields = Array(components.dropFirst())
        let sample = accessor.value(in: LayerProperties())
        guard let kind = sample.componentKind(fields[...], base: accessor.kind) else {
            return .failure(fields.isEmpty ? .malformedKeyPath(keyPath) : .noSuchField(keyPath: keyPath, property: String(head)))
        }
        return .success(ResolvedKeyPath(keyPath: keyPath, propertyKey: String(head), accessor: accessor, fields: fields, kind: kind))
    }

    /// The value at this path in `properties`.
    func read(_ properties: inout LayerProperties) -> LayerValue? {
        if fields.isEmpty { return accessor.read(&properties) }
        if let transformField, case .transform(let matrix) = accessor.read(&properties) {
            if let identityTransformFieldValue, CATransform3DIsIdentity(matrix) { return identityTransformFieldValue }
            switch matrix.value(for: transformField) {
            case .number(let number): return .number(number)
            case .size(let size): return .size(size)
            }
        }
        return accessor.read(&properties).component(fields[...])
    }

    /// The value at this path in a copy of `properties` (for paths that are not per frame).
    func value(in properties: LayerProperties) -> LayerValue? {
        var copy = properties
        return read(&copy)
    }

    /// Writes `value` at this path; false (nothing written) when the type does not fit.
    func write(_ value: LayerValue, into properties: inout LayerProperties) -> Bool {
        if fields.isEmpty { return accessor.write(&properties, value) }
        if let transformField, case .transform(let matrix) = accessor.read(&properties) {
            if CATransform3DIsIdentity(matrix) {
                guard let updated = transformField.matrixReplacingIdentityComponent(with: value) else { return false }
                return accessor.write(&properties, .transform(updated))
            }
            let input: TransformKeyPathValue
            switch value {
            case .number(let number) where number.isFinite: input = .number(number)
            case .size(let size) where size.width.isFinite && size.height.isFinite: input = .size(size)
            default: return false
            }
            guard let updated = try? matrix.setting(input, for: transformField) else { return false }
            return accessor.write(&properties, .transform(updated))
        }
        guard let whole = accessor.read(&properties).replacingComponent(fields[...], with: value) else { return false }
        return accessor.write(&properties, whole)
    }
}
