// rk_rrect_blend_rows on AVX2: the row loop with the edge pixels four per step (see rk_rrect_scalar.h for the
// number format and include/raster_kernels_rrect.h for the contract). Only the functions below use AVX2.
#include "rk_rrect_scalar.h"
#include "rk_rrect_fast_side.h"

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
    const __m256d ge_h = _mm256_cmp_pd(s, h, _CMP_GE_OQ);
    const __m256d at_one = _mm256_andnot_pd(small_b, ge_h);
    const __m256d rest = _mm256_andnot_pd(_mm256_or_pd(small_b, ge_h),
                                          _mm256_cmp_pd(s, _mm256_xor_pd(h, sign), _CMP_NLE_UQ));
    const __m256d at_zero = _mm256_andnot_pd(_mm256_or_pd(small_b, _mm256_or_pd(ge_h, rest)),
                                             _mm256_cmp_pd(s, s, _CMP_ORD_Q));
    const __m256d linear = _mm256_or_pd(small_b, _mm256_and_pd(rest,
                               _mm256_cmp_pd(_mm256_andnot_pd(sign, s), k, _CMP_LE_OQ)));
    const __m256d high = _mm256_andnot_pd(linear, _mm256_and_pd(rest, _mm256_cmp_pd(s, k, _CMP_GT_OQ)));
    const __m256d hs = _mm256_sub_pd(h, s), sh = _mm256_add_pd(s, h);
    const __m256d squared = _mm256_blendv_pd(_mm256_mul_pd(sh, sh), _mm256_mul_pd(hs, hs), high);
    const __m256d two_ab = _mm256_mul_pd(_mm256_mul_pd(two, a), b);
    const __m256d quotient = _mm256_div_pd(_mm256_blendv_pd(squared, s, linear), _mm256_blendv_pd(two_ab, a, linear));
    __m256d area = _mm256_blendv_pd(_mm256_blendv_pd(quotient, _mm256_sub_pd(one, quotient), high),
                                    _mm256_add_pd(half, quotient), linear);
    area = _mm256_blendv_pd(area, one, at_one);
    area = _mm256_blendv_pd(area, zero, at_zero);
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

// rkr_ramp in four lanes, exactly (the reference the fast lanes fall back to): each lane's ramp is the x side's
// where `use_x`, else the y side's; every case a lane select, the clamp left out as in rkr_corner_avx2.
__attribute__((target("avx2"), always_inline))
static inline __m256d rkr_ramp_exact_avx2(const rk_rrect_shape *g, __m256d distance, __m256d use_x) {
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1);
    const __m256d half = _mm256_set1_pd(0.5);
#define RKR_SIDE(name) _mm256_blendv_pd(_mm256_set1_pd(g->y_##name), _mm256_set1_pd(g->x_##name), use_x)
    const __m256d a = RKR_SIDE(a), b = RKR_SIDE(b), h = RKR_SIDE(h), k = RKR_SIDE(k);
    const __m256d two_ab = RKR_SIDE(two_ab), scale = RKR_SIDE(scale);
#undef RKR_SIDE
    const __m256d s = _mm256_div_pd(_mm256_xor_pd(distance, sign), scale);
    // The ramp's cases in order: b < 1e-9 linear; s ≥ h 1; s ≤ −h 0; |s| ≤ k linear; s > k high; else low.
    const __m256d small_b = _mm256_cmp_pd(b, _mm256_set1_pd(1e-9), _CMP_LT_OQ);
    const __m256d ge_h = _mm256_cmp_pd(s, h, _CMP_GE_OQ);
    const __m256d at_one = _mm256_andnot_pd(small_b, ge_h);
    const __m256d rest = _mm256_andnot_pd(_mm256_or_pd(small_b, ge_h),
                                          _mm256_cmp_pd(s, _mm256_xor_pd(h, sign), _CMP_NLE_UQ));
    const __m256d at_zero = _mm256_andnot_pd(_mm256_or_pd(small_b, _mm256_or_pd(ge_h, rest)),
                                             _mm256_cmp_pd(s, s, _CMP_ORD_Q));
    const __m256d linear = _mm256_or_pd(small_b, _mm256_and_pd(rest,
                               _mm256_cmp_pd(_mm256_andnot_pd(sign, s), k, _CMP_LE_OQ)));
    const __m256d high = _mm256_andnot_pd(linear, _mm256_and_pd(rest, _mm256_cmp_pd(s, k, _CMP_GT_OQ)));
    const __m256d hs = _mm256_sub_pd(h, s), sh = _mm256_add_pd(s, h);
    const __m256d squared = _mm256_blendv_pd(_mm256_mul_pd(sh, sh), _mm256_mul_pd(hs, hs), high);
    const __m256d quotient = _mm256_div_pd(_mm256_blendv_pd(squared, s, linear), _mm256_blendv_pd(two_ab, a, linear));
    __m256d area = _mm256_blendv_pd(_mm256_blendv_pd(quotient, _mm256_sub_pd(one, quotient), high),
                                    _mm256_add_pd(half, quotient), linear);
    area = _mm256_blendv_pd(area, one, at_one);
    area = _mm256_blendv_pd(area, zero, at_zero);
    return _mm256_and_pd(area, _mm256_cmp_pd(scale, zero, _CMP_GT_OQ));  // the ramp's scale guard
}

