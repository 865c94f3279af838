// The JSON reader against RFC 8259: every value kind, the grammar's edges, errors with their position, the
// nesting limit, and agreement with Foundation's JSONSerialization on every JSON file in fixtures/.
import Foundation
import QuartzJSON
import QuartzTestSupport
import Testing

@Suite("JSON reader")
struct JSONReaderTests {
    func read(_ text: String, maximumDepth: Int = 512) throws(JSONReadError) -> JSONValue {
        try JSONReader(maximumDepth: maximumDepth).read(Array(text.utf8))
    }

    /// The error `text` gives; nil (recorded) when it reads.
    func error(_ text: String, maximumDepth: Int = 512) -> JSONReadError? {
        do {
            let value = try read(text, maximumDepth: maximumDepth)
            Issue.record("read \(text.prefix(60)) as \(value)")
            return nil
        } catch {
            return error
        }
    }

    /// RFC 8259 §2–§7: any value at the top level, white space of four kinds around tokens.
    @Test func valuesOfEveryKind() throws {
        #expect(try read(" \t\r\n[true,false,null,-0.5,\"a\",{},[],{\"k\":[1,{\"z\":null}]}]\n") == .array([
            .bool(true), .bool(false), .null, .number(-0.5), .string("a"), .object([:]), .array([]),
            .object(["k": .array([.number(1), .object(["z": .null])])]),
        ]))
        #expect(try read("42") == .number(42))
        #expect(try read("\"top\"") == .string("top"))
        #expect(try read("null") == .null)
        // A UTF-8 byte-order mark before the value is skipped.
        #expect(try JSONReader().read([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
        // §4: names should be unique; a repeated name keeps its last value, as JSONSerialization does.
        #expect(try read(#"{"a": 1, "a": 2}"#) == .object(["a": .number(2)]))
    }

    /// §6 grammar: an optional minus, no leading zeros, a fraction and exponent each with at least one digit.
    @Test func numberGrammar() throws {
        for (text, value) in [("0", 0.0), ("-0", -0.0), ("1E5", 1e5), ("1e+5", 1e5), ("1e-5", 1e-5), ("-12.5e1", -125),
                              ("0.000123", 0.000123), ("123456789012345678901234567890", 1.2345678901234568e29)] {
            let read = try read(text)
            #expect(read.numberValue?.bitPattern == value.bitPattern, "\(text)")
        }
        for text in ["01", "-", "+1", ".5", "1.", "1e", "1e+", "-x", "0x10", "1.e3"] {
            let failure = error("[\(text)]")
            #expect(failure?.kind == .invalidNumber || failure?.kind == .unexpectedCharacter, "\(text): \(String(describing: failure))")
        }
        // JSON has no infinity: a literal beyond a Double is refused with its text.
        let overflow = error("[1, -1e400]")
        #expect(overflow?.kind == .numberOutOfRange)
        #expect(overflow?.description == "the number -1e400 is beyond the range of a Double at line 1, column 5")
        // Underflow rounds to zero, as correct rounding requires.
        #expect(try read("1e-400") == .number(0))
    }

    /// Every literal converts to the correctly rounded Double, the same bits as the standard library's
    /// conversion (which is correctly rounded): the exact fast path and the general one, near their boundary.
    @Test func numbersAreCorrectlyRounded() throws {
        var random = SplitMix64(seed: 7)
        var literals = ["0.1", "0.3", "1e22", "1e23", "9007199254740992", "9007199254740993", "2.2250738585072014e-308",
                        "4.9e-324", "1.7976931348623157e308", "123456789012345e-22", "123456789012345e-23", "999999999999999e22"]
        for _ in 0..<20_000 {
            let digits = 1 + Int(random.next() % 20)
            var literal = (random.next() % 2 == 0) ? "-" : ""
            literal += String(1 + random.next() % 9)
            for _ in 1..<digits { literal += String(random.next() % 10) }
            if random.next() % 2 == 0 {
                let point = Int(random.next() % UInt64(literal.count))
                if point > 0, literal.last != "-" {
                    let cut = literal.index(literal.endIndex, offsetBy: -point)
                    if literal[literal.startIndex..<cut].last?.isNumber == true { literal.insert(".", at: cut) }
                }
            }
            if random.next() % 2 == 0 { literal += "e\(Int(random.next() % 61) - 30)" }
            literals.append(literal)
        }
        for literal in literals {
            guard let expected = Double(literal) else { Issue.record("the test made \(literal)"); continue }
            let value = try read(literal).numberValue
            #expect(value?.bitPattern == expected.bitPattern, "\(literal): \(String(describing: value)) against \(expected)")
        }
    }

    /// §7: the two-character escapes, \u escapes with surrogate pairs, and raw UTF-8.
    @Test func stringsAndEscapes() throws {
        #expect(try read(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try read(#""\u00e9\u0000\uD83D\uDE00 é 😀""#) == .string("é\u{0}😀 é 😀"))
        #expect(try read(#"{"ключ": "値"}"#) == .object(["ключ": .string("値")]))
        let cases: [(String, String)] = [
            (#"["\x"]"#, "\\x is not a JSON escape at line 1, column 3"),
            (#"["\u12G4"]"#, "a \\u escape needs four hex digits at line 1, column 3"),
            (#"["\uD83D"]"#, "the escape \\uD83D is half of a surrogate pair without its other half at line 1, column 3"),
            (#"["\uD83D\u0041"]"#, "the escape \\uD83D is followed by \\u0041, not a low surrogate at line 1, column 3"),
            (#"["\uDE00"]"#, "the escape \\uDE00 is a low surrogate without a high one before it at line 1, column 3"),
            ("[\"a\tb\"]", "the control character U+0009 must be escaped inside a string at line 1, column 4"),
        ]
        for (text, message) in cases {
            let failure = error(text)
            #expect(failure?.kind == .invalidString, "\(text)")
            #expect(failure?.description == message)
        }
        // Bytes that are not UTF-8 (a stray continuation, an overlong form, a cut-off sequence, a surrogate).
        for bad: [UInt8] in [[0x80], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xFF]] {
            for escaped in [false, true] {
                let bytes = Array("[\"x".utf8) + (escaped ? Array("\\n".utf8) : []) + bad + Array("\"]".utf8)
                do {
                    _ = try JSONReader().read(bytes)
                    Issue.record("read \(bad) as UTF-8")
                } catch {
                    #expect(error.kind == .invalidUTF8)
                    #expect(error.description == "the string that starts here is not valid UTF-8 at line 1, column 2")
                }
            }
        }
    }

    /// Errors name what was expected and where, by line and column (1-based, in bytes).
    @Test func errorsNameTheirPosition() {
        let cases: [(String, JSONReadError.Kind, String)] = [
            ("", .unexpectedEnd, "the document ends where a value should be at line 1, column 1"),
            ("{\"width\": 10,", .unexpectedEnd, "expected a member name in double quotes, found the end of the document at line 1, column 14"),
            ("[1 2]", .unexpectedCharacter, "expected ',' or ']' after an array element, found '2' at line 1, column 4"),
            ("{\n  \"a\": 1\n  \"b\": 2\n}", .unexpectedCharacter, "expected ',' or '}' after an object member, found '\"' at line 3, column 3"),
            ("{\"a\" 1}", .unexpectedCharacter, "expected ':' after the member name \"a\", found '1' at line 1, column 6"),
            ("{a: 1}", .unexpectedCharacter, "expected a member name in double quotes, found 'a' at line 1, column 2"),
            ("[1,]", .unexpectedCharacter, "']' where a value should be at line 1, column 4"),
            ("[tru]", .unexpectedCharacter, "'t' where a value should be at line 1, column 2"),
            ("[NaN]", .unexpectedCharacter, "'N' where a value should be at line 1, column 2"),
            ("{} {}", .trailingContent, "'{' after the document's value at line 1, column 4"),
            ("[\"open", .unexpectedEnd, "the document ends inside the string that starts here at line 1, column 2"),
            ("\u{7}", .unexpectedCharacter, "the byte 0x7 where a value should be at line 1, column 1"),
        ]
        for (text, kind, message) in cases {
            let failure = error(text)
            #expect(failure?.kind == kind, "\(text)")
            #expect(failure?.description == message)
        }
        let third = error("[\n\n   x]")
        #expect(third?.offset == 6 && third?.line == 3 && third?.column == 4)
    }

    /// Nesting is counted by the reader's own stack: the limit is exact, and a document far past it is
    /// refused at the first level too many, not by exhausting the call stack.
    @Test func nestingLimit() throws {
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        var value = try read(nested(512))
        for _ in 0..<511 { value = value.arrayValue?.first ?? .null }
        #expect(value == .array([]))
        let tooDeep = error(nested(513))
        #expect(tooDeep?.kind == .tooDeep)
        #expect(tooDeep?.description == "arrays and objects nest deeper than 512 levels at line 1, column 513")
        let far = error(String(repeating: "{\"a\":[", count: 1_000_000), maximumDepth: 96)
        // Level 97 is the 49th `{`, at offset 48 × 6.
        #expect(far?.kind == .tooDeep && far?.offset == 288, "\(String(describing: far))")
    }

    /// Every JSON file in fixtures/ reads to the value JSONSerialization gives (its booleans told apart by
    /// the class Foundation boxes them in), numbers within one unit in the last place: JSONSerialization is
    /// not always correctly rounded (it reads 0.10471975511965977 one unit above the nearest Double, which
    /// the reader and Python's float() both give).
    @Test func agreesWithJSONSerializationOnTheFixtures() throws {
        let enumerator = FileManager.default.enumerator(at: fixturesDirectory, includingPropertiesForKeys: nil)
        var count = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", let data = try? Data(contentsOf: url) else { continue }
            guard let foundation = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                // The bad-input files Foundation refuses are refused here too.
                #expect(throws: JSONReadError.self, "\(url.lastPathComponent)") { try JSONReader().read(data) }
                continue
            }
            #expect(Self.agree(try JSONReader().read(data), Self.value(of: foundation)), "\(url.lastPathComponent)")
            count += 1
        }
        #expect(count > 80)
    }

    @Test func jsonSerializationIsNotCorrectlyRounded() throws {
        let literal = "0.10471975511965977"
        let foundation = try #require((JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [NSNumber])?.first)
        #expect(try read(literal).numberValue?.bitPattern == 4_592_210_274_265_328_597)
        #expect(foundation.doubleValue.bitPattern == 4_592_210_274_265_328_598)
    }

    /// Equal structure; numbers equal or adjacent Doubles.
    private static func agree(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || x.nextUp == y || x.nextDown == y
        case (.array(let xs), .array(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy(agree)
        case (.object(let xs), .object(let ys)):
            return xs.count == ys.count && xs.allSatisfy { key, value in ys[key].map { agree(value, $0) } ?? false }
        default: return a == b
        }
    }

    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    private static func value(of object: Any) -> JSONValue {
        switch object {
        // Foundation on Linux gives some long literals as NSDecimalNumber, whose doubleValue can be several
        // units in the last place off (docs_matte_luma.json's 293.60820895522386 reads as 293.608208955224);
        // its decimal digits are exact, and Double(String) rounds them correctly.
        case let decimal as NSDecimalNumber:
            return .number(Double(decimal.stringValue) ?? decimal.doubleValue)
        case let number as NSNumber:
            return type(of: number) == booleanClass ? .bool(number.boolValue) : .number(number.doubleValue)
        case let string as String: return .string(string)
        case let array as [Any]: return .array(array.map(value(of:)))
        case let object as [String: Any]: return .object(object.mapValues(value(of:)))
        default: return .null
        }
    }
}
