// Video output ("Video": `-o out.mp4|.mov|.webm|.gif` spawns ffmpeg and pipes raw un-premultiplied
// frames; H.264 sizes checked up front; ffmpeg missing or failing gives its stderr and a non-zero exit;
// SIGPIPE handled). Exit codes as documented in docs/cli.md: 64 usage, 69 ffmpeg not found, 73 existing
// output, 76 ffmpeg failed. Tests that need a real ffmpeg are skipped with a message when it is absent.
import Foundation
import Testing
import QuartzTestSupport

@Suite struct CLIVideoTests {
    static let scene = fixtureScene("ship-on-path.json")  // 400x400 points, 30 fps, white background
    static let small = [scene, "--frames", "0..<6", "--size", "40x40", "--threads", "1", "--progress", "none"]

    /// Each container: ffprobe sees six frames of 40x40 at the scene's 30 fps in the documented codec and
    /// pixel format; .mov and .webm keep alpha (transparent background → alpha 0 and 255 both present in the
    /// first frame), .gif keeps 1-bit alpha, .mp4 is opaque; nothing but the video is left in the folder.
    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func eachContainerHasTheFramesSizeAndPixelFormat() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected: [(String, String, String)] = [("mp4", "h264", "yuv420p"), ("mov", "prores", "yuva444p"),
                                                    ("webm", "vp9", "yuv420p"), ("gif", "gif", "bgra")]
        for (ext, codec, pixelFormat) in expected {
            let result = try CLI.run(["render"] + Self.small + ["--background", "transparent", "-o", "out.\(ext)"], in: folder)
            #expect(result.status == 0, "\(ext): \(result.stderr)")
            let file = folder.appendingPathComponent("out.\(ext)")
            let info = try FFmpegTools.probe(file)
            #expect(info["codec_name"] == codec, "\(ext): \(info)")
            #expect(info["width"] == "40" && info["height"] == "40", "\(ext): \(info)")
            #expect(info["nb_read_frames"] == "6", "\(ext): \(info)")
            #expect(info["pix_fmt"]?.hasPrefix(pixelFormat) == true, "\(ext): \(info)")
            if ext != "gif" { #expect(info["r_frame_rate"] == "30/1", "\(ext): \(info)") }
            switch ext {
            case "mov", "webm":
                // WebM stores VP9 alpha as side data (alpha_mode=1) that only libvpx's decoder reads.
                if ext == "webm" { #expect(info["alpha_mode"] == "1", "\(info)") }
                let alpha = try FFmpegTools.firstFrameAlpha(file, decoder: ext == "webm" ? "libvpx-vp9" : nil)
                #expect(alpha.count == 1600)
                #expect(alpha.contains(0), "\(ext): no transparent pixel survived")
                #expect(alpha.contains { $0 >= 250 }, "\(ext): no opaque pixel survived")
            case "mp4":
                #expect(try FFmpegTools.firstFrameAlpha(file).allSatisfy { $0 == 255 }, "H.264 is opaque")
            default:
                // GIF: one reserved transparent palette entry, so alpha is 1-bit.
                #expect(Set(try FFmpegTools.firstFrameAlpha(file)) == [0, 255])
            }
        }
        #expect(try allNames(in: folder) == ["out.mp4", "out.mov", "out.webm", "out.gif"])
    }

    /// `--fps 30000/1001` reaches ffmpeg as the exact rational rate.
    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func rationalFrameRateReachesTheVideo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render"] + Self.small + ["--fps", "30000/1001", "-o", "ntsc.mp4"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let info = try FFmpegTools.probe(folder.appendingPathComponent("ntsc.mp4"))
        #expect(info["r_frame_rate"] == "30000/1001", "\(info)")
        #expect(info["nb_read_frames"] == "6")
    }

