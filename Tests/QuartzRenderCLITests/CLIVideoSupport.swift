// ffmpeg and ffprobe for the video tests: found on PATH; tests that need them are skipped with a visible
// message when they are missing (`.ci/run` installs ffmpeg).
import Foundation
import Testing

enum FFmpegTools {
    /// The first executable `name` on PATH.
    static func find(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let ffmpeg = find("ffmpeg")
    static let ffprobe = find("ffprobe")
    static let available = ffmpeg != nil && ffprobe != nil
    static let skipMessage: Comment = "ffmpeg/ffprobe not found on PATH: video tests skipped (apt-get install ffmpeg; .ci/run does)"

    /// Runs a tool to completion; stdout and stderr.
    static func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = folder.appendingPathComponent(".tool-out-\(UUID().uuidString)")
        let err = folder.appendingPathComponent(".tool-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return CLI.collect(process, out, err)
    }

    /// ffprobe's view of the first video stream: every `stream=` entry asked for, frames counted by decoding.
    static func probe(_ file: URL) throws -> [String: String] {
        let arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0",
                      "-show_entries", "stream=codec_name,width,height,pix_fmt,nb_read_frames,r_frame_rate:stream_tags=alpha_mode",
                      "-of", "default=noprint_wrappers=1", file.path]
        let result = try run(ffprobe!, arguments, in: file.deletingLastPathComponent())
        #expect(result.status == 0, "ffprobe \(file.lastPathComponent): \(result.stderr)")
        var fields: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0].replacingOccurrences(of: "TAG:", with: "").lowercased()] = parts[1] }
        }
        return fields
    }

    /// The alpha bytes of the first frame decoded as straight RGBA (`decoder` picks e.g. libvpx-vp9, the
    /// VP9 decoder that reads WebM's alpha side data; ffmpeg's native one drops it).
    static func firstFrameAlpha(_ file: URL, decoder: String? = nil) throws -> [UInt8] {
        let raw = file.deletingLastPathComponent().appendingPathComponent(".first-\(UUID().uuidString).rgba")
        defer { try? FileManager.default.removeItem(at: raw) }
        var arguments = ["-v", "error"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-i", file.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", raw.path]
        let result = try run(ffmpeg!, arguments, in: file.deletingLastPathComponent())
        #expect(result.status == 0, "decode \(file.lastPathComponent): \(result.stderr)")
        let bytes = [UInt8]((try? Data(contentsOf: raw)) ?? Data())
        return stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] }
    }

    /// One MD5 per decoded frame (ffmpeg's framemd5 muxer, without its header comments).
    static func frameHashes(_ file: URL) throws -> [String] {
        let result = try run(ffmpeg!, ["-v", "error", "-i", file.path, "-f", "framemd5", "-"], in: file.deletingLastPathComponent())
        #expect(result.status == 0, "framemd5 \(file.lastPathComponent): \(result.stderr)")
        return result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }
}

/// Names in `folder`, hidden ones included (a left-over `.partial` must show up).
func allNames(in folder: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
}
