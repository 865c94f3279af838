// The property-animation keys: keyPath and its value kind, basic from/to/by, spring parameters, and
// keyframe lists checked against each other (spec §3.3; Apple's CAKeyframeAnimation keyTimes docs).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

extension SceneAnimationParser {
    func readProperty(_ reader: SceneObjectReader, into animation: CAPropertyAnimation, layerClass: SceneLayerClass, keyPathRequired: Bool) {
        var kind: SceneValueKind?
        if let keyPath = reader.string("keyPath") {
            switch keyPaths.kind(of: keyPath, in: layerClass) {
            case .success(let found):
                kind = found
                animation.keyPath = keyPath
            case .failure(let issue):
                diagnostics.error(reader.path("keyPath"), issue.kind, issue.message)
            }
        } else if keyPathRequired && !reader.has("keyPath") {
            diagnostics.error(reader.path("keyPath"), .missingKey, "a property animation needs a keyPath")
        }
        if let additive = reader.bool("additive") { animation.isAdditive = additive }
        if let cumulative = reader.bool("cumulative") { animation.isCumulative = cumulative }
        if let name = reader.name("valueFunction", among: Self.valueFunctions) {
            animation.valueFunction = CAValueFunction(name: CAValueFunctionName(rawValue: name))
            if kind != .transform && kind != nil {
                diagnostics.error(reader.path("valueFunction"), .wrongType, "a value function needs a transform key path")
            }
            // Value-function inputs are numbers (one, or three for scale and translate), spec §4.2.
            kind = ["scale", "translate"].contains(name) ? .numbers : .number
        }
        // Without a valid key path the values cannot be typed; they are still checked for keyframe counts.
        let valueKind = kind
        func value(_ key: String) -> SceneValue? {
            guard let json = reader.raw(key) else { return nil }
            guard let valueKind else { return nil }
            return values.parse(json, as: valueKind, at: reader.path(key))
        }
        if let basic = animation as? CABasicAnimation {
            if let from = value("fromValue") { basic.fromValue = from.value }
            if let to = value("toValue") { basic.toValue = to.value }
            if let by = value("byValue") { basic.byValue = by.value }
            if let spring = basic as? CASpringAnimation { readSpring(reader, into: spring) }
        } else if let keyframe = animation as? CAKeyframeAnimation {
            readKeyframes(reader, into: keyframe, kind: valueKind)
        }
    }

    private func readSpring(_ reader: SceneObjectReader, into spring: CASpringAnimation) {
        let perceptual = reader.has("perceptualDuration") || reader.has("bounce")
        let physical = ["mass", "stiffness", "damping", "initialVelocity"].filter { reader.has($0) }
        if perceptual && !physical.isEmpty {
            diagnostics.error(reader.path(physical[0]), .wrongType, "give either perceptualDuration/bounce or mass/stiffness/damping, not both")
        }
        for key in ["mass", "stiffness"] {
            guard let value = reader.number(key) else { continue }
            guard value > 0 else {
                diagnostics.error(reader.path(key), .outOfRange, "must be positive, got \(SceneFormat.number(value))")
                continue
            }
            if key == "mass" { spring.mass = value } else { spring.stiffness = value }
        }
        if let damping = reader.nonNegative("damping") { spring.damping = damping }
        if let velocity = reader.number("initialVelocity") { spring.initialVelocity = velocity }
        if let overdamping = reader.bool("allowsOverdamping") { spring.allowsOverdamping = overdamping }
        if case .string("settling") = reader.values["duration"] { spring.duration = spring.settlingDuration }
    }

