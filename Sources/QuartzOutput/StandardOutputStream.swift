// `-o -`: frames written to stdout, in frame order, for the user's own encoder. `--format rgba` is raw
// straight-alpha RGBA (width·height·4 bytes per frame, rows top to bottom, what `ffmpeg -f rawvideo
// -pix_fmt rgba` reads); `--format png` is complete PNG files back to back (what `ffmpeg -f image2pipe`
// reads). Nothing else is ever written to stdout.
import Foundation
import OpenQuartz

package enum StreamFormat: String, CaseIterable, Sendable {
    case rgba, png
}

package struct StandardOutputStream: Sendable {
    package let format: StreamFormat
    package let compression: PNGCompression

    package init(format: StreamFormat, compression: PNGCompression) {
        // A reader that exits early must give EPIPE (reported), not kill quartz-render silently.
        signal(SIGPIPE, SIG_IGN)
        self.format = format
        self.compression = compression
    }

    /// One frame as a complete PNG file, for the `png` format (run on the worker that rendered it; the `rgba`
    /// format's straight bytes are converted in order by the caller).
    package func encodePNG(_ bitmap: PremultipliedRGBA8Bitmap) throws -> [UInt8] {
        // Encoded in memory: no temporary file, so a full or read-only temporary folder cannot fail a stream.
        do {
            return Array(try PNGWriter.encode(bitmap, compression: compression, name: "the PNG frame for stdout"))
        } catch {
            throw FrameOutputError(.ioError, "cannot encode a PNG for stdout: \(error)")
        }
    }

    /// Writes `bytes` to stdout completely (retrying short writes and EINTR).
    package func write(_ bytes: [UInt8]) throws {
        unsafe try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // buffer.baseAddress is non-nil here: count > offset ≥ 0.
                let written = unsafe Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    let reason = unsafe errno == EPIPE ? "the reading program closed the pipe" : String(cString: strerror(errno))
                    throw FrameOutputError(.ioError, "cannot write frames to stdout: \(reason)")
                }
                offset += written
            }
        }
    }

    /// What a user needs to build the encoder command, logged at notice level on stderr.
    package static func description(format: StreamFormat, width: Int, height: Int, rate: SceneFrameRate, frames: Int) -> String {
        let size = "\(width)x\(height)", framerate = "\(rate.numerator)/\(rate.denominator)"
        switch format {
        case .rgba:
            return "stdout: \(frames) frames of raw straight-alpha RGBA, \(size), \(width * height * 4) bytes per frame, "
                + "\(framerate) fps; e.g. | ffmpeg -f rawvideo -pix_fmt rgba -s \(size) -framerate \(framerate) -i - out.mp4"
        case .png:
            return "stdout: \(frames) concatenated PNG images, \(size), \(framerate) fps; "
                + "e.g. | ffmpeg -f image2pipe -c:v png -framerate \(framerate) -i - out.mp4"
        }
    }
}
