// AVX2 affine bilinear image kernels; see include/raster_kernels_images.h for the coordinate space and contract.
//
// Number format: a ymm register holds 8 pixels, one per 32-bit lane; the arithmetic views it as 16 unsigned
// 16-bit lanes (R,B in the low bytes, G,A in the high bytes) and repeats, operation for operation, the Swift
// SIMD16<UInt16> code of PaintImageLowpMath.swift (paintBilerp8, paintScale8) and PaintSourceOverLanes.swift,
// so the bytes are identical. Coordinates: the 40.24 fixed-point value of each 8-pixel group's first pixel is
// stepped in Int64; within the group floor((s + k·B) / 2^16) = (s >> 16) + k·(B >> 16) + ((s & 0xFFFF) +
// k·(B & 0xFFFF)) >> 16 for k < 8 is exact in 32-bit lanes while |s >> 16| ≤ 2^30 (|k·(B >> 16)| < 2^25).
// Beyond that every lane of the group lies more than 2^29 past the same edge and clamps to it.
#include "raster_kernels_images.h"
#include "raster_kernels.h"
#include "rk_lanes.h"

#include <string.h>

#if RK_X86

// Coordinates of the 8 pixels from fixed-point s (first pixel), clamped to [−256, high]; kq = k · (B >> 16),
// kr = k · (B & 0xFFFF) for lane k.
RK_AVX2 static inline __m256i rki_coords8(int64_t s, __m256i kq, __m256i kr, int32_t high) {
    const int64_t bound = (int64_t)1 << 30;
    int64_t h = s >> 16;  // arithmetic shift (clang): floor(s / 2^16)
    if (h < -bound || h > bound) return _mm256_set1_epi32(h < 0 ? -256 : high);
    __m256i low = _mm256_srli_epi32(_mm256_add_epi32(_mm256_set1_epi32((int32_t)(s & 0xFFFF)), kr), 16);
    __m256i u = _mm256_add_epi32(_mm256_add_epi32(_mm256_set1_epi32((int32_t)h), kq), low);
    return _mm256_min_epi32(_mm256_max_epi32(u, _mm256_set1_epi32(-256)), _mm256_set1_epi32(high));
}

// round((top · gy + bottom · wy) / 65536) per 16-bit lane, the value paintVerticalLerp16 computes (top, bottom
// ≤ 65280, gy + wy = 256). In 32 bits: with top' = top − 2^15 and bottom' = bottom − 2^15 (signed 16-bit, by
// flipping the top bit) one madd gives top'·gy + bottom'·wy = X − 2^23 exactly, X = top·gy + bottom·wy < 2^24;
// adding 2^23 + 2^15 and shifting by 16 rounds it, and the result (≤ 255) packs back in lane order (unpack and
// pack both work within 128-bit halves). `w01`/`w23` are (gy, wy) interleaved for the low/high four lanes.
RK_AVX2 static inline __m256i rki_vertical(__m256i top, __m256i bottom, __m256i w01, __m256i w23) {
    const __m256i flip = _mm256_set1_epi16((short)0x8000), bias = _mm256_set1_epi32((1 << 23) + (1 << 15));
    __m256i t = _mm256_xor_si256(top, flip), b = _mm256_xor_si256(bottom, flip);
    __m256i low = _mm256_madd_epi16(_mm256_unpacklo_epi16(t, b), w01);
    __m256i high = _mm256_madd_epi16(_mm256_unpackhi_epi16(t, b), w23);
    low = _mm256_srli_epi32(_mm256_add_epi32(low, bias), 16);
    high = _mm256_srli_epi32(_mm256_add_epi32(high, bias), 16);
    return _mm256_packus_epi32(low, high);
}

