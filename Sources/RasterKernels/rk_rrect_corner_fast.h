// rkr_corner (rk_rrect_scalar.h) with one division and two square roots per lane instead of ~12 and 3, plus a
// certificate: lanes whose byte this value might not decide are flagged, and rk_rrect_blend_rows gives them
// rkr_corner_avx2 (exact). Private to RasterKernels.
//
// Coordinate space: local (q, e = (sx·qx, sy·qy) the pixel centre's offset from its arc centre, signs folded) and
// device pixels (s, the tangent half-plane's distance; the chord in the pixel square [−½, ½]²). Numbers: Double,
// round to nearest, no fused multiply-add; u = 2⁻⁵³. A = Mᵀ (d = A·g is rkr_corner's dx, dy), J = M⁻¹ as stored.
//
// What is computed. rkr_corner takes g = e / |e|, n = A·g / |A·g|, s = −(|e| − r) / |A·g|, the ramp of (s, n),
// and for partial lanes the sliver (hi³ − lo³) / (6·ρ) with ρ = r·|J·(−gy, gx)|³ / |det J| and lo, hi the chord
// of the line {s·n + t·(−ny, nx)} in the pixel. The direction of A·g is that of D = A·e, so with Σ = |D|,
// W = 1 / (Σ²·Dx·Dy) (the one division; Σ² = Dx² + Dy², so the square root of Σ runs beside it):
// 1/Σ = Σ·W·Dx·Dy, 1/Dx = W·Σ²·Dy, 1/Dy = W·Σ²·Dx; n = D/Σ; s = −(|e| − r)·|e|/Σ; 1/a = Σ/|D_max|,
// 1/(2ab) = Σ⁴·|W|/2; the chord's 1/nx = Σ/Dx, 1/ny = Σ/Dy. For
// ρ: (−gy, gx) = R·g with R the quarter turn, and M⁻¹ = R·A·Rᵀ / det M, so for J = M⁻¹ exactly
// |J·R·g| = |A·g| / |det M| = |A·g|·|det J|, hence 1/(6ρ) = K·(|e|/Σ)³ with K = 1/(6·r·det²) per shape.
//
// Why the bytes agree (both paths share qx, qy, |q|², |e| = fl(√|q|²) and |e| − r bit for bit). The per-shape
// test rkr_fast_corner_make demands: κ = ‖A‖∞·‖A‖_F / |det M| ≤ 64; every entry of J·M − I (computed)
// ≤ 2⁻⁴⁰; (|jx_x·jy_y| + |jx_y·jy_x|) ≤ 64·|det J| (det J as stored is this difference rounded);
// ρ_min = r·|det M| / ‖A‖_F³ ≥ ¼ (a lower bound of ρ: σ_min(J) ≥ 1/‖M‖_F); K finite and normal. Each lane
// further needs b = min(|nx|, |ny|) ≥ τ = 2⁻⁸, 2⁻⁹⁰⁰ ≤ |Σ²·Dx·Dy| ≤ 2⁹⁰⁰, |s| < 2⁴⁰ and ||s| − h| > δ = 2⁻²⁴
// (NaN fails each); otherwise it is flagged. For the other lanes, with v = A·e/|e| (|v| ≥ ‖A‖∞/κ·(1 − 3u)):
// • Gradient. rkr_corner's d = fl(A·fl(e/|e|)) and our D/|e| both lie within 4.5u·‖A‖∞·√2 ≤ 2⁻⁴⁴·|v| of v
//   (three roundings per component on terms bounded by ‖A‖∞; underflowed partial products, ≤ 2⁻¹⁰⁷⁴, are
//   nothing against |D| ≥ 2⁻²³⁰). Normalising moves a direction by at most twice the relative error, and the
//   reciprocal products add ≤ 14u, so |Δn| ≤ 2⁻⁴² per component and s agrees to a relative 2⁻⁴³, i.e.
//   |Δs| ≤ 2⁻⁴² where |s| ≤ 2; a, b, h, k move by ≤ 2⁻⁴¹.
// • Cases. b̃ ≥ τ gives b ≥ τ − 2⁻⁴² > 1e-9 in rkr_corner too (its linear-everywhere case and the chord's
//   |dt| < 1e-12 test are never taken). ||s| − h| > δ ≫ |Δs| + |Δh| puts both on the same side of ±h: both 1,
//   both 0, or both inside, where both areas lie strictly in (0, 1): linear within [τ/2, 1 − τ/2] up to
//   rounding; high and low with (h − s)² / 2ab ≥ δ² = 2⁻⁴⁸ ≫ u, so fl(1 − ·) < 1. So the sliver runs in both.
// • Ramp. Inside, the real ramp R(s, a, b) is continuous with |∂R/∂s|, |∂R/∂a|, |∂R/∂b| ≤ 1/a ≤ √2 (linear:
//   |s| ≤ k ≤ a; high and low: 0 ≤ h ∓ s ≤ b ≤ a), and each path's rounding adds ≤ 40u (the quotients' factors
//   agree to 14u), so the ramp areas differ by ≤ √2·(2⁻⁴² + 2·2⁻⁴¹) + 80u < 2⁻³⁹.
// • Chord. |f| = |s·n_axis| ≤ 1 and |dt| ≥ τ − 2⁻⁴² in both paths; p = (∓½ − f)/dt then moves by ≤ α + β|p|
//   with α = 2⁻⁴⁰·2⁸·1.01 < 2⁻³¹·⁹⁸ and β = 2⁻⁴²·2⁸·1.01 + 16u < 2⁻³³·⁹⁸. A min or max of values that each
//   move by ≤ α + β·|value| (β < ¼) moves by ≤ 2α + 2β·|result|: the other path's winner x_k′ = m′ has
//   m′ − m ≤ x_k′ − x_k with |x_k| ≤ 1.7|m| + 2.7α (a losing value cannot lie far beyond the winner in either
//   path), and m − m′ ≤ x_j − x_j′ for this path's winner x_j = m. So lo and hi (a max of mins) move by
//   ≤ 4α + 4β·max(1, |lo|, |hi|) < 2⁻²⁹ where |lo|, |hi| ≤ 1: a chord through [−½, ½]² from the foot s·n
//   with |s| < h ≤ √½ has |lo|, |hi| ≤ √½. hi³ − lo³ then moves by ≤ 3·(0.72)²·2·2⁻²⁹ < 2⁻²⁷·³, also when
//   lo < hi holds in one path only (there |hi − lo| ≤ 2·2⁻²⁹ and the applied term is as small).
// • Curvature. With J·M = I + E, ‖E‖₂ ≤ 2⁻³⁹: |J·R·g| = |A·g|·|det J|·(1 ± 2⁻³⁷) (det(I + E) = 1 ± 2⁻³⁸, the stored
//   det within 64·2.01u of the real one), so the two 1/(6ρ) agree to a relative 2⁻³⁵, and |hi³ − lo³| ≤ 0.71
//   bounds the sliver by 0.71/(6ρ_min) < 1.
// • Sum: |area − area′| ≤ 2⁻³⁹ + 2⁻²⁷·³/(6·¼) + 2⁻³⁵ < 2⁻²⁷·⁷. raw = fl(fl(area·255) + 0.5) then moves by
//   < 255·2⁻²⁷·⁷ + 2⁻⁴⁴ < 2⁻¹⁹. A lane whose raw lies farther than RKR_FAST_CORNER_MARGIN = 2⁻¹² from every
//   integer therefore has rkr_corner's byte (as in rk_rrect_fast_side.h: ⌊raw⌋, or 0 / 255 where the area
//   leaves (0, 1), since raw ≤ 0.5 resp. ≥ 255.5 there); the margin is 128 times the bound, room for its
//   rounded constants. About 2·2⁻¹² of the lanes are flagged by the margin and ~1.3·τ by the b test.
#ifndef RK_RRECT_CORNER_FAST_H
#define RK_RRECT_CORNER_FAST_H

