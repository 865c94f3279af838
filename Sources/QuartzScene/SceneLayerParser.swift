// Layers in JSON: {"class": …, "name": …, property keys…, "key.path": value, "mask": {…},
// "sublayers": […], "animations": […], "actions": {event: animation | null}} into SceneLayerPlans.
import Foundation
import QuartzJSON
import QuartzLayers

final class SceneLayerParser {
    let values: SceneValueParser
    let animations: SceneAnimationParser
    let keyPaths: SceneKeyPathChecker
    var diagnostics: SceneDiagnostics { values.diagnostics }
    /// Every layer name and its class; names are unique across the scene (scripted additions included).
    private(set) var names: [String: SceneLayerClass] = [:]
    private var namePaths: [String: String] = [:]

    static let structuralKeys = ["class", "name", "mask", "sublayers", "animations", "actions"]

    init(values: SceneValueParser, animations: SceneAnimationParser, keyPaths: SceneKeyPathChecker) {
        self.values = values
        self.animations = animations
        self.keyPaths = keyPaths
    }

    /// Registers a name (the root's is "root"); reports clashes and unusable names.
    func register(_ name: String, _ layerClass: SceneLayerClass, at path: String) {
        if name.isEmpty || name.contains(".") {
            diagnostics.error(path, .badReference, "layer names must be non-empty and contain no \".\", got \"\(name)\"")
        } else if let first = namePaths[name] {
            diagnostics.error(path, .badReference, "the layer name \"\(name)\" is already used at \(first)")
        } else {
            names[name] = layerClass
            namePaths[name] = path
        }
    }

    /// The layer described at `path`; nil after reporting errors. `isRoot` forbids class, name and the
    /// geometry the scene size decides.
    func parse(_ json: SceneJSONValue, at path: String, isRoot: Bool = false) -> SceneLayerPlan? {
        guard let reader = SceneObjectReader(json, path: path, diagnostics: diagnostics, what: "a layer") else { return nil }
        let errorsBefore = diagnostics.errors.count
        var layerClass = SceneLayerClass.layer
        if !isRoot, let name = reader.string("class") {
            if let known = SceneLayerClass(rawValue: name) {
                layerClass = known
            } else if SceneLayerClass.unsupported.contains(name) {
                diagnostics.unsupportedFeature("\(name) layers (built as plain layers)", at: reader.path("class"))
            } else {
                let all = SceneLayerClass.allCases.map(\.rawValue).joined(separator: ", ")
                diagnostics.error(reader.path("class"), .unknownName, "\"\(name)\" is not one of \(all)")
            }
        }
        let name = isRoot ? "root" : reader.string("name")
        if let name, !isRoot { register(name, layerClass, at: reader.path("name")) }
        let assignments = readAssignments(reader, layerClass: layerClass, isRoot: isRoot)
        if layerClass == .text, !assignments.contains(where: { $0.keyPath == "font" }) { values.noteDefaultFont() }
        var mask: SceneLayerPlan?
        if let maskJSON = reader.raw("mask") { mask = parse(maskJSON, at: reader.path("mask")) }
        var sublayers: [SceneLayerPlan] = []
        if let list = reader.array("sublayers") {
            for (index, child) in list.enumerated() {
                if let plan = parse(child, at: ScenePath.index(reader.path("sublayers"), index)) { sublayers.append(plan) }
            }
        }
        var animationPlans: [SceneAnimationPlan] = []
        if let list = reader.array("animations") {
            for (index, json) in list.enumerated() {
                let animationPath = ScenePath.index(reader.path("animations"), index)
                if let plan = animationPlan(json, at: animationPath, layerClass: layerClass) { animationPlans.append(plan) }
            }
        }
        let actions = readActions(reader, layerClass: layerClass)
        reader.finish(known: "not a property of a \(layerClass.rawValue) layer nor a layer key")
        guard diagnostics.errors.count == errorsBefore else { return nil }
        return SceneLayerPlan(name: name, layerClass: layerClass, assignments: assignments, mask: mask,
                              sublayers: sublayers, animations: animationPlans, actions: actions)
    }

