// `quartz-render stats-merge` (docs/cli.md, "Farm report"): the --stats files of a farm's tasks merged into
// one report. Hand-made reports with times that are exact in binary give exact medians, percentiles and text.
import Foundation
import Testing
import QuartzTestSupport

@Suite struct FarmStatsMergeTests {
    /// One frame's phases in seconds: evaluate, composite, encode, write (convert and wait 0).
    typealias Phases = (Double, Double, Double, Double)

    static func report(scene: String = "scenes/intro.json", width: Int = 160, height: Int = 90, skipped: Int, wall: Double,
                       peak: Int?, frames: [(Int, Phases)]) -> [String: Any] {
        var report: [String: Any] = [
            "scene": scene, "width": width, "height": height, "framesRendered": frames.count, "framesSkipped": skipped,
            "threads": 1, "wallSeconds": wall, "phases": [String: Any](),
            "frames": frames.map { frame, p in
                ["frame": frame, "time": Double(frame) / 30, "evaluate": p.0, "composite": p.1, "convert": 0.0,
                 "encode": p.2, "write": p.3, "wait": 0.0] as [String: Any]
            },
        ]
        if let peak { report["peakResidentBytes"] = peak }
        return report
    }

    /// Three tasks: a has frames 0–2, b frames 3, 4 and 6 (one kept), c frames 6 and 7. Work per frame:
    /// 0: 0.5 s, 1: 0.25, 2: 1, 3: 0.125, 4: 2, 6 (b): 0.25, 6 (c): 0.5, 7: 0.125.
    static var a: [String: Any] { report(skipped: 0, wall: 0.5, peak: 1000, frames: [
        (0, (0.125, 0.25, 0.0625, 0.0625)), (1, (0.0625, 0.125, 0.03125, 0.03125)), (2, (0.25, 0.5, 0.125, 0.125)),
    ]) }
    static var b: [String: Any] { report(skipped: 1, wall: 1.25, peak: 3000, frames: [
        (3, (0.03125, 0.0625, 0.03125, 0)), (4, (0.5, 0.5, 0.5, 0.5)), (6, (0.125, 0.125, 0, 0)),
    ]) }
    static var c: [String: Any] { report(skipped: 0, wall: 0.75, peak: nil, frames: [(6, (0.25, 0.25, 0, 0)), (7, (0.0625, 0.0625, 0, 0))]) }

