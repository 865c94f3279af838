// Pixel storage shared by every raster stage.
//
// Coordinate space: device pixels, origin at the top-left, y down; pixel (x, y) has its centre at
// (x + 0.5, y + 0.5). Number format: 8-bit sRGB-encoded channels, premultiplied by alpha.
// Memory layout: bytes R, G, B, A per pixel, rows top to bottom with no padding. Read as a
// little-endian UInt32 (every platform Swift on Linux supports), a pixel is 0xAABBGGRR.
import RasterKernels

/// One premultiplied RGBA8 pixel packed as 0xAABBGGRR (bytes R, G, B, A in memory).
@frozen
public struct PremultipliedRGBA8: Hashable, Sendable, CustomStringConvertible {
    public var packed: UInt32

    @inlinable public init(packed: UInt32) { self.packed = packed }

    /// Components must already be premultiplied: each colour channel ≤ alpha.
    @inlinable public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        packed = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    @inlinable public var r: UInt8 { UInt8(truncatingIfNeeded: packed) }
    @inlinable public var g: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
    @inlinable public var b: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }
    @inlinable public var a: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }

    public static let transparent = PremultipliedRGBA8(packed: 0)

    /// Premultiplies straight (unassociated) components, rounding to nearest.
    @inlinable public init(straightR r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.init(r: mulDiv255(r, a), g: mulDiv255(g, a), b: mulDiv255(b, a), a: a)
    }

    /// Premultiplies straight float components in 0...1 (clamped), rounding to nearest.
    @inlinable public init(straightRed r: Double, green g: Double, blue b: Double, alpha a: Double) {
        let alpha = clampUnit(a)
        self.init(
            r: toByte(clampUnit(r) * alpha), g: toByte(clampUnit(g) * alpha),
            b: toByte(clampUnit(b) * alpha), a: toByte(alpha))
    }

    /// The straight-alpha components (colour divided by alpha, rounded to nearest; 0 when alpha is 0).
    @inlinable public var straight: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let alpha = a
        if alpha == 255 { return (r, g, b, 255) }
        if alpha == 0 { return (0, 0, 0, 0) }
        @inline(__always) func un(_ c: UInt8) -> UInt8 {
            UInt8(min(255, (UInt32(c) * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        return (un(r), un(g), un(b), alpha)
    }

    public var description: String { "rgba8p(\(r), \(g), \(b), \(a))" }
}

/// (a · b + 127) / 255 rounded to nearest, exact for all 8-bit inputs.
@inlinable @inline(__always)
package func mulDiv255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    let t = UInt32(a) * UInt32(b) + 128
    return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
}

@inlinable @inline(__always)
func clampUnit(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }

@inlinable @inline(__always)
func toByte(_ unit: Double) -> UInt8 { UInt8((unit * 255).rounded()) }

/// A width × height image of premultiplied RGBA8 pixels (layout in the file header).
public struct PremultipliedRGBA8Bitmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major pixels, `width * height` of them, each 0xAABBGGRR.
    public var pixels: [UInt32]

    /// A transparent bitmap. Sizes must be non-negative.
    public init(width: Int, height: Int, filledWith fill: PremultipliedRGBA8 = .transparent) {
        precondition(width >= 0 && height >= 0, "bitmap size must be non-negative")
        self.width = width
        self.height = height
        pixels = Array(repeating: fill.packed, count: width * height)
    }

    /// Wraps existing premultiplied pixels; `pixels.count` must equal `width * height`.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get { PremultipliedRGBA8(packed: pixels[y * width + x]) }
        set { pixels[y * width + x] = newValue.packed }
    }

    public var isEmpty: Bool { width == 0 || height == 0 }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool { pixels.allSatisfy { $0 >> 24 == 255 } }
}

extension PremultipliedRGBA8Bitmap {
    /// Straight-alpha RGBA8 bytes (R, G, B, A per pixel, rows top to bottom), for PNG and video output.
    public func straightRGBA8Bytes() -> [UInt8] {
        var bytes: [UInt8] = []
        writeStraightRGBA8(into: &bytes)
        return bytes
    }

    /// Writes the straight-alpha RGBA8 bytes into `bytes`, resized to width · height · 4: a buffer passed again
    /// for every frame of a stream is reused, so its pages are not faulted in anew each frame.
    public func writeStraightRGBA8(into bytes: inout [UInt8]) {
        let count = width * height * 4
        if bytes.count != count { bytes = [UInt8](repeating: 0, count: count) }
        pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { destination in
                // Both buffers hold exactly width · height pixels (checked above and by the bitmap's invariant).
                guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                unsafe rk_straight_rgba(from, source.count, to)
            }
        }
    }

    /// Builds a bitmap from straight-alpha RGBA8 bytes (R, G, B, A per pixel, rows top to bottom).
    public init(width: Int, height: Int, straightRGBA8 bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "byte count does not match the size")
        var pixels = [UInt32](repeating: 0, count: width * height)
        for i in 0..<pixels.count {
            pixels[i] = PremultipliedRGBA8(
                straightR: bytes[4 * i], g: bytes[4 * i + 1], b: bytes[4 * i + 2], a: bytes[4 * i + 3]
            ).packed
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
