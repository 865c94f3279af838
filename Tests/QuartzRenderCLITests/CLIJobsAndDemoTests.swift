// Parallel frames and the demo ("Speed … frame-parallel and tile-parallel"; "The default demo …
// rendered by README's first command into frames and a contact sheet (and a video when ffmpeg is present)").
// `--jobs N` must not change a byte of the output nor the order of video frames (docs/cli.md, "--jobs").
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIJobsAndDemoTests {
    func files(in folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    /// PNG files from --jobs 3 (more workers than the window needs to stay in lockstep) are byte-identical
    /// to --jobs 1, and every frame is there.
    @Test func jobsGiveTheSameBytesAsASerialRender() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["render", fixtureScene("ship-on-path.json"), "--frames", "20..<31", "--size", "64x64", "--progress", "none"]
        for jobs in [1, 3] {
            let result = try CLI.run(common + ["--jobs", "\(jobs)", "-o", "j\(jobs)/%03d.png"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let serial = try files(in: folder.appendingPathComponent("j1"))
        let parallel = try files(in: folder.appendingPathComponent("j3"))
        #expect(serial.count == 11)
        #expect(serial == parallel)
    }

    /// Left out, --jobs renders a frame per thread (as many as there are frames) and says so, in the log and
    /// in --stats; the files are those of --jobs 1, and no partial file is left.
    @Test func automaticJobsGiveTheSameBytesAndSaySo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["render", fixtureScene("ship-on-path.json"), "--frames", "20..<31", "--size", "64x64", "--progress", "none"]
        let serial = try CLI.run(common + ["--jobs", "1", "-o", "j1/%03d.png"], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        let automatic = try CLI.run(common + ["--threads", "3", "--log-level", "info", "--stats", "auto.json", "-o", "auto/%03d.png"], in: folder)
        #expect(automatic.status == 0, "\(automatic.stderr)")
        let stats = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("auto.json"))) as? [String: Any]
        #expect(stats?["jobs"] as? Int == 3 && stats?["threads"] as? Int == 1, "\(stats ?? [:])")
        #expect(automatic.stderr.contains("3 frames at once, 1 compositing thread each (--jobs to choose)"), "\(automatic.stderr)")
        let few = try CLI.run(common.dropLast(4) + ["--frames", "3..<5", "--threads", "3", "--log-level", "info", "-o", "few/%03d.png"], in: folder)
        #expect(few.stderr.contains("2 frames at once, 1 compositing thread each (--jobs to choose)"), "\(few.stderr)")
        let chosen = try CLI.run(common.dropLast(4) + ["--frames", "3..<5", "--threads", "4", "--jobs", "2", "--log-level", "info", "-o", "chosen/%03d.png"], in: folder)
        #expect(chosen.stderr.contains("2 frames at once, 2 compositing threads each\n"), "\(chosen.stderr)")
        #expect(try files(in: folder.appendingPathComponent("auto")) == files(in: folder.appendingPathComponent("j1")))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("auto").path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left)")
    }

    /// Video frames keep their order with --jobs: the decoded frames of a ProRes file (lossless enough to
    /// tell frames apart, and deterministic) hash the same as a serial encode, frame by frame.
    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func jobsKeepVideoFrameOrder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["render", fixtureScene("ship-on-path.json"), "--frames", "0..<9", "--size", "48x48", "--progress", "none"]
        for jobs in [1, 2] {
            let result = try CLI.run(common + ["--jobs", "\(jobs)", "-o", "j\(jobs).mov"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let serial = try FFmpegTools.frameHashes(folder.appendingPathComponent("j1.mov"))
        let parallel = try FFmpegTools.frameHashes(folder.appendingPathComponent("j2.mov"))
        #expect(serial.count == 9)
        #expect(Set(serial).count == 9, "the ship moves, so every frame differs")
        #expect(serial == parallel)
    }

    @Test func jobsOutOfRangeIsAUsageError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--jobs", "0", "-o", "%d.png"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--jobs"))
    }

    /// The demo writes every frame, a contact sheet and (with ffmpeg) the video, says so on stdout, gives the
    /// same frames with --jobs 2 as with --jobs 1, and refuses to touch a folder holding files without
    /// --overwrite. Small: 160x90 pixels (scale 0.25) at 6 fps = 30 frames of the 5 s animation.
    @Test func demoWritesFramesSheetAndVideo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["demo", "--scale", "0.25", "--fps", "6", "--progress", "none"]
        let first = try CLI.run(common + ["--jobs", "2", "-o", "d2"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let frames = try files(in: folder.appendingPathComponent("d2/frames"))
        #expect(frames.count == 30)
        #expect(frames["00000.png"] != nil && frames["00029.png"] != nil)
        let frame = try readPNG(folder.appendingPathComponent("d2/frames/00012.png").path)
        #expect(frame.width == 160 && frame.height == 90)
        let sheet = try readPNG(folder.appendingPathComponent("d2/contact-sheet.png").path)
        #expect(sheet.width > 3 * 240 && sheet.height > 2 * 135)  // 4 columns × 3 rows of 240-pixel cells
        // Notes about written files are log lines on stderr; stdout carries data only.
        #expect(first.stdout.isEmpty, "\(first.stdout)")
        #expect(first.stderr.contains("d2/contact-sheet.png"))
        if FFmpegTools.available {
            #expect(first.stderr.contains("d2/demo.mp4"))
            let info = try FFmpegTools.probe(folder.appendingPathComponent("d2/demo.mp4"))
            #expect(info["nb_read_frames"] == "30" && info["width"] == "160" && info["height"] == "90", "\(info)")
        } else {
            #expect(first.stderr.contains("video skipped"))
        }

        // Serial, without ffmpeg on PATH: the same frames, and the video is skipped with a message.
        let noTools = folder.appendingPathComponent("no-tools")
        try FileManager.default.createDirectory(at: noTools, withIntermediateDirectories: true)
        let serial = try CLI.run(common + ["--jobs", "1", "-o", "d1"], environment: ["PATH": noTools.path], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        #expect(serial.stderr.contains("video skipped") && serial.stderr.contains("ffmpeg not found"), "\(serial.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d1/demo.mp4").path))
        #expect(try files(in: folder.appendingPathComponent("d1/frames")) == frames)

        // An existing folder with files: refused (73) and unchanged; --overwrite replaces.
        let refused = try CLI.run(common + ["-o", "d1"], environment: ["PATH": noTools.path], in: folder)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("--overwrite"))
        let again = try CLI.run(common + ["--overwrite", "-o", "d1"], environment: ["PATH": noTools.path], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try files(in: folder.appendingPathComponent("d1/frames")) == frames)
    }

    /// The demo takes the video flags of render (docs/cli.md, "Video quality") and --progress-interval; video
    /// flags without a video are refused before anything is written.
    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func demoTakesTheVideoFlagsAndTheProgressInterval() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["demo", "--scale", "0.25", "--fps", "4", "--progress", "plain", "--progress-interval", "0"]
        let result = try CLI.run(common + ["--crf", "30", "--preset", "ultrafast", "--pixel-format", "yuv444p", "-o", "d"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("video d/demo.mp4: libx264, yuv444p, crf 30, preset ultrafast\n"), "\(result.stderr)")
        let info = try FFmpegTools.probe(folder.appendingPathComponent("d/demo.mp4"))
        #expect(info["pix_fmt"] == "yuv444p" && info["nb_read_frames"] == "20", "\(info)")
        // A progress line for each of the 20 frames with an interval of 0.
        #expect(result.stderr.components(separatedBy: "progress: ").count - 1 == 20, "\(result.stderr)")

        let refused = try CLI.run(common + ["--no-video", "--bitrate", "1M", "-o", "e"], in: folder)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--codec, --crf, --bitrate, --preset and --pixel-format set the video, which --no-video leaves out"),
                "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("e").path))
    }
}

