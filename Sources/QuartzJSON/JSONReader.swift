// Reads RFC 8259 JSON into a `JSONValue` without recursion: open arrays and objects live on an explicit
// stack, so a deeply nested document costs heap, never the call stack, and the nesting limit is a setting
// with a named error rather than a crash.

/// Reads JSON documents (UTF-8, optionally after a byte-order mark) with a nesting limit.
package struct JSONReader: Sendable {
    /// The deepest nesting of arrays and objects accepted (the top-level container is level 1).
    package var maximumDepth: Int

    package init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// The value of the whole document; anything but white space after it is an error.
    package func read(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes), maximumDepth: maximumDepth)
        return try parser.document()
    }
}

/// One pass over a document's bytes.
struct JSONParser {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// An array or object still being read, filled in place on the stack (a copy popped and pushed back
    /// would share its storage and copy it on every element); `key` is the member whose value comes next.
    private struct OpenContainer {
        let isArray: Bool
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        var key = ""
    }

    mutating func document() throws(JSONReadError) -> JSONValue {
        var open: [OpenContainer] = []
        while true {
            // Read one value; an opened container goes on the stack and the loop reads its first element.
            skipWhiteSpace()
            var value: JSONValue
            guard index < bytes.count else { throw fail(.unexpectedEnd, "the document ends where a value should be") }
            switch bytes[index] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard open.count < maximumDepth else {
                    throw fail(.tooDeep, "arrays and objects nest deeper than \(maximumDepth) levels")
                }
                let isArray = bytes[index] == UInt8(ascii: "[")
                index += 1
                skipWhiteSpace()
                if isArray {
                    if consume(UInt8(ascii: "]")) { value = .array([]); break }
                    open.append(OpenContainer(isArray: true))
                } else {
                    if consume(UInt8(ascii: "}")) { value = .object([:]); break }
                    open.append(OpenContainer(isArray: false, key: try memberKey()))
                }
                continue
            case UInt8(ascii: "\""):
                value = .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try number())
            case UInt8(ascii: "t"):
                try literal(Self.trueWord); value = .bool(true)
            case UInt8(ascii: "f"):
                try literal(Self.falseWord); value = .bool(false)
            case UInt8(ascii: "n"):
                try literal(Self.nullWord); value = .null
            default:
                throw fail(.unexpectedCharacter, "\(describeByte()) where a value should be")
            }
            // Hand the finished value to the innermost open container; close containers that end here.
            while true {
                guard let top = open.indices.last else {
                    skipWhiteSpace()
                    guard index == bytes.count else { throw fail(.trailingContent, "\(describeByte()) after the document's value") }
                    return value
                }
                skipWhiteSpace()
                if open[top].isArray {
                    open[top].elements.append(value)
                    if consume(UInt8(ascii: ",")) { break }
                    guard consume(UInt8(ascii: "]")) else {
                        throw unexpected("expected ',' or ']' after an array element")
                    }
                    value = .array(open.removeLast().elements)
                } else {
                    open[top].members[open[top].key] = value
                    if consume(UInt8(ascii: ",")) {
                        skipWhiteSpace()
                        open[top].key = try memberKey()
                        break
                    }
                    guard consume(UInt8(ascii: "}")) else {
                        throw unexpected("expected ',' or '}' after an object member")
                    }
                    value = .object(open.removeLast().members)
                }
            }
        }
    }

    /// `"key" :`, leaving the reader at the member's value.
    private mutating func memberKey() throws(JSONReadError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw unexpected("expected a member name in double quotes")
        }
        let key = try string()
        skipWhiteSpace()
        guard consume(UInt8(ascii: ":")) else {
            throw unexpected("expected ':' after the member name \"\(key)\"")
        }
        return key
    }

    private static let trueWord = Array("true".utf8), falseWord = Array("false".utf8), nullWord = Array("null".utf8)

    private mutating func literal(_ word: [UInt8]) throws(JSONReadError) {
        let start = index
        for expected in word {
            guard index < bytes.count, bytes[index] == expected else {
                index = start
                throw fail(.unexpectedCharacter, "\(describeByte()) where a value should be")
            }
            index += 1
        }
    }

    mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The byte at the reader, as a message names it.
    func describeByte() -> String {
        guard index < bytes.count else { return "the end of the document" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "the byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// The error for a byte other than the one `expectation` names: the end of the document or a wrong
    /// character, which the message names.
    func unexpected(_ expectation: String) -> JSONReadError {
        fail(index < bytes.count ? .unexpectedCharacter : .unexpectedEnd, "\(expectation), found \(describeByte())")
    }

    /// An error at the reader's position, with its line and column.
    func fail(_ kind: JSONReadError.Kind, _ reason: String, at offset: Int? = nil) -> JSONReadError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1, lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return JSONReadError(kind: kind, reason: reason, offset: offset, line: line, column: offset - lineStart + 1)
    }
}
