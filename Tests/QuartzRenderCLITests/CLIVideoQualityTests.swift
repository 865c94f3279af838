// Video quality flags (docs/cli.md, "Video quality"): --crf, --bitrate, --preset, --codec and --pixel-format reach ffmpeg
// (checked with ffprobe and by file size), and values the installed ffmpeg does not offer are refused before
// anything renders with exit 64 and a message naming what it offers. Flags on a non-video output are refused
// without ffmpeg. Tests that need ffmpeg are skipped with a message when it is missing.
import Foundation
import Testing
import QuartzTestSupport

@Suite struct CLIVideoQualityTests {
    static let scene = fixtureScene("ship-on-path.json")
    static let common = ["render", scene, "--frames", "0-9", "--size", "64x64", "--threads", "1", "--progress", "none"]

    /// Whether the installed ffmpeg lists the video encoder `name`.
    static func hasEncoder(_ name: String) -> Bool {
        guard let ffmpeg = FFmpegTools.ffmpeg, let folder = try? makeTemporaryFolder() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = (try? FFmpegTools.run(ffmpeg, ["-hide_banner", "-encoders"], in: folder).stdout) ?? ""
        return list.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first == Substring(name) && $0.hasPrefix(" V") }
    }

    func size(_ file: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func crfAndPresetReachTheEncoder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 256x256: large enough that the picture, not the container, dominates the file size.
        let sized = Self.common + ["--size", "256x256"]
        let low = try CLI.run(sized + ["--crf", "45", "--preset", "ultrafast", "-o", "low.mp4"], in: folder)
        #expect(low.status == 0, "\(low.stderr)")
        #expect(low.stderr.contains("quartz-render: info: video low.mp4: libx264, yuv420p, crf 45, preset ultrafast\n"), "\(low.stderr)")
        let high = try CLI.run(sized + ["--crf", "0", "-o", "high.mp4"], in: folder)
        #expect(high.status == 0, "\(high.stderr)")
        #expect(high.stderr.contains("quartz-render: info: video high.mp4: libx264, yuv420p, crf 0, preset medium\n"), "\(high.stderr)")
        // crf 0 is lossless H.264: several times the bytes of crf 45 (8461 against 2220 bytes when written).
        #expect(try size(folder.appendingPathComponent("high.mp4")) > 2 * size(folder.appendingPathComponent("low.mp4")))
        let probe = try FFmpegTools.probe(folder.appendingPathComponent("low.mp4"))
        #expect(probe["codec_name"] == "h264" && probe["pix_fmt"] == "yuv420p" && probe["nb_read_frames"] == "10", "\(probe)")
        // The defaults are logged too, and unchanged.
        let plain = try CLI.run(Self.common + ["-o", "plain.mp4"], in: folder)
        #expect(plain.stderr.contains("quartz-render: info: video plain.mp4: libx264, yuv420p, crf 18, preset medium\n"), "\(plain.stderr)")
    }

    /// `--bitrate` replaces the constant rate factor by ffmpeg's average bitrate target (`-b:v`): a low target
    /// gives a much smaller file than a high one, and the log says which applied.
    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func bitrateReachesTheEncoder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sized = Self.common + ["--size", "256x256", "--frames", "0-29"]
        let low = try CLI.run(sized + ["--bitrate", "20k", "--preset", "ultrafast", "-o", "low.mp4"], in: folder)
        #expect(low.status == 0, "\(low.stderr)")
        #expect(low.stderr.contains("quartz-render: info: video low.mp4: libx264, yuv420p, bitrate 20 kb/s, preset ultrafast\n"), "\(low.stderr)")
        let high = try CLI.run(sized + ["--bitrate", "4M", "--preset", "ultrafast", "-o", "high.mp4"], in: folder)
        #expect(high.status == 0, "\(high.stderr)")
        #expect(high.stderr.contains("quartz-render: info: video high.mp4: libx264, yuv420p, bitrate 4 Mb/s, preset ultrafast\n"), "\(high.stderr)")
        #expect(try size(folder.appendingPathComponent("high.mp4")) > 3 * size(folder.appendingPathComponent("low.mp4")))
        let webm = try CLI.run(Self.common + ["--bitrate", "300k", "-o", "a.webm"], in: folder)
        #expect(webm.status == 0, "\(webm.stderr)")
        #expect(webm.stderr.contains("quartz-render: info: video a.webm: libvpx-vp9, yuva420p, bitrate 300 kb/s\n"), "\(webm.stderr)")
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func pixelFormatAndCodecChooseTheStream() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try CLI.run(Self.common + ["--pixel-format", "yuv444p", "-o", "full.mp4"], in: folder)
        #expect(full.status == 0, "\(full.stderr)")
        #expect(try FFmpegTools.probe(folder.appendingPathComponent("full.mp4"))["pix_fmt"] == "yuv444p")
        // yuv444p has no subsampled chroma, so an odd width is allowed; yuv420p (the default) refuses it.
        let odd = try CLI.run(Self.common + ["--size", "63x64", "--pixel-format", "yuv444p", "-o", "odd.mp4"], in: folder)
        #expect(odd.status == 0, "\(odd.stderr)")
        // libx265 where this ffmpeg has it, else ffmpeg's own MPEG-4 part 2 encoder, which every build has.
        let (encoder, codec) = Self.hasEncoder("libx265") ? ("libx265", "hevc") : ("mpeg4", "mpeg4")
        let other = try CLI.run(Self.common + ["--codec", encoder, "-o", "other.mp4"], in: folder)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stderr.contains("quartz-render: info: video other.mp4: \(encoder), yuv420p\n"), "\(other.stderr)")
        let probe = try FFmpegTools.probe(folder.appendingPathComponent("other.mp4"))
        #expect(probe["codec_name"] == codec && probe["nb_read_frames"] == "10", "\(probe)")
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage),
          arguments: [
            (["--crf", "60", "-o", "a.mp4"], "--crf must be in 0...51 for libx264, got 60"),
            (["--crf", "64", "-o", "a.webm"], "--crf must be in 0...63 for libvpx-vp9, got 64"),
            (["--crf", "20.5", "-o", "a.webm"], "--crf must be a whole number for libvpx-vp9, got 20.5"),
            (["--preset", "turbo", "-o", "a.mp4"],
             "--preset for libx264 must be ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo, got 'turbo'"),
            (["--preset", "fast", "-o", "a.mov"], "--preset: prores_ks has no presets (ffmpeg -h encoder=prores_ks lists no -preset)"),
            (["--crf", "20", "-o", "a.mov"], "--crf: prores_ks has no constant rate factor (ffmpeg -h encoder=prores_ks lists no -crf)"),
            (["--pixel-format", "yuva420p", "-o", "a.mov"], "--pixel-format yuva420p: prores_ks supports yuv422p10le, yuv444p10le, yuva444p10le"),
            (["--bitrate", "2M", "-o", "a.mov"], "--bitrate: prores_ks has a rate fixed by its profile or is lossless; use it without --bitrate"),
            (["--bitrate", "5X", "-o", "a.mp4"], "--bitrate must be bits per second such as 800k, 5M or 2500000, got '5X'"),
            (["--bitrate", "999", "-o", "a.mp4"], "--bitrate must be in 1k...2000M bits per second, got '999'"),
            (["--bitrate", "1M", "--crf", "20", "-o", "a.mp4"],
             "--bitrate and --crf cannot be combined: one sets an average rate, the other a constant quality"),
          ])
    func valuesTheEncoderDoesNotTakeAreRefused(flags: [String], message: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(Self.common + flags, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("quartz-render: error: \(message)\n"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { $0.hasPrefix(".") })
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func unknownAndMisplacedCodecsNameWhatFfmpegOffers() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ffmpeg = try #require(FFmpegTools.ffmpeg)
        let unknown = try CLI.run(Self.common + ["--codec", "nosuch", "-o", "a.mp4"], in: folder)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("quartz-render: error: --codec: the ffmpeg at \(ffmpeg) has no video encoder named nosuch; for .mp4 it offers "),
                "\(unknown.stderr)")
        #expect(unknown.stderr.contains("libx264") && unknown.stderr.hasSuffix(" (ffmpeg -encoders lists them)\n"), "\(unknown.stderr)")
        let misplaced = try CLI.run(Self.common + ["--codec", "prores_ks", "-o", "a.webm"], in: folder)
        #expect(misplaced.status == 64)
        #expect(misplaced.stderr.contains(
            "quartz-render: error: --codec prores_ks writes prores, which .webm does not hold (it holds vp8, vp9, av1); for .webm it offers "),
            "\(misplaced.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { $0.hasPrefix(".") })
    }

    /// Checked before ffmpeg is looked for: these fail the same way on a machine without it.
    @Test(arguments: [
        (["--crf", "20", "-o", "f/%d.png"], "--codec, --crf, --bitrate, --preset and --pixel-format go with a video output: -o out.mp4, .mov or .webm"),
        (["--crf", "20", "-o", "a.gif"], "--codec, --crf, --bitrate, --preset and --pixel-format do not apply to .gif (one palette for the whole clip)"),
        (["--codec=-vf", "-o", "a.mp4"], "--codec '-vf' is not a name ffmpeg uses (letters, digits, _ . -)"),
        (["--size", "63x64", "--codec", "libx265", "-o", "a.mp4"],
         "a.mp4: libx265 with yuv420p (.mp4) needs an even width and height, but the output is 63x64; pass --size with even sides, or use .mov/.webm/.gif"),
    ])
    func flagsOutsideAVideoAreRefusedWithoutFfmpeg(flags: [String], message: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(Self.common + flags + ["--ffmpeg", "/nonexistent/ffmpeg"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "quartz-render: error: \(message)\n")
    }
}
