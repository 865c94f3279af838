// `info` and `dump` end to end (Commands: "info SCENE (size, duration, fps, layer and animation
// counts, warnings)", "dump SCENE --time t (the presentation tree with resolved values and world matrices as
// stable, sorted JSON)").
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIInfoDumpTests {
    @Test func infoJSONMatchesTheLoadedScene() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = fixtureScene("complete-example.json")
        let result = try CLI.run(["info", path, "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path))
        #expect(json["frameCount"] as? Int == scene.frameCount)
        #expect(json["layers"] as? Int == scene.counts.layers)
        #expect(json["animations"] as? Int == scene.counts.animations)
        #expect(json["scriptedChanges"] as? Int == scene.counts.scriptedChanges)
        #expect(json["duration"] as? Double == scene.duration)
        #expect(json["frameRate"] as? String == scene.frameRate.description)
        #expect((json["warnings"] as? [String])?.count == scene.warnings.count)
        let text = try CLI.run(["info", path], in: folder)
        #expect(text.stdout.contains("frames: \(scene.frameCount)"))
    }

    @Test func infoListsUnknownKeysAsWarningsAndStrictRefusesThem() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"version": 1, "width": 10, "height": 10, "duration": 1, "colour": 3}"#.utf8)
            .write(to: folder.appendingPathComponent("w.json"))
        let lenient = try CLI.run(["info", "w.json"], in: folder)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("warnings: 1"))
        #expect(lenient.stdout.contains("colour"))
        let strict = try CLI.run(["info", "w.json", "--strict"], in: folder)
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("colour"))
    }

    @Test func dumpGivesResolvedValuesAndMatricesStably() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 20 × 10 box whose position.x runs linearly from 10 to 110 over 1 s.
        let scene = #"""
        {"version": 1, "width": 200, "height": 100, "duration": 1,
         "layers": [{"name": "box", "frame": [0, 0, 20, 10],
           "animations": [{"keyPath": "position.x", "fromValue": 10, "toValue": 110, "duration": 1, "timingFunction": "linear"}]}]}
        """#
        try Data(scene.utf8).write(to: folder.appendingPathComponent("box.json"))
        let first = try CLI.run(["dump", "box.json", "--time", "0.25"], in: folder)
        let second = try CLI.run(["dump", "box.json", "--time", "0.25"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(json["time"] as? Double == 0.25)
        let root = try #require(json["root"] as? [String: Any])
        let box = try #require((root["sublayers"] as? [[String: Any]])?.first)
        #expect(box["name"] as? String == "box")
        // Linear: x = 10 + 0.25 · 100 = 35. M(L→S) = translate(position − anchorPoint · bounds.size) (spec §9.2):
        // (35 − 10, 5 − 5) for a 20 × 10 box; the root sits at the origin of its superlayer space.
        // Tolerance 1e-6: even "linear" goes through the engine's timing-curve solver, which stops at an
        // x-error of Apple's solver epsilon (seen: 1.4e-7 here); every other element is exact.
        func close(_ a: [Double]?, _ b: [Double]) -> Bool {
            guard let a, a.count == b.count else { return false }
            return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 }
        }
        #expect(close(box["position"] as? [Double], [35, 5]))
        let expected: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 25, 0, 0, 1]
        #expect(close(box["transformToSuperlayer"] as? [Double], expected))
        #expect(close(box["worldTransform"] as? [Double], expected))
        let world = try #require(box["worldTransform"] as? [Double])
        #expect(Array(world[0..<12]) == Array(expected[0..<12]) && Array(world[13...]) == Array(expected[13...]))
        // Sorted keys: "anchorPoint" precedes "bounds" precedes "worldTransform" in the text.
        let text = first.stdout
        let a = try #require(text.range(of: "\"anchorPoint\"")), b = try #require(text.range(of: "\"bounds\""))
        #expect(a.lowerBound < b.lowerBound)
    }

    /// Every resolved value beyond geometry ("the presentation tree with resolved values"): contents
    /// mapping, corner mask, group opacity, compositing filter, shadow path, shape stroking, gradient and
    /// replicator values, the layer's own timing and a running transition, under CALayer's property names
    /// with Apple's string constants (SDK-CALayer, SDK-CAShapeLayer, SDK-CAReplicatorLayer, SDK-CATransition).
    @Test func dumpWritesEveryResolvedValue() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = #"""
        {"version": 1, "width": 100, "height": 100, "duration": 1,
         "layers": [
          {"name": "plain", "frame": [0, 0, 10, 10], "contentsGravity": "resizeAspect", "contentsRect": [0, 0, 0.5, 1],
           "contentsCenter": [0.25, 0.25, 0.5, 0.5], "contentsScale": 2, "maskedCorners": ["layerMinXMinYCorner", "layerMaxXMaxYCorner"],
           "allowsGroupOpacity": false, "compositingFilter": "multiplyBlendMode", "shadowPath": "M0 0 L10 0 L10 5 Z",
           "speed": 2, "timeOffset": 0.5, "beginTime": 0.125},
          {"name": "shape", "class": "shape", "path": "M0 0 L20 0 L20 10 Z", "fillRule": "even-odd", "lineCap": "round",
           "lineJoin": "bevel", "miterLimit": 4, "lineDashPattern": [3, 2], "lineDashPhase": 1, "strokeStart": 0.25, "strokeEnd": 0.75},
          {"name": "gradient", "class": "gradient", "colors": ["#FF0000", "#0000FF"], "locations": [0, 1], "type": "radial"},
          {"name": "copies", "class": "replicator", "instanceCount": 3, "instanceColor": "#FFFFFF",
           "instanceRedOffset": -0.25, "instanceGreenOffset": -0.5, "instanceBlueOffset": 0, "instanceAlphaOffset": -0.125},
          {"name": "pushed", "frame": [0, 0, 10, 10], "animations": [{"class": "transition", "type": "push", "subtype": "fromRight",
           "duration": 1, "timingFunction": "linear", "key": "transition"}]}
         ]}
        """#
        try Data(scene.utf8).write(to: folder.appendingPathComponent("all.json"))
        let result = try CLI.run(["dump", "all.json", "--time", "0.25"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let sublayers = try #require((json["root"] as? [String: Any])?["sublayers"] as? [[String: Any]])
        func layer(_ name: String) throws -> [String: Any] { try #require(sublayers.first { $0["name"] as? String == name }) }

        let plain = try layer("plain")
        #expect(plain["contentsGravity"] as? String == "resizeAspect")
        #expect(plain["contentsRect"] as? [Double] == [0, 0, 0.5, 1])
        #expect(plain["contentsCenter"] as? [Double] == [0.25, 0.25, 0.5, 0.5])
        #expect(plain["contentsScale"] as? Double == 2)
        #expect(plain["maskedCorners"] as? [String] == ["layerMaxXMaxYCorner", "layerMinXMinYCorner"])
        #expect(plain["allowsGroupOpacity"] as? Bool == false)
        #expect(plain["compositingFilter"] as? String == "multiplyBlendMode")
        let shadow = try #require(plain["shadowPath"] as? [String: Any])
        #expect(shadow["bounds"] as? [Double] == [0, 0, 10, 5])
        #expect(shadow["elementCount"] as? Int == 4)  // move, line, line, close
        #expect(plain["speed"] as? Double == 2)
        #expect(plain["timeOffset"] as? Double == 0.5)
        #expect(plain["beginTime"] as? Double == 0.125)
        #expect(plain["transition"] is NSNull)

        let shape = try layer("shape")
        #expect(shape["fillRule"] as? String == "even-odd")  // kCAFillRuleEvenOdd's string
        #expect(shape["lineCap"] as? String == "round")
        #expect(shape["lineJoin"] as? String == "bevel")
        #expect(shape["miterLimit"] as? Double == 4)
        #expect(shape["lineDashPattern"] as? [Double] == [3, 2])
        #expect(shape["lineDashPhase"] as? Double == 1)
        #expect(shape["strokeStart"] as? Double == 0.25 && shape["strokeEnd"] as? Double == 0.75)
        #expect((shape["path"] as? [String: Any])?["bounds"] as? [Double] == [0, 0, 20, 10])
        #expect(shape["speed"] as? Double == 1 && shape["timeOffset"] as? Double == 0 && shape["beginTime"] as? Double == 0)

        let gradient = try layer("gradient")
        #expect(gradient["gradientType"] as? String == "radial")
        #expect(gradient["gradientLocations"] as? [Double] == [0, 1])
        #expect(gradient["gradientColors"] as? [[Double]] == [[1, 0, 0, 1], [0, 0, 1, 1]])

        let copies = try layer("copies")
        #expect(copies["instanceCount"] as? Int == 3)
        #expect(copies["instanceColor"] as? [Double] == [1, 1, 1, 1])
        #expect(copies["instanceRedOffset"] as? Double == -0.25 && copies["instanceGreenOffset"] as? Double == -0.5)
        #expect(copies["instanceBlueOffset"] as? Double == 0 && copies["instanceAlphaOffset"] as? Double == -0.125)
        #expect(copies["preservesDepth"] as? Bool == false)

        let transition = try #require(try layer("pushed")["transition"] as? [String: Any])
        #expect(transition["type"] as? String == "push" && transition["subtype"] as? String == "fromRight")
        #expect(transition["filter"] is NSNull)
        // Linear timing at 0.25 s of 1 s: progress 0.25 (the timing-curve solver's 1e-6 tolerance, as above).
        #expect(abs((transition["progress"] as? Double ?? -1) - 0.25) <= 1e-6)
    }
}
