// Integer helpers on packed premultiplied RGBA8 pixels (0xAABBGGRR) shared by sampling and blending.
//
// Number format: 8-bit channels; "SWAR" helpers work on two channels per 32-bit half (R and B in one mask,
// G and A in the other) so one multiply serves two channels. Every helper rounds to nearest exactly as
// `mulDiv255` does, and is checked against it channel by channel in the tests.

/// Every channel of `p` times a/255, rounded to nearest (exactly `mulDiv255` per channel). a ≤ 255.
@inlinable @inline(__always)
package func paintScalePixel(_ p: UInt32, by a: UInt32) -> UInt32 {
    // Each 16-bit lane holds x·a + 128 ≤ 65153, and adding its high byte stays below 65536: no carries
    // cross lanes.
    var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ga = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ga
}

/// Per channel round((s · m + d · (255 − m)) / 255): the exact linear interpolation from d to s by m/255.
@inlinable @inline(__always)
package func paintLerpPixel(from d: UInt32, to s: UInt32, by m: UInt32) -> UInt32 {
    let n = 255 &- m
    // Lanes hold s·m + d·(255 − m) + 128 ≤ 65153; the same carry-free rounding as paintScalePixel.
    var rb = (s & 0x00FF_00FF) &* m &+ (d & 0x00FF_00FF) &* n &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ga = ((s >> 8) & 0x00FF_00FF) &* m &+ ((d >> 8) & 0x00FF_00FF) &* n &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ga
}

/// Spreads a pixel into two 64-bit words with one channel per 32-bit lane: (R | B << 32, G | A << 32).
/// Weighted sums of up to 2^24 per channel then fit their lanes.
@inlinable @inline(__always)
func paintSpreadPixel(_ p: UInt32) -> (rb: UInt64, ga: UInt64) {
    let q = UInt64(p)
    return ((q & 0xFF) | ((q & 0x00FF_0000) << 16), ((q >> 8) & 0xFF) | ((q & 0xFF00_0000) << 8))
}

/// Packs spread lanes back after dividing each by 2^shift with rounding (each lane must fit 8 bits then).
@inlinable @inline(__always)
func paintPackSpread(rb: UInt64, ga: UInt64, shift: UInt64) -> UInt32 {
    let half = (UInt64(1) << shift) >> 1
    let bias = half | (half << 32)
    let r = (rb &+ bias) >> shift, g = (ga &+ bias) >> shift
    return UInt32(truncatingIfNeeded: (r & 0xFF) | ((g & 0xFF) << 8) | (((r >> 32) & 0xFF) << 16) | (((g >> 32) & 0xFF) << 24))
}
