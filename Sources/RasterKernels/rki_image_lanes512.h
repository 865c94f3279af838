// Private AVX-512 helpers of the 512-bit image kernel (raster_kernels_images_avx512.c): bilinear taps, opacity
// and coverage weights of 16 pixels. Not a public header of the module.
//
// Number format: as rki_image_lanes.h, twice as wide: a zmm register holds 16 pixels, one per 32-bit lane,
// viewed as 32 unsigned 16-bit lanes (R,B in the low bytes, G,A in the high bytes). Every operation is the
// AVX2 helper's operation on each 128-bit lane (unpack, pack, madd and the float shuffles all work within
// 128-bit lanes), so each pixel's bytes are those of rki_sample8 / rki_scale8 / rki_weight8.
#ifndef OPENQUARTZ_RKI_IMAGE_LANES512_H
#define OPENQUARTZ_RKI_IMAGE_LANES512_H

#include "rk_lanes512.h"

#if RK_X86

// Every helper is inlined into each specialised loop (a call would spill the live vectors around it).
#define RKI5_INLINE __attribute__((always_inline)) static inline

// rki_vertical of 16 pixels: round((top · gy + bottom · wy) / 65536) per 16-bit lane via one signed madd
// (see rki_image_lanes.h for the exactness argument).
RK_AVX512 RKI5_INLINE __m512i rki5_vertical(__m512i top, __m512i bottom, __m512i w01, __m512i w23) {
    const __m512i flip = _mm512_set1_epi16((short)0x8000), bias = _mm512_set1_epi32((1 << 23) + (1 << 15));
    __m512i t = _mm512_xor_si512(top, flip), b = _mm512_xor_si512(bottom, flip);
    __m512i low = _mm512_madd_epi16(_mm512_unpacklo_epi16(t, b), w01);
    __m512i high = _mm512_madd_epi16(_mm512_unpackhi_epi16(t, b), w23);
    low = _mm512_srli_epi32(_mm512_add_epi32(low, bias), 16);
    high = _mm512_srli_epi32(_mm512_add_epi32(high, bias), 16);
    return _mm512_packus_epi32(low, high);
}

// The four tap rows of 16 bilinear samples, as loaded: 128-bit lane L of topA/botA holds the pairs (x0, x0 + 1)
// of pixels 4L, 4L + 1, of topB/botB those of 4L + 2, 4L + 3 (rki5_filter16's in-lane split restores pixel order).
typedef struct { __m512 topA, topB, botA, botB; } rki5_taps;

// Loads the taps of 16 pixels at clamped coordinates u, v (1/256 texel). Kept apart from the arithmetic so a
// loop can issue two groups' loads before either group's arithmetic waits on them.
// Invariant: base = texel (−1, −1) of the bordered block; every tap index is inside it because u, v are clamped
// to [−256, max] (also for the lanes past a span's end, which are sampled and dropped).
RK_AVX512 RKI5_INLINE rki5_taps rki5_load16(const int *base, int32_t stride, __m512i u, __m512i v) {
    __m512i index = _mm512_add_epi32(_mm512_add_epi32(_mm512_mullo_epi32(_mm512_srai_epi32(v, 8), _mm512_set1_epi32(stride)),
                                                      _mm512_srai_epi32(u, 8)),
                                     _mm512_set1_epi32(stride + 1));
    // Tap pairs as 64-bit scalar loads (AMD Zen's gathers are microcoded and slower). The indices are read back
    // two at a time as 64-bit words: 8 loads instead of 16 (measured as fast as or faster than extracting them
    // from the register with vpextrq). They are ≥ 0 (u, v ≥ −256): read unsigned.
    uint64_t at[8] __attribute__((aligned(64)));
    _mm512_store_si512((void *)at, index);
    const uint64_t p0 = at[0], p2 = at[1], p4 = at[2], p6 = at[3], p8 = at[4], p10 = at[5], p12 = at[6], p14 = at[7];
    const uint32_t *top = (const uint32_t *)base, *bottom = (const uint32_t *)(base + stride);
#define RKI5_LO(p) ((uint32_t)(p))
#define RKI5_HI(p) ((uint32_t)((p) >> 32))
#define RKI5_PAIRS(row, i, j) _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(row + (i)))), \
                                                             (const double *)(row + (j))))
#define RKI5_QUAD(row, i, j, k, l) _mm256_inserti128_si256(_mm256_castsi128_si256(RKI5_PAIRS(row, i, j)), RKI5_PAIRS(row, k, l), 1)
#define RKI5_OCT(row, a, b, c, d, e, f, g, h) _mm512_castsi512_ps(_mm512_inserti64x4(_mm512_castsi256_si512(RKI5_QUAD(row, a, b, c, d)), \
                                                                                 RKI5_QUAD(row, e, f, g, h), 1))
