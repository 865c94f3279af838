// The half-plane ramp's case selection in four AVX2 lanes, shared by the straight-side ramps (rk_rrect_lanes.h)
// and the corner formula (rk_rrect_corner_lanes.h). Private to RasterKernels.
//
// Coordinate space: s is the pixel centre's signed distance to the side in ramp units (positive inside);
// numbers: Double lanes with rkr_ramp's / rkr_half_plane's operations in the same order (no fused multiply-add).
#ifndef RK_RRECT_RAMP_LANES_H
#define RK_RRECT_RAMP_LANES_H

#include "rk_rrect_scalar.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
// Which case of the ramp each lane takes (masks all-ones or zero), in rkr_ramp's order: b < 1e-9 linear;
// s ≥ h one; s ≤ −h zero (NaN lanes in none); |s| ≤ k linear; s > k high; else low. `numerator` is what the
// lane's quotient divides: s for linear lanes, (h − s)² for high ones, (s + h)² for low ones.
typedef struct rkr_ramp_cases {
    __m256d at_one, at_zero, linear, high, numerator;
} rkr_ramp_cases;

__attribute__((target("avx2"), always_inline))
static inline rkr_ramp_cases rkr_ramp_cases_avx2(__m256d s, __m256d h, __m256d k, __m256d small_b) {
    const __m256d sign = _mm256_set1_pd(-0.0);
    rkr_ramp_cases c;
    const __m256d ge_h = _mm256_cmp_pd(s, h, _CMP_GE_OQ);
    c.at_one = _mm256_andnot_pd(small_b, ge_h);
    const __m256d rest = _mm256_andnot_pd(_mm256_or_pd(small_b, ge_h),
                                          _mm256_cmp_pd(s, _mm256_xor_pd(h, sign), _CMP_NLE_UQ));
    c.at_zero = _mm256_andnot_pd(_mm256_or_pd(small_b, _mm256_or_pd(ge_h, rest)), _mm256_cmp_pd(s, s, _CMP_ORD_Q));
    c.linear = _mm256_or_pd(small_b, _mm256_and_pd(rest, _mm256_cmp_pd(_mm256_andnot_pd(sign, s), k, _CMP_LE_OQ)));
    c.high = _mm256_andnot_pd(c.linear, _mm256_and_pd(rest, _mm256_cmp_pd(s, k, _CMP_GT_OQ)));
    const __m256d hs = _mm256_sub_pd(h, s), sh = _mm256_add_pd(s, h);
    const __m256d squared = _mm256_blendv_pd(_mm256_mul_pd(sh, sh), _mm256_mul_pd(hs, hs), c.high);
    c.numerator = _mm256_blendv_pd(squared, s, c.linear);
    return c;
}

// The ramp's area from each lane's quotient (numerator / a for linear lanes, numerator / 2ab otherwise):
// 0.5 + q linear, 1 − q high, q low, then exactly 1 or 0 where the lane is past ±h. Unclamped.
__attribute__((target("avx2"), always_inline))
static inline __m256d rkr_ramp_area_avx2(const rkr_ramp_cases *c, __m256d quotient) {
    const __m256d one = _mm256_set1_pd(1);
    __m256d area = _mm256_blendv_pd(_mm256_blendv_pd(quotient, _mm256_sub_pd(one, quotient), c->high),
                                    _mm256_add_pd(_mm256_set1_pd(0.5), quotient), c->linear);
    area = _mm256_blendv_pd(area, one, c->at_one);
    return _mm256_blendv_pd(area, _mm256_setzero_pd(), c->at_zero);
}
#endif

#endif
