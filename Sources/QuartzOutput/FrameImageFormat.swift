// A frame file's format follows its name: .jpg or .jpeg is JPEG, .webp is WebP, anything else PNG.
import Foundation
import OpenQuartz
import QuartzImageIO

package enum FrameImageFormat: Equatable, Sendable {
    case png, jpeg, webp

    package init(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: self = .png
        }
    }

    /// Whether `--quality` means something for this format (PNG is always lossless).
    package var takesQuality: Bool { self != .png }

    /// The file's bytes: PNG at `compression`; JPEG at `quality` (default 90); WebP lossless, or lossy at `quality`.
    package func encode(_ bitmap: PremultipliedRGBA8Bitmap, compression: PNGCompression, quality: Int?, name: String) throws -> Data {
        switch self {
        case .png: try PNGWriter.encode(bitmap, compression: compression, name: name)
        case .jpeg: try JPEGWriter.encode(bitmap, quality: quality ?? JPEGWriter.defaultQuality)
        case .webp: try WebPWriter.encode(bitmap, quality: quality)
        }
    }
}