#include "rk_rrect_scalar.h"
#include "rk_rrect_ramp_lanes.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

/// Half-width of the band around each integer in which a fast corner lane's area · 255 + 0.5 is not trusted.
#define RKR_FAST_CORNER_MARGIN (1.0 / 4096.0)
/// The lane tests of the note above: τ (smallest |n| component), δ (distance of |s| from h).
#define RKR_FAST_CORNER_TAU (1.0 / 256.0)
#define RKR_FAST_CORNER_DELTA (1.0 / 16777216.0)

/// One shape's terms for the fast corner lanes; `usable` 0 sends every corner lane to the exact formula.
typedef struct rkr_fast_corner {
    int usable;
    /// 1 / (6·r·det J²).
    double k;
} rkr_fast_corner;

static inline rkr_fast_corner rkr_fast_corner_make(const rk_rrect_shape *g) {
    rkr_fast_corner f = {0, 0};
    const double ixx = g->ix_x, ixy = g->ix_y, iyx = g->iy_x, iyy = g->iy_y;
    const double jxx = g->jx_x, jxy = g->jx_y, jyx = g->jy_x, jyy = g->jy_y, r = g->radius, det = g->determinant;
    // A = Mᵀ: rows (ix_x, iy_x) and (ix_y, iy_y).
    const double norm_inf = rkr_max(fabs(ixx) + fabs(iyx), fabs(ixy) + fabs(iyy));
    const double frobenius = sqrt(ixx * ixx + ixy * ixy + iyx * iyx + iyy * iyy);
    const double det_m = ixx * iyy - iyx * ixy;
    if (!(r > 0 && r < 1e12 && fabs(det) > 0 && frobenius > 0 && isfinite(norm_inf * frobenius))) return f;
    if (!(norm_inf * frobenius <= 64 * fabs(det_m))) return f;
    // J·M − I with J's columns jx, jy and M's rows ix, iy.
    const double e00 = jxx * ixx + jyx * iyx - 1, e01 = jxx * ixy + jyx * iyy;
    const double e10 = jxy * ixx + jyy * iyx, e11 = jxy * ixy + jyy * iyy - 1;
    const double residual = rkr_max(rkr_max(fabs(e00), fabs(e01)), rkr_max(fabs(e10), fabs(e11)));
    if (!(residual <= 0x1p-40)) return f;
    if (!(fabs(jxx * jyy) + fabs(jxy * jyx) <= 64 * fabs(det))) return f;
    if (!(r * fabs(det_m) >= 0.25 * frobenius * frobenius * frobenius)) return f;
    const double k = 1 / (6 * r * det * det);
    if (!(k >= 2.2250738585072014e-308 && k <= 1.7976931348623157e308)) return f;
    f.usable = 1;
    f.k = k;
    return f;
}

