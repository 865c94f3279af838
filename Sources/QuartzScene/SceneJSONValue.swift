// A JSON document as a typed tree. Scene files are read through JSONSerialization (three times faster
// than JSONDecoder on a 100,000-layer file), telling booleans from numbers by the class Foundation
// boxes them in; the Decodable conformance serves callers that decode a scene inside their own types.
import Foundation

/// One JSON value. Object keys are kept in a dictionary; code that applies them in order sorts the keys
/// so that the result never depends on hashing.
public enum SceneJSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SceneJSONValue])
    case object([String: SceneJSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try Self.number(in: container) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([SceneJSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: SceneJSONValue].self))
        }
    }

    /// The document in `data` (any JSON value at the top level). Throws Foundation's error, which names the
    /// offending token and its position.
    public init(jsonData data: Data) throws {
        self = Self(converting: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Foundation boxes JSON's true and false in their own NSNumber subclass.
    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    /// The value of a JSONSerialization result. Recursion is bounded by the parser's nesting limit (512).
    private init(converting object: Any) {
        switch object {
        case let number as NSNumber:
            self = type(of: number) == Self.booleanClass ? .bool(number.boolValue) : .number(number.doubleValue)
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = .array(array.map(Self.init(converting:)))
        case let object as [String: Any]:
            self = .object(object.mapValues(Self.init(converting:)))
        default:
            self = .null
        }
    }

    /// The value as a number; nil when it is not one. A number literal that does not fit a Double
    /// (1e999) rethrows Foundation's "does not fit" error instead of being mistaken for another type.
    private static func number(in container: any SingleValueDecodingContainer) throws -> Double? {
        do {
            return try container.decode(Double.self)
        } catch DecodingError.typeMismatch {
            return nil
        }
    }

    /// The JSON type's name, for messages ("expected a number, got a string").
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    var arrayValue: [SceneJSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    var objectValue: [String: SceneJSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }
}
