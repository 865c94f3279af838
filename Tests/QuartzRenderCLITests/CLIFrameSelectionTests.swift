// `--frames` syntaxes (docs/cli.md, "Selecting frames"): `0-99` inclusive, `0:100` half-open, `a..<b`, `a...b`,
// open ends, lists kept in the order written with duplicates refused by name, `--every-nth-frame`, the logged
// selection, shards and chunks of a list, and the same flags on bench and contact-sheet. Each case checks the
// exact files written or the exact message and exit code.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIFrameSelectionTests {
    static let scene = fixtureScene("ship-on-path.json")  // 150 frames at 30 fps
    static let small = ["--size", "8x8", "--threads", "1"]

    func frameNumbers(in folder: URL) throws -> [Int] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
            .compactMap { Int($0.dropLast(4)) }.sorted()
    }

    /// The frames of `--progress json` lines, in the order they were reported.
    func reportedFrames(_ stderr: String) throws -> [Int] {
        try stderr.split(separator: "\n").filter { $0.hasPrefix("{\"done\"") }.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["frame"] as? Int)
        }
    }

    func infoLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("quartz-render: info: selected") }
    }

    @Test(arguments: ["3-6", "3:7", "3..<7", "3...6", " 3 - 6 "])
    func rangeSyntaxesSelectTheSameFrames(frames: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "--frames", frames] + Self.small + ["--progress", "none", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try frameNumbers(in: folder.appendingPathComponent("f")) == [3, 4, 5, 6])
        #expect(infoLines(result.stderr) == ["quartz-render: info: selected frames 3–6 (4 frames)"], "\(result.stderr)")
    }

    @Test(arguments: [("146-", [146, 147, 148, 149]), ("146:", [146, 147, 148, 149]), (":2", [0, 1]), ("149", [149])])
    func openEndsReachTheSceneEnds(frames: String, expected: [Int]) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "--frames", frames] + Self.small + ["--progress", "none", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try frameNumbers(in: folder.appendingPathComponent("f")) == expected)
    }

    @Test func aListRendersInTheOrderWritten() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "--frames", "20-22,1, 5"] + Self.small + ["--progress", "json", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try reportedFrames(result.stderr) == [20, 21, 22, 1, 5])
        #expect(try frameNumbers(in: folder.appendingPathComponent("f")) == [1, 5, 20, 21, 22])
        #expect(infoLines(result.stderr) == ["quartz-render: info: selected 5 frames: 20–22, 1, 5"], "\(result.stderr)")
        // Frame 21 of a list is the same frame as frame 21 rendered alone.
        let single = try CLI.run(["render", Self.scene, "--frames", "21"] + Self.small + ["--progress", "none", "-o", "s.png"], in: folder)
        #expect(single.status == 0, "\(single.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("f/21.png")) == Data(contentsOf: folder.appendingPathComponent("s.png")))
    }

    @Test(arguments: [
        ("0-10,5", "--frames '0-10,5': frame 5 is selected twice ('0-10' and '5'); list each frame once"),
        ("3,3", "--frames '3,3': frame 3 is selected twice ('3' and '3'); list each frame once"),
        ("20:30,0-9,25", "--frames '20:30,0-9,25': frame 25 is selected twice ('20:30' and '25'); list each frame once"),
        ("0-5,10-20,15:", "--frames '0-5,10-20,15:': frame 15 is selected twice ('10-20' and '15:'); list each frame once"),
        ("1,,2", "--frames '1,,2': an empty item; write frames and ranges separated by single commas, e.g. 1,5,10-20"),
        ("-3", "--frames: '-3' is not a frame index (a whole number ≥ 0); ranges are a-b"),
        ("2-x", "--frames: 'x' is not a frame index (a whole number ≥ 0) in '2-x'"),
        ("5-3", "--frames: '5-3' is empty; a-b is inclusive and needs a ≤ b"),
        ("5:5", "--frames: '5:5' is empty; a:b is half-open and needs a < b"),
        ("5..<3", "--frames: '5..<3' is empty; a..<b needs a < b"),
        ("0-150", "--frames 0-150 is outside the scene: it has 150 frames (0-149, 0..<150) at 30 fps"),
        ("1,150:", "--frames '1,150:': '150:' is outside the scene: it has 150 frames (0-149, 0..<150) at 30 fps"),
    ])
    func badSelectionsAreRefusedByName(frames: String, message: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // --frames=VALUE: a value starting with "-" would otherwise read as a flag.
        let result = try CLI.run(["render", Self.scene, "--frames=\(frames)"] + Self.small + ["--progress", "none", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "quartz-render: error: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
    }

    @Test func everyNthFrameCountsPositionsOfTheWholeSelection() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = try CLI.run(["render", Self.scene, "--frames", "0-4,10-14", "--every-nth-frame", "3"] + Self.small
                               + ["--progress", "none", "-o", "a/%d.png"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(try frameNumbers(in: folder.appendingPathComponent("a")) == [0, 3, 11, 14])
        #expect(infoLines(list.stderr) == ["quartz-render: info: selected 4 frames: 0, 3, 11, 14 (every 3rd of 0–4, 10–14)"])
        // Without --frames: every 50th frame of the whole scene.
        let whole = try CLI.run(["render", Self.scene, "--every-nth-frame", "50"] + Self.small + ["--progress", "none", "-o", "b/%d.png"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try frameNumbers(in: folder.appendingPathComponent("b")) == [0, 50, 100])
        #expect(infoLines(whole.stderr) == ["quartz-render: info: selected 3 frames: 0, 50, 100 (every 50th of 0–149)"])
        let range = try CLI.run(["render", Self.scene, "--frames", "10-20", "--every-nth-frame", "2"] + Self.small
                                + ["--progress", "none", "-o", "c/%d.png"], in: folder)
        #expect(infoLines(range.stderr) == ["quartz-render: info: selected 6 frames: 10, 12, …, 20 (every 2nd of 10–20)"])
        for (flags, message) in [
            (["--time", "1", "--every-nth-frame", "2"], "--every-nth-frame goes with --frames (or the whole scene), not --time"),
            (["--every-nth-frame", "0"], "--every-nth-frame must be in 1...100000000, got 0"),
        ] {
            let refused = try CLI.run(["render", Self.scene] + flags + Self.small + ["-o", "x/%d.png"], in: folder)
            #expect(refused.status == 64 && refused.stderr == "quartz-render: error: \(message)\n", "\(refused.stderr)")
        }
    }

    @Test func shardsAndChunksCutAList() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["render", Self.scene, "--frames", "10-13,0-3"] + Self.small + ["--progress", "none"]
        // Shards take contiguous parts of the list in its order: 10 … 13 first.
        var union: [Int] = []
        for i in 0..<2 {
            let shard = try CLI.run(common + ["--shard", "\(i)/2", "-o", "s\(i)/%d.png"], in: folder)
            #expect(shard.status == 0, "\(shard.stderr)")
            union += try frameNumbers(in: folder.appendingPathComponent("s\(i)"))
            if i == 0 {
                #expect(infoLines(shard.stderr) == ["quartz-render: info: selected 8 frames: 10–13, 0–3; shard 0/2 renders frames 10–13 (4 frames)"])
            }
        }
        #expect(union == [10, 11, 12, 13, 0, 1, 2, 3])
        // Chunks take the selected frames by number: chunk 0 is 0 … 4, chunk 1 (5 … 9) has none, chunk 2 is 10 … 14.
        var chunks: [[Int]] = []
        for i in 0..<3 {
            let chunk = try CLI.run(common + ["--chunk-size", "5", "--chunk", "\(i)", "-o", "c\(i)/%d.png"], in: folder)
            #expect(chunk.status == 0, "\(chunk.stderr)")
            chunks.append(try frameNumbers(in: folder.appendingPathComponent("c\(i)")))
            if i == 1 {
                #expect(chunk.stderr.contains(
                    "quartz-render: notice: this chunk has no frames of the selection: chunk 1 (frames 5–9), selected 8 frames: 10–13, 0–3\n"),
                    "\(chunk.stderr)")
            }
        }
        #expect(chunks == [[0, 1, 2, 3], [], [10, 11, 12, 13]])
    }

    @Test func benchAndContactSheetTakeTheSameSelection() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bench = try CLI.run(["bench", Self.scene, "--frames", "1,5,10-12", "--every-nth-frame", "2", "--size", "8x8", "--warmup", "0", "--json"], in: folder)
        #expect(bench.status == 0, "\(bench.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(bench.stdout.utf8)) as? [String: Any])
        #expect(report["frames"] as? Int == 3)  // 1, 10, 12
        #expect(infoLines(bench.stderr) == ["quartz-render: info: selected 3 frames: 1, 10, 12 (every 2nd of 1, 5, 10–12)"])
        // A sheet of a list holds its frames in the order written: frame 12's cell comes first.
        let sheet = try CLI.run(["contact-sheet", Self.scene, "--frames", "12,1", "--cell-width", "16", "--columns", "2", "-o", "sheet.png"], in: folder)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stderr.contains("quartz-render: info: contact sheet of 2 frames (every selected frame): 12, 1\n"), "\(sheet.stderr)")
        let frame = try CLI.run(["render", Self.scene, "--frames", "12", "--size", "16x16", "--progress", "none", "-o", "f12.png"], in: folder)
        #expect(frame.status == 0, "\(frame.stderr)")
        let image = try readPNG(folder.appendingPathComponent("sheet.png").path)
        let single = try readPNG(folder.appendingPathComponent("f12.png").path)
        var mismatches = 0
        for y in 0..<16 { for x in 0..<16 where image[8 + x, 8 + y] != single[x, y] { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    /// A list of two ranges over 100 million frames, thinned to every 2nd, starts writing at once.
    @Test func aHundredMillionFrameListStartsAtOnce() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = ##"{"version": 1, "width": 8, "height": 8, "duration": 100000, "frameRate": 1000, "layers": [{"frame": [0, 0, 4, 4], "backgroundColor": "#FF0000"}]}"##
        try Data(scene.utf8).write(to: folder.appendingPathComponent("long.json"))
        let (process, out, err) = try CLI.start(["render", "long.json", "--frames", "0-49999999,50000000:", "--every-nth-frame", "2",
                                                 "--progress", "none", "-o", "f/%09d.png"], in: folder)
        let frames = folder.appendingPathComponent("f")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, ((try? frameNumbers(in: frames)) ?? []).count < 3 { usleep(5_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let result = CLI.collect(process, out, err)
        #expect(Array(try frameNumbers(in: frames).prefix(3)) == [0, 2, 4], "\(result.stderr)")
        #expect(infoLines(result.stderr) == [
            "quartz-render: info: selected 50000000 frames: 0, 2, …, 49999998, 50000000, 50000002, …, 99999998 (every 2nd of 0–49999999, 50000000–99999999)",
        ])
    }
}
