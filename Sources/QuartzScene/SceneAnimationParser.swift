// Animations in Core Animation terms: {"class": "basic" | "keyframe" | "spring" | "group" | "transition",
// keyPath, fromValue/toValue/byValue, values, keyTimes, …} into CAAnimation prototypes. Values are parsed
// by the kind of the key path on the target layer's class; keyframe lists are checked against each other.
import Foundation
import QuartzJSON
import QuartzLayers
import QuartzMath
import QuartzRaster

final class SceneAnimationParser {
    let values: SceneValueParser
    let keyPaths: SceneKeyPathChecker
    var diagnostics: SceneDiagnostics { values.diagnostics }
    /// Animations parsed, group children included.
    private(set) var count = 0

    static let classes = ["basic", "keyframe", "spring", "group", "transition"]
    static let timingFunctionNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
    static let calculationModes = ["linear", "discrete", "paced", "cubic", "cubicPaced"]
    static let valueFunctions = [
        "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate", "translateX",
        "translateY", "translateZ",
    ]
    /// Apple's strings, then the Swift names of the UIKit-style types ("flip" is CATransitionType.flip,
    /// raw "oglFlip"; "curlUp" is "pageCurl"; "curlDown" is "pageUnCurl").
    static let transitionTypes = [
        "fade", "moveIn", "push", "reveal", "oglFlip", "pageCurl", "pageUnCurl", "crossDissolve", "flip", "curlUp",
        "curlDown",
    ]
    static let transitionTypeAliases = ["flip": "oglFlip", "curlUp": "pageCurl", "curlDown": "pageUnCurl"]
    static let transitionSubtypes = ["fromRight", "fromLeft", "fromTop", "fromBottom"]

    init(values: SceneValueParser, keyPaths: SceneKeyPathChecker) {
        self.values = values
        self.keyPaths = keyPaths
    }

    /// The animation described at `path`, for a layer of `layerClass`; nil after reporting errors.
    /// `keyPathRequired` is false for actions (the event names the property).
    func parse(_ json: SceneJSONValue, at path: String, layerClass: SceneLayerClass, keyPathRequired: Bool = true) -> CAAnimation? {
        guard let reader = SceneObjectReader(json, path: path, diagnostics: diagnostics, what: "an animation") else { return nil }
        let errorsBefore = diagnostics.errors.count
        let className = reader.has("class") ? reader.name("class", among: Self.classes) : "basic"
        reader.consume("key")  // read by the caller (the key the animation is added for)
        let animation: CAAnimation
        switch className {
        case "keyframe": animation = CAKeyframeAnimation()
        case "spring": animation = makeSpring(reader)
        case "group": animation = CAAnimationGroup()
        case "transition": animation = CATransition()
        default: animation = CABasicAnimation()
        }
        count += 1
        guard className != nil else {
            // An unknown class: its other keys cannot be checked meaningfully.
            for key in reader.values.keys { reader.consume(key) }
            return nil
        }
        readTiming(reader, into: animation)
        if let property = animation as? CAPropertyAnimation {
            readProperty(reader, into: property, layerClass: layerClass, keyPathRequired: keyPathRequired)
        } else if let group = animation as? CAAnimationGroup {
            if let children = reader.array("animations") {
                group.animations = children.enumerated().compactMap { index, child in
                    parse(child, at: ScenePath.index(reader.path("animations"), index), layerClass: layerClass)
                }
            }
        } else if let transition = animation as? CATransition {
            readTransition(reader, into: transition)
        }
        reader.finish(known: "see the animation keys in docs/scene-format.md")
        return diagnostics.errors.count == errorsBefore ? animation : nil
    }

