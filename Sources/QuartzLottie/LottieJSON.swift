// A parsed JSON value that knows its path, so every type error names where it happened.
import Foundation
import QuartzJSON

/// One value of the document and its path ("layers[3].ks.p").
struct LottieJSON {
    let value: JSONValue
    let path: String

    /// Parses `data` after checking its size; nesting is bounded by the reader, whose stack is its own.
    static func parse(_ data: Data) throws(LottieError) -> LottieJSON {
        guard data.count <= LottieLimits.maximumFileSize else {
            throw LottieError(path: "$", message: "the file has \(data.count) bytes; at most \(LottieLimits.maximumFileSize) are read")
        }
        do {
            return LottieJSON(value: try JSONReader(maximumDepth: LottieLimits.maximumJSONDepth).read(data), path: "")
        } catch {
            throw LottieError(path: "$", message: error.kind == .tooDeep ? "\(error)" : "not valid JSON (\(error))")
        }
    }

    func fail(_ message: String) -> LottieError { LottieError(path: path, message: message) }

    func member(_ key: String) -> LottieJSON? {
        guard case .object(let object) = value, let member = object[key], member != .null else { return nil }
        return LottieJSON(value: member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func required(_ key: String) throws(LottieError) -> LottieJSON {
        _ = try object()
        guard let member = member(key) else { throw fail("missing required key '\(key)'") }
        return member
    }

    func has(_ key: String) -> Bool { member(key) != nil }

    func object() throws(LottieError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw fail("expected an object, found \(kind)") }
        return object
    }

    func array() throws(LottieError) -> [LottieJSON] {
        guard case .array(let array) = value else { throw fail("expected an array, found \(kind)") }
        return array.enumerated().map { LottieJSON(value: $0.element, path: "\(path)[\($0.offset)]") }
    }

    var isArray: Bool { value.arrayValue != nil }
    var isObject: Bool { value.objectValue != nil }
    /// Booleans count as numbers (1 and 0), as exporters write either.
    var isNumber: Bool { Self.numeric(value) != nil }

    /// The number a value stands for: a number, or a boolean as 1 or 0.
    private static func numeric(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number
        case .bool(let flag): return flag ? 1 : 0
        default: return nil
        }
    }

    func number() throws(LottieError) -> Double {
        guard let double = Self.numeric(value) else { throw fail("expected a number, found \(kind)") }
        guard double.isFinite, abs(double) <= LottieLimits.maximumMagnitude else {
            throw fail("the number \(double) is out of range (at most \(LottieLimits.maximumMagnitude) in magnitude)")
        }
        return double
    }

    func integer() throws(LottieError) -> Int {
        let double = try number()
        guard double == double.rounded() else { throw fail("expected a whole number, found \(double)") }
        return Int(double)
    }

    func string() throws(LottieError) -> String {
        guard case .string(let string) = value else { throw fail("expected a string, found \(kind)") }
        return string
    }

    func bool() throws(LottieError) -> Bool {
        guard let number = Self.numeric(value) else { throw fail("expected a boolean, found \(kind)") }
        return number != 0
    }

    /// An array of numbers ("expected an array of numbers" names the element at fault).
    func numbers() throws(LottieError) -> [Double] {
        guard case .array(let array) = value else { throw fail("expected an array of numbers, found \(kind)") }
        var result: [Double] = []
        result.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            guard let number = Self.numeric(element) else {
                throw LottieError(path: "\(path)[\(index)]", message: "expected a number in an array of numbers, found \(element.typeName)")
            }
            // The path is built only when the number is out of range, for the message.
            result.append(number.isFinite && abs(number) <= LottieLimits.maximumMagnitude
                ? number : try LottieJSON(value: element, path: "\(path)[\(index)]").number())
        }
        return result
    }

    /// An array of [x, y] points, read without a path per element (paths are built only for an error).
    func pointList() throws(LottieError) -> [[Double]] {
        guard case .array(let array) = value else { throw fail("expected an array of points, found \(kind)") }
        var points: [[Double]] = []
        points.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            if case .array(let pair) = element, pair.count >= 2, let dx = Self.numeric(pair[0]), let dy = Self.numeric(pair[1]),
               dx.isFinite, dy.isFinite, abs(dx) <= LottieLimits.maximumMagnitude, abs(dy) <= LottieLimits.maximumMagnitude {
                points.append([dx, dy])
                continue
            }
            // The slow path names the fault.
            points.append(try LottieJSON(value: element, path: "\(path)[\(index)]").vectorValue(count: 2))
        }
        return points
    }

    func optionalNumber(_ key: String) throws(LottieError) -> Double? { try member(key)?.number() }
    func optionalInteger(_ key: String) throws(LottieError) -> Int? { try member(key)?.integer() }
    func optionalString(_ key: String) throws(LottieError) -> String? { try member(key)?.string() }
    func optionalBool(_ key: String) throws(LottieError) -> Bool { try member(key)?.bool() ?? false }

    /// The value's kind for messages; booleans read as numbers where a number is expected.
    var kind: String { value.typeName }
}
