// Source-over compositing kernels for premultiplied RGBA8 (0xAABBGGRR), lowp integer SWAR.
//
// Exact rounding semantics, per channel c of 8 bits, with coverage m (0...255):
//   source scaled by coverage   s'c = round(sc · m / 255)
//   result                      dc' = s'c + round(dc · (255 − s'a) / 255)
// where round(x / 255) of an integer is ⌊(t + 128 + ⌊(t + 128) / 256⌋) / 256⌋, the exact nearest value
// (ties cannot occur for x = a·b with 8-bit factors). Results never exceed 255 because s'c ≤ s'a.
// Two channels share one UInt32 (R and B, then G and A, in 16-bit lanes), so the loops auto-vectorise.
//
// Fast paths: m = 0 leaves the destination untouched; s'a = 255 stores the source; a constant m scales the
// source once per span.

public enum FillSourceOver {
    /// Every channel of premultiplied `pixel` times `factor`/255, rounded to nearest.
    @inlinable @inline(__always)
    public static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var rb = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Premultiplied source-over of one pixel.
    @inlinable @inline(__always)
    public static func blend(_ source: UInt32, over destination: UInt32) -> UInt32 {
        source &+ scale(destination, by: 255 &- (source >> 24))
    }

    /// Blends `color`, scaled by the constant coverage `alpha`, over `count` pixels.
    @inlinable
    public static func blendSolid(
        _ color: UInt32, alpha: UInt8, into destination: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        if alpha == 0 || count <= 0 || color == 0 { return }
        let source = alpha == 255 ? color : scale(color, by: UInt32(alpha))
        if source >> 24 == 255 {
            destination.update(repeating: source, count: count)
            return
        }
        if source == 0 { return }
        let inverse = 255 &- (source >> 24)
        for i in 0..<count {
            destination[i] = source &+ scale(destination[i], by: inverse)
        }
    }

    /// Blends `color` scaled per pixel by `mask` over `count` pixels.
    @inlinable
    public static func blendSolid(
        _ color: UInt32, mask: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        if color == 0 { return }
        for i in 0..<count {
            let source = scale(color, by: UInt32(mask[i]))
            destination[i] = source &+ scale(destination[i], by: 255 &- (source >> 24))
        }
    }

    /// Blends per-pixel premultiplied `source` pixels, scaled by the constant coverage `alpha`.
    @inlinable
    public static func blend(
        _ source: UnsafePointer<UInt32>, alpha: UInt8, into destination: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        if alpha == 0 { return }
        if alpha == 255 {
            for i in 0..<count {
                let s = source[i]
                destination[i] = s &+ scale(destination[i], by: 255 &- (s >> 24))
            }
            return
        }
        let m = UInt32(alpha)
        for i in 0..<count {
            let s = scale(source[i], by: m)
            destination[i] = s &+ scale(destination[i], by: 255 &- (s >> 24))
        }
    }

    /// Blends per-pixel premultiplied `source` pixels scaled per pixel by `mask`.
    @inlinable
    public static func blend(
        _ source: UnsafePointer<UInt32>, mask: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt32>,
        count: Int
    ) {
        for i in 0..<count {
            let s = scale(source[i], by: UInt32(mask[i]))
            destination[i] = s &+ scale(destination[i], by: 255 &- (s >> 24))
        }
    }
}
