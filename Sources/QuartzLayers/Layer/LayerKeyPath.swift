// Key paths over layer properties, resolved once into (property accessor, structure fields) so that
// key-value coding and every animation frame use the same typed read/write (spec §2.4 last row, §4.1).
import Foundation

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
        let sample = accessor.read(LayerProperties())
        guard let kind = sample.componentKind(fields[...], base: accessor.kind) else {
            return .failure(fields.isEmpty ? .malformedKeyPath(keyPath) : .noSuchField(keyPath: keyPath, property: String(head)))
        }
        return .success(ResolvedKeyPath(keyPath: keyPath, propertyKey: String(head), accessor: accessor, fields: fields, kind: kind))
    }

    /// The value at this path in `properties`.
    func read(_ properties: LayerProperties) -> LayerValue? {
        if fields.isEmpty { return accessor.read(properties) }
        return accessor.read(properties).component(fields[...])
    }

    /// Writes `value` at this path; false (nothing written) when the type does not fit.
    func write(_ value: LayerValue, into properties: inout LayerProperties) -> Bool {
        if fields.isEmpty { return accessor.write(&properties, value) }
        guard let whole = accessor.read(properties).replacingComponent(fields[...], with: value) else { return false }
        return accessor.write(&properties, whole)
    }
}