// Bilinear samples of 8 pixels at clamped coordinates u, v (1/256 texel), paintBilerp8's arithmetic.
// Invariant: base = texel (−1, −1) of the bordered block; every tap index is inside it because u, v are clamped.
RK_AVX2 static inline __m256i rki_sample8(const int *base, int32_t stride, __m256i u, __m256i v) {
    const __m256i m = _mm256_set1_epi16(0x00FF), k256 = _mm256_set1_epi16(256);
    const __m256i one = _mm256_set1_epi32(1);
    __m256i row = _mm256_add_epi32(_mm256_srai_epi32(v, 8), one);
    __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(row, _mm256_set1_epi32(stride)),
                                     _mm256_add_epi32(_mm256_srai_epi32(u, 8), one));
    // Each tap pair (x0, x0 + 1) is one 64-bit load (scalar loads beat the microcoded gathers on AMD Zen).
    // Pairs of pixels 0, 1, 4, 5 go to `a`, of 2, 3, 6, 7 to `b`, so the in-lane even/odd split below restores
    // pixel order.
    int32_t at[8] __attribute__((aligned(32)));
    _mm256_store_si256((__m256i *)at, index);
    const uint32_t *top = (const uint32_t *)base, *bottom = (const uint32_t *)(base + stride);
#define RKI_PAIRS(row, i, j) _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(row + at[i]))), \
                                                            (const double *)(row + at[j])))
#define RKI_QUAD(row, i, j, k, l) _mm256_inserti128_si256(_mm256_castsi128_si256(RKI_PAIRS(row, i, j)), RKI_PAIRS(row, k, l), 1)
    __m256 topA = _mm256_castsi256_ps(RKI_QUAD(top, 0, 1, 4, 5)), topB = _mm256_castsi256_ps(RKI_QUAD(top, 2, 3, 6, 7));
    __m256 botA = _mm256_castsi256_ps(RKI_QUAD(bottom, 0, 1, 4, 5)), botB = _mm256_castsi256_ps(RKI_QUAD(bottom, 2, 3, 6, 7));
#undef RKI_QUAD
#undef RKI_PAIRS
    __m256i t00 = _mm256_castps_si256(_mm256_shuffle_ps(topA, topB, 0x88));
    __m256i t10 = _mm256_castps_si256(_mm256_shuffle_ps(topA, topB, 0xDD));
    __m256i t01 = _mm256_castps_si256(_mm256_shuffle_ps(botA, botB, 0x88));
    __m256i t11 = _mm256_castps_si256(_mm256_shuffle_ps(botA, botB, 0xDD));
    __m256i fx = _mm256_and_si256(u, _mm256_set1_epi32(255)), fy = _mm256_and_si256(v, _mm256_set1_epi32(255));
    __m256i wx = _mm256_or_si256(fx, _mm256_slli_epi32(fx, 16)), wy = _mm256_or_si256(fy, _mm256_slli_epi32(fy, 16));
    __m256i gx = _mm256_sub_epi16(k256, wx), gy = _mm256_sub_epi16(k256, wy);
    __m256i topRB = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(t00, m), gx),
                                     _mm256_mullo_epi16(_mm256_and_si256(t10, m), wx));
    __m256i botRB = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(t01, m), gx),
                                     _mm256_mullo_epi16(_mm256_and_si256(t11, m), wx));
    __m256i topGA = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(t00, 8), gx),
                                     _mm256_mullo_epi16(_mm256_srli_epi16(t10, 8), wx));
    __m256i botGA = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(t01, 8), gx),
                                     _mm256_mullo_epi16(_mm256_srli_epi16(t11, 8), wx));
    __m256i w01 = _mm256_unpacklo_epi16(gy, wy), w23 = _mm256_unpackhi_epi16(gy, wy);
    __m256i rb = rki_vertical(topRB, botRB, w01, w23), ga = rki_vertical(topGA, botGA, w01, w23);
    return _mm256_or_si256(rb, _mm256_slli_epi16(ga, 8));
}

// Every channel times a/255 rounded to nearest (paintScale8), a in both 16-bit lanes of `a16`.
RK_AVX2 static inline __m256i rki_scale8(__m256i p, __m256i a16) {
    const __m256i m = _mm256_set1_epi16(0x00FF), bias = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257);
    __m256i rb = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, m), a16), bias), k257);
    __m256i ga = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), a16), bias), k257);
    return _mm256_or_si256(rb, _mm256_slli_epi16(ga, 8));
}