    /// An animation and its "key" (the key it is added for; nil lets the layer choose).
    func animationPlan(_ json: SceneJSONValue, at path: String, layerClass: SceneLayerClass) -> SceneAnimationPlan? {
        var key: String?
        if case .object(let object) = json, let keyJSON = object["key"] {
            guard case .string(let string) = keyJSON else {
                diagnostics.error(ScenePath.key(path, "key"), .wrongType, "expected a string, got \(keyJSON.typeName)")
                return nil
            }
            key = string
        }
        guard let animation = animations.parse(json, at: path, layerClass: layerClass) else { return nil }
        return SceneAnimationPlan(key: key, prototype: animation)
    }

    /// Property keys and dotted key paths, in application order (schema order, then key paths sorted).
    private func readAssignments(_ reader: SceneObjectReader, layerClass: SceneLayerClass, isRoot: Bool) -> [SceneAssignment] {
        var found: [(rank: Int, key: String, assignment: SceneAssignment)] = []
        for key in reader.values.keys.sorted() where !Self.structuralKeys.contains(key) {
            if SceneSchema.unsupportedKeys.contains(key) {
                reader.consume(key)
                diagnostics.unsupportedFeature(key, at: reader.path(key))
                continue
            }
            if isRoot && ["bounds", "position", "frame", "anchorPoint"].contains(key) {
                reader.consume(key)
                diagnostics.error(reader.path(key), .wrongType, "the root layer's geometry comes from the scene's width and height")
                continue
            }
            let isKeyPath = key.contains(".")
            let kind: SceneValueKind
            if isKeyPath || SceneSchema.kind(of: key, in: layerClass) != nil {
                switch keyPaths.kind(of: key, in: layerClass) {
                case .success(let resolved): kind = resolved
                case .failure(let issue):
                    reader.consume(key)
                    diagnostics.error(reader.path(key), issue.kind, issue.message)
                    continue
                }
            } else {
                if let owner = SceneLayerClass.allCases.first(where: { SceneSchema.kind(of: key, in: $0) != nil }) {
                    reader.consume(key)
                    diagnostics.error(reader.path(key), .unknownKeyPath,
                                      "\"\(key)\" is a property of \(owner.rawValue) layers, not of a \(layerClass.rawValue) layer")
                }
                continue  // anything else is reported as an unknown key by finish()
            }
            guard let json = reader.raw(key), let value = values.parse(json, as: kind, at: reader.path(key)) else { continue }
            if let number = value.value as? Double, !validNumber(number, for: key, at: reader.path(key)) { continue }
            found.append((SceneSchema.rank(of: key, in: layerClass), key, SceneAssignment(keyPath: key, value: value)))
        }
        return found.sorted { ($0.rank, $0.key) < ($1.rank, $1.key) }.map(\.assignment)
    }

    /// Range checks the engine leaves to the caller.
    func validNumber(_ number: Double, for key: String, at path: String) -> Bool {
        let nonNegative = ["duration", "repeatCount", "repeatDuration", "borderWidth", "shadowRadius", "lineWidth",
                           "miterLimit", "contentsScale", "rasterizationScale", "instanceCount", "cornerRadius"]
        if nonNegative.contains(key) && number < 0 {
            diagnostics.error(path, .outOfRange, "must not be negative, got \(SceneFormat.number(number))")
            return false
        }
        if key == "instanceCount" && (number != number.rounded() || number > 100_000) {
            diagnostics.error(path, .outOfRange, "must be a whole number of instances up to 100000, got \(SceneFormat.number(number))")
            return false
        }
        if key == "instanceCount" && number > Double(CAReplicatorLayer.maximumDrawnInstanceCount) {
            let limit = CAReplicatorLayer.maximumDrawnInstanceCount
            diagnostics.warning(path, .outOfRange, "\(SceneFormat.number(number)) instances asked for; the first \(limit) are drawn")
        }
        return true
    }

    private func readActions(_ reader: SceneObjectReader, layerClass: SceneLayerClass) -> [String: SceneAnimationPlan?]? {
        guard let json = reader.raw("actions") else { return nil }
        guard case .object(let object) = json else {
            diagnostics.error(reader.path("actions"), .wrongType, "expected an object of event: animation or null, got \(json.typeName)")
            return nil
        }
        var actions: [String: SceneAnimationPlan?] = [:]
        for event in object.keys.sorted() {
            let path = ScenePath.key(reader.path("actions"), event)
            guard let value = object[event] else { continue }
            if case .null = value {
                actions[event] = .some(nil)
            } else if let animation = animations.parse(value, at: path, layerClass: layerClass, keyPathRequired: false) {
                actions[event] = SceneAnimationPlan(key: event, prototype: animation)
            }
        }
        return actions
    }
}