    private func readKeyframes(_ reader: SceneObjectReader, into animation: CAKeyframeAnimation, kind: SceneValueKind?) {
        var valueCount: Int?
        if let list = reader.array("values") {
            valueCount = list.count
            if list.isEmpty { diagnostics.error(reader.path("values"), .inconsistentKeyframes, "a keyframe animation needs at least one value") }
            if let kind {
                let parsed = list.enumerated().compactMap { index, json in
                    values.parse(json, as: kind, at: ScenePath.index(reader.path("values"), index))
                }
                if parsed.count == list.count { animation.values = parsed.map { $0.value as Any } }
            }
        }
        if let pathJSON = reader.raw("path") {
            if kind != .point && kind != nil {
                diagnostics.error(reader.path("path"), .wrongType, "a keyframe path needs a point key path such as position")
            } else if let path = values.cgPath(pathJSON, at: reader.path("path")) {
                animation.path = path
            }
        }
        if valueCount == nil && animation.path == nil && !reader.has("path") {
            diagnostics.error(reader.path("values"), .missingKey, "a keyframe animation needs values or a path")
        }
        let mode = reader.name("calculationMode", among: Self.calculationModes) ?? "linear"
        animation.calculationMode = CAAnimationCalculationMode(rawValue: mode)
        if let rotation = reader.name("rotationMode", among: ["auto", "autoReverse"]) {
            animation.rotationMode = CAAnimationRotationMode(rawValue: rotation)
        }
        let paced = mode == "paced" || mode == "cubicPaced"
        if let keyTimes = numberList(reader, "keyTimes") {
            // Apple: "If the values in this array are invalid or inappropriate for the current calculation
            // mode, they are ignored." So they are here, with a warning (an error when loading is strict),
            // and the animation runs with its default key times.
            let path = reader.path("keyTimes")
            let ignored = " (ignored: the animation runs with evenly spaced key times, as on Apple)"
            var valid = true
            for (index, time) in keyTimes.enumerated() {
                if !(0...1).contains(time) {
                    diagnostics.ignoredAsApple(ScenePath.index(path, index), .outOfRange,
                                               "key times must be in [0, 1], got \(SceneFormat.number(time))" + ignored)
                    valid = false
                } else if index > 0 && time < keyTimes[index - 1] {
                    diagnostics.ignoredAsApple(ScenePath.index(path, index), .inconsistentKeyframes,
                                               "key times must not decrease: \(SceneFormat.number(time)) after \(SceneFormat.number(keyTimes[index - 1]))" + ignored)
                    valid = false
                }
            }
            // Paced modes ignore keyTimes (Apple: "keyTimes and timingFunctions are ignored").
            if let valueCount, !paced, animation.path == nil {
                let allowed = mode == "discrete" ? [valueCount, valueCount + 1] : [valueCount]
                if !allowed.contains(keyTimes.count) {
                    diagnostics.ignoredAsApple(path, .inconsistentKeyframes, "\(keyTimes.count) values for \(valueCount) keyframes" + ignored)
                    valid = false
                }
            }
            if valid { animation.keyTimes = keyTimes.map { NSNumber(value: $0) } }
        }
        if let list = reader.array("timingFunctions") {
            let path = reader.path("timingFunctions")
            let functions = list.enumerated().compactMap { index, json in timingFunction(json, at: ScenePath.index(path, index)) }
            if let valueCount, valueCount > 0, !paced, animation.path == nil, list.count != valueCount - 1 {
                diagnostics.error(path, .inconsistentKeyframes, "\(list.count) timing functions for \(valueCount - 1) keyframe intervals")
            } else if functions.count == list.count {
                animation.timingFunctions = functions
            }
        }
        for key in ["tensionValues", "continuityValues", "biasValues"] {
            guard let list = numberList(reader, key) else { continue }
            if let valueCount, list.count != valueCount {
                diagnostics.error(reader.path(key), .inconsistentKeyframes, "\(list.count) values for \(valueCount) keyframes")
                continue
            }
            let numbers = list.map { NSNumber(value: $0) }
            switch key {
            case "tensionValues": animation.tensionValues = numbers
            case "continuityValues": animation.continuityValues = numbers
            default: animation.biasValues = numbers
            }
        }
    }

    /// An array of finite numbers at `key`.
    private func numberList(_ reader: SceneObjectReader, _ key: String) -> [Double]? {
        guard let list = reader.array(key) else { return nil }
        var result: [Double] = []
        for (index, json) in list.enumerated() {
            guard let number = values.number(json, at: ScenePath.index(reader.path(key), index)) else { return nil }
            result.append(number)
        }
        return result
    }
}
