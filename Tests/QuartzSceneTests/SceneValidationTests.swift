// Every kind of load error with its exact path and message, collected rather than stopping at the first
// ("Bad input"). Unknown keys are warnings unless loading is strict; unsupported features are
// listed once.
import Foundation
import QuartzLayers
import Testing

@testable import QuartzScene

@Suite("Scene validation")
struct SceneValidationTests {
    /// The single error `json` gives, as "path: message" with its kind.
    func onlyError(_ json: String, strict: Bool = false) -> (String, SceneIssueKind)? {
        let errors = loadErrors(json, strict: strict)
        guard errors.count == 1 else { return nil }
        return (errors[0].description, errors[0].kind)
    }

    /// Apple (CAKeyframeAnimation.keyTimes): "If the values in this array are invalid or inappropriate for
    /// the current calculation mode, they are ignored." A scene's invalid key times are ignored the same way,
    /// with a warning naming the path; strict loading refuses them.
    @Test func keyTimesCountMismatchIsIgnoredWithAWarning() throws {
        let layers = """
            [{}, {}, {}, {"animations": [{"class": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.2, 0.5, 1]}]}]
            """
        let message = "layers[3].animations[0].keyTimes: 4 values for 3 keyframes"
            + " (ignored: the animation runs with evenly spaced key times, as on Apple)"
        let scene = try loadScene(sceneJSON(layers: layers))
        #expect(scene.warnings.map(\.description) == [message])
        #expect(scene.warnings.map(\.kind) == [.inconsistentKeyframes])
        let error = onlyError(sceneJSON(layers: layers), strict: true)
        #expect(error?.0 == message)
        #expect(error?.1 == .inconsistentKeyframes)
        // The animation runs with its default key times.
        let animation = try #require(scene.root.sublayers[3].animations.first?.prototype as? CAKeyframeAnimation)
        #expect(animation.keyTimes == nil)
    }

    /// Apple (CAKeyframeAnimation.keyTimes): "Each successive value in the array must be greater than, or
    /// equal to, the previous value"; values are in [0, 1]. Both problems are reported together, and ignored
    /// unless loading is strict.
    @Test func keyTimesOutOfOrderAndOutOfRange() throws {
        let layers = """
            [{"animations": [{"class": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.6, 0.4]},
                             {"class": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 1.5]}]}]
            """
        let ignored = " (ignored: the animation runs with evenly spaced key times, as on Apple)"
        let expected = [
            "layers[0].animations[0].keyTimes[2]: key times must not decrease: 0.4 after 0.6" + ignored,
            "layers[0].animations[1].keyTimes[1]: key times must be in [0, 1], got 1.5" + ignored,
        ]
        #expect(try loadScene(sceneJSON(layers: layers)).warnings.map(\.description) == expected)
        #expect(loadErrors(sceneJSON(layers: layers), strict: true).map(\.description) == expected)
    }

    /// Apple: discrete mode takes one more key time than values.
    @Test func discreteAcceptsOneMoreKeyTime() throws {
        let layers = """
            [{"animations": [{"class": "keyframe", "keyPath": "opacity", "calculationMode": "discrete", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}]
            """
        #expect(loadErrors(sceneJSON(layers: layers)).isEmpty)
    }

    @Test func timingFunctionsCountMismatch() {
        let layers = """
            [{"animations": [{"class": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "timingFunctions": ["easeIn"]}]}]
            """
        #expect(onlyError(sceneJSON(layers: layers))?.0 == "layers[0].animations[0].timingFunctions: 1 timing functions for 2 keyframe intervals")
    }

