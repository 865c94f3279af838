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
//
// The solid kernels run 8 pixels per step in 16-bit lanes (SIMD16<UInt16>: each pixel's R,B then G,A bytes),
// the same arithmetic as `scale(_:by:)` lane by lane, so they match the scalar code bit for bit. 16-bit lane
// multiplies are one SSE2 instruction (pmullw); the 32-bit SWAR multiplies need SSE4.1 or emulation.
// On CPUs with AVX2 the solid kernels hand the span to the C kernels of RasterKernels (16 pixels per step, the
// same arithmetic, see SpanKernels.swift); the code here runs when they do not; `kernels: .portable` skips them.

package enum FillSourceOver {
    /// Every channel of premultiplied `pixel` times `factor`/255, rounded to nearest.
    @inlinable @inline(__always)
    package static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var rb = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Premultiplied source-over of one pixel.
    @inlinable @inline(__always)
    package static func blend(_ source: UInt32, over destination: UInt32) -> UInt32 {
        source &+ scale(destination, by: 255 &- (source >> 24))
    }

    /// Blends `color`, scaled by the constant coverage `alpha`, over `count` pixels.
    @inlinable
    package static func blendSolid(
        _ color: UInt32, alpha: UInt8, into destination: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        blendSolid(color, alpha: alpha, into: destination, count: count, kernels: .automatic)
    }

    /// `blendSolid(_:alpha:into:count:)` with an explicit choice of kernels (identical bytes either way).
    @inlinable
    package static func blendSolid(
        _ color: UInt32, alpha: UInt8, into destination: UnsafeMutablePointer<UInt32>, count: Int,
        kernels: SpanKernelChoice
    ) {
        if alpha == 0 || count <= 0 || color == 0 { return }
        let source = alpha == 255 ? color : scale(color, by: UInt32(alpha))
        if source >> 24 == 255 {
            destination.update(repeating: source, count: count)
            return
        }
        if source == 0 { return }
        let inverse = 255 &- (source >> 24)
        var i = SpanKernels.solidOver(source, destination, count, kernels)
        if count &- i >= 8 {
            // Invariant: each step reads and writes pixels i..<i + 8, all < count.
            let factor = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: inverse))
            let sourceLow = lanes(SIMD8<UInt32>(repeating: source & 0x00FF_00FF))
            let sourceHigh = lanes(SIMD8<UInt32>(repeating: (source >> 8) & 0x00FF_00FF))
            let raw = UnsafeMutableRawPointer(destination)
            while i + 8 <= count {
                let d = lanes(raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self))
                let low = sourceLow &+ divide255(lowBytes(d) &* factor)
                let high = sourceHigh &+ divide255(d &>> 8 &* factor)
                raw.storeBytes(of: pixels(low | (high &<< 8)), toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                i &+= 8
            }
        }
        while i < count {
            destination[i] = source &+ scale(destination[i], by: inverse)
            i &+= 1
        }
    }

    /// Eight pixels as sixteen 16-bit lanes (low half, high half of each pixel).
    @inlinable @inline(__always)
    static func lanes(_ v: SIMD8<UInt32>) -> SIMD16<UInt16> { unsafeBitCast(v, to: SIMD16<UInt16>.self) }

    @inlinable @inline(__always)
    static func pixels(_ v: SIMD16<UInt16>) -> SIMD8<UInt32> { unsafeBitCast(v, to: SIMD8<UInt32>.self) }

    @inlinable @inline(__always)
    static func lowBytes(_ v: SIMD16<UInt16>) -> SIMD16<UInt16> { v & SIMD16(repeating: 0x00FF) }

    /// round(t / 255) per lane for t ≤ 255·255, as in `scale(_:by:)` (no lane overflows: t + 128 + 255 < 2¹⁶).
    @inlinable @inline(__always)
    static func divide255(_ t: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let biased = t &+ SIMD16(repeating: 0x80)
        return (biased &+ (biased &>> 8)) &>> 8
    }

    /// Blends `color` scaled per pixel by `mask` over `count` pixels.
    @inlinable
    package static func blendSolid(
        _ color: UInt32, mask: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        blendSolid(color, mask: mask, into: destination, count: count, kernels: .automatic)
    }

    /// `blendSolid(_:mask:into:count:)` with an explicit choice of kernels (identical bytes either way).
    @inlinable
    package static func blendSolid(
        _ color: UInt32, mask: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt32>, count: Int,
        kernels: SpanKernelChoice
    ) {
        if color == 0 || count <= 0 { return }
        var i = SpanKernels.solidMaskOver(color, mask, destination, count, kernels)
        if count &- i >= 8 {
            // Invariant: each step reads mask bytes and pixels i..<i + 8, all < count.
            let colorLow = lanes(SIMD8<UInt32>(repeating: color & 0x00FF_00FF))
            let colorHigh = lanes(SIMD8<UInt32>(repeating: (color >> 8) & 0x00FF_00FF))
            let raw = UnsafeMutableRawPointer(destination)
            let maskRaw = UnsafeRawPointer(mask)
            while i + 8 <= count {
                let m8 = maskRaw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if m8 == 0 {
                    i &+= 8
                    continue
                }
                // Each pixel's coverage in both of its 16-bit lanes.
                var m = SIMD8<UInt32>()
                for k in 0..<8 { m[k] = UInt32(truncatingIfNeeded: (m8 >> UInt64(k &* 8)) & 0xFF) &* 0x0001_0001 }
                let coverage = lanes(m)
                let sLow = divide255(colorLow &* coverage), sHigh = divide255(colorHigh &* coverage)
                // 255 − source alpha (the high lane of sHigh), in both lanes of each pixel.
                let alpha = pixels(sHigh) &>> 16
                let inverse = lanes((SIMD8(repeating: 255) &- alpha) &* 0x0001_0001)
                let d = lanes(raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self))
                let low = sLow &+ divide255(lowBytes(d) &* inverse)
                let high = sHigh &+ divide255(d &>> 8 &* inverse)
                raw.storeBytes(of: pixels(low | (high &<< 8)), toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                i &+= 8
            }
        }
        while i < count {
            let source = scale(color, by: UInt32(mask[i]))
            destination[i] = source &+ scale(destination[i], by: 255 &- (source >> 24))
            i &+= 1
        }
    }

    /// Blends per-pixel premultiplied `source` pixels, scaled by the constant coverage `alpha`.
    @inlinable
    package static func blend(
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
    package static func blend(
        _ source: UnsafePointer<UInt32>, mask: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt32>,
        count: Int
    ) {
        for i in 0..<count {
            let s = scale(source[i], by: UInt32(mask[i]))
            destination[i] = s &+ scale(destination[i], by: 255 &- (s >> 24))
        }
    }
}