// One side's rkr_fast_ramp terms in four lanes (masks all-ones or zero).
typedef struct rkr_ramp_lanes {
    __m256d reciprocal_scale, h, k, reciprocal_a, reciprocal_two_ab, small_b, usable;
} rkr_ramp_lanes;

__attribute__((target("avx2"), always_inline))
static inline rkr_ramp_lanes rkr_ramp_lanes_make(const rkr_fast_ramp *f, double h, double k) {
    rkr_ramp_lanes r;
    r.reciprocal_scale = _mm256_set1_pd(f->reciprocal_scale);
    r.h = _mm256_set1_pd(h);
    r.k = _mm256_set1_pd(k);
    r.reciprocal_a = _mm256_set1_pd(f->reciprocal_a);
    r.reciprocal_two_ab = _mm256_set1_pd(f->reciprocal_two_ab);
    r.small_b = _mm256_castsi256_pd(_mm256_set1_epi64x(f->small_b ? -1 : 0));
    r.usable = _mm256_castsi256_pd(_mm256_set1_epi64x(f->usable ? -1 : 0));
    return r;
}

// rkr_ramp without divisions (rk_rrect_fast_side.h), each lane on the x side's ramp where `use_x`, else the
// y side's: the same cases as rkr_ramp_exact_avx2, chosen by t = −distance · (1/scale).
__attribute__((target("avx2"), always_inline))
static inline __m256d rkr_ramp_fast_avx2(const rkr_ramp_lanes *x, const rkr_ramp_lanes *y, __m256d distance,
                                         __m256d use_x) {
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1);
    const __m256d half = _mm256_set1_pd(0.5);
    const __m256d s = _mm256_mul_pd(_mm256_xor_pd(distance, sign),
                                    _mm256_blendv_pd(y->reciprocal_scale, x->reciprocal_scale, use_x));
    const __m256d h = _mm256_blendv_pd(y->h, x->h, use_x), k = _mm256_blendv_pd(y->k, x->k, use_x);
    const __m256d small_b = _mm256_blendv_pd(y->small_b, x->small_b, use_x);
    const __m256d ge_h = _mm256_cmp_pd(s, h, _CMP_GE_OQ);
    const __m256d at_one = _mm256_andnot_pd(small_b, ge_h);
    const __m256d rest = _mm256_andnot_pd(_mm256_or_pd(small_b, ge_h),
                                          _mm256_cmp_pd(s, _mm256_xor_pd(h, sign), _CMP_NLE_UQ));
    const __m256d at_zero = _mm256_andnot_pd(_mm256_or_pd(small_b, _mm256_or_pd(ge_h, rest)),
                                             _mm256_cmp_pd(s, s, _CMP_ORD_Q));
    const __m256d linear = _mm256_or_pd(small_b, _mm256_and_pd(rest,
                               _mm256_cmp_pd(_mm256_andnot_pd(sign, s), k, _CMP_LE_OQ)));
    const __m256d high = _mm256_andnot_pd(linear, _mm256_and_pd(rest, _mm256_cmp_pd(s, k, _CMP_GT_OQ)));
    const __m256d hs = _mm256_sub_pd(h, s), sh = _mm256_add_pd(s, h);
    const __m256d squared = _mm256_blendv_pd(_mm256_mul_pd(sh, sh), _mm256_mul_pd(hs, hs), high);
    const __m256d factor = _mm256_blendv_pd(_mm256_blendv_pd(y->reciprocal_two_ab, x->reciprocal_two_ab, use_x),
                                            _mm256_blendv_pd(y->reciprocal_a, x->reciprocal_a, use_x), linear);
    const __m256d quotient = _mm256_mul_pd(_mm256_blendv_pd(squared, s, linear), factor);
    __m256d area = _mm256_blendv_pd(_mm256_blendv_pd(quotient, _mm256_sub_pd(one, quotient), high),
                                    _mm256_add_pd(half, quotient), linear);
    area = _mm256_blendv_pd(area, one, at_one);
    area = _mm256_blendv_pd(area, zero, at_zero);
    return _mm256_and_pd(area, _mm256_blendv_pd(y->usable, x->usable, use_x));  // the ramp's scale guard
}

