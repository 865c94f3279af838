// `quartz-render bench` (docs/cli.md, "bench": frames/s and per-phase percentiles) and peak memory, which
// must not grow with the animation's length. Timings are never asserted, only the report's shape and the memory bound.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIBenchAndMemoryTests {
    static let scene = fixtureScene("ship-on-path.json")

    func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(text)")
    }

    @Test func benchJSONHasAStableShape() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["bench", Self.scene, "--frames", "3..<7", "--size", "64x48", "--threads", "1",
                                  "--repeat", "3", "--warmup", "2", "--encode", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        #expect(Set(report.keys) == ["version", "scene", "width", "height", "threads", "repeat", "warmup", "motionBlurSamples",
                                     "shutterAngle", "frames", "framesMeasured", "wallSeconds", "framesPerSecond",
                                     "peakResidentBytes", "phases"])
        #expect(report["width"] as? Int == 64 && report["height"] as? Int == 48)
        #expect(report["threads"] as? Int == 1 && report["repeat"] as? Int == 3 && report["warmup"] as? Int == 2)
        #expect(report["frames"] as? Int == 4 && report["framesMeasured"] as? Int == 12)
        #expect(report["motionBlurSamples"] as? Int == 1 && report["shutterAngle"] as? Double == 180)
        #expect(report["scene"] as? String == Self.scene)
        #expect((report["peakResidentBytes"] as? Int ?? 0) > 1 << 20, "a running Swift process holds more than 1 MiB")
        #expect((report["framesPerSecond"] as? Double ?? 0) > 0 && (report["wallSeconds"] as? Double ?? 0) > 0)
        let phases = try #require(report["phases"] as? [String: [String: Double]])
        #expect(Set(phases.keys) == ["evaluate", "composite", "encode", "write", "total"])
        for (name, summary) in phases {
            #expect(Set(summary.keys) == ["median", "p95", "max"], "\(name)")
            let median = summary["median"] ?? -1, p95 = summary["p95"] ?? -1, max = summary["max"] ?? -1
            #expect(0 <= median && median <= p95 && p95 <= max, "\(name): \(summary)")
        }
        // Keys are sorted, so two reports diff cleanly; nothing but the report is on stdout, and no file is written.
        #expect(result.stdout.range(of: "\"composite\"")!.lowerBound < result.stdout.range(of: "\"evaluate\"")!.lowerBound)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { $0.hasPrefix(".") })
    }

    @Test func benchWithoutEncodeHasNoEncodePhaseAndPrintsATable() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try json(try CLI.run(["bench", Self.scene, "--frames", "5", "--size", "32x32", "--json"], in: folder).stdout)
        #expect(Set((report["phases"] as? [String: Any])?.keys ?? [:].keys) == ["evaluate", "composite", "total"])
        #expect(report["frames"] as? Int == 1 && report["repeat"] as? Int == 1 && report["warmup"] as? Int == 1)
        let table = try CLI.run(["bench", Self.scene, "--frames", "5", "--size", "32x32", "--motion-blur", "3"], in: folder)
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("phase ") } && lines.contains { $0.hasPrefix("composite ") })
        #expect(!lines.contains { $0.hasPrefix("encode ") })
        #expect(lines.last?.contains("frames/s") == true && lines.last?.contains("peak resident memory") == true)
    }

    @Test(arguments: [["--repeat", "0"], ["--warmup", "-1"], ["--repeat", "1001"], ["--motion-blur", "65"]])
    func benchRejectsBadCounts(flags: [String]) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["bench", Self.scene, "--frames", "0"] + flags, in: folder)
        #expect(result.status == 64, "\(flags): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Peak RSS of a `render --stats` run over `frames` frames.
    func peakResidentBytes(frames: Int, in folder: URL) throws -> Int {
        let sub = "f\(frames)"
        let result = try CLI.run(["render", Self.scene, "--frames", "0..<\(frames)", "--size", "320x320", "--threads", "1",
                                  "--progress", "json", "--stats", "\(sub)/stats.json", "-o", "\(sub)/%03d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try json(String(decoding: try Data(contentsOf: folder.appendingPathComponent("\(sub)/stats.json")), as: UTF8.self))
        #expect(stats["framesRendered"] as? Int == frames)
        let peak = try #require(stats["peakResidentBytes"] as? Int)
        // The progress channel's summary line reports the same figure.
        let summary = try json(String(try #require(result.stderr.split(separator: "\n").last)))
        #expect(summary["event"] as? String == "summary" && summary["peakResidentBytes"] as? Int == peak, "\(summary)")
        return peak
    }

    @Test func peakMemoryDoesNotGrowWithTheFrameCount() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let short = try peakResidentBytes(frames: 10, in: folder)
        let long = try peakResidentBytes(frames: 120, in: folder)
        #expect(short > 1 << 20)
        // Margin: +20 MiB or +25 %, whichever is larger. It absorbs allocator and page-cache noise (malloc
        // arenas, the growing per-frame timing list of ~50 bytes a frame), but keeping one 320x320 frame
        // (400 KiB) per frame would add 110 · 400 KiB ≈ 43 MiB and fail.
        let margin = max(20 << 20, short / 4)
        #expect(long <= short + margin, "peak RSS \(short) B for 10 frames, \(long) B for 120")
    }

    /// A scene of `count` layers, each with two animations that repeat for ever (nothing ever finishes, so
    /// nothing is ever removed).
    static func animatedLayersScene(count: Int) -> String {
        let layers = (0..<count).map { i in
            let x = (i % 10) * 3, y = (i / 10) * 2
            return """
                {"name": "l\(i)", "frame": [\(x), \(y), 2, 2], "backgroundColor": "#FF8800", "animations": [
                  {"keyPath": "position.x", "fromValue": \(x), "toValue": \(x + 10), "duration": 2,
                   "repeatCount": "infinity", "autoreverses": true},
                  {"keyPath": "opacity", "fromValue": 0.2, "toValue": 1, "duration": 1.3, "repeatCount": "infinity"}]}
                """
        }
        return """
            {"version": 1, "width": 32, "height": 18, "duration": 100, "frameRate": 30,
             "layers": [\(layers.joined(separator: ",\n"))]}
            """
    }

    /// A Lottie file of `count` shape layers, each moving, turning and trimming over 3,000 frames, every
    /// second one luma-matted by the one before it.
    static func animatedLottie(count: Int) -> String {
        func eased(_ from: [Double], _ to: [Double]) -> String {
            #"{"a":1,"k":[{"t":0,"s":\#(from),"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":3000,"s":\#(to)}]}"#
        }
        let layers = (0..<count).map { i in
            let x = Double((i % 8) * 4), y = Double((i / 8) * 3)
            let shapes = #"[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[3,2]},"r":{"a":0,"k":0.5}},"#
                + #"{"ty":"st","c":{"a":0,"k":[0.1,0.2,0.9,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":0.5},"lc":2,"lj":2},"#
                + #"{"ty":"fl","c":{"a":0,"k":[1,0.5,0,1]},"o":{"a":0,"k":90}},"#
                + #"{"ty":"tm","s":{"a":0,"k":0},"e":\#(eased([20], [100])),"o":\#(eased([0], [720])),"m":1}]"#
            let matte = i % 2 == 1 ? #","tt":3"# : (i + 1 < count ? #","td":1"# : "")
            return #"{"ty":4,"ind":\#(i + 1)\#(matte),"ip":0,"op":3000,"ks":{"p":\#(eased([x, y], [x + 6, y + 2])),"r":\#(eased([0], [360])),"o":{"a":0,"k":100}},"shapes":\#(shapes)}"#
        }
        return #"{"v":"5.7.0","fr":30,"ip":0,"op":3000,"w":32,"h":18,"layers":[\#(layers.joined(separator: ","))]}"#
    }

    /// Peak RSS of `arguments` over the frames `0..<frames` of `scene`, from the run's own report.
    func peakResidentBytes(_ arguments: [String], scene: String, frames: Int, in folder: URL) throws -> Int {
        let sub = "run\(frames)-\(arguments[0])"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        let stats = "\(sub)/stats.json"
        let flags = arguments[0] == "bench" ? ["--json"] : ["--stats", stats, "--progress", "none", "-o", "\(sub)/%05d.png"]
        let result = try CLI.run(arguments + [scene, "--frames", "0..<\(frames)", "--threads", "1"] + flags, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(arguments[0] == "bench"
            ? result.stdout : String(decoding: try Data(contentsOf: folder.appendingPathComponent(stats)), as: UTF8.self))
        return try #require(report["peakResidentBytes"] as? Int)
    }

    /// Every frame of a scene is built, evaluated and released: memory stays flat over thousands of frames
    /// with many animated layers, on the bench path and on the render path that writes files. A frame that
    /// kept its layer tree (about 5 KB per animated layer) would add 100 · 5 KB = 500 KB per frame here, so
    /// 1,800 extra frames would add 900 MB; the bound allows 2 KB per frame (20 bytes per animated layer).
    @Test(arguments: ["bench", "render"])
    func memoryStaysFlatOverThousandsOfFramesOfAnAnimatedScene(command: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.animatedLayersScene(count: 100).write(to: folder.appendingPathComponent("animated.json"), atomically: true, encoding: .utf8)
        let growth = try growthPerFrame(command, scene: "animated.json", in: folder)
        #expect(growth.bytes <= 2_048, "\(growth.report)")
    }

    /// Peak-RSS growth per frame of `command` on `scene` (in `folder`) from 200 frames to 2,000 (bench) or
    /// 1,000 (render). A leak grows with every run; on a machine loaded by the rest of the suite a run's peak
    /// can also jump once (the allocator's arenas under thread contention), so a run over the bound of 2 KB
    /// per frame is measured again and the smaller growth counts.
    func growthPerFrame(_ command: String, scene: String, in folder: URL) throws -> (bytes: Double, report: String) {
        let frames = command == "bench" ? 2_000 : 1_000
        var growth: [String] = []
        var perFrame = Double.infinity
        for attempt in 0..<2 where perFrame > 2_048 {
            let runs = folder.appendingPathComponent("attempt\(attempt)")
            try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
            let short = try peakResidentBytes([command], scene: "../\(scene)", frames: 200, in: runs)
            let long = try peakResidentBytes([command], scene: "../\(scene)", frames: frames, in: runs)
            perFrame = min(perFrame, Double(long - short) / Double(frames - 200))
            growth.append("peak RSS \(short) B after 200 frames, \(long) B after \(frames)")
        }
        return (perFrame, "\(growth.joined(separator: "; ")): \(Int(perFrame)) B per frame")
    }

    /// The same bound for a Lottie file: its layer tree is built once and its keyframe animations are
    /// evaluated at every frame, so nothing may grow with the frames rendered.
    @Test(arguments: ["bench", "render"])
    func memoryStaysFlatOverThousandsOfFramesOfALottieFile(command: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.animatedLottie(count: 24).write(to: folder.appendingPathComponent("animated-lottie.json"), atomically: true, encoding: .utf8)
        let growth = try growthPerFrame(command, scene: "animated-lottie.json", in: folder)
        #expect(growth.bytes <= 2_048, "\(growth.report)")
    }
}
