// Video shards joined with the concat of docs/cli.md ("Video shards", "Slurm array") keep the frame rate
// exactly: MP4/MOV segments carry a movie timescale that is a multiple of the rate's numerator, so the join's
// r_frame_rate and avg_frame_rate, duration, frame count and timestamps equal a serial video's. ProRes frames
// are coded alone, so a joined .mov has the serial .mov's frames too; H.264 segments are coded apart (each
// starts a new group of pictures), so a joined .mp4 has its segments' frames.
import Foundation
import Testing
import QuartzTestSupport

@Suite struct FarmVideoConcatTests {
    static let farmScene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Farm/intro.json").path

    /// ffprobe's rates, duration and decoded frame count.
    func timing(_ file: URL) throws -> String {
        let result = try FFmpegTools.run(FFmpegTools.ffprobe!, [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=r_frame_rate,avg_frame_rate,duration,nb_read_frames", "-of", "default=noprint_wrappers=1", file.path,
        ], in: file.deletingLastPathComponent())
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Renders `frames` of `scene` serially and in `shards` segments, and joins the segments as docs/cli.md does.
    func serialAndJoined(_ scene: String, frames: String, shards: Int, ext: String, extra: [String] = [],
                         in folder: URL) throws -> (serial: URL, joined: URL, segments: [URL]) {
        let common = ["render", scene, "--frames", frames, "--threads", "1", "--progress", "none"] + extra
        let serial = try CLI.run(common + ["-o", "serial.\(ext)"], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        for i in 0..<shards {
            let shard = try CLI.run(common + ["--shard", "\(i)/\(shards)", "-o", "parts/out.\(ext)"], in: folder)
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let parts = folder.appendingPathComponent("parts")
        let names = (0..<shards).map { String(format: "out.shard-%02d-of-%02d.\(ext)", $0, shards) }
        try names.map { "file '\($0)'\n" }.joined().write(to: parts.appendingPathComponent("segments.txt"), atomically: true, encoding: .utf8)
        let join = try FFmpegTools.run(FFmpegTools.ffmpeg!, ["-v", "error", "-f", "concat", "-safe", "0", "-i", "segments.txt",
                                                            "-c", "copy", "out.\(ext)"], in: parts)
        #expect(join.status == 0, "\(join.stderr)")
        return (folder.appendingPathComponent("serial.\(ext)"), parts.appendingPathComponent("out.\(ext)"),
                names.map { parts.appendingPathComponent($0) })
    }

    /// framemd5 columns: stream, dts, pts, duration, size, MD5.
    func columns(_ lines: [String], _ range: ClosedRange<Int>) -> [String] {
        lines.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }[range].joined(separator: ",") }
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func mp4SegmentsJoinAtExactly30000Over1001() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 90 frames in 4 segments of 22 or 23 frames; with 1 ms movie times the join came out at
        // r_frame_rate=359/12, avg_frame_rate=2700000/90163, 3.005433 s.
        let (serial, joined, segments) = try serialAndJoined(Self.farmScene, frames: "0..<90", shards: 4, ext: "mp4", in: folder)
        let expected = "r_frame_rate=30000/1001\navg_frame_rate=30000/1001\nduration=3.003000\nnb_read_frames=90\n"
        #expect(try timing(serial) == expected)
        #expect(try timing(joined) == expected)
        let joinedFrames = try FFmpegTools.frameHashes(joined), serialFrames = try FFmpegTools.frameHashes(serial)
        #expect(joinedFrames.count == 90)
        #expect(columns(joinedFrames, 1...3) == columns(serialFrames, 1...3))
        #expect(columns(joinedFrames, 4...5) == columns(try segments.flatMap(FFmpegTools.frameHashes), 4...5))
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func movSegmentsJoinToTheSerialVideosFrames() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (serial, joined, _) = try serialAndJoined(Self.farmScene, frames: "0..<60", shards: 3, ext: "mov", in: folder)
        let expected = "r_frame_rate=30000/1001\navg_frame_rate=30000/1001\nduration=2.002000\nnb_read_frames=60\n"
        #expect(try timing(serial) == expected)
        #expect(try timing(joined) == expected)
        let joinedFrames = try FFmpegTools.frameHashes(joined)
        #expect(joinedFrames.count == 60)
        #expect(joinedFrames == (try FFmpegTools.frameHashes(serial)))
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func wholeNumberRateSegmentsJoinExactly() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 47 frames in segments of 15, 16 and 16. Movie timescale 1020 (30 · 34) and 1008 (24 · 42); with 1 ms
        // the joins came out at avg_frame_rate=360960/12037 (and r_frame_rate=30000/1001) and 144384/6017.
        for (fps, duration) in [("30", "duration=1.566667"), ("24", "duration=1.958333")] {
            let sub = folder.appendingPathComponent(fps)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let (serial, joined, _) = try serialAndJoined(fixtureScene("ship-on-path.json"), frames: "0..<47", shards: 3, ext: "mp4",
                                                          extra: ["--fps", fps, "--size", "64x64"], in: sub)
            let expected = "r_frame_rate=\(fps)/1\navg_frame_rate=\(fps)/1\n\(duration)\nnb_read_frames=47\n"
            #expect(try timing(serial) == expected, "\(fps) fps")
            #expect(try timing(joined) == expected, "\(fps) fps")
        }
    }
}
