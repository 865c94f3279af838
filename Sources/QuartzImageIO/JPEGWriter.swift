// JPEG frames through libjpeg-turbo's TurboJPEG API. JPEG has no alpha: a frame's premultiplied colour is
// encoded as it is, which is the frame composited over opaque black (pass a background for another colour).
// Chroma is kept at full resolution (4:4:4), as motion graphics' sharp coloured edges need.
import CTurboJPEG
import Foundation
import QuartzRaster

/// An error of the JPEG or WebP codec, with the library's message.
public struct ImageCodecError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

public enum JPEGWriter {
    /// Quality 1...100, as libjpeg's scale; 90 when a caller does not choose.
    public static let defaultQuality = 90

    /// The JPEG file of `bitmap` at `quality` (1...100).
    public static func encode(_ bitmap: PremultipliedRGBA8Bitmap, quality: Int = defaultQuality) throws(ImageCodecError) -> Data {
        guard (1...100).contains(quality) else { throw ImageCodecError("JPEG quality must be in 1...100, got \(quality)") }
        guard !bitmap.isEmpty, bitmap.width <= 65_535, bitmap.height <= 65_535 else {
            throw ImageCodecError("a JPEG image is 1...65535 pixels a side, got \(bitmap.width)x\(bitmap.height)")
        }
        guard let handle = unsafe tjInitCompress() else { throw ImageCodecError("cannot start the JPEG encoder") }
        defer { unsafe tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        // Pixels are R, G, B, A bytes in memory; TJPF_RGBX reads the first three and skips the fourth.
        let status = unsafe bitmap.pixels.withUnsafeBytes { raw in
            unsafe tjCompress2(handle, raw.bindMemory(to: UInt8.self).baseAddress, Int32(bitmap.width), Int32(bitmap.width * 4),
                               Int32(bitmap.height), Int32(TJPF_RGBX.rawValue), &output, &size, Int32(TJSAMP_444.rawValue),
                               Int32(quality), 0)
        }
        defer { if let output = unsafe output { unsafe tjFree(output) } }
        guard status == 0, let output = unsafe output else { throw ImageCodecError("JPEG encoding failed: \(unsafe errorText(handle))") }
        return unsafe Data(bytes: output, count: Int(size))
    }
}

public enum JPEGReader {
    /// The opaque bitmap of a JPEG file; at most `maximumPixels` pixels.
    public static func decode(_ data: Data, maximumPixels: Int = 1 << 26) throws(ImageCodecError) -> PremultipliedRGBA8Bitmap {
        guard let handle = unsafe tjInitDecompress() else { throw ImageCodecError("cannot start the JPEG decoder") }
        defer { unsafe tjDestroy(handle) }
        let bytes = [UInt8](data)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = unsafe bytes.withUnsafeBufferPointer { buffer in
            unsafe tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else { throw ImageCodecError("not a JPEG file: \(unsafe errorText(handle))") }
        guard Int(width) * Int(height) <= maximumPixels else {
            throw ImageCodecError("the JPEG image is \(width)x\(height) pixels, more than \(maximumPixels)")
        }
        var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
        let status = unsafe bytes.withUnsafeBufferPointer { buffer in
            unsafe pixels.withUnsafeMutableBytes { destination in
                unsafe tjDecompress2(handle, buffer.baseAddress, UInt(buffer.count), destination.bindMemory(to: UInt8.self).baseAddress,
                                     width, width * 4, height, Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        guard status == 0 else { throw ImageCodecError("JPEG decoding failed: \(unsafe errorText(handle))") }
        return PremultipliedRGBA8Bitmap(width: Int(width), height: Int(height), pixels: pixels)
    }
}

/// TurboJPEG's message for the last failure on `handle`.
private func errorText(_ handle: tjhandle) -> String { unsafe String(cString: tjGetErrorStr2(handle)) }