// round(coverage · alpha / 255) of `n` ≤ 8 coverage bytes in both lanes of each pixel; missing bytes read 0.
RK_AVX2 static inline __m256i rki_weight8(const uint8_t *coverage, size_t n, __m256i alpha) {
    __m256i m;
    if (n >= 8) {
        m = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)coverage));
    } else {
        uint8_t copy[8] = {0};
        memcpy(copy, coverage, n);
        m = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)copy));
    }
    return rk_div255(_mm256_mullo_epi16(_mm256_or_si256(m, _mm256_slli_epi32(m, 16)), alpha));
}

// Whether every lane of the span (the last group's padding included) lies within ±2^30, so rki_affine_run can
// step the coordinates as exact 32-bit vectors (see there).
RK_AVX2 static inline int rki_span_linear(const rk_image_affine_span *span, size_t count) {
    const int64_t bound = (int64_t)1 << 30, last = (int64_t)((count + 7) & ~(size_t)7) - 1;
    const int64_t su = span->s >> 16, eu = (span->s + last * span->stepU) >> 16;
    const int64_t sv = span->t >> 16, ev = (span->t + last * span->stepV) >> 16;
    return count <= 32768 && su >= -bound && su <= bound && eu >= -bound && eu <= bound &&
           sv >= -bound && sv <= bound && ev >= -bound && ev <= bound;
}

// The shared loop: samples 8 pixels per step; stores them (`over` = 0) or blends them onto `out`.
// Always inlined with constant `over`, `scales` (opacity < 255), `lerps` (coverage or alpha < 255) and `linear`, so each
// caller gets a loop with only its own steps (fewer branches and spilled registers per group).
RK_AVX2 __attribute__((always_inline)) static inline void rki_affine_run(
    const rk_image_affine_span *span, int over, const uint8_t *coverage, uint8_t alpha, uint32_t *out, size_t count,
    int scales, int lerps, int linear) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const int32_t qu = (int32_t)(span->stepU >> 16), qv = (int32_t)(span->stepV >> 16);
    const int32_t ru = (int32_t)(span->stepU & 0xFFFF), rv = (int32_t)(span->stepV & 0xFFFF);
    const __m256i kqu = _mm256_mullo_epi32(lane, _mm256_set1_epi32(qu));
    const __m256i kru = _mm256_mullo_epi32(lane, _mm256_set1_epi32(ru));
    const __m256i kqv = _mm256_mullo_epi32(lane, _mm256_set1_epi32(qv));
    const __m256i krv = _mm256_mullo_epi32(lane, _mm256_set1_epi32(rv));
    const int *base = (const int *)(span->pixels - span->stride - 1);
    const int32_t stride = span->stride, maxU = span->maxU, maxV = span->maxV;
    const __m256i opacity = _mm256_set1_epi16((short)span->opacity);
    const __m256i alphaLanes = _mm256_set1_epi16((short)alpha);
    int64_t s = span->s, t = span->t;
    const int64_t stepU8 = span->stepU * 8, stepV8 = span->stepV * 8;
    // When every lane of the span (the last group's padding included) lies within ±2^30 the 32-bit split is
    // carried across groups as two vectors stepped by exact integer additions (PaintImageAffineLanes): the
    // high parts move by 8·(B >> 16), the low parts by 8·(B & 0xFFFF) and stay below 2^16 · (8 · groups + 8),
    // which fits 32 bits for spans up to 2^15 pixels. Otherwise each group starts again from Int64.
    // `linear` (a constant per caller) is rki_span_linear's answer.
    const int64_t su = s >> 16, sv = t >> 16;
    __m256i highU = _mm256_add_epi32(_mm256_set1_epi32((int32_t)su), kqu);
    __m256i lowU = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(s & 0xFFFF)), kru);
    __m256i highV = _mm256_add_epi32(_mm256_set1_epi32((int32_t)sv), kqv);
    __m256i lowV = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(t & 0xFFFF)), krv);
    const __m256i highStepU = _mm256_set1_epi32(8 * qu), lowStepU = _mm256_set1_epi32(8 * ru);
    const __m256i highStepV = _mm256_set1_epi32(8 * qv), lowStepV = _mm256_set1_epi32(8 * rv);
    const __m256i lowest = _mm256_set1_epi32(-256), highestU = _mm256_set1_epi32(maxU), highestV = _mm256_set1_epi32(maxV);
    // Invariant: each step writes pixels i..<i + n with n = min(8, count − i) (masked when n < 8); the lanes
    // past the end are sampled at clamped coordinates (in the block) and dropped.
    for (size_t i = 0; i < count; i += 8) {
        size_t n = count - i < 8 ? count - i : 8;
        __m256i u, v;
        if (linear) {
            u = _mm256_add_epi32(highU, _mm256_srli_epi32(lowU, 16));
            v = _mm256_add_epi32(highV, _mm256_srli_epi32(lowV, 16));
            u = _mm256_min_epi32(_mm256_max_epi32(u, lowest), highestU);
            v = _mm256_min_epi32(_mm256_max_epi32(v, lowest), highestV);
            highU = _mm256_add_epi32(highU, highStepU); lowU = _mm256_add_epi32(lowU, lowStepU);
            highV = _mm256_add_epi32(highV, highStepV); lowV = _mm256_add_epi32(lowV, lowStepV);
        } else {
            u = rki_coords8(s, kqu, kru, maxU);
            v = rki_coords8(t, kqv, krv, maxV);
        }
        __m256i p = rki_sample8(base, stride, u, v);
        if (scales) p = rki_scale8(p, opacity);
        if (over) {
            __m256i w = alphaLanes;
            if (coverage != NULL) w = rki_weight8(coverage + i, n, alphaLanes);
            if (n == 8) {
                __m256i *dp = (__m256i *)(out + i);
                _mm256_storeu_si256(dp, rk_over8(p, _mm256_loadu_si256(dp), lerps, w));
            } else {
                __m256i lanes = rk_first_lanes(n);
                int *dp = (int *)(out + i);
                _mm256_maskstore_epi32(dp, lanes, rk_over8(p, _mm256_maskload_epi32(dp, lanes), lerps, w));
            }
        } else if (n == 8) {
            _mm256_storeu_si256((__m256i *)(out + i), p);
        } else {
            _mm256_maskstore_epi32((int *)(out + i), rk_first_lanes(n), p);
        }
        s += stepU8;
        t += stepV8;
    }
}

