// JSON strings: escapes, surrogate pairs, and UTF-8 that must be valid. A string without escapes is made
// straight from its bytes.

extension JSONParser {
    /// The string whose opening quote is at the reader; leaves the reader after its closing quote.
    mutating func string() throws(JSONReadError) -> String {
        let open = index
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try text(of: bytes[start..<index], startingAt: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if byte < 0x20 { throw controlCharacter(byte) }
            index += 1
        }
        throw fail(.unexpectedEnd, "the document ends inside the string that starts here", at: open)
    }

    /// The rest of a string that has escapes, its plain prefix `bytes[start..<index]` copied first.
    private mutating func escapedString(from start: Int) throws(JSONReadError) -> String {
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try text(of: decoded[...], startingAt: start)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &decoded)
            case ..<0x20:
                throw controlCharacter(byte)
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw fail(.unexpectedEnd, "the document ends inside a string", at: start - 1)
    }

    /// The escape at the reader (its backslash), decoded onto `decoded` as UTF-8.
    private mutating func appendEscape(to decoded: inout [UInt8]) throws(JSONReadError) {
        let escape = index
        index += 1
        guard index < bytes.count else { throw fail(.unexpectedEnd, "the document ends inside an escape") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeAt: escape)
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail(.invalidString, "the escape \\u\(hex(scalar)) is half of a surrogate pair without its other half", at: escape)
                }
                let second = index
                index += 2
                let low = try hexQuad(escapeAt: second)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw fail(.invalidString, "the escape \\u\(hex(scalar)) is followed by \\u\(hex(low)), not a low surrogate", at: escape)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw fail(.invalidString, "the escape \\u\(hex(scalar)) is a low surrogate without a high one before it", at: escape)
            }
            // Every value left here is a scalar: surrogates were paired or refused above.
            guard let character = Unicode.Scalar(scalar) else {
                throw fail(.invalidString, "the escape \\u\(hex(scalar)) is not a Unicode scalar", at: escape)
            }
            decoded.append(contentsOf: String(Character(character)).utf8)
        default:
            index -= 1
            let shown = (0x21..<0x7F).contains(letter) ? "\\\(Character(Unicode.Scalar(letter)))" : "a backslash before \(describeByte())"
            throw fail(.invalidString, "\(shown) is not a JSON escape", at: escape)
        }
    }

    /// Four hex digits after `\u` (the reader just past the `u`).
    private mutating func hexQuad(escapeAt escape: Int) throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail(.unexpectedEnd, "the document ends inside a \\u escape") }
            let digit: UInt32
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(bytes[index] - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(bytes[index] - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(bytes[index] - UInt8(ascii: "A") + 10)
            default: throw fail(.invalidString, "a \\u escape needs four hex digits", at: escape)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func controlCharacter(_ byte: UInt8) -> JSONReadError {
        fail(.invalidString, "the control character U+\(hex(UInt32(byte))) must be escaped inside a string")
    }

    /// `utf8` as a String; invalid UTF-8 is an error at the string's first byte.
    private func text(of utf8: ArraySlice<UInt8>, startingAt start: Int) throws(JSONReadError) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw fail(.invalidUTF8, "the string that starts here is not valid UTF-8", at: start - 1)
        }
        return text
    }
}
