// Writes a premultiplied RGBA8 bitmap as a straight-alpha PNG (RGB when every pixel is opaque),
// atomically: the data goes to a temporary file in the same directory, renamed over the target only
// when complete, so a failure never leaves a half-written PNG behind.
import Foundation
import PNGShim
import QuartzRaster

/// The speed/size trade-off of a PNG write.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// zlib level 1 with the SUB filter: about 4x faster than `.balanced`, about 2x larger.
    /// Meant for frame sequences.
    case fast
    /// zlib level 6 with adaptive filters (libpng's default).
    case balanced
    /// zlib level 9 with adaptive filters: smallest files, slowest.
    case smallest

    var zlibLevel: Int32 {
        switch self {
        case .fast: 1
        case .balanced: 6
        case .smallest: 9
        }
    }

    /// PNG_FILTER_SUB = 0x10; PNG_ALL_FILTERS = 0xF8. (PNG_NO_FILTERS = 0 would leave adaptive
    /// filtering on: see notes/raster-and-swift-perf.md B3.)
    var filterMask: Int32 {
        switch self {
        case .fast: 0x10
        case .balanced, .smallest: 0xF8
        }
    }
}

public enum PNGWriter {
    /// Writes `bitmap` to `path`, replacing an existing file only once the new one is complete.
    /// Callers decide whether replacing is allowed; this function does not ask.
    public static func write(
        _ bitmap: PremultipliedRGBA8Bitmap, to path: String, compression: PNGCompression = .balanced
    ) throws(PNGError) {
        let width = bitmap.width, height = bitmap.height
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
            throw .unwritableSize(path: path, width: width, height: height)
        }
        let opaque = bitmap.isOpaque
        let channels = opaque ? 3 : 4
        let samples = straightSamples(of: bitmap, channels: channels)
        let url = URL(fileURLWithPath: path)
        let temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        var message = [CChar](repeating: 0, count: 512)
        let status = samples.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                oq_png_write(
                    temporaryPath, pixels.baseAddress, UInt32(width), UInt32(height), width * channels,
                    Int32(channels), compression.zlibLevel, compression.filterMask, text.baseAddress, text.count)
            }
        }
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .writeFailed(path: path, reason: reason.isEmpty ? "libpng failed" : reason)
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw .writeFailed(path: path, reason: reason)
        }
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
