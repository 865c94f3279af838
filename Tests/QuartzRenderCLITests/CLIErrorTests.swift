// Bad input: each case names the problem on stderr and exits non-zero (64 for
// usage errors; sysexits 65/66/73 otherwise, documented in docs/cli.md), and existing output is untouched.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIErrorTests {
    @Test func helpStatesTheOverwriteDefault() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try CLI.run(["render", "--help"], in: folder)
        #expect(help.status == 0)
        for flag in ["--frames", "--time", "--fps", "--size", "--scale", "--background", "--threads", "--strict",
                     "--skip-existing", "--overwrite", "--progress", "--stats", "--shard", "--shard-from-env",
                     "--jobs", "--ffmpeg"] {
            #expect(help.stdout.contains(flag), "help lacks \(flag)")
        }
        #expect(help.stdout.contains("default: refuse"))
        let top = try CLI.run(["--help"], in: folder)
        for command in ["render", "info", "dump", "contact-sheet", "plot-stats", "demo"] {
            #expect(top.stdout.contains(command), "top-level help lacks \(command)")
        }
    }

    @Test func missingAndInvalidScenes() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CLI.run(["render", "nope.json", "-o", "x.png"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope.json"))
        try Data("{\"version\": 1, ".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let broken = try CLI.run(["info", "broken.json"], in: folder)
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("invalid JSON"))
        // Validation errors carry their JSON paths ("Validation names the JSON path and the problem").
        try Data(#"{"version": 1, "width": -5, "height": 10, "duration": 1, "layers": [{"opacity": "high"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("bad.json"))
        let bad = try CLI.run(["render", "bad.json", "-o", "x.png"], in: folder)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("width:"))
        #expect(bad.stderr.contains("layers[0].opacity"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }

    @Test func usageErrorsExit64() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = fixtureScene("ship-on-path.json")  // 150 frames
        let cases: [[String]] = [
            ["render", scene, "--frames", "150", "-o", "%d.png"],
            ["render", scene, "--frames", "5..<3", "-o", "%d.png"],
            ["render", scene, "--frames", "0..<10", "-o", "unnumbered.png"],
            ["render", scene, "--time", "99", "-o", "t.png"],
            ["render", scene, "--size", "0x10", "-o", "%d.png"],
            ["render", scene, "--size", "100000x100000", "-o", "%d.png"],
            ["render", scene, "--scale", "1e30", "-o", "%d.png"],
            ["render", scene, "--background", "#12345", "-o", "%d.png"],
            ["render", scene, "--fps", "0", "-o", "%d.png"],
            ["render", scene, "--shard", "4/4", "-o", "%d.png"],
            ["render", scene, "--overwrite", "--skip-existing", "-o", "%d.png"],
            ["render", scene, "--shard-from-env", "-o", "%d.png"],
            ["render", scene, "-o", "frames/%s.png"],
            ["render", scene],
        ]
        for arguments in cases {
            let result = try CLI.run(arguments, environment: ["JOB_COMPLETION_INDEX": "", "SLURM_ARRAY_TASK_ID": ""], in: folder)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(written.isEmpty)
    }

    @Test func existingOutputIsNotDamaged() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = fixtureScene("ship-on-path.json")
        let keep = Data("not a png, must survive".utf8)
        let target = folder.appendingPathComponent("f/2.png")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try keep.write(to: target)
        let refused = try CLI.run(["render", scene, "--frames", "0..<4", "--progress", "none", "-o", "f/%d.png"], in: folder)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("--overwrite"))
        #expect(try Data(contentsOf: target) == keep)
        // Refused before rendering anything: frame 0 was not written either.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f/0.png").path))
        let replaced = try CLI.run(["render", scene, "--frames", "0..<4", "--overwrite", "--progress", "none", "-o", "f/%d.png"], in: folder)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try readPNG(target.path).width == 400)
    }

    @Test func unwritableOutputFolder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a file".utf8).write(to: folder.appendingPathComponent("blocker"))
        let result = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--frames", "0", "-o", "blocker/%d.png"], in: folder)
        #expect(result.status == 73)
        #expect(result.stderr.contains("blocker"))
    }
}
