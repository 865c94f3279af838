// A JSON document as a typed tree, shared by the scene format and the Lottie importer.

/// One JSON value. Object keys are kept in a dictionary; code that applies them in order sorts the keys so
/// that the result never depends on hashing.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The document in `bytes` (UTF-8; any JSON value at the top level), read by `JSONReader` with its
    /// default limits.
    package init(parsing bytes: some Collection<UInt8>) throws(JSONReadError) {
        self = try JSONReader().read(bytes)
    }

    /// The JSON type's name, for messages ("expected a number, got a string").
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    package var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    package var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    package var objectValue: [String: JSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }
}