    func write(_ object: Any, _ name: String, in folder: URL) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent(name))
    }

    func folderWithReports() throws -> URL {
        let folder = try makeTemporaryFolder()
        try write(Self.a, "a.json", in: folder)
        try write(Self.b, "b.json", in: folder)
        try write(Self.c, "c.json", in: folder)
        return folder
    }

    @Test func textReportCountsMissingDuplicatedAndSlowestFrames() throws {
        let folder = try folderWithReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given out of frame order: the tasks are listed by their first frame.
        let result = try CLI.run(["stats-merge", "c.json", "a.json", "b.json", "--frames", "0..<10", "--slowest", "3"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            3 tasks, scenes/intro.json at 160x90
            frames: 8 rendered, 1 skipped (existing files kept) of 0..<10
            missing: 3 (5, 8..<10)
            duplicated: 1 (6)
            time per frame: median 250.00 ms, p95 2000.00 ms, max 2000.00 ms
            task time: 2.50 s

            stats   frames  skipped  median ms   p95 ms   max ms  wall s  rendered
            a.json       3        0     500.00  1000.00  1000.00    0.50  0..<3
            b.json       3        1     250.00  2000.00  2000.00    1.25  3..<5, 6
            c.json       2        0     125.00   500.00   500.00    0.75  6..<8

            slowest frames:
              frame 4  2000.00 ms  b.json
              frame 2  1000.00 ms  a.json
              frame 0   500.00 ms  a.json

            """)
        #expect(result.stderr == "")
    }

    /// --frames is written as for render (docs/cli.md, "Frame selection"): 0-9 and 0:10 are 0..<10, and a list
    /// checks only its own frames.
    @Test func framesAreWrittenAsForRender() throws {
        let folder = try folderWithReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = try CLI.run(["stats-merge", "a.json", "b.json", "c.json", "--frames", "0..<10"], in: folder)
        for form in ["0-9", "0:10", "0...9", "0-4,5:10"] {
            let result = try CLI.run(["stats-merge", "a.json", "b.json", "c.json", "--frames", form], in: folder)
            #expect(result.status == 0, "\(form): \(result.stderr)")
            #expect(result.stdout == reference.stdout.replacingOccurrences(of: "of 0..<10", with: form == "0-4,5:10" ? "of 0..<5,5..<10" : "of 0..<10"), "\(form)")
        }
        // Frame 5 is outside this list, so only 8 and 9 are missing.
        let list = try CLI.run(["stats-merge", "a.json", "b.json", "c.json", "--frames", "0-4,6-9"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("of 0..<5,6..<10\nmissing: 2 (8..<10)\n"), "\(list.stdout)")
    }

    @Test func jsonReportHasTheSameFieldsInSeconds() throws {
        let folder = try folderWithReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["stats-merge", "a.json", "b.json", "c.json", "--frames", "0...9", "--slowest", "2", "--json",
                                  "-o", "out/report.json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let saved = try Data(contentsOf: folder.appendingPathComponent("out/report.json"))
        #expect(String(decoding: saved, as: UTF8.self) + "\n" == result.stdout)
        let report = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect(report.keys.sorted() == ["duplicated", "duplicatedCount", "framesRendered", "framesSkipped", "height", "kept",
                                         "keptCount", "missing", "missingCount", "peakResidentBytes", "phases", "scene",
                                         "selection", "slowest", "taskSeconds", "tasks", "timePerFrame", "width"])
        #expect(report["scene"] as? String == "scenes/intro.json")
        #expect(report["width"] as? Int == 160 && report["height"] as? Int == 90)
        #expect(report["selection"] as? String == "0..<10")
        #expect(report["missing"] as? [String] == ["5", "8..<10"] && report["missingCount"] as? Int == 3)
        #expect(report["duplicated"] as? [String] == ["6"] && report["duplicatedCount"] as? Int == 1)
        #expect(report["kept"] as? [String] == [] && report["keptCount"] as? Int == 0)
        #expect(report["framesRendered"] as? Int == 8 && report["framesSkipped"] as? Int == 1)
        #expect(report["taskSeconds"] as? Double == 2.5)
        #expect(report["peakResidentBytes"] as? Int == 3000)
        #expect(report["timePerFrame"] as? [String: Double] == ["median": 0.25, "p95": 2, "max": 2])
        let phases = try #require(report["phases"] as? [String: [String: Double]])
        #expect(phases.keys.sorted() == ["composite", "convert", "encode", "evaluate", "wait", "write"])
        // Evaluate over the 8 frames: 0.03125, 0.0625, 0.0625, 0.125, 0.125, 0.25, 0.25, 0.5.
        #expect(phases["evaluate"] == ["median": 0.125, "p95": 0.5, "max": 0.5])
        #expect(phases["wait"] == ["median": 0, "p95": 0, "max": 0])
        let slowest = try #require(report["slowest"] as? [[String: Any]])
        #expect(slowest.map { $0["frame"] as? Int } == [4, 2])
        #expect(slowest.map { $0["seconds"] as? Double } == [2, 1])
        #expect(slowest.map { $0["stats"] as? String } == ["b.json", "a.json"])
        let tasks = try #require(report["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["stats"] as? String } == ["a.json", "b.json", "c.json"])
        #expect(tasks.map { $0["frames"] as? [String] } == [["0..<3"], ["3..<5", "6"], ["6..<8"]])
        #expect(tasks.map { $0["framesRendered"] as? Int } == [3, 3, 2])
        #expect(tasks.map { $0["framesSkipped"] as? Int } == [0, 1, 0])
        #expect(tasks.map { $0["wallSeconds"] as? Double } == [0.5, 1.25, 0.75])
        #expect(tasks.map { $0["peakResidentBytes"] as? Int } == [1000, 3000, nil])
        #expect(tasks.map { $0["timePerFrame"] as? [String: Double] } == [
            ["median": 0.5, "p95": 1, "max": 1], ["median": 0.25, "p95": 2, "max": 2], ["median": 0.125, "p95": 0.5, "max": 0.5],
        ])
        // An existing report is refused, then replaced with --overwrite.
        let again = try CLI.run(["stats-merge", "a.json", "-o", "out/report.json"], in: folder)
        #expect(again.status == 73)
        #expect(again.stderr.contains("\"out/report.json\" exists; pass --overwrite to replace it"), "\(again.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out/report.json")) == saved)
        let replaced = try CLI.run(["stats-merge", "a.json", "-o", "out/report.json", "--overwrite", "--json"], in: folder)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out/report.json")) + Data("\n".utf8) == replaced.stdoutData)
    }

    @Test func frameFilesTellKeptFramesFromMissingOnes() throws {
        let folder = try folderWithReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
        for frame in [5, 8] { try Data([1]).write(to: folder.appendingPathComponent(String(format: "frames/%05d.png", frame))) }
        let result = try CLI.run(["stats-merge", "a.json", "b.json", "c.json", "--frames", "0..<10", "--frame-files", "frames/%05d.png",
                                  "--slowest", "0"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Array(lines[2...4]) == ["missing: 1 (9)", "kept from a stopped attempt: 2 (5, 8)", "duplicated: 1 (6)"])
        #expect(!result.stdout.contains("slowest frames"))
    }

    @Test func withoutFramesOnlyGapsAreMissing() throws {
        let folder = try folderWithReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["stats-merge", "b.json", "c.json", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(report["selection"] as? String == "3..<8")
        #expect(report["missing"] as? [String] == ["5"])
        #expect((report["slowest"] as? [Any])?.count == 5)
    }

    @Test func realShardStatisticsMergeWithNothingMissing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for i in 0..<3 {
            let result = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--frames", "0..<7", "--size", "20x20", "--shard", "\(i)/3",
                                      "--progress", "none", "--stats", "stats/\(i).json", "-o", "frames/%02d.png"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let result = try CLI.run(["stats-merge", "stats/0.json", "stats/1.json", "stats/2.json", "--frames", "0..<7"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines[0...3]) == ["3 tasks, \(fixtureScene("ship-on-path.json")) at 20x20",
                                        "frames: 7 rendered, 0 skipped (existing files kept) of 0..<7", "missing: none", "duplicated: none"])
        // ⌊7·i/3⌋: 0..<2, 2..<4, 4..<7.
        #expect(lines[8...10].map { $0.split(separator: " ").last.map(String.init) } == ["0..<2", "2..<4", "4..<7"])
    }

    @Test func unreadableAndMismatchedFilesAreClearErrors() throws {
        let folder = try folderWithReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"scene\": ".utf8).write(to: folder.appendingPathComponent("cut.json"))
        var noFrames = Self.a
        noFrames.removeValue(forKey: "frames")
        try write(noFrames, "no-frames.json", in: folder)
        try write(Self.report(scene: "other.json", skipped: 0, wall: 1, peak: nil, frames: [(9, (0.5, 0, 0, 0))]), "other.json", in: folder)
        try write(Self.report(width: 320, height: 180, skipped: 0, wall: 1, peak: nil, frames: []), "big.json", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        let cases: [([String], Int32, String)] = [
            (["a.json", "gone.json"], 66, "statistics file \"gone.json\" does not exist (a task that failed or was stopped writes none)"),
            (["folder.json"], 66, "\"folder.json\" is a folder, not a statistics file"),
            (["a.json", "cut.json"], 65, "cut.json is not a `render --stats` file: not JSON"),
            (["no-frames.json"], 65, "no-frames.json is not a `render --stats` file: no \"frames\""),
            (["a.json", "other.json"], 65,
             "other.json is a report of \"other.json\" at 160x90, but a.json of \"scenes/intro.json\" at 160x90: the files are from different renders"),
            (["a.json", "big.json"], 65,
             "big.json is a report of \"scenes/intro.json\" at 320x180, but a.json of \"scenes/intro.json\" at 160x90: the files are from different renders"),
            (["a.json", "b.json", "--frames", "0..<4"], 65, "b.json lists frame 4, outside --frames 0..<4"),
            (["a.json", "a.json"], 64, "a.json is named twice"),
            ([], 64, "name at least one statistics file (render --stats)"),
            (["a.json", "--frames", "5..<2"], 64, "--frames: '5..<2' is empty"),
            (["a.json", "--frames", "0-"], 64, "--frames: '0-' needs an end here (stats-merge reads no scene), e.g. 0-99"),
            (["a.json", "--frames", "0-4,3"], 64, "--frames '0-4,3': frame 3 is selected twice; list each frame once"),
            (["a.json", "--frame-files", "frames.png"], 64, "--frame-files 'frames.png' has no frame number; use e.g. frames/%05d.png"),
        ]
        for (arguments, status, message) in cases {
            let result = try CLI.run(["stats-merge"] + arguments, in: folder)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout == "", "\(arguments)")
        }
    }
}