// Lanes whose raw = area · 255 + 0.5 lies within `margin` of an integer: |raw − ⌊raw⌋ − ½| > ½ − margin
// (`margin` holds ½ − RKR_FAST_RAMP_MARGIN, or −1 to flag every lane but NaN ones).
__attribute__((target("avx2"), always_inline))
static inline __m256d rkr_unsure(__m256d raw, __m256d margin) {
    const __m256d fraction = _mm256_sub_pd(_mm256_sub_pd(raw, _mm256_floor_pd(raw)), _mm256_set1_pd(0.5));
    return _mm256_cmp_pd(_mm256_andnot_pd(_mm256_set1_pd(-0.0), fraction), margin, _CMP_GT_OQ);
}

// rkr_byte from raw = area · 255 + 0.5: 0 unless area > 0 (NaN too), 255 from 1 up, else trunc(raw).
__attribute__((target("avx2"), always_inline))
static inline __m128i rkr_bytes_avx2(__m256d area, __m256d raw) {
    const __m256d full = _mm256_set1_pd(255);
    __m256d w = _mm256_blendv_pd(raw, full, _mm256_cmp_pd(area, _mm256_set1_pd(1), _CMP_GE_OQ));
    w = _mm256_and_pd(w, _mm256_cmp_pd(area, _mm256_setzero_pd(), _CMP_GT_OQ));
    return _mm256_cvttpd_epi32(w);
}

// Four pixels d[0..3] (the first n of them) blended with the solid premultiplied colour at coverage bytes
// `bytes` (int32 lanes): s = scale(color, byte), d = s + scale(d, 255 − s alpha), the arithmetic of rkr_scale
// per channel in 16-bit lanes (round(t / 255) = mulhi(t + 128, 257), rk_lanes.h). Byte 0 leaves d as it was.
// Invariant (caller): d[0 ..< n] are pixels of the surface, 1 ≤ n ≤ 4; the other lanes are neither read nor
// written (masked load and store).
__attribute__((target("avx2"), always_inline))
static inline void rkr_blend4_avx2(uint32_t *d, int64_t n, __m128i bytes, __m256i color16) {
    const __m256i bias = _mm256_set1_epi16(0x80), m257 = _mm256_set1_epi16(257), full = _mm256_set1_epi16(255);
    // Each pixel's byte in its four 16-bit channel lanes.
    const __m128i spread = _mm_shuffle_epi8(bytes, _mm_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12));
    const __m256i a16 = _mm256_cvtepu8_epi16(spread);
    const __m256i s16 = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(color16, a16), bias), m257);
    // 255 − s alpha (channel 3 of each pixel) in all four channels of the pixel.
    const __m256i alpha = _mm256_shuffle_epi8(s16, _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                                                     6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    const __m256i inverse = _mm256_sub_epi16(full, alpha);
    const __m128i mask = _mm_cmpgt_epi32(_mm_set1_epi32((int)n), _mm_setr_epi32(0, 1, 2, 3));
    const __m128i dst = n == 4 ? _mm_loadu_si128((const __m128i *)d) : _mm_maskload_epi32((const int *)d, mask);
    const __m256i d16 = _mm256_cvtepu8_epi16(dst);
    const __m256i out16 = _mm256_add_epi16(s16, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(d16, inverse), bias), m257));
    const __m128i out = _mm_packus_epi16(_mm256_castsi256_si128(out16), _mm256_extracti128_si256(out16, 1));
    if (n == 4) _mm_storeu_si128((__m128i *)d, out);
    else _mm_maskstore_epi32((int *)d, mask, out);
}

