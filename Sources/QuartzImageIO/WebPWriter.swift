// WebP frames through libwebp: lossless by default (every straight-alpha sample kept), lossy at a quality.
// WebP stores straight alpha, so frames are un-premultiplied first, as for PNG.
import CWebP
import Foundation
import QuartzRaster

public enum WebPWriter {
    /// The WebP file of `bitmap`: lossless when `quality` is nil, else lossy at `quality` (1...100).
    public static func encode(_ bitmap: PremultipliedRGBA8Bitmap, quality: Int? = nil) throws(ImageCodecError) -> Data {
        if let quality, !(1...100).contains(quality) { throw ImageCodecError("WebP quality must be in 1...100, got \(quality)") }
        guard !bitmap.isEmpty, bitmap.width <= 16_383, bitmap.height <= 16_383 else {
            throw ImageCodecError("a WebP image is 1...16383 pixels a side, got \(bitmap.width)x\(bitmap.height)")
        }
        let straight = bitmap.straightRGBA8Bytes()
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = unsafe straight.withUnsafeBufferPointer { buffer in
            if let quality {
                return unsafe WebPEncodeRGBA(buffer.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4),
                                             Float(quality), &output)
            }
            return unsafe WebPEncodeLosslessRGBA(buffer.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4), &output)
        }
        defer { if let output = unsafe output { unsafe WebPFree(output) } }
        guard size > 0, let output = unsafe output else { throw ImageCodecError("WebP encoding failed") }
        return unsafe Data(bytes: output, count: size)
    }
}

public enum WebPReader {
    /// The bitmap of a WebP file; at most `maximumPixels` pixels.
    public static func decode(_ data: Data, maximumPixels: Int = 1 << 26) throws(ImageCodecError) -> PremultipliedRGBA8Bitmap {
        let bytes = [UInt8](data)
        var width: Int32 = 0, height: Int32 = 0
        let known = unsafe bytes.withUnsafeBufferPointer { unsafe WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard known != 0, width > 0, height > 0 else { throw ImageCodecError("not a WebP file") }
        guard Int(width) * Int(height) <= maximumPixels else {
            throw ImageCodecError("the WebP image is \(width)x\(height) pixels, more than \(maximumPixels)")
        }
        var straight = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let decoded = unsafe bytes.withUnsafeBufferPointer { source in
            unsafe straight.withUnsafeMutableBufferPointer { destination in
                unsafe WebPDecodeRGBAInto(source.baseAddress, source.count, destination.baseAddress, destination.count, width * 4)
            }
        }
        guard unsafe decoded != nil else { throw ImageCodecError("WebP decoding failed") }
        return PremultipliedRGBA8Bitmap(width: Int(width), height: Int(height), straightRGBA8: straight)
    }
}