    @Test func wrongTypes() {
        let layers = """
            [{"opacity": "high", "position": [1, 2, 3], "hidden": 1, "backgroundColor": "red", "bounds": {"x": 0, "y": 0, "w": 1, "h": 1}}]
            """
        let errors = loadErrors(sceneJSON(layers: layers))
        #expect(errors.map(\.description) == [
            "layers[0].backgroundColor: \"red\" is not a colour: write \"#RRGGBB\" or \"#RRGGBBAA\" in hexadecimal",
            "layers[0].bounds: expected a rectangle: [x, y, width, height] or {\"x\", \"y\", \"width\", \"height\"}, got an object with keys h, w, x, y",
            "layers[0].hidden: expected true or false, got a number",
            "layers[0].opacity: expected a number, got a string",
            "layers[0].position: expected a point: [x, y] or {\"x\": …, \"y\": …}, got an array of 3 elements",
        ])
        #expect(errors.allSatisfy { $0.kind == .wrongType })
    }

    /// Unknown key paths on the target layer's class (SDK: fillColor is CAShapeLayer's; CALayer KVC fields).
    @Test func unknownKeyPaths() {
        let layers = """
            [{"name": "a", "fillColor": "#FF0000", "position.z": 3,
              "animations": [{"keyPath": "transform.rotation.w", "toValue": 1}, {"keyPath": "colour", "toValue": 1}]}]
            """
        let errors = loadErrors(sceneJSON(layers: layers))
        #expect(errors.map(\.description) == [
            "layers[0].fillColor: \"fillColor\" is a property of shape layers, not of a layer layer",
            "layers[0].position.z: key path \"position.z\": property \"position\" has no such field on a layer layer",
            "layers[0].animations[0].keyPath: key path \"transform.rotation.w\": property \"transform\" has no such field on a layer layer",
            "layers[0].animations[1].keyPath: \"colour\" is not a key path of a layer layer",
        ])
        #expect(errors.allSatisfy { $0.kind == .unknownKeyPath })
    }

    @Test func negativeAndNonFiniteDurations() {
        let layers = """
            [{"animations": [{"keyPath": "opacity", "duration": -1}, {"keyPath": "opacity", "repeatDuration": -0.5},
                             {"keyPath": "opacity", "repeatCount": "forever"}]}]
            """
        let errors = loadErrors(sceneJSON(layers: layers)).map(\.description)
        #expect(errors == [
            "layers[0].animations[0].duration: must not be negative, got -1",
            "layers[0].animations[1].repeatDuration: must not be negative, got -0.5",
            "layers[0].animations[2].repeatCount: expected a non-negative number or \"infinity\", got \"forever\"",
        ])
        // JSON has no NaN or infinity; a literal too large for a Double is refused as invalid JSON.
        let overflow = loadErrors(sceneJSON(layers: #"[{"animations": [{"keyPath": "opacity", "duration": 1e999}]}]"#))
        #expect(overflow.count == 1 && overflow[0].kind == .invalidJSON && overflow[0].message.contains("1e999"), "\(overflow[0].message)")
        #expect(onlyError(sceneJSON(layers: #"[{"animations": [{"keyPath": "opacity", "duration": "NaN"}]}]"#))?.0
            == "layers[0].animations[0].duration: expected a number, got a string")
        #expect(onlyError(#"{"width": 10, "height": 10, "duration": -2}"#)?.0 == "duration: must be positive, got -2")
    }

    /// JSON's types stay apart when a file is read: true and false are booleans, 1 and 0 numbers (RFC 8259
    /// §3: `false`, `null` and `true` are literal names, numbers are their own kind).
    @Test func jsonTypesStayDistinct() throws {
        let data = Data(#"[true, false, 1, 0, -2.5, 12345678901234567890, "1", null, {"a": [true]}, []]"#.utf8)
        #expect(try SceneJSONValue(jsonData: data) == .array([
            .bool(true), .bool(false), .number(1), .number(0), .number(-2.5), .number(12345678901234567890), .string("1"),
            .null, .object(["a": .array([.bool(true)])]), .array([]),
        ]))
        #expect(onlyError(sceneJSON(layers: #"[{"hidden": 1}]"#))?.0 == "layers[0].hidden: expected true or false, got a number")
    }

    /// Sizes are refused from the header's numbers, before anything is built or allocated.
    @Test func badSizes() {
        #expect(loadErrors(#"{"width": 0, "height": -5, "duration": 1}"#).map(\.description) == [
            "width: must be positive, got 0", "height: must be positive, got -5",
        ])
        #expect(onlyError(#"{"width": 1e30, "height": 10, "duration": 1}"#)?.0
            == "width: the scene is 1e+30x10 pixels; each side must be at most 32768")
        #expect(onlyError(#"{"width": 30000, "height": 30000, "duration": 1}"#)?.0
            == "width: the scene is 30000x30000 pixels, more than the limit of 268435456 pixels")
        #expect(onlyError(#"{"height": 10, "duration": 1}"#)?.0 == "width: a scene needs width")
        #expect(onlyError(#"{"width": 10, "height": 10, "duration": 1, "scale": 0}"#)?.0 == "scale: must be positive, got 0")
    }

    @Test func badFrameRates() {
        for rate in ["\"30/0\"", "\"abc\"", "0", "5000", "true"] {
            let error = onlyError(#"{"width": 10, "height": 10, "duration": 1, "frameRate": \#(rate)}"#)
            #expect(error?.1 == .outOfRange, "\(rate)")
            #expect(error?.0.hasPrefix("frameRate: expected frames per second as a number or \"numerator/denominator\"") == true)
        }
        #expect(onlyError(#"{"width": 10, "height": 10, "duration": 1e9, "frameRate": 1000}"#)?.0
            == "duration: 1000000000 s at 1000 fps is more than 100000000 frames")
    }

    @Test func unreadableAndInvalidFiles() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/scene.json")
        do {
            _ = try Scene.load(contentsOf: missing)
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.errors.first?.kind == .unreadableFile)
            #expect(error.errors.first?.message.hasPrefix("cannot read scene file \"/nonexistent/scene.json\"") == true)
        }
        let invalid = loadErrors("{\"width\": 10,")
        #expect(invalid.count == 1 && invalid[0].kind == .invalidJSON && invalid[0].message.hasPrefix("invalid JSON: "))
        #expect(onlyError("[1, 2]")?.0 == "expected a scene (an object), got an array")
    }

    /// Missing and corrupt contents images name the file.
    @Test func badImages() throws {
        let errors = loadErrors(sceneJSON(layers: #"[{"contents": "missing.png"}, {"contents": "corrupt.png"}]"#))
        #expect(errors.count == 2 && errors.allSatisfy { $0.kind == .badImage })
        #expect(errors[0].description.hasPrefix("layers[0].contents: image file \"missing.png\" not found"))
        #expect(errors[1].description.hasPrefix("layers[1].contents: image file \"corrupt.png\" cannot be decoded: cannot read PNG"))
    }

    @Test func goodImageLoadsOnce() throws {
        let scene = try loadScene(sceneJSON(layers: #"[{"name": "a", "contents": "dot.png"}, {"name": "b", "contents": "dot.png"}]"#))
        #expect(scene.counts.images == 1)
        let tree = scene.tree(atTime: 0)
        let a = try #require(tree.presented("a")?.contents), b = try #require(tree.presented("b")?.contents)
        #expect(a === b && a.width == 2 && a.height == 2)
    }

    /// Unknown keys are warnings (the scene still loads), errors when strict.
    @Test func unknownKeysWarnOrFail() throws {
        let json = sceneJSON(layers: #"[{"opacty": 0.5, "animations": [{"keyPath": "opacity", "toValu": 1}]}]"#, extra: #""titel": "x""#)
        let scene = try loadScene(json)
        #expect(scene.warnings.map(\.description) == [
            "layers[0].animations[0].toValu: unknown key \"toValu\" (see the animation keys in docs/scene-format.md)",
            "layers[0].opacty: unknown key \"opacty\" (not a property of a layer layer nor a layer key)",
            "titel: unknown key \"titel\" (a scene has version, width, height, scale, start, duration, frameRate, background, root, layers, script)",
        ])
        #expect(scene.warnings.allSatisfy { $0.kind == .unknownKey })
        let strictErrors = loadErrors(json, strict: true)
        #expect(strictErrors.count == 3 && strictErrors.allSatisfy { $0.kind == .unknownKey })
    }

    /// A well-formed animation the engine still cannot apply (paced values whose distances overflow) is not
    /// dropped silently: loading reports the engine's diagnostic as a warning, and as an error when strict.
    @Test func animationsTheEngineCannotApplyAreReported() throws {
        let layers = #"[{"name": "dot", "animations": [{"class": "keyframe", "key": "pulse", "keyPath": "opacity", "#
            + #""duration": 1, "values": [0, 1e308, -1e308], "calculationMode": "paced"}]}]"#
        let json = sceneJSON(layers: layers)
        let scene = try loadScene(json)
        #expect(scene.warnings.map(\.description) == [
            "animation (key \"pulse\") on layer \"dot\" changes nothing: keyframes: paced calculation needs finite distances between successive values"
        ])
        #expect(scene.warnings.map(\.kind) == [.animationNotApplied])
        let strictErrors = loadErrors(json, strict: true)
        #expect(strictErrors.map(\.kind) == [.animationNotApplied])
        // A scene whose animations all apply has no such warning.
        let fine = try loadScene(sceneJSON(layers: #"[{"animations": [{"keyPath": "opacity", "toValue": 0, "duration": 1}]}]"#))
        #expect(fine.warnings.isEmpty)
    }

    /// Unsupported features are accepted, ignored and listed once each with their number of uses.
    @Test func unsupportedFeaturesListedOnce() throws {
        let layers = #"[{"backgroundFilters": [], "sublayers": [{"backgroundFilters": ["blur"]}, {"class": "emitter", "edgeAntialiasingMask": 15}]}]"#
        let scene = try loadScene(sceneJSON(layers: layers))
        #expect(scene.unsupportedFeatures == ["backgroundFilters", "emitter layers (built as plain layers)", "edgeAntialiasingMask"])
        #expect(scene.warnings.map(\.description) == [
            "layers[0].backgroundFilters: backgroundFilters is not supported and is ignored (2 uses in the scene)",
            "layers[0].sublayers[1].class: emitter layers (built as plain layers) is not supported and is ignored (1 use in the scene)",
            "layers[0].sublayers[1].edgeAntialiasingMask: edgeAntialiasingMask is not supported and is ignored (1 use in the scene)",
        ])
    }

    @Test func unknownNames() {
        let layers = """
            [{"class": "sprite"}, {"animations": [{"class": "tween"}, {"keyPath": "opacity", "fillMode": "sideways", "timingFunction": "bouncy"}]}]
            """
        #expect(loadErrors(sceneJSON(layers: layers)).map(\.description) == [
            "layers[0].class: \"sprite\" is not one of layer, shape, gradient, transform, replicator, text",
            "layers[1].animations[0].class: \"tween\" is not one of basic, keyframe, spring, group, transition",
            "layers[1].animations[1].fillMode: \"sideways\" is not one of removed, forwards, backwards, both",
            "layers[1].animations[1].timingFunction: \"bouncy\" is not one of linear, easeIn, easeOut, easeInEaseOut, default",
        ])
    }

    @Test func badReferences() {
        let json = sceneJSON(
            layers: #"[{"name": "a"}, {"name": "a"}, {"name": "b.c"}]"#,
            extra: #""script": [{"at": 1, "set": {"ghost.opacity": 0}, "remove": ["root"], "addAnimation": [{"layer": "nobody", "animation": {"keyPath": "opacity"}}]}]"#)
        #expect(loadErrors(json).map(\.description) == [
            "layers[1].name: the layer name \"a\" is already used at layers[0].name",
            "layers[2].name: layer names must be non-empty and contain no \".\", got \"b.c\"",
            "script[0].set.ghost.opacity: no layer is named \"ghost\"",
            "script[0].addAnimation[0].layer: no layer is named \"nobody\"",
            "script[0].remove[0]: the root layer cannot be removed",
        ])
    }

    @Test func invalidPaths() {
        let layers = #"[{"class": "shape", "path": "M 0 0 L 10"}, {"class": "shape", "path": [{"line": [1, 2]}]}]"#
        let errors = loadErrors(sceneJSON(layers: layers))
        #expect(errors.map(\.description) == [
            "layers[0].path: invalid SVG path data: expected a number, found the end of the data at character 10",
            "layers[1].path[0].line: line needs a current point: start with move",
        ])
        #expect(errors.allSatisfy { $0.kind == .invalidPath })
    }

    @Test func missingKeys() {
        let layers = #"[{"animations": [{"toValue": 1}, {"class": "keyframe", "keyPath": "opacity"}]}]"#
        let errors = loadErrors(sceneJSON(layers: layers, extra: #""script": [{"set": {}}]"#))
        #expect(errors.map(\.description) == [
            "layers[0].animations[0].keyPath: a property animation needs a keyPath",
            "layers[0].animations[1].values: a keyframe animation needs values or a path",
            "script[0].at: a scripted change needs its time \"at\" (seconds)",
        ])
        #expect(errors.allSatisfy { $0.kind == .missingKey })
    }

    /// Errors everywhere in the document are collected in one load.
    @Test func allErrorsCollected() {
        let json = #"{"width": -1, "height": 10, "duration": 1, "layers": [{"opacity": "x"}, {"class": "nope"}]}"#
        #expect(loadErrors(json).count == 3)
    }
}