__attribute__((target("avx2")))
int rkr_side_bytes_avx2(const rk_rrect_shape *g, int side_x, const double *distances, int64_t count,
                        uint8_t *out, int exact_sides) {
    const rkr_fast_ramp fx = rkr_fast_ramp_make(g->x_a, g->x_b, g->x_two_ab, g->x_scale);
    const rkr_fast_ramp fy = rkr_fast_ramp_make(g->y_a, g->y_b, g->y_two_ab, g->y_scale);
    if (!fx.fast || !fy.fast) exact_sides = 1;
    const rkr_ramp_lanes lx = rkr_ramp_lanes_make(&fx, g->x_h, g->x_k), ly = rkr_ramp_lanes_make(&fy, g->y_h, g->y_k);
    const __m256d margin = _mm256_set1_pd(exact_sides ? -1.0 : 0.5 - RKR_FAST_RAMP_MARGIN);
    const __m256d use_x = _mm256_castsi256_pd(_mm256_set1_epi64x(side_x ? -1 : 0));
    int unsure_lanes = 0;
    for (int64_t i = 0; i < count; i += 4) {
        double lane[4] = {0, 0, 0, 0};
        for (int64_t j = 0; j < 4 && i + j < count; j++) lane[j] = distances[i + j];
        const __m256d distance = _mm256_loadu_pd(lane);
        __m256d area = rkr_ramp_fast_avx2(&lx, &ly, distance, use_x);
        __m256d raw = _mm256_add_pd(_mm256_mul_pd(area, _mm256_set1_pd(255)), _mm256_set1_pd(0.5));
        const __m256d unsure = rkr_unsure(raw, margin);
        if (_mm256_movemask_pd(unsure) != 0) {
            const int valid = count - i < 4 ? (int)(count - i) : 4;
            unsure_lanes += __builtin_popcount((unsigned)_mm256_movemask_pd(unsure) & ((1u << valid) - 1));
            area = _mm256_blendv_pd(area, rkr_ramp_exact_avx2(g, distance, use_x), unsure);
            raw = _mm256_add_pd(_mm256_mul_pd(area, _mm256_set1_pd(255)), _mm256_set1_pd(0.5));
        }
        int32_t bytes[4];
        _mm_storeu_si128((__m128i *)bytes, rkr_bytes_avx2(area, raw));
        for (int64_t j = 0; j < 4 && i + j < count; j++) out[i + j] = (uint8_t)bytes[j];
    }
    return 1 + unsure_lanes;
}

// The row loop on AVX2 with the edge pixels four at a time. Side lanes (not in a corner zone) take
// rkr_ramp_fast_avx2, whose byte is the exact ramp's unless the lane's area · 255 + 0.5 lies within 2⁻²⁰ of
// an integer (rk_rrect_fast_side.h); such lanes are recomputed by rkr_ramp_exact_avx2, and `exact_sides`
// sends every side lane there (tests). Corner lanes take the |q|² exits as lane selects and the rest
// rkr_corner_avx2 (exact). The clamp to 0...1 is left out, as rkr_byte gives the same byte with or without
// it. The blend is branch-free: byte 0 gives s = 0 and scale(d, 255) = d, the pixel unchanged. Lanes past a
// run's end are computed and dropped.
__attribute__((target("avx2")))
void rkr_rows_avx2(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y, int64_t x0, int64_t y0,
                   int64_t x1, int64_t y1, uint32_t color, uint32_t *surface, int64_t surface_x, int64_t surface_y,
                   int64_t stride, int exact_sides) {
    const double kx = g->half_x - g->radius, ky = g->half_y - g->radius;
    const rkr_fast_ramp fx = rkr_fast_ramp_make(g->x_a, g->x_b, g->x_two_ab, g->x_scale);
    const rkr_fast_ramp fy = rkr_fast_ramp_make(g->y_a, g->y_b, g->y_two_ab, g->y_scale);
    if (!fx.fast || !fy.fast) exact_sides = 1;
    const rkr_ramp_lanes side_x = rkr_ramp_lanes_make(&fx, g->x_h, g->x_k);
    const rkr_ramp_lanes side_y = rkr_ramp_lanes_make(&fy, g->y_h, g->y_k);
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1), full = _mm256_set1_pd(255);
    const __m256d ixx = _mm256_set1_pd(g->ix_x), iyx = _mm256_set1_pd(g->iy_x);
    const __m256d offx = _mm256_set1_pd(g->offset_x), offy = _mm256_set1_pd(g->offset_y);
    const __m256d cx = _mm256_set1_pd(g->center_x), cy = _mm256_set1_pd(g->center_y);
    const __m256d vkx = _mm256_set1_pd(kx), vky = _mm256_set1_pd(ky), radius = _mm256_set1_pd(g->radius);
    const __m256d outside = _mm256_set1_pd(g->exit_outside), inside = _mm256_set1_pd(g->exit_inside);
    const __m256d margin = _mm256_set1_pd(exact_sides ? -1.0 : 0.5 - RKR_FAST_RAMP_MARGIN);
    const __m256d steps = _mm256_set_pd(3, 2, 1, 0);
    const __m256i color16 = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)color));
    // The uniform runs' kernel, chosen once per call (rk_solid_over's dispatch).
    const int level = rk_kernel_level();
