// Loading: the file, the JSON, the header (size refused before anything is built), the layer tree and
// the script. Every error found is collected; the load fails if there is any.
import Foundation
import QuartzJSON
import QuartzLayers
import QuartzRaster

extension Scene {
    /// Loads the scene file at `url`; images are found relative to its folder.
    public static func load(contentsOf url: URL, options: SceneLoadOptions = SceneLoadOptions()) throws(SceneLoadError) -> Scene {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneLoadError(
                errors: [SceneIssue(path: "", kind: .unreadableFile, message: "cannot read scene file \"\(url.path)\": \(error.localizedDescription)")],
                warnings: [])
        }
        return try load(data: data, baseDirectory: url.deletingLastPathComponent(), options: options)
    }

    /// Loads a scene from JSON `data`; images are found relative to `baseDirectory`.
    public static func load(data: Data, baseDirectory: URL, options: SceneLoadOptions = SceneLoadOptions()) throws(SceneLoadError) -> Scene {
        let diagnostics = SceneDiagnostics(strict: options.strict)
        let images = SceneImageLoader(baseDirectory: baseDirectory, maximumPixels: options.maximumPixelCount)
        let values = SceneValueParser(diagnostics: diagnostics, images: images)
        let keyPaths = SceneKeyPathChecker()
        let animations = SceneAnimationParser(values: values, keyPaths: keyPaths)
        let layers = SceneLayerParser(values: values, animations: animations, keyPaths: keyPaths)
        // The document is parsed into plans in a scope of its own, so its values are freed before any tree is built.
        let (header, background, rootPlan, sublayers, script) = try parseDocument(
            data, options: options, diagnostics: diagnostics, values: values, layers: layers)
        diagnostics.finishUnsupportedFeatures()
        guard diagnostics.errors.isEmpty, let header, let rootPlan else {
            throw SceneLoadError(errors: diagnostics.errors, warnings: diagnostics.warnings)
        }
        let root = SceneLayerPlan(
            name: "root", layerClass: .layer, assignments: rootPlan.assignments, mask: rootPlan.mask,
            sublayers: rootPlan.sublayers + sublayers, animations: rootPlan.animations, actions: rootPlan.actions)
        SceneTreeDepth.check(root: root, script: script, diagnostics: diagnostics)
        guard diagnostics.errors.isEmpty else {
            throw SceneLoadError(errors: diagnostics.errors, warnings: diagnostics.warnings)
        }
        let scriptLayers = script.reduce(0) { $0 + $1.additions.reduce(0) { $0 + $1.layer.layerCount } }
        let counts = SceneCounts(layers: root.layerCount + scriptLayers, animations: animations.count,
                                 scriptedChanges: script.count, images: images.count)
        func scene(warnings: [SceneIssue]) -> Scene {
            Scene(size: header.size, scale: header.scale, start: header.start, duration: header.duration,
                  frameRate: header.frameRate, background: background, warnings: warnings,
                  unsupportedFeatures: diagnostics.unsupportedFeatures, counts: counts, root: root, script: script,
                  fonts: values.fonts)
        }
        for problem in scene(warnings: []).engineDiagnostics() {
            if options.strict {
                diagnostics.error("", .animationNotApplied, problem.description)
            } else {
                diagnostics.warning("", .animationNotApplied, problem.description)
            }
        }
        guard diagnostics.errors.isEmpty else {
            throw SceneLoadError(errors: diagnostics.errors, warnings: diagnostics.warnings)
        }
        return scene(warnings: diagnostics.warnings)
    }

    /// The parts of a scene document; nil parts come with errors in `diagnostics`.
    private static func parseDocument(
        _ data: Data, options: SceneLoadOptions, diagnostics: SceneDiagnostics, values: SceneValueParser, layers: SceneLayerParser
    ) throws(SceneLoadError) -> (Header?, CGColor?, SceneLayerPlan?, [SceneLayerPlan], [SceneScriptEvent]) {
        let json: SceneJSONValue
        do {
            json = try SceneJSONValue(jsonData: data)
        } catch {
            let message = error.kind == .tooDeep ? SceneJSONNesting.tooDeepMessage(error) : "invalid JSON: \(error)"
            throw SceneLoadError(errors: [SceneIssue(path: "", kind: .invalidJSON, message: message)], warnings: [])
        }
        guard let reader = SceneObjectReader(json, path: "", diagnostics: diagnostics, what: "a scene") else {
            throw SceneLoadError(errors: diagnostics.errors, warnings: diagnostics.warnings)
        }
        let header = readHeader(reader, options: options)
        let background = reader.raw("background").flatMap { values.parse($0, as: .color, at: "background") }?.value as? CGColor
        layers.register("root", .layer, at: "root")
        var rootPlan = reader.raw("root").flatMap { layers.parse($0, at: "root", isRoot: true) }
        if !reader.has("root") { rootPlan = layers.parse(.object([:]), at: "root", isRoot: true) }
        var sublayers: [SceneLayerPlan] = []
        for (index, child) in (reader.array("layers") ?? []).enumerated() {
            if let plan = layers.parse(child, at: ScenePath.index("layers", index)) { sublayers.append(plan) }
        }
        let script = reader.array("script").map { layers.parseScript($0, at: "script") } ?? []
        reader.finish(known: "a scene has version, width, height, scale, start, duration, frameRate, background, root, layers, script")
        return (header, background, rootPlan, sublayers, script)
    }

    /// What the engine reports about the scene's animations once every scripted change has run: the
    /// problems the file's checks cannot see (paced values too far apart to measure, for one).
    func engineDiagnostics() -> [AnimationDiagnostic] {
        let tree = tree(atTime: start + duration)
        return tree.context.takeAnimationDiagnostics()
    }

    private struct Header {
        let size: CGSize
        let scale: Double
        let start: Double
        let duration: Double
        let frameRate: SceneFrameRate
    }

    /// The largest number of frames a scene may have (a day at 1000 fps is far below it).
    static let maximumFrameCount = 100_000_000

    /// Size, scale, timing; nil (with errors) when any is unusable. Sizes are checked in floating point
    /// before any integer conversion or allocation.
    private static func readHeader(_ reader: SceneObjectReader, options: SceneLoadOptions) -> Header? {
        let diagnostics = reader.diagnostics
        if let version = reader.number("version"), version != 1 {
            diagnostics.error("version", .outOfRange, "this reader understands version 1, got \(SceneFormat.number(version))")
        }
        var ok = true
        func positive(_ key: String, required: Bool, default value: Double) -> Double {
            guard reader.has(key) else {
                if required {
                    diagnostics.error(key, .missingKey, "a scene needs \(key)")
                    ok = false
                }
                return value
            }
            guard let number = reader.number(key) else { ok = false; return value }
            guard number > 0 else {
                diagnostics.error(key, .outOfRange, "must be positive, got \(SceneFormat.number(number))")
                ok = false
                return value
            }
            return number
        }
        let width = positive("width", required: true, default: 1)
        let height = positive("height", required: true, default: 1)
        let scale = positive("scale", required: false, default: 1)
        if ok {
            let pixelWidth = width * scale, pixelHeight = height * scale
            let side = Double(options.maximumSide)
            if pixelWidth > side || pixelHeight > side {
                diagnostics.error("width", .outOfRange,
                                  "the scene is \(SceneFormat.number(pixelWidth))x\(SceneFormat.number(pixelHeight)) pixels; each side must be at most \(options.maximumSide)")
                ok = false
            } else if pixelWidth.rounded(.up) * pixelHeight.rounded(.up) > Double(options.maximumPixelCount) {
                diagnostics.error("width", .outOfRange,
                                  "the scene is \(SceneFormat.number(pixelWidth))x\(SceneFormat.number(pixelHeight)) pixels, more than the limit of \(options.maximumPixelCount) pixels")
                ok = false
            }
        }
        let duration = positive("duration", required: true, default: 1)
        let start = reader.number("start") ?? 0
        var frameRate = SceneFrameRate(numerator: 30, denominator: 1)!
        if let json = reader.raw("frameRate") {
            let parsed: SceneFrameRate?
            switch json {
            case .number(let fps): parsed = SceneFrameRate(fps)
            case .string(let text): parsed = SceneFrameRate(parsing: text)
            default: parsed = nil
            }
            if let parsed {
                frameRate = parsed
            } else {
                diagnostics.error("frameRate", .outOfRange,
                                  "expected frames per second as a number or \"numerator/denominator\" (e.g. \"30000/1001\"), positive and at most 1000, got \(describe(json))")
                ok = false
            }
        }
        if ok, frameRate.frameCount(forDuration: duration) > maximumFrameCount {
            diagnostics.error("duration", .outOfRange, "\(SceneFormat.number(duration)) s at \(frameRate) fps is more than \(maximumFrameCount) frames")
            ok = false
        }
        guard ok else { return nil }
        return Header(size: CGSize(width: width, height: height), scale: scale, start: start, duration: duration, frameRate: frameRate)
    }

    private static func describe(_ json: SceneJSONValue) -> String {
        switch json {
        case .number(let number): return SceneFormat.number(number)
        case .string(let text): return "\"\(text)\""
        default: return json.typeName
        }
    }
}
