// Affine bilinear sampling in fixed point, 8 pixels per step.
//
// Coordinate space: device pixel x of row y is sampled at its centre; `u(x) − 0.5` (the level coordinate
// relative to texel centres) is the 40.24 fixed-point value U(x) = rowBase(y) + x · step, computed exactly in
// Int64 from x itself, so a pixel's value never depends on where its span starts. Each pixel's coordinate
// is rounded to 1/256 texel (halves up), clamped to [−1, size − 1] (beyond that both taps are the same edge
// texel, so clamping changes nothing), and split into the texel index and an 8-bit weight. The 32-bit lane
// arithmetic reproduces (U + 2^15) >> 16 exactly (see `PaintImageAffineLanes`). Ranges: |step| < 2^38
// (|du/dx| < 2^14 texels per pixel), |rowBase| < 2^61, |x| < 2^22; outside them the shader's Double path runs.

import RasterKernels

/// One texture level's bilinear taps from coordinates in 1/256 texel (relative to texel centres).
struct PaintImageLevelSampler: @unchecked Sendable {
    // @unchecked Sendable: `level` points into texture storage that the owning shader keeps alive.
    let level: PaintTextureLevel
    /// Largest clamped coordinate in 1/256 texel: 256 · (size − 1).
    let maxU: Int32, maxV: Int32

    /// The largest level size the kernels take: bordered rows and row numbers fit 15 bits, so the row
    /// offset is a 16 × 16-bit multiply and every index an Int32.
    static let sizeLimit = 32000

    /// nil when the level is too large (`sizeLimit`).
    init?(_ level: PaintTextureLevel) {
        guard level.width <= Self.sizeLimit, level.height <= Self.sizeLimit else { return nil }
        self.init(unchecked: level)
    }

    /// For levels already known to fit (PaintImagePerspectiveLevel.sizeLimit).
    @inline(__always)
    init(unchecked level: PaintTextureLevel) {
        self.level = level
        maxU = Int32(truncatingIfNeeded: 256 &* (level.width &- 1))
        maxV = Int32(truncatingIfNeeded: 256 &* (level.height &- 1))
    }

    /// Bilinear samples of 8 pixels; u in −256…maxU, v in −256…maxV.
    @inline(__always)
    func sample(u: SIMD8<Int32>, v: SIMD8<Int32>) -> SIMD8<UInt32> {
        let stride = level.stride
        // Padded indices: column (u >> 8) + 1 in 0…width, row (v >> 8) + 1 in 0…height of the bordered block,
        // whose (0, 0) is texel (−1, −1); the +1 taps stay inside it.
        // Both factors are below 2^15 (the masks say so to the compiler, which then multiplies in 16 bits).
        let row = ((v &>> 8) &+ 1) & 0x7FFF, rowLength = Int32(truncatingIfNeeded: stride) & 0x7FFF
        let index = row &* rowLength &+ (u &>> 8) &+ 1
        let base = level.pixels - stride - 1
        let fx = unsafeBitCast(u & 255, to: SIMD8<UInt32>.self)
        let fy = unsafeBitCast(v & 255, to: SIMD8<UInt32>.self)
        return paintBilerp8(
            paintGather8(base, index), paintGather8(base + 1, index),
            paintGather8(base + stride, index), paintGather8(base + stride + 1, index), fx: fx, fy: fy)
    }
}

/// One texture level under a fixed-point affine map (device → level texels).
struct PaintImageAffineLevel: Sendable {
    let texels: PaintImageLevelSampler
    var level: PaintTextureLevel { texels.level }
    var maxU: Int32 { texels.maxU }
    var maxV: Int32 { texels.maxV }
    /// du/dx, dv/dx in 2^-24 texels per device pixel.
    let stepU: Int64, stepV: Int64
    /// u − 0.5 and v − 0.5 at device x = 0 of row y are uPerRow · (y + 0.5) + uAtRow0 (likewise v), in texels.
    let uPerRow: Double, uAtRow0: Double, vPerRow: Double, vAtRow0: Double

    static let one = Int64(1) << 24
    /// Pixels with |x| at or beyond this take the Double path.
    static let xLimit = 1 << 22