#if RK_X86
/// rkr_corner_fast_avx2's result: the unclamped area (as rkr_corner_avx2 leaves it) and the lanes it does not vouch for.
typedef struct rkr_corner_fast_lanes {
    __m256d area, unsure;
} rkr_corner_fast_lanes;

// The note's fast formula in four lanes. Lanes past the exits, or not in a corner, may hold anything; the
// caller selects. The margin test on the byte is the caller's (it has raw).
__attribute__((target("avx2"), always_inline))
static inline rkr_corner_fast_lanes rkr_corner_fast_avx2(const rk_rrect_shape *g, const rkr_fast_corner *f,
                                                         __m256d ox, __m256d oy, __m256d qx, __m256d qy,
                                                         __m256d length_squared) {
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1);
    const __m256d half = _mm256_set1_pd(0.5), radius = _mm256_set1_pd(g->radius);
    // e = (sx·qx, sy·qy): q's sign flipped where the offset is negative (exact).
    const __m256d ex = _mm256_xor_pd(qx, _mm256_and_pd(sign, _mm256_cmp_pd(ox, zero, _CMP_LT_OQ)));
    const __m256d ey = _mm256_xor_pd(qy, _mm256_and_pd(sign, _mm256_cmp_pd(oy, zero, _CMP_LT_OQ)));
    const __m256d length = _mm256_sqrt_pd(length_squared);
    const __m256d distance = _mm256_sub_pd(length, radius);
    const __m256d dx = _mm256_add_pd(_mm256_mul_pd(ex, _mm256_set1_pd(g->ix_x)), _mm256_mul_pd(ey, _mm256_set1_pd(g->iy_x)));
    const __m256d dy = _mm256_add_pd(_mm256_mul_pd(ex, _mm256_set1_pd(g->ix_y)), _mm256_mul_pd(ey, _mm256_set1_pd(g->iy_y)));
    const __m256d sigma_squared = _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy));
    const __m256d sigma = _mm256_sqrt_pd(sigma_squared);
    const __m256d product = _mm256_mul_pd(_mm256_mul_pd(sigma_squared, dx), dy);
    const __m256d w = _mm256_div_pd(one, product);
    const __m256d r_sigma = _mm256_mul_pd(sigma, _mm256_mul_pd(_mm256_mul_pd(w, dx), dy));
    const __m256d w_sigma_squared = _mm256_mul_pd(w, sigma_squared);
    const __m256d r_dx = _mm256_mul_pd(w_sigma_squared, dy), r_dy = _mm256_mul_pd(w_sigma_squared, dx);
    const __m256d nx = _mm256_mul_pd(dx, r_sigma), ny = _mm256_mul_pd(dy, r_sigma);
    const __m256d s = _mm256_mul_pd(_mm256_mul_pd(_mm256_xor_pd(distance, sign), length), r_sigma);
    // The half-plane ramp (rkr_half_plane without its b < 1e-9 case, which the lane tests exclude).
    const __m256d anx = _mm256_andnot_pd(sign, nx), any = _mm256_andnot_pd(sign, ny);
    const __m256d swap = _mm256_cmp_pd(any, anx, _CMP_GT_OQ);
    const __m256d a = _mm256_blendv_pd(anx, any, swap), b = _mm256_blendv_pd(any, anx, swap);
    const __m256d h = _mm256_mul_pd(_mm256_add_pd(a, b), half), k = _mm256_mul_pd(_mm256_sub_pd(a, b), half);
    const rkr_ramp_cases c = rkr_ramp_cases_avx2(s, h, k, zero);
    // 1/a = Σ·|1/D_max|; 1/(2ab) = Σ⁴·|W|/2.
    const __m256d reciprocal_a = _mm256_mul_pd(sigma, _mm256_andnot_pd(sign, _mm256_blendv_pd(r_dx, r_dy, swap)));
    const __m256d reciprocal_two_ab = _mm256_mul_pd(_mm256_mul_pd(_mm256_andnot_pd(sign, w_sigma_squared), sigma_squared),
                                                    half);
    const __m256d quotient = _mm256_mul_pd(c.numerator, _mm256_blendv_pd(reciprocal_two_ab, reciprocal_a, c.linear));
    __m256d area = rkr_ramp_area_avx2(&c, quotient);
    // The lane tests: b ≥ τ, 2⁻⁹⁰⁰ ≤ |Σ²·Dx·Dy| ≤ 2⁹⁰⁰, |s| < 2⁴⁰, ||s| − h| > δ (each false on NaN).
    const __m256d abs_product = _mm256_andnot_pd(sign, product), abs_s = _mm256_andnot_pd(sign, s);
    __m256d sure = _mm256_cmp_pd(b, _mm256_set1_pd(RKR_FAST_CORNER_TAU), _CMP_GE_OQ);
    sure = _mm256_and_pd(sure, _mm256_cmp_pd(abs_product, _mm256_set1_pd(0x1p-900), _CMP_GE_OQ));
    sure = _mm256_and_pd(sure, _mm256_cmp_pd(abs_product, _mm256_set1_pd(0x1p900), _CMP_LE_OQ));
    sure = _mm256_and_pd(sure, _mm256_cmp_pd(abs_s, _mm256_set1_pd(0x1p40), _CMP_LT_OQ));
    sure = _mm256_and_pd(sure, _mm256_cmp_pd(_mm256_andnot_pd(sign, _mm256_sub_pd(abs_s, h)),
                                             _mm256_set1_pd(RKR_FAST_CORNER_DELTA), _CMP_GT_OQ));
    const __m256d partial = _mm256_and_pd(_mm256_cmp_pd(area, zero, _CMP_GT_OQ), _mm256_cmp_pd(area, one, _CMP_LT_OQ));
    if (_mm256_movemask_pd(partial) != 0) {
        // The chord: axis 0 has f = s·nx, dt = −ny (1/dt = −Σ/Dy); axis 1 f = s·ny, dt = nx (1/dt = Σ/Dx).
        const __m256d f0 = _mm256_mul_pd(s, nx), f1 = _mm256_mul_pd(s, ny);
        const __m256d inv0 = _mm256_xor_pd(_mm256_mul_pd(sigma, r_dy), sign), inv1 = _mm256_mul_pd(sigma, r_dx);
        const __m256d minus_half = _mm256_set1_pd(-0.5);
        const __m256d p0 = _mm256_mul_pd(_mm256_sub_pd(minus_half, f0), inv0), q0 = _mm256_mul_pd(_mm256_sub_pd(half, f0), inv0);
        const __m256d p1 = _mm256_mul_pd(_mm256_sub_pd(minus_half, f1), inv1), q1 = _mm256_mul_pd(_mm256_sub_pd(half, f1), inv1);
        const __m256d lo = _mm256_max_pd(_mm256_min_pd(p0, q0), _mm256_min_pd(p1, q1));
        const __m256d hi = _mm256_min_pd(_mm256_max_pd(p0, q0), _mm256_max_pd(p1, q1));
        const __m256d cube = _mm256_sub_pd(_mm256_mul_pd(_mm256_mul_pd(hi, hi), hi), _mm256_mul_pd(_mm256_mul_pd(lo, lo), lo));
        // 1/(6ρ) = K·(|e|/Σ)³.
        const __m256d inverse_scale = _mm256_mul_pd(length, r_sigma);
        const __m256d curvature = _mm256_mul_pd(_mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(f->k), inverse_scale),
                                                              inverse_scale), inverse_scale);
        const __m256d apply = _mm256_and_pd(partial, _mm256_cmp_pd(lo, hi, _CMP_LT_OQ));
        area = _mm256_blendv_pd(area, _mm256_sub_pd(area, _mm256_mul_pd(cube, curvature)), apply);
    }
    rkr_corner_fast_lanes out;
    out.area = area;
    out.unsure = _mm256_xor_pd(sure, _mm256_castsi256_pd(_mm256_set1_epi64x(-1)));
    return out;
}
#endif

#endif
