// A parsed JSON value that knows its path, so every type error names where it happened.
import Foundation

/// One value of the document and its path ("layers[3].ks.p").
struct LottieJSON {
    let value: Any
    let path: String

    /// Parses `data` after checking its size and nesting depth (JSONSerialization recurses per level).
    static func parse(_ data: Data) throws(LottieError) -> LottieJSON {
        guard data.count <= LottieLimits.maximumFileSize else {
            throw LottieError(path: "$", message: "the file has \(data.count) bytes; at most \(LottieLimits.maximumFileSize) are read")
        }
        try checkNesting(data)
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw LottieError(path: "$", message: "not valid JSON (\(error.localizedDescription))")
        }
        return LottieJSON(value: value, path: "")
    }

    /// Counts bracket depth outside strings; deeper documents are refused before any parsing.
    private static func checkNesting(_ data: Data) throws(LottieError) {
        var depth = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > LottieLimits.maximumJSONDepth {
                    throw LottieError(path: "$", message: "arrays and objects nest deeper than \(LottieLimits.maximumJSONDepth) levels")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
    }

    func fail(_ message: String) -> LottieError { LottieError(path: path, message: message) }

    func member(_ key: String) -> LottieJSON? {
        guard let object = value as? [String: Any], let member = object[key], !(member is NSNull) else { return nil }
        return LottieJSON(value: member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func required(_ key: String) throws(LottieError) -> LottieJSON {
        _ = try object()
        guard let member = member(key) else { throw fail("missing required key '\(key)'") }
        return member
    }

    func has(_ key: String) -> Bool { member(key) != nil }

    func object() throws(LottieError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw fail("expected an object, found \(kind)") }
        return object
    }

    func array() throws(LottieError) -> [LottieJSON] {
        guard let array = value as? [Any] else { throw fail("expected an array, found \(kind)") }
        return array.enumerated().map { LottieJSON(value: $0.element, path: "\(path)[\($0.offset)]") }
    }

    var isArray: Bool { value is [Any] }
    var isObject: Bool { value is [String: Any] }
    var isNumber: Bool { value is NSNumber && !(value is String) }

    func number() throws(LottieError) -> Double {
        guard let number = value as? NSNumber, !(value is String) else { throw fail("expected a number, found \(kind)") }
        let double = number.doubleValue
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
        guard let string = value as? String else { throw fail("expected a string, found \(kind)") }
        return string
    }

    func bool() throws(LottieError) -> Bool {
        if let number = value as? NSNumber, !(value is String) { return number.doubleValue != 0 }
        throw fail("expected a boolean, found \(kind)")
    }

    /// An array of numbers ("expected an array of numbers" names the element at fault).
    func numbers() throws(LottieError) -> [Double] {
        guard let array = value as? [Any] else { throw fail("expected an array of numbers, found \(kind)") }
        var result: [Double] = []
        result.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            guard let number = element as? NSNumber, !(element is String) else {
                throw LottieError(path: "\(path)[\(index)]", message: "expected a number in an array of numbers, found \(LottieJSON(value: element, path: "").kind)")
            }
            result.append(try LottieJSON(value: number, path: "\(path)[\(index)]").number())
        }
        return result
    }

    /// An array of [x, y] points, read without a path per element (paths are built only for an error).
    func pointList() throws(LottieError) -> [[Double]] {
        guard let array = value as? [Any] else { throw fail("expected an array of points, found \(kind)") }
        var points: [[Double]] = []
        points.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            if let pair = element as? [Any], pair.count >= 2, let x = pair[0] as? NSNumber, let y = pair[1] as? NSNumber,
               !(pair[0] is String), !(pair[1] is String) {
                let dx = x.doubleValue, dy = y.doubleValue
                if dx.isFinite, dy.isFinite, abs(dx) <= LottieLimits.maximumMagnitude, abs(dy) <= LottieLimits.maximumMagnitude {
                    points.append([dx, dy])
                    continue
                }
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

    var kind: String {
        switch value {
        case is String: return "a string"
        case is NSNumber: return "a number"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        default: return "an unknown value"
        }
    }
}
