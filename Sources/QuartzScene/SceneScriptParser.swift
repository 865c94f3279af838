// Scripted model changes: [{"at": t, "duration": d, "timingFunction": f, "disableActions": b,
// "add": [{"parent", "index", "layer"}], "set": {"layer.keyPath": value}, "removeAnimation": [{"layer",
// "key"}], "addAnimation": [{"layer", "animation"}], "remove": [names]}]. Layers added by the script are
// registered first, so any event may name them.
import Foundation
import QuartzJSON
import QuartzLayers

extension SceneLayerParser {
    func parseScript(_ list: [SceneJSONValue], at path: String) -> [SceneScriptEvent] {
        // Pass 1: the event objects and the layers they add (names registered for every event).
        var readers: [(SceneObjectReader, [SceneScriptEvent.Addition])] = []
        for (index, json) in list.enumerated() {
            guard let reader = SceneObjectReader(json, path: ScenePath.index(path, index), diagnostics: diagnostics, what: "a scripted change")
            else { continue }
            var additions: [SceneScriptEvent.Addition] = []
            for (addIndex, entry) in (reader.array("add") ?? []).enumerated() {
                let entryPath = ScenePath.index(reader.path("add"), addIndex)
                guard let addReader = SceneObjectReader(entry, path: entryPath, diagnostics: diagnostics, what: "a layer addition") else { continue }
                let parent = addReader.string("parent") ?? "root"
                var position: Int?
                if let index = addReader.nonNegative("index") {
                    if index == index.rounded() && index < 1e6 { position = Int(index) } else {
                        diagnostics.error(addReader.path("index"), .outOfRange, "must be a whole number, got \(SceneFormat.number(index))")
                    }
                }
                if let layerJSON = addReader.raw("layer") {
                    if let plan = parse(layerJSON, at: addReader.path("layer")) {
                        additions.append(SceneScriptEvent.Addition(parent: parent, index: position, layer: plan))
                    }
                } else {
                    diagnostics.error(addReader.path("layer"), .missingKey, "an addition needs a layer")
                }
                addReader.finish(known: "an addition has parent, index, layer")
            }
            readers.append((reader, additions))
        }
        // Pass 2: everything that refers to layers by name.
        var events: [SceneScriptEvent] = []
        for (reader, additions) in readers {
            for addition in additions { checkName(addition.parent, at: reader.path("add")) }
            var time = 0.0
            if let at = reader.nonNegative("at") { time = at } else if !reader.has("at") {
                diagnostics.error(reader.path("at"), .missingKey, "a scripted change needs its time \"at\" (seconds)")
            }
            let duration = reader.nonNegative("duration")
            let function = reader.raw("timingFunction").flatMap { animations.timingFunction($0, at: reader.path("timingFunction")) }
            let disableActions = reader.bool("disableActions")
            var assignments: [(layer: String, assignment: SceneAssignment)] = []
            if let json = reader.raw("set") {
                if case .object(let object) = json {
                    for target in object.keys.sorted() {
                        if let parsed = assignment(target, object[target]!, at: ScenePath.key(reader.path("set"), target)) {
                            assignments.append(parsed)
                        }
                    }
                } else {
                    diagnostics.error(reader.path("set"), .wrongType, "expected an object of \"layer.keyPath\": value, got \(json.typeName)")
                }
            }
            // Per layer in schema order (geometry inputs before frame before position), as for layers.
            assignments.sort { a, b in
                let rankA = SceneSchema.rank(of: String(a.assignment.keyPath.prefix { $0 != "." }), in: names[a.layer] ?? .layer)
                let rankB = SceneSchema.rank(of: String(b.assignment.keyPath.prefix { $0 != "." }), in: names[b.layer] ?? .layer)
                return (a.layer, rankA, a.assignment.keyPath) < (b.layer, rankB, b.assignment.keyPath)
            }
            var animationRemovals: [(layer: String, key: String)] = []
            for (index, entry) in (reader.array("removeAnimation") ?? []).enumerated() {
                guard let entryReader = SceneObjectReader(entry, path: ScenePath.index(reader.path("removeAnimation"), index),
                                                          diagnostics: diagnostics, what: "{\"layer\", \"key\"}") else { continue }
                let layer = entryReader.string("layer"), key = entryReader.string("key")
                entryReader.finish(known: "removeAnimation entries have layer and key")
                guard let layer, let key else {
                    diagnostics.error(entryReader.path, .missingKey, "removeAnimation needs layer and key")
                    continue
                }
                if checkName(layer, at: entryReader.path("layer")) != nil { animationRemovals.append((layer, key)) }
            }
            var animationAdditions: [SceneScriptEvent.AnimationAddition] = []
            for (index, entry) in (reader.array("addAnimation") ?? []).enumerated() {
                guard let entryReader = SceneObjectReader(entry, path: ScenePath.index(reader.path("addAnimation"), index),
                                                          diagnostics: diagnostics, what: "{\"layer\", \"animation\"}") else { continue }
                let layer = entryReader.string("layer")
                let animationJSON = entryReader.raw("animation")
                entryReader.finish(known: "addAnimation entries have layer and animation")
                guard let layer, let animationJSON else {
                    diagnostics.error(entryReader.path, .missingKey, "addAnimation needs layer and animation")
                    continue
                }
                guard let layerClass = checkName(layer, at: entryReader.path("layer")),
                    let plan = animationPlan(animationJSON, at: entryReader.path("animation"), layerClass: layerClass)
                else { continue }
                animationAdditions.append(SceneScriptEvent.AnimationAddition(layer: layer, animation: plan))
            }
            var removals: [String] = []
            for (index, entry) in (reader.array("remove") ?? []).enumerated() {
                let entryPath = ScenePath.index(reader.path("remove"), index)
                guard case .string(let name) = entry else {
                    diagnostics.error(entryPath, .wrongType, "expected a layer name, got \(entry.typeName)")
                    continue
                }
                if name == "root" {
                    diagnostics.error(entryPath, .badReference, "the root layer cannot be removed")
                } else if checkName(name, at: entryPath) != nil {
                    removals.append(name)
                }
            }
            reader.finish(known: "a scripted change has at, duration, timingFunction, disableActions, add, set, removeAnimation, addAnimation, remove")
            events.append(SceneScriptEvent(
                time: time, duration: duration, timingFunction: function, disableActions: disableActions, additions: additions,
                assignments: assignments, animationRemovals: animationRemovals, animationAdditions: animationAdditions,
                removals: removals))
        }
        // Stable: events at the same time run in file order.
        return events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The class of layer `name`, or nil after reporting that no layer has that name.
    @discardableResult
    func checkName(_ name: String, at path: String) -> SceneLayerClass? {
        if let layerClass = names[name] { return layerClass }
        diagnostics.error(path, .badReference, "no layer is named \"\(name)\"")
        return nil
    }

    /// One "layer.keyPath": value entry.
    private func assignment(_ target: String, _ json: SceneJSONValue, at path: String) -> (layer: String, assignment: SceneAssignment)? {
        let parts = target.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            diagnostics.error(path, .unknownKeyPath, "expected \"layerName.keyPath\"")
            return nil
        }
        let layer = String(parts[0]), keyPath = String(parts[1])
        guard let layerClass = checkName(layer, at: path) else { return nil }
        if SceneSchema.unsupportedKeys.contains(keyPath) {
            diagnostics.unsupportedFeature(keyPath, at: path)
            return nil
        }
        if layer == "root" && ["bounds", "position", "frame", "anchorPoint"].contains(keyPath) {
            diagnostics.error(path, .wrongType, "the root layer's geometry comes from the scene's width and height")
            return nil
        }
        switch keyPaths.kind(of: keyPath, in: layerClass) {
        case .success(let kind):
            guard let value = values.parse(json, as: kind, at: path) else { return nil }
            if let number = value.value as? Double, !validNumber(number, for: keyPath, at: path) { return nil }
            return (layer, SceneAssignment(keyPath: keyPath, value: value))
        case .failure(let issue):
            diagnostics.error(path, issue.kind, issue.message)
            return nil
        }
    }
}