    /// H.264 needs even sides: an odd size is refused with 64 before anything renders or ffmpeg is looked
    /// for (the missing --ffmpeg would otherwise give 69).
    @Test func oddSizeForMP4IsAUsageErrorBeforeRendering() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "--frames", "0..<3", "--size", "41x40", "--progress", "none",
                                  "--ffmpeg", "/nonexistent/ffmpeg", "-o", "odd.mp4"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("even"), "\(result.stderr)")
        #expect(result.stderr.contains("41x40"))
        #expect(try allNames(in: folder).isEmpty)
    }

    /// ffmpeg missing: `--ffmpeg` naming no executable, or a PATH without ffmpeg → 69 and a message naming
    /// what was looked for; no file is written.
    @Test func missingFFmpegIsReported() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explicit = try CLI.run(["render"] + Self.small + ["--ffmpeg", "/nonexistent/ffmpeg", "-o", "a.mp4"], in: folder)
        #expect(explicit.status == 69)
        #expect(explicit.stderr.contains("ffmpeg not found") && explicit.stderr.contains("/nonexistent/ffmpeg"), "\(explicit.stderr)")
        let emptyPath = folder.appendingPathComponent("no-tools").path
        try FileManager.default.createDirectory(atPath: emptyPath, withIntermediateDirectories: true)
        let onPath = try CLI.run(["render"] + Self.small + ["-o", "b.webm"], environment: ["PATH": emptyPath], in: folder)
        #expect(onPath.status == 69)
        #expect(onPath.stderr.contains("PATH") && onPath.stderr.contains(emptyPath), "\(onPath.stderr)")
        #expect(try allNames(in: folder) == ["no-tools"])
    }

    /// ffmpeg failing: a stand-in that prints to stderr and exits 3 without reading its input. Frames of
    /// 200x200 (160 kB) overflow the pipe, so the write hits EPIPE: quartz-render must not die of SIGPIPE
    /// (status 141) but exit 76 with ffmpeg's stderr, and leave neither the video nor a partial file.
    @Test func failingFFmpegGivesItsStderrAndExit76() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("fake-ffmpeg")
        try Data("#!/bin/sh\necho 'fake encoder: unsupported codec' >&2\nexit 3\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        for size in ["200x200", "20x20"] {  // EPIPE mid-frame, and a clean pipe then a failed exit
            let result = try CLI.run(["render", Self.scene, "--frames", "0..<4", "--size", size, "--threads", "1",
                                      "--progress", "none", "--ffmpeg", fake.path, "-o", "v.mp4"], in: folder)
            #expect(result.status == 76, "\(size): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("fake encoder: unsupported codec"), "\(result.stderr)")
            #expect(result.stderr.contains("exit status 3"), "\(result.stderr)")
            #expect(try allNames(in: folder) == ["fake-ffmpeg"])
        }
    }

    /// An existing video is not replaced without --overwrite (73, bytes unchanged, nothing rendered); with
    /// --overwrite it is replaced; with --skip-existing it is kept.
    @Test func existingVideoIsNotOverwrittenByDefault() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("keep.mp4")
        let sentinel = Data("not a video".utf8)
        try sentinel.write(to: target)
        let refused = try CLI.run(["render"] + Self.small + ["-o", "keep.mp4"], in: folder)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("--overwrite"))
        #expect(try Data(contentsOf: target) == sentinel)
        let kept = try CLI.run(["render"] + Self.small + ["--skip-existing", "-o", "keep.mp4"], in: folder)
        #expect(kept.status == 0)
        #expect(try Data(contentsOf: target) == sentinel)
        guard FFmpegTools.available else { return }
        let replaced = try CLI.run(["render"] + Self.small + ["--overwrite", "-o", "keep.mp4"], in: folder)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try FFmpegTools.probe(target)["nb_read_frames"] == "6")
    }

    /// A render killed mid-encode leaves no video under the final name: ffmpeg was writing a hidden
    /// `.NAME.PID.partial` file that is only renamed after a successful encode (docs/cli.md, "Atomic").
    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func killedEncodeLeavesNoVideoUnderTheFinalName() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, out, err) = try CLI.start(["render", Self.scene, "--fps", "60", "--size", "200x200", "--threads", "1",
                                                 "--progress", "none", "-o", "killed.mp4"], in: folder)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try !allNames(in: folder).contains(where: { $0.hasSuffix(".partial") }) { usleep(2_000) }
        usleep(200_000)  // some frames into the encode
        let stillRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = CLI.collect(process, out, err)
        #expect(stillRunning, "the render finished before it was killed; the test proves less")
        usleep(500_000)  // ffmpeg sees the end of its input and closes its (hidden) output
        let names = try allNames(in: folder)
        #expect(!names.contains("killed.mp4"), "\(names)")
        #expect(names.contains { $0.hasPrefix(".killed.mp4.") && $0.hasSuffix(".partial") }, "\(names)")
    }

    /// More shards than frames: a shard with no frames writes no segment (a video needs a frame) and
    /// succeeds without looking for ffmpeg.
    @Test func emptyVideoShardWritesNoSegment() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "--frames", "0..<2", "--size", "20x20", "--progress", "none",
                                  "--shard", "0/4", "--ffmpeg", "/nonexistent/ffmpeg", "-o", "out.mp4"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("out.shard-00-of-04.mp4 not written"), "\(result.stderr)")
        #expect(try allNames(in: folder).isEmpty)
    }

    /// Shards with a video output each write a segment named NAME.shard-II-of-NN.EXT; the concat demuxer
    /// with `-c copy` (docs/cli.md) joins four of them into one video with every frame.
    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func fourShardSegmentsJoinWithTheConcatDemuxer() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for i in 0..<4 {
            let result = try CLI.run(["render", Self.scene, "--frames", "0..<14", "--size", "40x40", "--threads", "1",
                                      "--progress", "none", "--shard", "\(i)/4", "-o", "parts/out.mp4"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let parts = folder.appendingPathComponent("parts")
        let names = try allNames(in: parts).sorted()
        #expect(names == (0..<4).map { "out.shard-0\($0)-of-04.mp4" })
        // ⌊14·i/4⌋ boundaries: 0, 3, 7, 10, 14.
        #expect(try names.map { try FFmpegTools.probe(parts.appendingPathComponent($0))["nb_read_frames"] } == ["3", "4", "3", "4"])
        let list = names.map { "file '\($0)'" }.joined(separator: "\n") + "\n"
        try Data(list.utf8).write(to: parts.appendingPathComponent("segments.txt"))
        let joined = try FFmpegTools.run(FFmpegTools.ffmpeg!, ["-v", "error", "-f", "concat", "-safe", "0", "-i", "segments.txt",
                                                               "-c", "copy", "joined.mp4"], in: parts)
        #expect(joined.status == 0, "\(joined.stderr)")
        let info = try FFmpegTools.probe(parts.appendingPathComponent("joined.mp4"))
        #expect(info["nb_read_frames"] == "14", "\(info)")
    }
}