    /// nil when the map's x steps are too large for the fixed-point range or the level too large for Int32
    /// indices.
    init?(level: PaintTextureLevel, map m: PaintProjectiveTransform) {
        let a = m.m0 * level.scaleX, c = m.m1 * level.scaleX, e = m.m2 * level.scaleX
        let b = m.m3 * level.scaleY, d = m.m4 * level.scaleY, f = m.m5 * level.scaleY
        let limit = 16384.0  // 2^14
        guard m.isAffine, abs(a) < limit, abs(b) < limit, [c, d, e, f].allSatisfy(\.isFinite),
            let texels = PaintImageLevelSampler(level)
        else { return nil }
        self.texels = texels
        stepU = Int64((a * 16_777_216).rounded())
        stepV = Int64((b * 16_777_216).rounded())
        uPerRow = c; uAtRow0 = e + 0.5 * a - 0.5
        vPerRow = d; vAtRow0 = f + 0.5 * b - 0.5
    }

    /// U and V at device x = 0 of row y in 2^-24 texels, nil when out of the fixed-point range.
    @inline(__always)
    func rowBase(y: Int) -> (u: Int64, v: Int64)? {
        let py = Double(y) + 0.5
        let u = uPerRow * py + uAtRow0, v = vPerRow * py + vAtRow0
        let limit = 68_719_476_736.0  // 2^36 texels: 2^60 in fixed point
        guard abs(u) < limit, abs(v) < limit else { return nil }
        return (Self.roundedFixedPoint(u * 16_777_216), Self.roundedFixedPoint(v * 16_777_216))
    }

    /// `Int64(c.rounded())` (halves away from zero) for |c| < 2^62 without the libm call the baseline target
    /// makes of `rounded()`: truncation is one instruction, and c − trunc(c) is exact in Double. Branch-free:
    /// the fraction is effectively random per row, so a branch would mispredict half the time.
    @inline(__always)
    static func roundedFixedPoint(_ c: Double) -> Int64 {
        let t = Int64(c)
        let rest = c - Double(t)
        let up: Int64 = rest >= 0.5 ? 1 : 0, down: Int64 = rest <= -0.5 ? 1 : 0
        return t &+ up &- down
    }

    /// Clamps coordinates in 1/256 texel to [−256, maxU] × [−256, maxV].
    @inline(__always)
    func clamp(_ u: SIMD8<Int32>, _ v: SIMD8<Int32>) -> (u: SIMD8<Int32>, v: SIMD8<Int32>) {
        (paintClamp8(u, low: -256, high: maxU), paintClamp8(v, low: -256, high: maxV))
    }

    /// Bilinear samples of 8 pixels from clamped 1/256-texel coordinates.
    @inline(__always)
    func sample(u: SIMD8<Int32>, v: SIMD8<Int32>) -> SIMD8<UInt32> { texels.sample(u: u, v: v) }

    /// The coordinate stepper for pixels x … x + count − 1 (count ≤ 256) of a row whose base is `base`.
    @inline(__always)
    func lanes(_ base: (u: Int64, v: Int64), x: Int, count: Int) -> PaintImageAffineLanes {
        PaintImageAffineLanes(
            s: base.u &+ Int64(x) &* stepU &+ 0x8000, t: base.v &+ Int64(x) &* stepV &+ 0x8000,
            stepU: stepU, stepV: stepV, count: count)
    }

    /// Bilinear samples of `count` pixels from device x (|x … x + count| < xLimit) in a row whose fixed-point
    /// base is `base`.
    func shade(
        _ base: (u: Int64, v: Int64), x: Int, count: Int, into output: UnsafeMutablePointer<UInt32>,
        kernels: SpanKernelChoice = .automatic
    ) {
        // The AVX2 kernel (same arithmetic, raster_kernels_images.c) when `kernels` allows it.
        var span = kernelSpan(base, x: x, opacity: 255)
        if paintAffineBilinearKernel(&span, output, count, kernels) == count { return }
        var done = 0
        while done < count {
            let n = min(count - done, 256)
            var lanes = lanes(base, x: x + done, count: n)
            var j = 0
            while j < n {
                let c = lanes.next()
                let (u, v) = clamp(c.u, c.v)
                paintStore8(sample(u: u, v: v), to: output + done + j, count: n - j)
                j += 8
            }
            done += n
        }
    }

