// Low-precision (integer) pixel arithmetic for image sampling, 8 pixels per step in SIMD8<UInt32>.
//
// Number format: premultiplied RGBA8 packed 0xAABBGGRR, one pixel per 32-bit lane, viewed as 16 UInt16
// lanes for arithmetic (the "even/odd byte" split: R and B in the low bytes, G and A in the high bytes), so
// every multiply is a native 16-bit one, also on the SSE2 baseline. Weights are in 1/256 steps, 0…255 (the
// coordinate is rounded to 1/256 texel before it is split into texel index and weight, so 256 never occurs). Every kernel here rounds exactly once, to nearest with
// halves up: bilinear computes round(Σ texel · wx · wy / 65536) with (256 − f, f) weights, the same value as
// the Double reference rounded once (the horizontal pass is exact in 16 bits: 255 · 256 = 65280 < 65536).

/// The 16-bit lanes of 8 pixels: even lanes R | G << 8, odd lanes B | A << 8 (little-endian halves).
@inline(__always)
func paintLanes16(_ v: SIMD8<UInt32>) -> SIMD16<UInt16> { unsafeBitCast(v, to: SIMD16<UInt16>.self) }

/// An 8-pixel weight (≤ 256 per lane) repeated into both 16-bit halves of its pixel.
@inline(__always)
func paintWeight16(_ w: SIMD8<UInt32>) -> SIMD16<UInt16> { unsafeBitCast(w | (w &<< 16), to: SIMD16<UInt16>.self) }

/// Bilinear blend of 8 pixels: taps t00 (x0, y0), t10 (x0 + 1, y0), t01 (x0, y0 + 1), t11, with fractions
/// fx, fy in 0…255.
@inline(__always)
func paintBilerp8(
    _ t00: SIMD8<UInt32>, _ t10: SIMD8<UInt32>, _ t01: SIMD8<UInt32>, _ t11: SIMD8<UInt32>,
    fx: SIMD8<UInt32>, fy: SIMD8<UInt32>
) -> SIMD8<UInt32> {
    let wx = paintWeight16(fx), wy = paintWeight16(fy)
    let gx = 256 &- wx, gy = 256 &- wy
    let a00 = paintLanes16(t00), a10 = paintLanes16(t10), a01 = paintLanes16(t01), a11 = paintLanes16(t11)
    let m = SIMD16<UInt16>(repeating: 0x00FF)
    // Horizontal, per channel: texel · (256 − fx) + texel' · fx ≤ 65280, exact in 16 bits.
    let topRB = (a00 & m) &* gx &+ (a10 & m) &* wx, botRB = (a01 & m) &* gx &+ (a11 & m) &* wx
    let topGA = (a00 &>> 8) &* gx &+ (a10 &>> 8) &* wx, botGA = (a01 &>> 8) &* gx &+ (a11 &>> 8) &* wx
    let rb = paintVerticalLerp16(top: topRB, bottom: botRB, gy: gy, wy: wy)
    let ga = paintVerticalLerp16(top: topGA, bottom: botGA, gy: gy, wy: wy)
    return unsafeBitCast(rb | (ga &<< 8), to: SIMD8<UInt32>.self)
}

/// round((top · (256 − fy) + bottom · fy) / 65536) per 16-bit lane (top, bottom ≤ 65280; gy = 256 − wy),
/// computed in 16 bits. Split top = 256 Th + Tl (bottom likewise): the sum + 32768 is 256 (H + 128) + L with
/// H = Th gy + Bh wy and L = Tl gy + Bl wy, both ≤ 65280, so the result is ⌊(H + 128 + ⌊L / 256⌋) / 256⌋.
/// That sum can reach 65663, so it is halved first: ⌊(2a + b) / 256⌋ = ⌊(a + ⌊b / 2⌋) / 128⌋.
@inline(__always)
func paintVerticalLerp16(
    top: SIMD16<UInt16>, bottom: SIMD16<UInt16>, gy: SIMD16<UInt16>, wy: SIMD16<UInt16>
) -> SIMD16<UInt16> {
    let m = SIMD16<UInt16>(repeating: 0x00FF)
    let h = (top &>> 8) &* gy &+ (bottom &>> 8) &* wy
    let l = (top & m) &* gy &+ (bottom & m) &* wy
    let carry = ((l &>> 8) &+ 128 &+ (h & 1)) &>> 1
    return ((h &>> 1) &+ carry) &>> 7
}