    /// A spring from perceptualDuration/bounce (Apple's convenience initialiser) or a plain one.
    private func makeSpring(_ reader: SceneObjectReader) -> CASpringAnimation {
        guard reader.has("perceptualDuration") || reader.has("bounce") else { return CASpringAnimation() }
        let duration = reader.number("perceptualDuration") ?? 1
        let bounce = reader.number("bounce") ?? 0
        if duration <= 0 {
            diagnostics.error(reader.path("perceptualDuration"), .outOfRange, "must be positive, got \(SceneFormat.number(duration))")
        } else if !(-1...1).contains(bounce) {
            diagnostics.error(reader.path("bounce"), .outOfRange, "must be in [-1, 1], got \(SceneFormat.number(bounce))")
        } else {
            return CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        }
        return CASpringAnimation()
    }

    /// CAMediaTiming and CAAnimation keys shared by every class.
    private func readTiming(_ reader: SceneObjectReader, into animation: CAAnimation) {
        if let beginTime = reader.number("beginTime") { animation.beginTime = beginTime }
        if case .string("settling") = reader.values["duration"] {
            reader.consume("duration")
            if !(animation is CASpringAnimation) {
                diagnostics.error(reader.path("duration"), .wrongType, "\"settling\" is only for spring animations")
            }
        } else if let duration = reader.nonNegative("duration") {
            animation.duration = duration
        }
        if let speed = reader.number("speed") {
            if Float(speed).isFinite {
                animation.speed = Float(speed)
            } else {
                diagnostics.error(reader.path("speed"), .outOfRange, "must fit a Float (Apple's type for speed), got \(SceneFormat.number(speed))")
            }
        }
        if let timeOffset = reader.number("timeOffset") { animation.timeOffset = timeOffset }
        if let repeatCount = countOrInfinity(reader, "repeatCount") { animation.repeatCount = Float(repeatCount) }
        if let repeatDuration = countOrInfinity(reader, "repeatDuration") { animation.repeatDuration = repeatDuration }
        if let autoreverses = reader.bool("autoreverses") { animation.autoreverses = autoreverses }
        if let fillMode = reader.name("fillMode", among: SceneSchema.fillModes) {
            animation.fillMode = CAMediaTimingFillMode(rawValue: fillMode)
        }
        if let removed = reader.bool("removedOnCompletion") { animation.isRemovedOnCompletion = removed }
        if let function = reader.raw("timingFunction") {
            animation.timingFunction = timingFunction(function, at: reader.path("timingFunction"))
        }
    }

    /// A non-negative number or "infinity".
    private func countOrInfinity(_ reader: SceneObjectReader, _ key: String) -> Double? {
        if case .string(let text) = reader.values[key] {
            reader.consume(key)
            guard text == "infinity" else {
                diagnostics.error(reader.path(key), .wrongType, "expected a non-negative number or \"infinity\", got \"\(text)\"")
                return nil
            }
            return .infinity
        }
        return reader.nonNegative(key)
    }

    /// A name ("easeIn", …) or four control points [c1x, c1y, c2x, c2y] (x in [0, 1]).
    func timingFunction(_ json: SceneJSONValue, at path: String) -> CAMediaTimingFunction? {
        switch json {
        case .string(let name):
            guard Self.timingFunctionNames.contains(name) else {
                diagnostics.error(path, .unknownName, "\"\(name)\" is not one of \(Self.timingFunctionNames.joined(separator: ", "))")
                return nil
            }
            return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
        case .array(let array) where array.count == 4:
            var points: [Double] = []
            for (index, element) in array.enumerated() {
                guard let value = values.number(element, at: ScenePath.index(path, index)) else { return nil }
                if index % 2 == 0 && !(0...1).contains(value) {
                    diagnostics.error(ScenePath.index(path, index), .outOfRange, "control point x must be in [0, 1], got \(SceneFormat.number(value))")
                    return nil
                }
                points.append(value)
            }
            return CAMediaTimingFunction(controlPoints: Float(points[0]), Float(points[1]), Float(points[2]), Float(points[3]))
        default:
            diagnostics.error(path, .wrongType, "expected a timing function name or [c1x, c1y, c2x, c2y], got \(json.typeName)")
            return nil
        }
    }

