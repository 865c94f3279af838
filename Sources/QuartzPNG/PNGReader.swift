// Reads any PNG libpng understands (1–16-bit gray, gray+alpha, RGB, RGBA, palette with or without
// tRNS, interlaced or not) into a premultiplied RGBA8 bitmap. Output: device pixels, y down,
// premultiplied RGBA8 in the file's own encoding (no gamma conversion, like browsers and editors).
// The libpng calls, and with them every setjmp, live in the C shim.
import Foundation
import PNGShim
import QuartzRaster

public enum PNGReader {
    /// The default pixel limit: 16384 x 16384 (1 GiB of RGBA8). Larger headers are rejected before
    /// any pixel memory is allocated.
    public static let defaultMaximumPixels = 16384 * 16384

    /// Reads the PNG at `path`. Straight-alpha samples are premultiplied; 16-bit samples are scaled
    /// to 8 bits with rounding.
    public static func read(contentsOf path: String, maximumPixels: Int = defaultMaximumPixels) throws(PNGError)
        -> PremultipliedRGBA8Bitmap
    {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        return unsafe try decode(name: path, maximumPixels: maximumPixels) { width, height, pixels, text in
            unsafe oq_png_read(path, max(0, maximumPixels), width, height, pixels, text.baseAddress, text.count)
        }
    }

    /// Decodes PNG bytes held in memory; `name` is what errors call the data.
    public static func read(data: Data, name: String = "PNG data", maximumPixels: Int = defaultMaximumPixels)
        throws(PNGError) -> PremultipliedRGBA8Bitmap
    {
        let bytes = [UInt8](data)
        return unsafe try decode(name: name, maximumPixels: maximumPixels) { width, height, pixels, text in
            unsafe bytes.withUnsafeBufferPointer { buffer in
                unsafe oq_png_read_memory(
                    buffer.baseAddress, buffer.count, max(0, maximumPixels), width, height, pixels,
                    text.baseAddress, text.count)
            }
        }
    }

    private static func decode(
        name: String, maximumPixels: Int,
        _ read: (
            UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>,
            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutableBufferPointer<CChar>
        ) -> Int32
    ) throws(PNGError) -> PremultipliedRGBA8Bitmap {
        var width: UInt32 = 0, height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var message = [CChar](repeating: 0, count: 512)
        let status = unsafe message.withUnsafeMutableBufferPointer { text in unsafe read(&width, &height, &pixels, text) }
        switch status {
        case 0:
            guard let pixels = unsafe pixels else { throw .unreadable(path: name, reason: "libpng returned no pixels") }
            defer { unsafe free(pixels) }
            let count = Int(width) * Int(height) * 4
            let straight = unsafe Array(UnsafeBufferPointer(start: pixels, count: count))
            return PremultipliedRGBA8Bitmap(width: Int(width), height: Int(height), straightRGBA8: straight)
        case -2:
            throw .tooLarge(path: name, width: Int(width), height: Int(height), maximumPixels: maximumPixels)
        default:
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .unreadable(path: name, reason: reason.isEmpty ? "not a readable PNG" : reason)
        }
    }
}