    /// Trilinear: this level and `next`, blended by `f8`/256 toward `next` (both maps share the rows).
    func shadeBlended(
        with next: PaintImageAffineLevel, f8: UInt32, bases: ((u: Int64, v: Int64), (u: Int64, v: Int64)),
        x: Int, count: Int, into output: UnsafeMutablePointer<UInt32>
    ) {
        let f = SIMD8<UInt32>(repeating: f8)
        var done = 0
        while done < count {
            let n = min(count - done, 256)
            var lanes0 = lanes(bases.0, x: x + done, count: n)
            var lanes1 = next.lanes(bases.1, x: x + done, count: n)
            var j = 0
            while j < n {
                let c0 = lanes0.next(), c1 = lanes1.next()
                let (u0, v0) = clamp(c0.u, c0.v), (u1, v1) = next.clamp(c1.u, c1.v)
                let blended = paintLerp8(sample(u: u0, v: v0), next.sample(u: u1, v: v1), f: f)
                paintStore8(blended, to: output + done + j, count: n - j)
                j += 8
            }
            done += n
        }
    }
}

/// Per-pixel coordinates (U + 2^15) >> 16 in 1/256 texel (unclamped, saturated to ±2^30) of consecutive
/// groups of 8 pixels, from s = U + 2^15 of the first pixel and the per-pixel steps.
struct PaintImageAffineLanes {
    // Exact 32-bit form: (s + j·B) >> 16 = (s >> 16) + j·(B >> 16) + ((s & 0xFFFF) + j·(B & 0xFFFF)) >> 16. The
    // last sum stays below 2^16 · 257 for j < 256; the others, taken mod 2^32, are exact while the true value
    // fits Int32, which `exact` checks at both ends (the value is monotonic in j). Both parts step by exact
    // integer additions, so every lane equals the direct formula.
    var high: SIMD8<Int32>, low: SIMD8<UInt32>
    let highStep: Int32, lowStep: UInt32
    var highV: SIMD8<Int32>, lowV: SIMD8<UInt32>
    let highStepV: Int32, lowStepV: UInt32
    let exact: Bool
    // The 64-bit form, used when a coordinate of the run is beyond ±2^30 (clamped away in any case).
    var s: Int64, t: Int64
    let stepU: Int64, stepV: Int64

    @inline(__always)
    init(s: Int64, t: Int64, stepU: Int64, stepV: Int64, count: Int) {
        self.s = s; self.t = t; self.stepU = stepU; self.stepV = stepV
        let last = Int64((count + 7) & ~7 - 1)
        let bound = Int64(1) << 30
        @inline(__always) func fits(_ a: Int64) -> Bool { a >= -bound && a <= bound }
        exact = fits(s >> 16) && fits(t >> 16) && fits((s &+ last &* stepU) >> 16) && fits((t &+ last &* stepV) >> 16)
        let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7), laneU = SIMD8<UInt32>(0, 1, 2, 3, 4, 5, 6, 7)
        let qu = Int32(truncatingIfNeeded: stepU >> 16), ru = UInt32(truncatingIfNeeded: stepU & 0xFFFF)
        let qv = Int32(truncatingIfNeeded: stepV >> 16), rv = UInt32(truncatingIfNeeded: stepV & 0xFFFF)
        high = Int32(truncatingIfNeeded: s >> 16) &+ lane &* qu
        low = UInt32(truncatingIfNeeded: s & 0xFFFF) &+ laneU &* ru
        highV = Int32(truncatingIfNeeded: t >> 16) &+ lane &* qv
        lowV = UInt32(truncatingIfNeeded: t & 0xFFFF) &+ laneU &* rv
        highStep = 8 &* qu; lowStep = 8 &* ru; highStepV = 8 &* qv; lowStepV = 8 &* rv
    }

    /// The next 8 pixels' coordinates.
    @inline(__always)
    mutating func next() -> (u: SIMD8<Int32>, v: SIMD8<Int32>) {
        var u: SIMD8<Int32>, v: SIMD8<Int32>
        if exact {
            u = high &+ unsafeBitCast(low &>> 16, to: SIMD8<Int32>.self)
            v = highV &+ unsafeBitCast(lowV &>> 16, to: SIMD8<Int32>.self)
            high &+= highStep; low &+= lowStep; highV &+= highStepV; lowV &+= lowStepV
        } else {
            u = .zero; v = .zero
            let bound = Int64(1) << 30
            for k in 0..<8 {
                let n = Int64(k)
                u[k] = Int32(min(max((s &+ n &* stepU) >> 16, -bound), bound))
                v[k] = Int32(min(max((t &+ n &* stepV) >> 16, -bound), bound))
            }
            s &+= 8 &* stepU; t &+= 8 &* stepV
        }
        return (u, v)
    }
}
