// Frame files: the existing-file policy (refuse by default, `--overwrite`, `--skip-existing`), the output
// folder check (which also removes stale partial files of killed runs), and atomic writes. The frame is
// encoded in memory as its name says (PNG, JPEG or WebP: FrameImageFormat; the encode phase); writing a hidden partial file in the target folder, flushing it to
// disk and the rename into place are the write phase, so neither a killed render nor a power cut leaves a
// truncated or empty frame under its final name.
import Foundation
import OpenQuartz

package enum ExistingFilePolicy: Sendable {
    case refuse, overwrite, skip
}

package struct FrameFileWriter: Sendable {
    package let policy: ExistingFilePolicy
    package let compression: PNGCompression
    /// `--quality` for JPEG and WebP frames (nil: JPEG 90, WebP lossless).
    package let quality: Int?

    package init(policy: ExistingFilePolicy, compression: PNGCompression, quality: Int? = nil) {
        self.policy = policy
        self.compression = compression
        self.quality = quality
    }

    /// Creates the folder of `path` if needed and checks it is writable.
    package static func prepareFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if unsafe FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw FrameOutputError(.cannotCreate, "output folder \"\(folder)\" is a file") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FrameOutputError(.cannotCreate, "cannot create output folder \"\(folder)\": \(error.localizedDescription)")
            }
        }
        guard unsafe access(folder, W_OK | X_OK) == 0 else {
            throw FrameOutputError(.cannotCreate, "output folder \"\(folder)\" is not writable")
        }
        PartialFiles.removeStale(inFolder: folder)
    }

    /// Whether `path` should be rendered: false to skip it; throws when it exists and may not be replaced.
    package func shouldWrite(_ path: String) throws -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return true }
        switch policy {
        case .overwrite: return true
        case .skip: return false
        case .refuse:
            throw FrameOutputError(.cannotCreate, "\"\(path)\" exists; pass --overwrite to replace it or --skip-existing to keep it (default: refuse)")
        }
    }

    /// Encodes `bitmap` in memory (encode phase, seconds returned first), then writes it to a temporary file
    /// next to `path`, flushes it to disk and renames it into place (write phase).
    package func write(_ bitmap: PremultipliedRGBA8Bitmap, to path: String) throws -> (encode: Double, write: Double) {
        let partial = try writePartial(bitmap, for: path)
        let t0 = monotonicSeconds()
        try commit(partial.temporary, to: path)
        return (partial.encode, partial.write + monotonicSeconds() - t0)
    }

    /// The first half of `write`: the frame encoded (encode phase) and written to its partial file, not yet
    /// flushed to disk (write phase). `commit` finishes it.
    package func writePartial(_ bitmap: PremultipliedRGBA8Bitmap, for path: String) throws -> (temporary: String, encode: Double, write: Double) {
        let t0 = monotonicSeconds()
        let encoded: Data
        do {
            encoded = try FrameImageFormat(path: path).encode(bitmap, compression: compression, quality: quality, name: path)
        } catch {
            throw FrameOutputError(.ioError, "cannot encode \"\(path)\": \(error)")
        }
        let t1 = monotonicSeconds()
        let temporary = try PartialFiles.writePartial(encoded, for: path)
        return (temporary, t1 - t0, monotonicSeconds() - t1)
    }

    /// The second half of `write`: the partial file flushed to disk and renamed to `path`, and with
    /// `syncingFolder` the folder flushed (a frame sequence flushes its folder once, at the end: a rename a
    /// power cut loses leaves that frame missing, never truncated).
    package func commit(_ temporary: String, to path: String, syncingFolder: Bool = true) throws {
        try PartialFiles.commit(temporary, to: path, refusingExisting: policy == .refuse, syncingFolder: syncingFolder)
    }
}