#define RKI5_EVENS(row) RKI5_OCT(row, RKI5_LO(p0), RKI5_HI(p0), RKI5_LO(p4), RKI5_HI(p4), RKI5_LO(p8), RKI5_HI(p8), RKI5_LO(p12), RKI5_HI(p12))
#define RKI5_ODDS(row) RKI5_OCT(row, RKI5_LO(p2), RKI5_HI(p2), RKI5_LO(p6), RKI5_HI(p6), RKI5_LO(p10), RKI5_HI(p10), RKI5_LO(p14), RKI5_HI(p14))
    rki5_taps taps;
    taps.topA = RKI5_EVENS(top);
    taps.topB = RKI5_ODDS(top);
    taps.botA = RKI5_EVENS(bottom);
    taps.botB = RKI5_ODDS(bottom);
#undef RKI5_ODDS
#undef RKI5_EVENS
#undef RKI5_OCT
#undef RKI5_QUAD
#undef RKI5_PAIRS
#undef RKI5_HI
#undef RKI5_LO
    return taps;
}

// Bilinear samples of 16 pixels from their loaded taps at coordinates u, v (rki_sample8's arithmetic).
RK_AVX512 RKI5_INLINE __m512i rki5_filter16(rki5_taps taps, __m512i u, __m512i v) {
    const __m512i m = _mm512_set1_epi16(0x00FF), k256 = _mm512_set1_epi16(256);
    __m512i t00 = _mm512_castps_si512(_mm512_shuffle_ps(taps.topA, taps.topB, 0x88));
    __m512i t10 = _mm512_castps_si512(_mm512_shuffle_ps(taps.topA, taps.topB, 0xDD));
    __m512i t01 = _mm512_castps_si512(_mm512_shuffle_ps(taps.botA, taps.botB, 0x88));
    __m512i t11 = _mm512_castps_si512(_mm512_shuffle_ps(taps.botA, taps.botB, 0xDD));
    __m512i fx = _mm512_and_si512(u, _mm512_set1_epi32(255)), fy = _mm512_and_si512(v, _mm512_set1_epi32(255));
    __m512i wx = _mm512_or_si512(fx, _mm512_slli_epi32(fx, 16)), wy = _mm512_or_si512(fy, _mm512_slli_epi32(fy, 16));
    __m512i gx = _mm512_sub_epi16(k256, wx), gy = _mm512_sub_epi16(k256, wy);
    __m512i topRB = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(t00, m), gx),
                                     _mm512_mullo_epi16(_mm512_and_si512(t10, m), wx));
    __m512i botRB = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(t01, m), gx),
                                     _mm512_mullo_epi16(_mm512_and_si512(t11, m), wx));
    __m512i topGA = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(t00, 8), gx),
                                     _mm512_mullo_epi16(_mm512_srli_epi16(t10, 8), wx));
    __m512i botGA = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(t01, 8), gx),
                                     _mm512_mullo_epi16(_mm512_srli_epi16(t11, 8), wx));
    __m512i w01 = _mm512_unpacklo_epi16(gy, wy), w23 = _mm512_unpackhi_epi16(gy, wy);
    __m512i rb = rki5_vertical(topRB, botRB, w01, w23), ga = rki5_vertical(topGA, botGA, w01, w23);
    return _mm512_or_si512(rb, _mm512_slli_epi16(ga, 8));
}

// Every channel times a/255 rounded to nearest (rki_scale8), a in both 16-bit lanes of `a16`.
RK_AVX512 RKI5_INLINE __m512i rki5_scale16(__m512i p, __m512i a16) {
    const __m512i m = _mm512_set1_epi16(0x00FF), bias = _mm512_set1_epi16(128), k257 = _mm512_set1_epi16(257);
    __m512i rb = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(p, m), a16), bias), k257);
    __m512i ga = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(p, 8), a16), bias), k257);
    return _mm512_or_si512(rb, _mm512_slli_epi16(ga, 8));
}

// round(coverage · alpha / 255) of 16 coverage bytes in both 16-bit lanes of each pixel (rki_weight8).
RK_AVX512 RKI5_INLINE __m512i rki5_weight16(__m128i bytes, __m512i alpha) {
    __m512i m = _mm512_cvtepu8_epi32(bytes);
    return rk5_div255(_mm512_mullo_epi16(_mm512_or_si512(m, _mm512_slli_epi32(m, 16)), alpha));
}

#endif

#endif