    private func readTransition(_ reader: SceneObjectReader, into transition: CATransition) {
        if let type = reader.name("type", among: Self.transitionTypes) {
            transition.type = CATransitionType(rawValue: Self.transitionTypeAliases[type] ?? type)
        }
        if let subtype = reader.name("subtype", among: Self.transitionSubtypes) {
            transition.subtype = CATransitionSubtype(rawValue: subtype)
        }
        for key in ["startProgress", "endProgress"] {
            guard let progress = reader.number(key) else { continue }
            guard (0...1).contains(progress) else {
                diagnostics.error(reader.path(key), .outOfRange, "must be in [0, 1], got \(SceneFormat.number(progress))")
                continue
            }
            if key == "startProgress" { transition.startProgress = Float(progress) } else { transition.endProgress = Float(progress) }
        }
        if let filter = reader.raw("filter") { transition.filter = parseFilter(filter, at: reader.path("filter")) }
    }

    /// A Core Image transition filter: {"name": "CIBarsSwipeTransition", "inputAngle": 3.14, …}. Numbers for
    /// NSNumber inputs, [x, y, width, height] for inputExtent, a colour for inputColor; each checked by
    /// `CIFilter.checkedInput` (unknown inputs, images and wrong types are errors at their path).
    private func parseFilter(_ json: SceneJSONValue, at path: String) -> CIFilter? {
        guard let reader = SceneObjectReader(json, path: path, diagnostics: diagnostics, what: "a Core Image filter") else {
            return nil
        }
        defer { reader.finish(known: "name and the filter's input keys") }
        guard reader.has("name") else {
            diagnostics.error(path, .missingKey, "a filter needs a \"name\"")
            for key in reader.values.keys { reader.consume(key) }
            return nil
        }
        let names = CIFilter.filterNames(inCategory: kCICategoryTransition)
        guard let name = reader.name("name", among: names), let filter = CIFilter(name: name) else {
            for key in reader.values.keys { reader.consume(key) }
            return nil
        }
        let attributes = filter.attributes
        for key in reader.values.keys.sorted() where key != "name" {
            reader.consume(key)
            let keyPath = reader.path(key)
            let json = reader.values[key]!
            let inputClass = (attributes[key] as? [String: Any])?[kCIAttributeClass] as? String
            var value: Any?
            switch inputClass {
            case "NSNumber": value = values.number(json, at: keyPath)
            case "CIVector":
                let count = ((attributes[key] as? [String: Any])?[kCIAttributeDefault] as? CIVector)?.count ?? 4
                value = values.numbers(json, count: count, names: count == 4 ? ["x", "y", "width", "height"] : ["x", "y"],
                                       kind: count == 4 ? .rect : .point, at: keyPath)
                    .map { v in
                        // A position (inputCenter) stays a 2-value vector; a rectangle has 4.
                        v.count == 2 ? CIVector(x: v[0], y: v[1])
                            : CIVector(cgRect: CGRect(x: v[0], y: v[1], width: v.count > 2 ? v[2] : 0, height: v.count > 3 ? v[3] : 0))
                    }
            case "CIColor": value = values.color(json, at: keyPath).map { CIColor(cgColor: $0) }
            default: value = nil
            }
            // A value the scene parser could not read was reported already; the filter checks the rest.
            if value == nil && ["NSNumber", "CIVector", "CIColor"].contains(inputClass ?? "") { continue }
            do {
                _ = try filter.checkedInput(value ?? 0, forKey: key)
                filter.setValue(value, forKey: key)
            } catch let error as CIFilterInputError {
                if case .unknownKey = error {
                    diagnostics.error(keyPath, .unknownKey, error.description)
                } else {
                    diagnostics.error(keyPath, .wrongType, error.description)
                }
            } catch {
                diagnostics.error(keyPath, .wrongType, "\(error)")
            }
        }
        return filter
    }
}
