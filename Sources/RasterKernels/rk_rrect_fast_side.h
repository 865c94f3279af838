// The straight-side ramp of rk_rrect_blend_rows without divisions: rkr_ramp's two quotients −distance / scale
// and (…) / a or (…) / 2ab become products with reciprocals computed once per call. The area then differs
// from rkr_ramp's by a few ulp, which changes the pixel's byte only when area · 255 + 0.5 lies next to an
// integer; lanes within RKR_FAST_RAMP_MARGIN of one take the exact ramp, so every byte is rkr_ramp's.
// Private to RasterKernels.
//
// Coordinate space: device pixels (s is the signed distance of the pixel centre to the side, in device px,
// positive inside). Numbers: Double, round to nearest, no fused multiply-add; u = 2⁻⁵³.
//
// Why the bytes agree. Take a usable side (scale > 0, finite) and let s = fl(−d / scale) be rkr_ramp's value
// and t = fl(−d · R), R = fl(1 / scale), ours: t = s·(1 + ε) with |ε| ≤ 3.01u. (a, b) is a unit vector
// with a ≥ b, so a ≥ √½, and h = fl((a + b)/2) ≤ 1, k = fl((a − b)/2).
// • b < 1e-9 (both linear): rkr_ramp gives 0.5 + fl(s / a), we give 0.5 + fl(t · fl(1/a)); the quotients
//   differ by ≤ 6.1u·|s/a|. If |s/a| ≤ 1 the areas differ by ≤ 7u. If |s/a| > 1 both areas are ≤ −0.5 + 8u
//   or ≥ 1.5 − 8u: both bytes are 0, or both 255.
// • Otherwise the cases are chosen by s (rkr_ramp) and by t (ours). Within one case the areas differ by
//   ≤ 12u: linear as above with |s| ≤ k < 1; high and low square fl(h − s) or fl(s + h), which lie in
//   [0, h − k + 2u] with h − k = b + δ, |δ| ≤ u·a, and change by ≤ |t − s| + 2u ≤ 5.1u between the two, so
//   x²/2ab changes by ≤ 5.1u·(2b + 2u)/(2ab) ≤ 5.1u/a + tiny ≤ 7.3u, plus ≤ 3u rounding of each product.
//   When s and t straddle a case bound (±h, ±k: |t − s| ≤ 3.01u there), the two formulas meet at the bound
//   up to 3u (at ±h: 0 or 1 against x² / 2ab with x ≤ 3.01u + 2u, ≤ 2.6e-31 / 2ab ≤ 1.3e-22 as b ≥ 1e-9;
//   at ±k: 0.5 ± k/a against 1 − (h − k)²/2ab resp. (h − k)²/2ab, equal up to 3u since (h − k)² / 2ab =
//   b/2a + δ/a + δ²/2ab), and each changes by ≤ |ramp slope| · |t − s| + 12u ≤ √2 · 3.01u + 12u across the gap.
//   So the areas differ by at most E = 20u < 2.3e-15 wherever a byte could tell them apart.
// • The byte: rkr_byte(c) is 0 for c ≤ 0, 255 for c ≥ 1, else trunc(fl(fl(c·255) + 0.5)), and the kernels
//   compute it as trunc of raw = fl(fl(c·255) + 0.5) when 0 < c < 1. Two areas c, c′ with |c − c′| ≤ E give
//   raw values within 255E + 2·ulp(256) < 6.3e-13 of each other. If raw′ (ours) lies farther than
//   RKR_FAST_RAMP_MARGIN = 2⁻²⁰ ≈ 9.5e-7 from every integer, no integer lies between raw and raw′, and both
//   bytes are ⌊raw⌋ (raw ≥ 0.5; at c ≤ 0 or c ≥ 1 on one side, the other's raw is within 6.3e-13 of 0.5
//   or of 255.5 + more, so its byte is 0 resp. 255 too). Lanes within the margin (about 2 in 10⁶) take rkr_ramp.
// • An unusable side (scale ≤ 0 or not finite) has coverage 0 in rkr_ramp; the lanes are masked to 0 here.
#ifndef RK_RRECT_FAST_SIDE_H
#define RK_RRECT_FAST_SIDE_H

#include <stdint.h>

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

/// Half-width of the band around each integer in which area · 255 + 0.5 is not trusted (2⁻²⁰).
#define RKR_FAST_RAMP_MARGIN (1.0 / 1048576.0)

/// One side's ramp terms for the division-free lanes.
typedef struct rkr_fast_ramp {
    double reciprocal_scale, reciprocal_a, reciprocal_two_ab;
    /// rkr_ramp's b < 1e-9 case (linear everywhere) and its scale > 0 guard.
    int small_b, usable;
    /// 1/scale is a normal double (then t = fl(−d · R) is within 3.01u of s as the note says); without it,
    /// rk_rrect_blend_rows keeps every side lane on the exact ramp.
    int fast;
} rkr_fast_ramp;

static inline rkr_fast_ramp rkr_fast_ramp_make(double a, double b, double two_ab, double scale) {
    rkr_fast_ramp r;
    r.usable = scale > 0;
    r.reciprocal_scale = r.usable ? 1 / scale : 0;
    r.fast = !r.usable || (r.reciprocal_scale >= 2.2250738585072014e-308 && r.reciprocal_scale <= 1.7976931348623157e308);
    // a ≥ √½ for a unit normal and 2ab ≥ 1.4e-9 unless b < 1e-9, where the linear case never reads it.
    r.reciprocal_a = a > 0 ? 1 / a : 0;
    r.reciprocal_two_ab = two_ab > 0 ? 1 / two_ab : 0;
    r.small_b = b < 1e-9;
    return r;
}

#endif
