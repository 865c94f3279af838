// Perspective bilinear/trilinear sampling, 8 pixels per step with a divide per pixel.
//
// Coordinate space: device pixels are grouped in 16-pixel blocks aligned to device x (block b covers
// x = 16b … 16b + 15). X, Y, W of the homography at the block's first pixel centre are evaluated in Double;
// pixel k of the block adds k times the x-derivatives in Float (exact small offsets), divides in Float and
// scales to 1/256 level texel. A pixel's value therefore depends only on its own x and y, never on span
// boundaries. Trilinear takes one level of detail per block (at the block centre, as before). Coordinates
// are clamped in Float to [−2, size + 1] texels, rounded to 1/256 texel with the magic-number trick (exact for
// |value| < 2^22, hence the 16382-texel size limit) and sampled by the affine kernel's integer code.
// W ≤ 0 (behind the viewer) and NaN give transparent pixels, as the Double path does. The bilinear filter runs
// in C when a vector tier is in use (raster_kernels_images_perspective.c: the same operations, the same bytes).
import RasterKernels

/// One texture level sampled through a homography with per-pixel division.
struct PaintImagePerspectiveLevel: Sendable {
    let sampler: PaintImageLevelSampler
    /// 256 · level size / level-0 size: level-0 texel → 1/256 level texel.
    let scaleU: Float, scaleV: Float
    let maxU: Float, maxV: Float

    /// The largest level-0 size the kernel takes (the magic-number rounding needs 256 · (size + 1) < 2^22).
    static let sizeLimit = 16382


    /// Callers check level 0 against `sizeLimit` (smaller levels then fit too).
    @inline(__always)
    init(_ level: PaintTextureLevel) {
        sampler = PaintImageLevelSampler(unchecked: level)
        scaleU = Float(256 * level.scaleX); scaleV = Float(256 * level.scaleY)
        maxU = Float(256 * (level.width + 1)); maxV = Float(256 * (level.height + 1))
    }

    /// Samples 8 pixels whose level-0 coordinates are u, v (NaN and infinities allowed).
    @inline(__always)
    func sample(u: SIMD8<Float>, v: SIMD8<Float>) -> SIMD8<UInt32> {
        var fu = u * scaleU - 128, fv = v * scaleV - 128
        let low = SIMD8<Float>(repeating: -512), highU = SIMD8<Float>(repeating: maxU), highV = SIMD8(repeating: maxV)
        // Comparisons are false for NaN, which stays NaN and becomes some integer, clamped below.
        fu = fu.replacing(with: low, where: fu .< low).replacing(with: highU, where: fu .> highU)
        fv = fv.replacing(with: low, where: fv .< low).replacing(with: highV, where: fv .> highV)
        // Round to nearest integer: adding 1.5 · 2^23 leaves the integer in the low mantissa bits.
        let magic = SIMD8<Float>(repeating: 12_582_912)
        // A NaN lane gives some integer here (0x34800000 or 0xB4800000 as Int32), which the clamp makes valid.
        let iu = unsafeBitCast(fu + magic, to: SIMD8<Int32>.self) &- 0x4B40_0000
        let iv = unsafeBitCast(fv + magic, to: SIMD8<Int32>.self) &- 0x4B40_0000
        return sampler.sample(
            u: paintClamp8(iu, low: -256, high: sampler.maxU), v: paintClamp8(iv, low: -256, high: sampler.maxV))
    }
}

/// The homography's values along one row, for the perspective kernel.
struct PaintImagePerspectiveRow {
    let m: PaintProjectiveTransform
    let py: Double

    /// X, Y, W at pixel centre x + 0.5 in Double.
    @inline(__always)
    func at(_ x: Int) -> (X: Double, Y: Double, W: Double) {
        let px = Double(x) + 0.5
        return (m.m0 * px + m.m1 * py + m.m2, m.m3 * px + m.m4 * py + m.m5, m.m6 * px + m.m7 * py + m.m8)
    }

    /// Level-0 coordinates of pixels blockStart + k … + 7 (k ≤ 8), and all-ones lanes where W ≤ 0.
    @inline(__always)
    func coordinates(blockStart: Int, k: Int) -> (u: SIMD8<Float>, v: SIMD8<Float>, hidden: SIMD8<UInt32>) {
        let o = at(blockStart)
        let offset = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + Float(k)
        let X = Float(o.X) + Float(m.m0) * offset
        let Y = Float(o.Y) + Float(m.m3) * offset
        let W = Float(o.W) + Float(m.m6) * offset
        // W ≤ 0 (including −0) exactly when the bit pattern b is ≤ 0 as an Int32, i.e. when (b − 1) | b has
        // its sign bit set (b = Int32.min, −0, wraps to Int32.max but keeps the sign from b).
        let bits = unsafeBitCast(W, to: SIMD8<Int32>.self)
        let hidden = unsafeBitCast(((bits &- 1) | bits) &>> 31, to: SIMD8<UInt32>.self)
        return (X / W, Y / W, hidden)
    }
}

extension PaintImagePerspectiveLevel {
    /// This level under `map` for the C kernel (rk_image_perspective_level's fields are this level's and the
    /// sampler's, so the kernel's clamps and taps are `sample`'s).
    func kernelLevel(map m: PaintProjectiveTransform) -> rk_image_perspective_level {
        let level = sampler.level
        return rk_image_perspective_level(
            pixels: level.pixels, stride: Int32(truncatingIfNeeded: level.stride), maxU: sampler.maxU, maxV: sampler.maxV,
            scaleU: scaleU, scaleV: scaleV, limitU: maxU, limitV: maxV,
            m: (m.m0, m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8))
    }
}

/// The C perspective kernel per `kernels` over `count` pixels of row y from x: pixels done, count or 0.
@inline(__always)
func paintPerspectiveBilinearKernel(
    _ level: inout rk_image_perspective_level, x: Int, y: Int, _ output: UnsafeMutablePointer<UInt32>, _ count: Int,
    _ kernels: SpanKernelChoice
) -> Int {
    switch kernels {
    case .automatic: return rk_image_perspective_bilinear(&level, Int64(x), Int64(y), output, count)
    case .portable: return 0
    case .avx2:
        return SpanKernels.isAVX2Supported ? rk_image_perspective_bilinear_avx2(&level, Int64(x), Int64(y), output, count) : 0
    }
}
