// Bad scene data through the binary ("Bad input": "wrong value types, unknown key paths, keyTimes
// out of order (ignored as Apple ignores them, fatal with --strict), negative or NaN durations, missing images, corrupt PNGs, a missing or unreadable scene:
// each gets a message naming the problem and a non-zero exit"): 65 for invalid data, naming the JSON path
// or the file; 66 for a scene that cannot be read. Also `--progress json` (one object per stderr line) and
// `--strict`.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIBadSceneTests {
    /// A scene with one layer holding `layer` (JSON members) in the scene folder `folder`.
    func write(_ name: String, layer: String, in folder: URL, top: String = "\"duration\": 1") throws {
        let text = #"{"version": 1, "width": 20, "height": 20, "# + top + #", "layers": [{"# + layer + "}]}"
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    @Test func invalidValuesExit65NamingTheJSONPath() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = #""animations": [{"class": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5], "keyTimes": [0, 0.75, 0.5], "duration": 1}]"#
        try write("keytimes.json", layer: animation, in: folder)
        try write("negative.json", layer: #""animations": [{"keyPath": "opacity", "toValue": 0, "duration": -1}]"#, in: folder)
        try write("nan.json", layer: #""name": "a""#, in: folder, top: #""duration": "NaN""#)
        try write("keypath.json", layer: #""animations": [{"keyPath": "transform.wobble", "toValue": 1}]"#, in: folder)
        let cases: [(file: String, path: String)] = [
            ("negative.json", "layers[0].animations[0].duration"),
            ("nan.json", "duration"),
            ("keypath.json", "layers[0].animations[0].keyPath"),
        ]
        for c in cases {
            let result = try CLI.run(["render", c.file, "-o", "f/%d.png", "--progress", "none"], in: folder)
            #expect(result.status == 65, "\(c.file): \(result.stderr)")
            #expect(result.stderr.contains(c.file) && result.stderr.contains(c.path + ":"), "\(c.file): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
        // Key times out of order are ignored as Apple ignores them, with a warning naming the first bad
        // time; --strict refuses them.
        let path = "layers[0].animations[0].keyTimes[2]"
        let strict = try CLI.run(["render", "keytimes.json", "-o", "f/%d.png", "--progress", "none", "--strict"], in: folder)
        #expect(strict.status == 65 && strict.stderr.contains(path + ":"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
        let lenient = try CLI.run(["render", "keytimes.json", "--frames", "0", "-o", "f/%d.png", "--progress", "none"], in: folder)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("warning") && lenient.stderr.contains(path + ":") && lenient.stderr.contains("ignored"),
                "\(lenient.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f/0.png").path))
    }

    @Test func missingAndCorruptImagesExit65NamingTheFile() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: fixturesDirectory.appendingPathComponent("scenes/corrupt.png"),
                                         to: folder.appendingPathComponent("broken.png"))
        try write("missing.json", layer: #""frame": [0, 0, 10, 10], "contents": "nowhere.png""#, in: folder)
        try write("corrupt.json", layer: #""frame": [0, 0, 10, 10], "contents": "broken.png""#, in: folder)
        for (file, image) in [("missing.json", "nowhere.png"), ("corrupt.json", "broken.png")] {
            let result = try CLI.run(["render", file, "--frames", "0", "-o", "x.png", "--progress", "none"], in: folder)
            #expect(result.status == 65, "\(file): \(result.stderr)")
            #expect(result.stderr.contains(image) && result.stderr.contains("layers[0].contents"), "\(file): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
        }
    }

    @Test func unreadableScenesExit66() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder where the scene should be.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scene.json"), withIntermediateDirectories: true)
        let directory = try CLI.run(["info", "scene.json"], in: folder)
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("scene.json"))
        // A file without read permission: root reads it anyway, so this part only runs as another user.
        if geteuid() != 0 {
            try write("locked.json", layer: "", in: folder)
            chmod(folder.appendingPathComponent("locked.json").path, 0)
            let locked = try CLI.run(["render", "locked.json", "-o", "x.png"], in: folder)
            #expect(locked.status == 66)
            #expect(locked.stderr.contains("locked.json"))
        }
    }

    /// A FIFO or a device named as the scene is refused at once (66) with what it is, instead of blocking on
    /// the read or reading without end.
    @Test func specialFilesAreNotReadAsScenes() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600) == 0)
        for (scene, what) in [("pipe.json", "a pipe or other special file"), ("/dev/zero", "a device")] {
            let result = try CLI.run(["render", scene, "-o", "x.png"], in: folder)
            #expect(result.status == 66, "\(scene): \(result.stderr)")
            #expect(result.stderr.contains("\"\(scene)\" is \(what), not a regular scene file"), "\(result.stderr)")
        }
    }

    /// `--stats` naming a folder is refused before any frame renders (73), not after the last one.
    @Test func statsNamingAFolderIsRefusedFirst() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("stats"), withIntermediateDirectories: true)
        let result = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--frames", "0..<3", "--stats", "stats",
                                  "-o", "f/%d.png", "--progress", "none"], in: folder)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("--stats \"stats\" is a folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path), "no frame was rendered")
    }

    /// Frames that cannot fit in memory are refused before rendering (64), naming the need and the limit:
    /// 1920x1080 with --jobs 2 holds 6 frames of 7.9 MB, twice over: about 95 MB.
    @Test func framesOverTheMemoryLimitAreRefusedFirst() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--size", "1920x1080", "--jobs", "2",
                                  "--memory-limit", "64M", "-o", "f/%d.png", "--progress", "none"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("1920x1080 frames with --jobs 2 need about 95 MB (6 frames of 7.9 MB in flight, twice over), over the memory limit of 64 MB"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
        let bad = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--memory-limit", "lots", "-o", "x.png"], in: folder)
        #expect(bad.status == 64 && bad.stderr.contains("--memory-limit must be a size such as 8G"), "\(bad.stderr)")
        let fits = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--frames", "0", "--memory-limit", "64M",
                                "-o", "x.png", "--progress", "none"], in: folder)
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    /// More replicator instances than are drawn is said, not silently cut.
    @Test func replicatorCountsOverTheDrawnLimitWarn() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("many.json", layer: #""class": "replicator", "instanceCount": 10000, "sublayers": [{"frame": [0, 0, 1, 1]}]"#, in: folder)
        let result = try CLI.run(["info", "many.json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("layers[0].instanceCount: 10000 instances asked for; the first 4096 are drawn"), "\(result.stderr)")
    }

    /// A frame that passes the render-list builder's layer limit (nested replicators: 600 × 600 instances) is
    /// not left silently incomplete: the render says, once, how many layers were not drawn.
    @Test func framesPastTheLayerLimitAreReported() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dot = #"{"bounds": [0, 0, 1, 1], "position": [0.5, 0.5], "backgroundColor": [1, 0, 0]}"#
        let inner = #"{"class": "replicator", "instanceCount": 600, "instanceTransform": [{"translate": [0.01, 0, 0]}], "sublayers": ["# + dot + "]}"
        let outer = #""class": "replicator", "frame": [0, 0, 10, 10], "instanceCount": 600, "sublayers": ["# + inner + "]"
        try write("many.json", layer: outer, in: folder)
        let result = try CLI.run(["render", "many.json", "--frames", "0..<2", "-o", "f/%d.png", "--progress", "none"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("layers and their sublayers are not drawn") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("enters more than 250000 layers") == true, "\(result.stderr)")
    }

    @Test func strictRenderRefusesUnknownKeys() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("extra.json", layer: ##""frame": [0, 0, 5, 5], "colour": "#FF0000""##, in: folder)
        let lenient = try CLI.run(["render", "extra.json", "--frames", "0", "-o", "a.png", "--progress", "none"], in: folder)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("layers[0].colour"))
        let strict = try CLI.run(["render", "extra.json", "--frames", "0", "-o", "b.png", "--strict"], in: folder)
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("layers[0].colour"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.png").path))
    }

    /// An animation the engine cannot apply is a warning line; `--strict` makes it fatal before any frame.
    @Test func strictRenderRefusesAnimationsTheEngineCannotApply() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = #""name": "dot", "frame": [0, 0, 5, 5], "animations": [{"class": "keyframe", "keyPath": "opacity", "#
            + #""values": [0, 1e308, -1e308], "calculationMode": "paced", "duration": 1}]"#
        try write("paced.json", layer: animation, in: folder)
        let message = "animation on layer \"dot\" changes nothing: keyframes: paced calculation needs finite distances"
        let lenient = try CLI.run(["render", "paced.json", "--frames", "0", "-o", "a.png", "--progress", "none"], in: folder)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("warning: " + message), "\(lenient.stderr)")
        let strict = try CLI.run(["render", "paced.json", "--frames", "0", "-o", "b.png", "--strict"], in: folder)
        #expect(strict.status == 65)
        #expect(strict.stderr.contains(message), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.png").path))
    }

    @Test func jsonProgressIsOneObjectPerLine() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--frames", "4..<8", "--size", "16x16",
                                  "--progress", "json", "--quiet", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        var frames: [Int] = [], summaries = 0
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            switch object["event"] as? String {
            case "frame":
                frames.append(try #require(object["frame"] as? Int))
                #expect(object["total"] as? Int == 4)
                #expect(object["skipped"] as? Bool == false)
            case "summary":
                summaries += 1
                #expect(object["framesRendered"] as? Int == 4)
                #expect((object["phases"] as? [String: Any])?.keys.sorted() == ["composite", "convert", "encode", "evaluate", "total", "wait", "write"])
            default:
                Issue.record("unexpected event: \(line)")
            }
        }
        #expect(frames == [4, 5, 6, 7])
        #expect(summaries == 1)
    }
}