#define RKR_EDGE_AVX2(from, to)                                                                          \
    for (int64_t x = (from); x < (to); x += 4) {                                                         \
        /* ix_y · py is the same product for every pixel of the row; x + i is exact in a double. */       \
        const __m256d px = _mm256_add_pd(_mm256_add_pd(_mm256_set1_pd((double)x), steps), half);         \
        const __m256d lx = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(ixx, px), _mm256_set1_pd(g->ix_y * py)), offx); \
        const __m256d ly = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(iyx, px), _mm256_set1_pd(g->iy_y * py)), offy); \
        const __m256d ox = _mm256_sub_pd(lx, cx), oy = _mm256_sub_pd(ly, cy);                           \
        const __m256d qx = _mm256_sub_pd(_mm256_andnot_pd(sign, ox), vkx);                               \
        const __m256d qy = _mm256_sub_pd(_mm256_andnot_pd(sign, oy), vky);                               \
        const __m256d corner = _mm256_and_pd(_mm256_cmp_pd(qx, zero, _CMP_GT_OQ), _mm256_cmp_pd(qy, zero, _CMP_GT_OQ)); \
        const __m256d use_x = _mm256_cmp_pd(qx, qy, _CMP_GT_OQ);                                         \
        const __m256d distance = _mm256_blendv_pd(_mm256_sub_pd(qy, radius), _mm256_sub_pd(qx, radius), use_x); \
        __m256d area = rkr_ramp_fast_avx2(&side_x, &side_y, distance, use_x);                             \
        /* Corner lanes: the |q|² exits (0 beyond, 1 within), the rest rkr_corner_avx2. */              \
        const __m256d length_squared = _mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy));      \
        const __m256d out = _mm256_cmp_pd(length_squared, outside, _CMP_GE_OQ);                          \
        const __m256d in = _mm256_andnot_pd(out, _mm256_cmp_pd(length_squared, inside, _CMP_LE_OQ));     \
        area = _mm256_blendv_pd(area, _mm256_and_pd(in, one), corner);                                   \
        const __m256d formula = _mm256_andnot_pd(_mm256_or_pd(out, in), corner);                        \
        if (_mm256_movemask_pd(formula) != 0)                                                            \
            area = _mm256_blendv_pd(area, rkr_corner_avx2(g, ox, oy, qx, qy, length_squared), formula);  \
        __m256d raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);                                    \
        /* Side lanes whose raw value lies within the margin of an integer: the exact ramp decides. */   \
        const __m256d unsure = _mm256_andnot_pd(corner, rkr_unsure(raw, margin));                       \
        if (__builtin_expect(_mm256_movemask_pd(unsure) != 0, 0)) {                                     \
            area = _mm256_blendv_pd(area, rkr_ramp_exact_avx2(g, distance, use_x), unsure);              \
            raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);                                        \
        }                                                                                                \
        const int64_t n = (to) - x < 4 ? (to) - x : 4;                                                   \
        /* Invariant: pixel (x + i, y) for i < n lies inside the region and the surface. */             \
        rkr_blend4_avx2(row + (x - surface_x), n, rkr_bytes_avx2(area, raw), color16);                   \
    }
    RKR_ROWS(RKR_EDGE_AVX2)
#undef RKR_EDGE_AVX2
}
#endif
