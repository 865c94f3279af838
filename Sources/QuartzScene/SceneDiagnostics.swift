// Collects every error and warning found while reading a scene, so that a user sees all problems at
// once; unsupported features are reported once each, however often they occur.
import Foundation
import QuartzJSON

/// The issues found so far. One instance per load; never shared between threads.
final class SceneDiagnostics {
    let strict: Bool
    private(set) var errors: [SceneIssue] = []
    private(set) var warnings: [SceneIssue] = []
    /// Unsupported feature name → (first path, number of uses), reported as one warning each at the end.
    private var unsupported: [String: (path: String, count: Int)] = [:]
    private var unsupportedOrder: [String] = []

    init(strict: Bool) {
        self.strict = strict
    }

    func error(_ path: String, _ kind: SceneIssueKind, _ message: String) {
        errors.append(SceneIssue(path: path, kind: kind, message: message))
    }

    func warning(_ path: String, _ kind: SceneIssueKind, _ message: String) {
        warnings.append(SceneIssue(path: path, kind: kind, message: message))
    }

    /// Input Apple documents as ignored (invalid keyTimes): a warning saying what runs instead, or an
    /// error when loading is strict.
    func ignoredAsApple(_ path: String, _ kind: SceneIssueKind, _ message: String) {
        if strict {
            error(path, kind, message)
        } else {
            warning(path, kind, message)
        }
    }

    /// An unknown key: a warning, or an error when loading is strict.
    func unknownKey(_ path: String, _ key: String, known: String) {
        let message = "unknown key \"\(key)\" (\(known))"
        if strict {
            error(path, .unknownKey, message)
        } else {
            warning(path, .unknownKey, message)
        }
    }

    /// Notes one use of a feature the engine does not render; reported once per feature.
    func unsupportedFeature(_ feature: String, at path: String) {
        if let entry = unsupported[feature] {
            unsupported[feature] = (entry.path, entry.count + 1)
        } else {
            unsupported[feature] = (path, 1)
            unsupportedOrder.append(feature)
        }
    }

    /// The unsupported features, in first-use order.
    var unsupportedFeatures: [String] { unsupportedOrder }

    /// Adds one warning per unsupported feature (at its first use, with the number of uses).
    func finishUnsupportedFeatures() {
        for feature in unsupportedOrder {
            guard let entry = unsupported[feature] else { continue }
            let uses = entry.count == 1 ? "1 use" : "\(entry.count) uses"
            warning(entry.path, .unsupportedFeature, "\(feature) is not supported and is ignored (\(uses) in the scene)")
        }
    }
}

/// JSON path helpers: `a.b`, `a[3]`.
enum ScenePath {
    static func key(_ base: String, _ key: String) -> String {
        base.isEmpty ? key : "\(base).\(key)"
    }

    static func index(_ base: String, _ index: Int) -> String {
        "\(base)[\(index)]"
    }
}

/// Reads one JSON object: typed getters report wrong types at the key's path, and `finish()` reports the
/// keys nobody asked for as unknown.
final class SceneObjectReader {
    let path: String
    let values: [String: SceneJSONValue]
    let diagnostics: SceneDiagnostics
    private var consumed: Set<String> = []

    /// Nil (with an error) when `value` is not an object.
    init?(_ value: SceneJSONValue, path: String, diagnostics: SceneDiagnostics, what: String) {
        guard case .object(let object) = value else {
            diagnostics.error(path, .wrongType, "expected \(what) (an object), got \(value.typeName)")
            return nil
        }
        self.path = path
        self.values = object
        self.diagnostics = diagnostics
    }

    func path(_ key: String) -> String { ScenePath.key(path, key) }

    func has(_ key: String) -> Bool { values[key] != nil }

    /// The raw value of `key`, marking it as used.
    func raw(_ key: String) -> SceneJSONValue? {
        guard let value = values[key] else { return nil }
        consumed.insert(key)
        return value
    }

    /// Marks `key` as used without reading it.
    func consume(_ key: String) { consumed.insert(key) }

    /// A finite number (JSON cannot hold NaN; an overflowing literal such as 1e999 decodes as infinity).
    func number(_ key: String) -> Double? {
        guard let value = raw(key) else { return nil }
        guard case .number(let number) = value else {
            diagnostics.error(path(key), .wrongType, "expected a number, got \(value.typeName)")
            return nil
        }
        guard number.isFinite else {
            diagnostics.error(path(key), .outOfRange, "must be a finite number")
            return nil
        }
        return number
    }

    /// A finite number ≥ 0.
    func nonNegative(_ key: String) -> Double? {
        guard let number = number(key) else { return nil }
        guard number >= 0 else {
            diagnostics.error(path(key), .outOfRange, "must not be negative, got \(SceneFormat.number(number))")
            return nil
        }
        return number
    }

    func string(_ key: String) -> String? {
        guard let value = raw(key) else { return nil }
        guard case .string(let string) = value else {
            diagnostics.error(path(key), .wrongType, "expected a string, got \(value.typeName)")
            return nil
        }
        return string
    }

    func bool(_ key: String) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard case .bool(let flag) = value else {
            diagnostics.error(path(key), .wrongType, "expected true or false, got \(value.typeName)")
            return nil
        }
        return flag
    }

    func array(_ key: String) -> [SceneJSONValue]? {
        guard let value = raw(key) else { return nil }
        guard case .array(let array) = value else {
            diagnostics.error(path(key), .wrongType, "expected an array, got \(value.typeName)")
            return nil
        }
        return array
    }

    /// One of `names`; anything else is an `unknownName` error listing them.
    func name(_ key: String, among names: [String]) -> String? {
        guard let string = string(key) else { return nil }
        guard names.contains(string) else {
            diagnostics.error(path(key), .unknownName, "\"\(string)\" is not one of \(names.joined(separator: ", "))")
            return nil
        }
        return string
    }

    /// Reports every key not read, sorted, as unknown (`known` describes what is expected here).
    func finish(known: String) {
        for key in values.keys.sorted() where !consumed.contains(key) {
            diagnostics.unknownKey(path(key), key, known: known)
        }
    }
}

/// Formatting shared by messages.
enum SceneFormat {
    /// A number as written in JSON: integers without a fraction.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
