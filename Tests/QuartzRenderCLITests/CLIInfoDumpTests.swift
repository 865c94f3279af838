// `info` and `dump` end to end (issue 5, Commands: "info SCENE (size, duration, fps, layer and animation
// counts, warnings)", "dump SCENE --time t (the presentation tree with resolved values and world matrices as
// stable, sorted JSON)").
import Foundation
import OpenQuartz
import Testing

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
}
