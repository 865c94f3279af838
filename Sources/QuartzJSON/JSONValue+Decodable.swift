// Decoding a JSON value inside the caller's own Decodable types (a scene embedded in a larger document).

extension JSONValue: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try Self.number(in: container) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as a number; nil when it is not one. A number literal that does not fit a Double (1e999)
    /// rethrows the decoder's "does not fit" error instead of being mistaken for another type.
    private static func number(in container: any SingleValueDecodingContainer) throws -> Double? {
        do {
            return try container.decode(Double.self)
        } catch DecodingError.typeMismatch {
            return nil
        }
    }
}