@Suite("Scene hostile input")
struct SceneHostileInputTests {
    /// Extreme but well-formed values load (or fail with an error) and evaluate without trapping.
    @Test(arguments: [
        #"[{"position": [1e308, -1e308], "bounds": [0, 0, 1e308, 1e308], "transform": [{"rotate": [1, 0, 0, 0]}]}]"#,
        #"[{"class": "replicator", "instanceCount": 100000, "sublayers": [{}]}]"#,
        #"[{"class": "shape", "path": "M0 0 A1e300 1e-300 45 1 1 1e300 1e300 Z", "lineDashPattern": []}]"#,
        #"[{"speed": 0, "timeOffset": 1e300, "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 1e-300, "repeatCount": 1e30}]}]"#,
        #"[{"animations": [{"class": "group", "animations": [{"class": "group", "animations": [{"class": "group"}]}]}]}]"#,
        #"[{"animations": [{"class": "keyframe", "keyPath": "position", "path": "M0 0", "calculationMode": "paced"}]}]"#,
        #"[{"animations": [{"class": "spring", "keyPath": "opacity", "toValue": 0, "stiffness": 1e300, "damping": 0, "duration": "settling"}]}]"#,
    ])
    func extremeValuesAreSafe(layers: String) throws {
        do {
            let scene = try loadScene(sceneJSON(layers: layers))
            for time in [0.0, 0.5, 1e9] { _ = scene.tree(atTime: time).snapshot() }
        } catch {
            #expect(!error.errors.isEmpty)
        }
    }

    @Test func overlargeCountsAreRefused() {
        #expect(loadErrors(sceneJSON(layers: #"[{"class": "replicator", "instanceCount": 1e9}]"#)).map(\.description)
            == ["layers[0].instanceCount: must be a whole number of instances up to 100000, got 1000000000"])
        #expect(loadErrors(sceneJSON(layers: #"[{"animations": [{"keyPath": "opacity", "speed": 1e300}]}]"#)).map(\.description)
            == ["layers[0].animations[0].speed: must fit a Float (Apple's type for speed), got 1e+300"])
    }
}
