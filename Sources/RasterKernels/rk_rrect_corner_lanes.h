// rkr_corner (rk_rrect_scalar.h) in four AVX2 lanes, for rk_rrect_blend_rows' corner pixels past the |q|² exits.
// Private to RasterKernels; included by rk_rrect_lanes.h.
//
// Coordinate space: local (q, the offsets of four pixel centres from their corner's arc centre) and device
// pixels (the half-plane's distance); numbers: Double lanes with rkr_corner's operations in the same order (no
// fused multiply-add; sqrt and division correctly rounded), so each lane's value is rkr_corner's.
#ifndef RK_RRECT_CORNER_LANES_H
#define RK_RRECT_CORNER_LANES_H

#include "rk_rrect_scalar.h"
#include "rk_rrect_ramp_lanes.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
// rkr_corner in four lanes: the same operations per lane, every branch a lane select (the selected lane holds
// what the scalar branch computes). The results are left unclamped: the clamps in rkr_half_plane's b < 1e-9
// case and at the end change neither the sliver test (area > 0 and area < 1 fail alike on both sides of the
// clamp) nor rkr_byte's byte.
__attribute__((target("avx2"), always_inline))
static inline __m256d rkr_corner_avx2(const rk_rrect_shape *g, __m256d ox, __m256d oy, __m256d qx, __m256d qy,
                                      __m256d length_squared) {
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1);
    const __m256d half = _mm256_set1_pd(0.5), two = _mm256_set1_pd(2), radius = _mm256_set1_pd(g->radius);
    const __m256d sx = _mm256_blendv_pd(one, _mm256_set1_pd(-1), _mm256_cmp_pd(ox, zero, _CMP_LT_OQ));
    const __m256d sy = _mm256_blendv_pd(one, _mm256_set1_pd(-1), _mm256_cmp_pd(oy, zero, _CMP_LT_OQ));
    const __m256d length = _mm256_sqrt_pd(length_squared);
    const __m256d distance = _mm256_sub_pd(length, radius);
    const __m256d gx = _mm256_div_pd(_mm256_mul_pd(sx, qx), length), gy = _mm256_div_pd(_mm256_mul_pd(sy, qy), length);
    const __m256d dx = _mm256_add_pd(_mm256_mul_pd(gx, _mm256_set1_pd(g->ix_x)), _mm256_mul_pd(gy, _mm256_set1_pd(g->iy_x)));
    const __m256d dy = _mm256_add_pd(_mm256_mul_pd(gx, _mm256_set1_pd(g->ix_y)), _mm256_mul_pd(gy, _mm256_set1_pd(g->iy_y)));
    const __m256d scale = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)));
    const __m256d nx = _mm256_div_pd(dx, scale), ny = _mm256_div_pd(dy, scale);
    const __m256d s = _mm256_div_pd(_mm256_xor_pd(distance, sign), scale);
    // rkr_half_plane(s, nx, ny).
    const __m256d anx = _mm256_andnot_pd(sign, nx), any = _mm256_andnot_pd(sign, ny);
    const __m256d swap = _mm256_cmp_pd(any, anx, _CMP_GT_OQ);
    const __m256d a = _mm256_blendv_pd(anx, any, swap), b = _mm256_blendv_pd(any, anx, swap);
    const __m256d h = _mm256_div_pd(_mm256_add_pd(a, b), two), k = _mm256_div_pd(_mm256_sub_pd(a, b), two);
    const __m256d small_b = _mm256_cmp_pd(b, _mm256_set1_pd(1e-9), _CMP_LT_OQ);
    const rkr_ramp_cases c = rkr_ramp_cases_avx2(s, h, k, small_b);
    const __m256d two_ab = _mm256_mul_pd(_mm256_mul_pd(two, a), b);
    const __m256d quotient = _mm256_div_pd(c.numerator, _mm256_blendv_pd(two_ab, a, c.linear));
    __m256d area = rkr_ramp_area_avx2(&c, quotient);
    // The sliver between the tangent and the arc where 0 < area < 1 (radius > 0 here).
    const __m256d partial = _mm256_and_pd(_mm256_cmp_pd(area, zero, _CMP_GT_OQ), _mm256_cmp_pd(area, one, _CMP_LT_OQ));
    if (_mm256_movemask_pd(partial) != 0) {
        const __m256d tx = _mm256_xor_pd(gy, sign), ty = gx;
        const __m256d imx = _mm256_add_pd(_mm256_mul_pd(tx, _mm256_set1_pd(g->jx_x)), _mm256_mul_pd(ty, _mm256_set1_pd(g->jy_x)));
        const __m256d imy = _mm256_add_pd(_mm256_mul_pd(tx, _mm256_set1_pd(g->jx_y)), _mm256_mul_pd(ty, _mm256_set1_pd(g->jy_y)));
        const __m256d stretch = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(imx, imx), _mm256_mul_pd(imy, imy)));
        const __m256d device_radius = _mm256_div_pd(
            _mm256_mul_pd(_mm256_mul_pd(_mm256_mul_pd(radius, stretch), stretch), stretch),
            _mm256_set1_pd(fabs(g->determinant)));
        const __m256d foot[2] = {_mm256_mul_pd(s, nx), _mm256_mul_pd(s, ny)};
        const __m256d dir[2] = {_mm256_xor_pd(ny, sign), nx};
        __m256d lo = _mm256_set1_pd(-INFINITY), hi = _mm256_set1_pd(INFINITY), miss = zero;
        for (int axis = 0; axis < 2; axis++) {
            const __m256d f = foot[axis], dt = dir[axis];
            const __m256d parallel = _mm256_cmp_pd(_mm256_andnot_pd(sign, dt), _mm256_set1_pd(1e-12), _CMP_LT_OQ);
            miss = _mm256_or_pd(miss, _mm256_and_pd(parallel,
                       _mm256_cmp_pd(_mm256_andnot_pd(sign, f), half, _CMP_GT_OQ)));
            const __m256d p = _mm256_div_pd(_mm256_sub_pd(_mm256_set1_pd(-0.5), f), dt);
            const __m256d q = _mm256_div_pd(_mm256_sub_pd(half, f), dt);
            // Swift.min(p, q) = q < p ? q : p, Swift.max(p, q) = q >= p ? q : p.
            const __m256d mn = _mm256_blendv_pd(p, q, _mm256_cmp_pd(q, p, _CMP_LT_OQ));
            const __m256d mx = _mm256_blendv_pd(p, q, _mm256_cmp_pd(q, p, _CMP_GE_OQ));
            const __m256d new_lo = _mm256_blendv_pd(lo, mn, _mm256_cmp_pd(mn, lo, _CMP_GE_OQ));
            const __m256d new_hi = _mm256_blendv_pd(hi, mx, _mm256_cmp_pd(mx, hi, _CMP_LT_OQ));
            lo = _mm256_blendv_pd(new_lo, lo, parallel);
            hi = _mm256_blendv_pd(new_hi, hi, parallel);
        }
        const __m256d cube = _mm256_sub_pd(_mm256_mul_pd(_mm256_mul_pd(hi, hi), hi), _mm256_mul_pd(_mm256_mul_pd(lo, lo), lo));
        const __m256d sliver = _mm256_div_pd(cube, _mm256_mul_pd(_mm256_set1_pd(6), device_radius));
        const __m256d apply = _mm256_andnot_pd(miss, _mm256_and_pd(partial, _mm256_cmp_pd(lo, hi, _CMP_LT_OQ)));
        area = _mm256_blendv_pd(area, _mm256_sub_pd(area, sliver), apply);
    }
    // The scale guard comes first in rkr_corner: no coverage for a zero-length gradient.
    return _mm256_and_pd(area, _mm256_cmp_pd(scale, zero, _CMP_GT_OQ));
}

#endif

#endif