RK_AVX2 size_t rk_image_affine_bilinear_avx2(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    rki_affine_run(span, 0, NULL, 255, output, count, span->opacity < 255, 0, rki_span_linear(span, count));
    return count;
}

// One specialised loop per case for spans whose coordinates step as 32-bit vectors (nearly all): with
// coverage; without coverage under alpha < 255 (a constant weight); and without either (no lerp); each with
// and without the opacity scale. Other spans share one general loop.
RK_AVX2 size_t rk_image_affine_bilinear_over_avx2(const rk_image_affine_span *span, const uint8_t *coverage,
                                                  uint8_t alpha, uint32_t *destination, size_t count) {
    const int scales = span->opacity < 255;
    if (!rki_span_linear(span, count)) {
        rki_affine_run(span, 1, coverage, alpha, destination, count, scales, coverage != NULL || alpha != 255, 0);
    } else if (coverage != NULL) {
        if (scales) rki_affine_run(span, 1, coverage, alpha, destination, count, 1, 1, 1);
        else rki_affine_run(span, 1, coverage, alpha, destination, count, 0, 1, 1);
    } else if (alpha != 255) {
        if (scales) rki_affine_run(span, 1, NULL, alpha, destination, count, 1, 1, 1);
        else rki_affine_run(span, 1, NULL, alpha, destination, count, 0, 1, 1);
    } else {
        if (scales) rki_affine_run(span, 1, NULL, 255, destination, count, 1, 0, 1);
        else rki_affine_run(span, 1, NULL, 255, destination, count, 0, 0, 1);
    }
    return count;
}

size_t rk_image_affine_bilinear(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    return rk_avx2_enabled() ? rk_image_affine_bilinear_avx2(span, output, count) : 0;
}

size_t rk_image_affine_bilinear_over(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                     uint32_t *destination, size_t count) {
    return rk_avx2_enabled() ? rk_image_affine_bilinear_over_avx2(span, coverage, alpha, destination, count) : 0;
}

#else

size_t rk_image_affine_bilinear_avx2(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    (void)span; (void)output; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear_over_avx2(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                          uint32_t *destination, size_t count) {
    (void)span; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    (void)span; (void)output; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear_over(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                     uint32_t *destination, size_t count) {
    (void)span; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

#endif
