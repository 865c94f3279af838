// Apple's CGImage over a premultiplied RGBA8 bitmap (8 bits per component, 32 per pixel, R G B A in memory
// = premultipliedLast with the default byte order). Immutable. Its sampling texture (a copy of the pixels
// plus mipmaps) is built lazily, once, under a lock, and then shared by every shader on every thread.
import Foundation
import Synchronization

/// A bitmap image (`CGImage`).
public final class CGImage: Sendable {
    /// The pixels, premultiplied, row-major, y down.
    public let bitmap: PremultipliedRGBA8Bitmap
    private let texture = Mutex<PaintTextureStorage?>(nil)

    /// Our initialiser: wraps a premultiplied bitmap (PNG decoding lives in QuartzPNG).
    public init(bitmap: PremultipliedRGBA8Bitmap) {
        self.bitmap = bitmap
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { bitmap.width * 4 }
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    public var bitmapInfo: CGBitmapInfo {
        CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue).union(.byteOrderDefault)
    }
    public var colorSpace: CGColorSpace? { CGColorSpace.shared.sRGB }
    public var isMask: Bool { false }
    public var shouldInterpolate: Bool { true }

    /// Apple's `cropping(to:)`: the rect (in pixels, origin at the image's top-left) is made integral
    /// (`CGRectIntegral`) and intersected with the image bounds; nil when nothing remains or the rect is not
    /// finite.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized
        let values = [r.minX, r.minY, r.maxX, r.maxY].map { Double($0) }
        guard values.allSatisfy(\.isFinite) else { return nil }
        let x0 = max(0, values[0].rounded(.down)), y0 = max(0, values[1].rounded(.down))
        let x1 = min(Double(width), values[2].rounded(.up)), y1 = min(Double(height), values[3].rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        let ix = Int(x0), iy = Int(y0), w = Int(x1) - ix, h = Int(y1) - iy
        var pixels = [UInt32]()
        pixels.reserveCapacity(w * h)
        for y in iy..<(iy + h) {
            let start = y * width + ix
            pixels.append(contentsOf: bitmap.pixels[start..<(start + w)])
        }
        return CGImage(bitmap: PremultipliedRGBA8Bitmap(width: w, height: h, pixels: pixels))
    }

    /// The sampling texture with its full mipmap chain, built on first use (thread-safe) and cached.
    /// Nil for an empty image. Call it ahead of rendering to keep the build out of a timed frame.
    @discardableResult
    package func mipmappedTexture() -> PaintTextureStorage? {
        guard !bitmap.isEmpty else { return nil }
        return texture.withLock { cached in
            if let cached { return cached }
            let built = PaintTextureStorage(bitmap: bitmap, mipmapped: true)
            cached = built
            return built
        }
    }
}
