// Private AVX2 helpers of the image kernels (raster_kernels_images.c): coordinates, bilinear taps, opacity and
// coverage weights of 8 pixels. Not a public header of the module.
//
// Number format: a ymm register holds 8 pixels, one per 32-bit lane; the arithmetic views it as 16 unsigned
// 16-bit lanes (R,B in the low bytes, G,A in the high bytes) and repeats, operation for operation, the Swift
// SIMD16<UInt16> code of PaintImageLowpMath.swift (paintBilerp8, paintScale8) and PaintSourceOverLanes.swift,
// so the bytes are identical. Coordinates: the 40.24 fixed-point value of each 8-pixel group's first pixel is
// stepped in Int64; within the group floor((s + k·B) / 2^16) = (s >> 16) + k·(B >> 16) + ((s & 0xFFFF) +
// k·(B & 0xFFFF)) >> 16 for k < 8 is exact in 32-bit lanes while |s >> 16| ≤ 2^30 (|k·(B >> 16)| < 2^25).
// Beyond that every lane of the group lies more than 2^29 past the same edge and clamps to it.
#ifndef OPENQUARTZ_RKI_IMAGE_LANES_H
#define OPENQUARTZ_RKI_IMAGE_LANES_H

#include "rk_lanes.h"

#include <string.h>

#if RK_X86

// Every helper is inlined into each specialised loop (clang otherwise calls the sampler out of line in the
// larger loops, spilling every live vector around the call).
#define RKI_INLINE __attribute__((always_inline)) static inline

// Coordinates of the 8 pixels from fixed-point s (first pixel), clamped to [−256, high]; kq = k · (B >> 16),
// kr = k · (B & 0xFFFF) for lane k.
RK_AVX2 RKI_INLINE __m256i rki_coords8(int64_t s, __m256i kq, __m256i kr, int32_t high) {
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
RK_AVX2 RKI_INLINE __m256i rki_vertical(__m256i top, __m256i bottom, __m256i w01, __m256i w23) {
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
RK_AVX2 RKI_INLINE __m256i rki_sample8(const int *base, int32_t stride, __m256i u, __m256i v) {
    const __m256i m = _mm256_set1_epi16(0x00FF), k256 = _mm256_set1_epi16(256);
    // Tap index ((v >> 8) + 1) · stride + (u >> 8) + 1 from `base`, the two +1 folded into one constant.
    __m256i index = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(v, 8), _mm256_set1_epi32(stride)),
                                                      _mm256_srai_epi32(u, 8)),
                                     _mm256_set1_epi32(stride + 1));
    // Each tap pair (x0, x0 + 1) is one 64-bit load (scalar loads beat the microcoded gathers on AMD Zen).
    // Pairs of pixels 0, 1, 4, 5 go to `a`, of 2, 3, 6, 7 to `b`, so the in-lane even/odd split below restores
    // pixel order. Indices are ≥ 0 (u, v ≥ −256), so they are read as unsigned: a 32-bit move zero-extends
    // them into an address register without a sign extension per tap.
    uint32_t at[8] __attribute__((aligned(32)));
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
RK_AVX2 RKI_INLINE __m256i rki_scale8(__m256i p, __m256i a16) {
    const __m256i m = _mm256_set1_epi16(0x00FF), bias = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257);
    __m256i rb = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, m), a16), bias), k257);
    __m256i ga = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), a16), bias), k257);
    return _mm256_or_si256(rb, _mm256_slli_epi16(ga, 8));
}

// The `n` ≤ 8 coverage bytes from `coverage` as one little-endian word; missing bytes read 0 (a byte loop, not
// memcpy: a library call per short span costs more than the bytes).
static inline uint64_t rki_coverage_bytes(const uint8_t *coverage, size_t n) {
    uint64_t bytes;
    if (n >= 8) {
        memcpy(&bytes, coverage, 8);
        return bytes;
    }
    bytes = 0;
    for (size_t k = 0; k < n; k++) bytes |= (uint64_t)coverage[k] << (8 * k);
    return bytes;
}

// round(coverage · alpha / 255) of 8 coverage bytes (one word, as rki_coverage_bytes) in both lanes of each pixel.
RK_AVX2 RKI_INLINE __m256i rki_weight8(uint64_t bytes, __m256i alpha) {
    __m256i m = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)bytes));
    return rk_div255(_mm256_mullo_epi16(_mm256_or_si256(m, _mm256_slli_epi32(m, 16)), alpha));
}

#endif

#endif
