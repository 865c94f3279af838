// Reading the spec's numeric vectors (fixtures/vectors/*.json: values of an independent reference model of the
// rules in docs/semantics.md, see its §0.3) for the timing tests, and the tolerances they allow.
import Foundation
import Testing

@testable import QuartzLayers
import QuartzTestSupport

/// Tolerances for the vector files, which print 6 decimals (timing_functions.json: 7).
enum VectorTolerance {
    /// Half a unit in the 6th decimal: the rounding of an exact value printed with 6 decimals.
    static let sixDecimals = 5e-7
    /// Half a unit in the 7th decimal, plus 5e-8 for our Float control points against the
    /// generator's Double ones (measured: at most 4e-9 apart on these curves).
    static let sevenDecimals = 1e-7
    /// Half a unit in the 4th decimal (spring positions and settling times print 4 decimals).
    static let fourDecimals = 5e-5
}

enum VectorError: Error, CustomStringConvertible {
    case malformed(String)
    var description: String {
        switch self { case .malformed(let what): "malformed vector file: \(what)" }
    }
}

/// Typed access to a JSON object from JSONSerialization.
struct JSONObject {
    let raw: [String: Any]

    init(_ any: Any?) throws {
        guard let raw = any as? [String: Any] else { throw VectorError.malformed("expected an object") }
        self.raw = raw
    }

    func double(_ key: String) throws -> Double {
        guard let number = raw[key] as? NSNumber else { throw VectorError.malformed("\(key) is not a number") }
        return number.doubleValue
    }

    /// nil for JSON null or a string (the files write "model value (…)" where nothing contributes).
    func optionalDouble(_ key: String) -> Double? {
        guard let number = raw[key] as? NSNumber, !(raw[key] is String) else { return nil }
        return number.doubleValue
    }

    func string(_ key: String) throws -> String {
        guard let text = raw[key] as? String else { throw VectorError.malformed("\(key) is not a string") }
        return text
    }

    func bool(_ key: String) throws -> Bool {
        guard let flag = raw[key] as? Bool else { throw VectorError.malformed("\(key) is not a bool") }
        return flag
    }

    func object(_ key: String) throws -> JSONObject { try JSONObject(raw[key]) }

    func objects(_ key: String) throws -> [JSONObject] {
        guard let list = raw[key] as? [Any] else { throw VectorError.malformed("\(key) is not an array") }
        return try list.map { try JSONObject($0) }
    }

    func doubles(_ key: String) throws -> [Double] {
        guard let list = raw[key] as? [NSNumber] else { throw VectorError.malformed("\(key) is not a number array") }
        return list.map(\.doubleValue)
    }
}

func loadVectorObject(_ file: String) throws -> JSONObject {
    try JSONObject(loadFixtureJSON("vectors/\(file)"))
}

func loadVectorArray(_ file: String) throws -> [JSONObject] {
    guard let list = try loadFixtureJSON("vectors/\(file)") as? [Any] else {
        throw VectorError.malformed("\(file) is not an array")
    }
    return try list.map { try JSONObject($0) }
}

/// Whether two values agree within `tolerance`, treating exact equality (also of infinities) as agreement.
func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    a == b || abs(a - b) <= tolerance
}
