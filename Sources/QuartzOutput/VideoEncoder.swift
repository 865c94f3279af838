// Video output through ffmpeg: frames go to ffmpeg's stdin as raw straight-alpha RGBA
// (`-f rawvideo -pix_fmt rgba -s WxH -framerate NUM/DEN -i -`), ffmpeg encodes into a hidden temporary file
// beside the target, and the file is renamed into place only when ffmpeg succeeded, so a failed or killed
// encode never leaves a truncated video under the final name. ffmpeg's stderr goes to a log file beside the
// target (a pipe could fill up and deadlock both processes); its tail is reported when ffmpeg fails. ffmpeg
// runs in our process group, and a hung ffmpeg is stopped after a stall timeout (`ChildProcess`).
import Foundation
import OpenQuartz

/// The video containers `-o` understands, by file extension.
package enum VideoContainer: String, CaseIterable {
    case mp4, mov, webm, gif

    /// The container of `path` by its extension (case-insensitive), nil for anything else.
    package init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// H.264 stores 4:2:0 chroma: both sides must be even.
    package var needsEvenSize: Bool { self == .mp4 }

    /// Whether the container keeps the alpha channel.
    package var keepsAlpha: Bool { self != .mp4 }

    /// ffmpeg's output options (codec, pixel format, muxer) for this container.
    package var encoderArguments: [String] {
        switch self {
        case .mp4:
            // Opaque: yuv420p has no alpha; transparent pixels become black.
            ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-preset", "medium", "-f", "mp4"]
        case .mov:
            ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-f", "mov"]
        case .webm:
            ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "30", "-b:v", "0", "-row-mt", "1", "-f", "webm"]
        case .gif:
            // One filter graph: a palette from all frames, then the frames mapped onto it.
            ["-filter_complex", "[0:v]split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse", "-f", "gif"]
        }
    }
}

/// Where ffmpeg is: `--ffmpeg PATH`, else the first executable `ffmpeg` on PATH.
package enum FFmpegLocator {
    package static func locate(explicit: String?, environment: [String: String]) throws -> String {
        if let explicit {
            guard FileManager.default.isExecutableFile(atPath: explicit) else {
                throw FrameOutputError(.unavailable, "ffmpeg not found: --ffmpeg \"\(explicit)\" is not an executable file")
            }
            return explicit
        }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("ffmpeg").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw FrameOutputError(.unavailable, """
            ffmpeg not found: looked for an executable "ffmpeg" in PATH (\(folders.isEmpty ? "PATH is empty" : folders.joined(separator: ":"))). \
            Install it (apt-get install ffmpeg) or pass --ffmpeg PATH; or render PNG frames with -o frames/%05d.png
            """)
    }
}

/// One running ffmpeg encode. Frames must be written in order; `finish()` renames the video into place.
package final class VideoEncoder {
    /// Seconds ffmpeg may go without reading a frame byte, or after the last frame without writing output,
    /// before it counts as hung (`--ffmpeg-timeout`).
    package static let defaultStallTimeout: Double = 120

    package let target: String
    package let width: Int
    package let height: Int
    private let temporary: String
    private let logFile: String
    private let child: ChildProcess
    private let refuseExisting: Bool
    private var framesWritten = 0

    /// Starts ffmpeg encoding `width`×`height` frames at `rate` into a temporary file beside `target`. Its log is
    /// a partial file beside the target too, so a killed render's log is cleaned up with its other partial files.
    /// `encoderArguments` replaces the container's default codec options (`--codec`, `--crf`, …).
    package init(ffmpeg: String, container: VideoContainer, target: String, width: Int, height: Int,
         rate: SceneFrameRate, refuseExisting: Bool, stallTimeout: Double = VideoEncoder.defaultStallTimeout,
         encoderArguments: [String]? = nil) throws {
        // Writing to a pipe whose reader exited must give EPIPE, not kill quartz-render silently (status 141).
        signal(SIGPIPE, SIG_IGN)
        self.target = target
        self.width = width
        self.height = height
        self.refuseExisting = refuseExisting
        temporary = PartialFiles.path(for: target)
        logFile = PartialFiles.path(for: target + ".ffmpeg-log")
        let arguments = ["-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                         "-framerate", "\(rate.numerator)/\(rate.denominator)", "-i", "-"]
            + (encoderArguments ?? container.encoderArguments)
            // MP4/MOV: a movie timescale that is a multiple of the rate's numerator (and at least ffmpeg's
            // default 1000) stores a segment's duration exactly, so concat-joined shards keep NUM/DEN.
            + (container == .mp4 || container == .mov
                ? ["-movie_timescale", "\(rate.numerator * ((999 + rate.numerator) / rate.numerator))"] : [])
            + [temporary]
        do {
            child = try ChildProcess(executable: ffmpeg, arguments: arguments, logPath: logFile, stallTimeout: stallTimeout)
        } catch {
            try? FileManager.default.removeItem(atPath: logFile)
            throw error
        }
    }

    /// Writes one frame's straight RGBA bytes (width·height·4) in order.
    package func write(straightRGBA bytes: [UInt8]) throws {
        precondition(bytes.count == width * height * 4, "a frame's byte count must match the video size")
        let result: Result<Void, ChildProcess.Failure> = unsafe bytes.withUnsafeBytes { raw in
            Result { () throws(ChildProcess.Failure) in unsafe try child.write(raw) }
        }
        switch result {
        case .success: break
        case .failure(.exited):
            throw failure(after: "ffmpeg stopped reading frames after \(framesWritten) of them")
        case .failure(.stalled):
            throw failure(after: "ffmpeg read nothing of frame \(framesWritten + 1) for \(Self.seconds(child.stallTimeout)) and was stopped")
        case .failure(.writeFailed(let reason)):
            throw failure(after: "writing a frame to ffmpeg failed: \(reason)")
        }
        framesWritten += 1
    }

    /// Ends the input, waits for ffmpeg (while its output grows, or for the stall timeout), and renames the
    /// video into place.
    package func finish() throws {
        let status: Int32
        do {
            status = try child.finish(progress: { [temporary] in
                ((try? FileManager.default.attributesOfItem(atPath: temporary)[.size]) as? NSNumber)?.int64Value ?? -1
            })
        } catch {
            throw failure(after: "ffmpeg did not finish within \(Self.seconds(child.stallTimeout)) of its last output and was stopped")
        }
        guard ChildProcess.succeeded(status) else { throw failure(after: "ffmpeg failed") }
        try? FileManager.default.removeItem(atPath: logFile)
        try PartialFiles.commit(temporary, to: target, refusingExisting: refuseExisting)
    }

    /// Stops ffmpeg after a failure elsewhere and removes its partial output.
    package func abandon() {
        child.terminate()
        try? FileManager.default.removeItem(atPath: temporary)
        try? FileManager.default.removeItem(atPath: logFile)
    }

    /// Waits for ffmpeg, removes the partial video, and describes the failure with the tail of ffmpeg's stderr.
    private func failure(after what: String) -> FrameOutputError {
        let status = ChildProcess.describe(child.waitStatus())
        let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        let tail = log.split(separator: "\n", omittingEmptySubsequences: true).suffix(15).map { "  ffmpeg: \($0)" }
        try? FileManager.default.removeItem(atPath: temporary)
        try? FileManager.default.removeItem(atPath: logFile)
        let detail = tail.isEmpty ? "  (ffmpeg printed nothing on stderr)" : tail.joined(separator: "\n")
        return FrameOutputError(.encoderFailed, "\(what) (\(status)) while encoding \"\(target)\":\n\(detail)")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
