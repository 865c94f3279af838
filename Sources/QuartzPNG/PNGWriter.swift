// Writes a premultiplied RGBA8 bitmap as a straight-alpha PNG (RGB when every pixel is opaque), either
// into memory or to a file durably: the file's data goes to a temporary file in the same directory, is
// fsynced, and is renamed over the target only when complete, so neither a failure nor a crash leaves a
// half-written or empty PNG under the final name.
import Foundation
import PNGShim
import QuartzRaster

/// The speed/size trade-off of a PNG write.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// OpenQuartz's own run-length deflate (rows filtered SUB or UP, runs of the previous byte, a Huffman
    /// code per block of rows): one pass over the frame, files smaller than zlib level 1 on rendered frames.
    /// Meant for frame sequences.
    case fast
    /// zlib level 6 with adaptive filters (libpng's default).
    case balanced
    /// zlib level 9 with adaptive filters: smallest files, slowest.
    case smallest

    /// libpng's zlib level and filter mask (PNG_ALL_FILTERS = 0xF8: adaptive per row); nil for `.fast`,
    /// which does not go through libpng.
    var libpngSettings: (zlibLevel: Int32, filterMask: Int32)? {
        switch self {
        case .fast: nil
        case .balanced: (6, 0xF8)
        case .smallest: (9, 0xF8)
        }
    }
}

public enum PNGWriter {
    /// Writes `bitmap` to `path`, replacing an existing file only once the new one is complete and on
    /// disk: the temporary file is fsynced before the rename and the folder after it (best effort), so a
    /// crash or power cut leaves either the old file or the complete new one under `path`.
    /// Callers decide whether replacing is allowed; this function does not ask.
    /// `durable: false` skips both fsyncs (several milliseconds each on a slow disk): the rename still never
    /// exposes a partial file to other processes, but after a power cut the file may be empty. For scratch
    /// output, previews and tests.
    public static func write(
        _ bitmap: PremultipliedRGBA8Bitmap, to path: String, compression: PNGCompression = .balanced,
        durable: Bool = true
    ) throws(PNGError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        var message = [CChar](repeating: 0, count: 512)
        let encoded = try encode(bitmap, compression: compression, name: path)
        // When durable, the file is fsynced before it is closed.
        let status = unsafe encoded.withUnsafeBytes { bytes in
            unsafe message.withUnsafeMutableBufferPointer { text in
                unsafe oq_write_file(temporaryPath, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                              durable ? 1 : 0, text.baseAddress, text.count)
            }
        }
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw .writeFailed(path: path, reason: reason(message, or: "the file could not be written"))
        }
        guard unsafe rename(temporaryPath, path) == 0 else {
            let reason = unsafe String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw .writeFailed(path: path, reason: reason)
        }
        if durable { syncFolder(folder) }
    }

    /// The PNG file `write(_:to:compression:)` would write, as bytes in memory (for pipes and network
    /// streams): the same bytes, without touching the file system. `name` is what errors call the data.
    public static func encode(
        _ bitmap: PremultipliedRGBA8Bitmap, compression: PNGCompression = .balanced, name: String = "PNG data"
    ) throws(PNGError) -> Data {
        guard let settings = compression.libpngSettings else { return try encodeRuns(bitmap, name: name) }
        let layout = try sampleLayout(of: bitmap, name: name)
        var message = [CChar](repeating: 0, count: 512)
        var bytes: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        let status = unsafe layout.samples.withUnsafeBufferPointer { pixels in
            unsafe message.withUnsafeMutableBufferPointer { text in
                unsafe oq_png_encode_memory(
                    pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), layout.rowBytes,
                    Int32(layout.channels), settings.zlibLevel, settings.filterMask, &bytes, &length,
                    text.baseAddress, text.count)
            }
        }
        guard status == 0, let bytes = unsafe bytes else {
            throw .writeFailed(path: name, reason: reason(message, or: "libpng failed"))
        }
        // The shim hands over a malloc'd buffer; Data takes ownership and frees it.
        return unsafe Data(bytesNoCopy: bytes, count: length, deallocator: .free)
    }

    /// The `.fast` encoding: the encoder reads the premultiplied pixels itself, a row at a time. `maximumTier`
    /// caps the vector instructions its row kernels use (0 none, 1 SSSE3, 2 AVX2; the machine's best by
    /// default); every tier writes the same bytes.
    static func encodeRuns(_ bitmap: PremultipliedRGBA8Bitmap, name: String, maximumTier: Int32 = 2) throws(PNGError) -> Data {
        let width = bitmap.width, height = bitmap.height
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31, bitmap.pixels.count == width * height else {
            throw .unwritableSize(path: name, width: width, height: height)
        }
        var bytes: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        let status = unsafe bitmap.pixels.withUnsafeBufferPointer { pixels in
            unsafe oq_png_encode_runs_at_tier(pixels.baseAddress, UInt32(width), UInt32(height), maximumTier, &bytes, &length)
        }
        guard status == 0, let bytes = unsafe bytes else { throw .writeFailed(path: name, reason: "out of memory for the encoded PNG") }
        return unsafe Data(bytesNoCopy: bytes, count: length, deallocator: .free)
    }

    /// RGB samples when every pixel is opaque (smaller files), RGBA otherwise; refuses sizes PNG cannot hold.
    private static func sampleLayout(of bitmap: PremultipliedRGBA8Bitmap, name: String) throws(PNGError)
        -> (samples: [UInt8], channels: Int, rowBytes: Int)
    {
        let width = bitmap.width, height = bitmap.height
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31, bitmap.pixels.count == width * height else {
            throw .unwritableSize(path: name, width: width, height: height)
        }
        let channels = bitmap.isOpaque ? 3 : 4
        return (straightSamples(of: bitmap, channels: channels), channels, width * channels)
    }

    private static func reason(_ message: [CChar], or fallback: String) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }

    /// Flushes the folder's entries (the rename) to stable storage. Best effort: some file systems refuse
    /// fsync on folders, and the file's own data is already on disk.
    private static func syncFolder(_ folder: String) {
        let fd = unsafe open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Straight-alpha RGB or RGBA bytes, rows top to bottom.
    static func straightSamples(of bitmap: PremultipliedRGBA8Bitmap, channels: Int) -> [UInt8] {
        if channels == 4 { return bitmap.straightRGBA8Bytes() }
        var bytes = [UInt8](repeating: 0, count: bitmap.pixels.count * 3)
        for (i, packed) in bitmap.pixels.enumerated() {
            bytes[3 * i] = UInt8(truncatingIfNeeded: packed)
            bytes[3 * i + 1] = UInt8(truncatingIfNeeded: packed >> 8)
            bytes[3 * i + 2] = UInt8(truncatingIfNeeded: packed >> 16)
        }
        return bytes
    }
}
