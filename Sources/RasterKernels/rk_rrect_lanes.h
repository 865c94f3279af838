// The four-lane AVX2 helpers of rk_rrect_blend_rows (raster_kernels_rrect_avx2.c; the corner formula is in
// rk_rrect_corner_lanes.h): the straight-side ramp exactly and without divisions, the byte test and the
// four-pixel blend. Private to RasterKernels; every helper is `static inline` with the AVX2 target attribute.
//
// Coordinate space: device pixels (lanes are four pixels of a row) and local space (q, the corner offsets), as
// in rk_rrect_scalar.h; numbers: Double lanes with each scalar expression's operations in the same order (no
// fused multiply-add), coverage bytes and pixels as int32 / 16-bit lanes.
#ifndef RK_RRECT_LANES_H
#define RK_RRECT_LANES_H

#include "rk_rrect_scalar.h"
#include "rk_rrect_fast_side.h"
#include "rk_rrect_corner_lanes.h"
#include "rk_rrect_corner_fast.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
// rkr_ramp in four lanes, exactly (the reference the fast lanes fall back to): each lane's ramp is the x side's
// where `use_x`, else the y side's; every case a lane select, the clamp left out as in rkr_corner_avx2.
__attribute__((target("avx2"), always_inline))
static inline __m256d rkr_ramp_exact_avx2(const rk_rrect_shape *g, __m256d distance, __m256d use_x) {
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
#define RKR_SIDE(name) _mm256_blendv_pd(_mm256_set1_pd(g->y_##name), _mm256_set1_pd(g->x_##name), use_x)
    const __m256d a = RKR_SIDE(a), b = RKR_SIDE(b), h = RKR_SIDE(h), k = RKR_SIDE(k);
    const __m256d two_ab = RKR_SIDE(two_ab), scale = RKR_SIDE(scale);
#undef RKR_SIDE
    const __m256d s = _mm256_div_pd(_mm256_xor_pd(distance, sign), scale);
    const __m256d small_b = _mm256_cmp_pd(b, _mm256_set1_pd(1e-9), _CMP_LT_OQ);
    const rkr_ramp_cases c = rkr_ramp_cases_avx2(s, h, k, small_b);
    const __m256d quotient = _mm256_div_pd(c.numerator, _mm256_blendv_pd(two_ab, a, c.linear));
    const __m256d area = rkr_ramp_area_avx2(&c, quotient);
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
    const __m256d sign = _mm256_set1_pd(-0.0);
    const __m256d s = _mm256_mul_pd(_mm256_xor_pd(distance, sign),
                                    _mm256_blendv_pd(y->reciprocal_scale, x->reciprocal_scale, use_x));
    const __m256d h = _mm256_blendv_pd(y->h, x->h, use_x), k = _mm256_blendv_pd(y->k, x->k, use_x);
    const __m256d small_b = _mm256_blendv_pd(y->small_b, x->small_b, use_x);
    const rkr_ramp_cases c = rkr_ramp_cases_avx2(s, h, k, small_b);
    const __m256d factor = _mm256_blendv_pd(_mm256_blendv_pd(y->reciprocal_two_ab, x->reciprocal_two_ab, use_x),
                                            _mm256_blendv_pd(y->reciprocal_a, x->reciprocal_a, use_x), c.linear);
    const __m256d area = rkr_ramp_area_avx2(&c, _mm256_mul_pd(c.numerator, factor));
    return _mm256_and_pd(area, _mm256_blendv_pd(y->usable, x->usable, use_x));  // the ramp's scale guard
}

// rkr_ramp_fast_avx2 with every lane on one side whose ramp has no b < 1e-9 case and a usable scale (the masks
// that function selects per lane are then all zero resp. all ones): the same operations on the same values, so
// the same areas, without the per-lane selects.
__attribute__((target("avx2"), always_inline))
static inline __m256d rkr_ramp_plain_avx2(const rkr_ramp_lanes *side, __m256d distance) {
    const __m256d s = _mm256_mul_pd(_mm256_xor_pd(distance, _mm256_set1_pd(-0.0)), side->reciprocal_scale);
    const rkr_ramp_cases c = rkr_ramp_cases_avx2(s, side->h, side->k, _mm256_setzero_pd());
    const __m256d factor = _mm256_blendv_pd(side->reciprocal_two_ab, side->reciprocal_a, c.linear);
    return rkr_ramp_area_avx2(&c, _mm256_mul_pd(c.numerator, factor));
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
// `bytes` (int32 lanes): s = scale(color, byte), d = s + scale(d, 255 − s alpha), the arithmetic of rk_scale_pixel
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

#endif

#endif