/// Two-tap blend (t0 · (256 − f) + t1 · f + 128) >> 8 per channel, f ≤ 256: the bilinear value when the
/// other fraction is 0 (identical to `paintBilerp8` then), and the trilinear blend between two levels.
@inline(__always)
func paintLerp8(_ t0: SIMD8<UInt32>, _ t1: SIMD8<UInt32>, f: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let w = paintWeight16(f), g = 256 &- w
    let a0 = paintLanes16(t0), a1 = paintLanes16(t1)
    let m = SIMD16<UInt16>(repeating: 0x00FF)
    // Each lane ≤ 65280 + 128 < 65536.
    let rb = ((a0 & m) &* g &+ (a1 & m) &* w &+ 128) &>> 8
    let ga = ((a0 &>> 8) &* g &+ (a1 &>> 8) &* w &+ 128) & ~m
    return unsafeBitCast(rb | ga, to: SIMD8<UInt32>.self)
}

/// Every channel times a/255 rounded to nearest (8-lane `paintScalePixel`), a ≤ 255.
@inline(__always)
func paintScale8(_ p: SIMD8<UInt32>, by a: UInt32) -> SIMD8<UInt32> {
    let v = paintLanes16(p), m = SIMD16<UInt16>(repeating: 0x00FF), a16 = UInt16(truncatingIfNeeded: a)
    // x = c · a + 128 ≤ 65153 and x + (x >> 8) ≤ 65407: exact in 16 bits.
    let rb = (v & m) &* a16 &+ 128, ga = (v &>> 8) &* a16 &+ 128
    let r = (rb &+ (rb &>> 8)) &>> 8, g = (ga &+ (ga &>> 8)) & ~m
    return unsafeBitCast(r | g, to: SIMD8<UInt32>.self)
}

/// Clamps every lane to low…high with shifts and adds (integer lane comparisons compile to a per-lane
/// loop through memory). Needs v − low and high − max(v, low) to fit Int32: true whenever
/// −2^30 ≤ low ≤ 0 ≤ high ≤ 2^30 and v ≤ Int32.max + low.
@inline(__always)
func paintClamp8(_ v: SIMD8<Int32>, low: Int32, high: Int32) -> SIMD8<Int32> {
    let below = v &- low
    let raised = v &- (below & (below &>> 31))  // max(v, low)
    let above = high &- raised
    return raised &+ (above & (above &>> 31))  // min(·, high)
}

/// Loads 8 texels at `base + index[k]` (a gather).
/// Invariant: every index addresses a texel of the level block that `base` points into.
@inline(__always)
func paintGather8(_ base: UnsafePointer<UInt32>, _ index: SIMD8<Int32>) -> SIMD8<UInt32> {
    SIMD8(
        base[Int(index[0])], base[Int(index[1])], base[Int(index[2])], base[Int(index[3])],
        base[Int(index[4])], base[Int(index[5])], base[Int(index[6])], base[Int(index[7])])
}

/// Loads 8 consecutive texels. Invariant: `p ..< p + 8` is inside the level block.
@inline(__always)
func paintLoad8(_ p: UnsafePointer<UInt32>) -> SIMD8<UInt32> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt32>.self)
}

/// Stores the first `count` (1…8) lanes of `v` at `p`.
@inline(__always)
func paintStore8(_ v: SIMD8<UInt32>, to p: UnsafeMutablePointer<UInt32>, count: Int) {
    if count >= 8 {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<UInt32>.self)
    } else {
        for k in 0..<count { p[k] = v[k] }
    }
}
