// Private pieces of the path filler's fused sweep and blend (raster_kernels_paths_blend.c and the blending
// sweep of raster_kernels_paths_sweep.c): a solid colour scaled by coverage, then source-over, for one pixel,
// 8 pixels (AVX2) or 16 pixels (AVX-512), and a constant-coverage span through the solid kernels.
//
// Colours: premultiplied RGBA8 (0xAABBGGRR); two channels per 32-bit lane as 16-bit halves (R, B then G, A).
// Every path computes, per channel, s = round(c · m / 255) and d' = s + round(d · (255 − s_alpha) / 255) with
// the exact round(t / 255) of FillSourceOver.swift, so all of them (and FillSourceOver, rk_solid_mask_over)
// give the same bytes. A zero coverage gives s = 0 and d' = round(d · 255 / 255) = d: no pixel changes.
#ifndef OPENQUARTZ_RK_PATHS_BLEND_LANES_H
#define OPENQUARTZ_RK_PATHS_BLEND_LANES_H

#include <stddef.h>
#include <stdint.h>
#include "raster_kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include "raster_kernels_avx512.h"
#define RK_PB_VECTOR 1
#endif

// FillSourceOver.scale: every channel of premultiplied `pixel` times factor / 255, rounded to nearest.
static inline uint32_t rk_pb_scale(uint32_t pixel, uint32_t factor) {
    uint32_t rb = (pixel & 0x00FF00FFu) * factor + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((pixel >> 8) & 0x00FF00FFu) * factor + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

// FillSourceOver.blendSolid(_:alpha:into:count:) for one span at kernel `level` (color ≠ 0): the source scaled
// once; opaque sources are stored, zero ones skipped, others go through the level's solid kernel.
static inline void rk_pb_alpha_over(uint32_t color, uint8_t alpha, uint32_t *destination, int32_t count,
                                    int level) {
    if (alpha == 0) return;
    uint32_t source = alpha == 255 ? color : rk_pb_scale(color, alpha);
    if (source >> 24 == 255) {
        for (int32_t i = 0; i < count; i++) destination[i] = source;
        return;
    }
    if (source == 0) return;
#if RK_PB_VECTOR
    if (level >= 3) {
        rk_solid_over_avx512(source, destination, (size_t)count);
        return;
    }
    if (level == 2) {
        rk_solid_over_avx2(source, destination, (size_t)count);
        return;
    }
#endif
    (void)level;
    uint32_t inverse = 255u - (source >> 24);
    for (int32_t i = 0; i < count; i++) destination[i] = source + rk_pb_scale(destination[i], inverse);
}

/// The blending sweep of raster_kernels_paths_sweep.c: rk_fill_sweep_tile's rows, each mask stretch blended
/// in registers and each constant span through rk_pb_alpha_over, with `color` (≠ 0) into tile row i's pixel j
/// at destination[(i − row_first) · destination_stride + j]; the bytes of rk_fill_sweep_blend_tile. Returns 0,
/// having done nothing, below the AVX2 level (the caller then sweeps into spans).
/// Invariant: as rk_fill_sweep_blend_tile.
int rk_fill_sweep_blend_rows(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched,
                             size_t words_per_row, int32_t row_first, int32_t row_end, int32_t width, int32_t even_odd,
                             int32_t gap_minimum, uint32_t color, uint32_t *destination, size_t destination_stride);

#if RK_PB_VECTOR
// round(t / 255) per 16-bit lane for t ≤ 255 · 255 + 127 (as rk_div255 of rk_lanes.h).
__attribute__((target("avx2"))) static inline __m256i rk_pb_div255(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(257));
}

// 8 destination pixels with the colour (color_lo: R, B; color_hi: G, A in 16-bit halves) scaled by the
// coverages in `alphas` (one 0…255 value per 32-bit lane), then source-over.
__attribute__((target("avx2"))) static inline __m256i rk_pb_mask8(__m256i d, __m256i color_lo, __m256i color_hi,
                                                                  __m256i alphas) {
    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    __m256i coverage = _mm256_or_si256(alphas, _mm256_slli_epi32(alphas, 16));
    __m256i s_lo = rk_pb_div255(_mm256_mullo_epi16(color_lo, coverage));
    __m256i s_hi = rk_pb_div255(_mm256_mullo_epi16(color_hi, coverage));
    __m256i alpha = _mm256_srli_epi32(s_hi, 16);
    __m256i inverse = _mm256_sub_epi16(low8, _mm256_or_si256(alpha, _mm256_slli_epi32(alpha, 16)));
    __m256i lo = _mm256_add_epi16(s_lo, rk_pb_div255(_mm256_mullo_epi16(_mm256_and_si256(d, low8), inverse)));
    __m256i hi = _mm256_add_epi16(s_hi, rk_pb_div255(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inverse)));
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

#define RK_PB512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

RK_PB512 static inline __m512i rk_pb_div255_512(__m512i t) {
    return _mm512_mulhi_epu16(_mm512_add_epi16(t, _mm512_set1_epi16(0x80)), _mm512_set1_epi16(257));
}

// rk_pb_mask8 for 16 pixels.
RK_PB512 static inline __m512i rk_pb_mask16(__m512i d, __m512i color_lo, __m512i color_hi, __m512i alphas) {
    const __m512i low8 = _mm512_set1_epi16(0x00FF);
    __m512i coverage = _mm512_or_si512(alphas, _mm512_slli_epi32(alphas, 16));
    __m512i s_lo = rk_pb_div255_512(_mm512_mullo_epi16(color_lo, coverage));
    __m512i s_hi = rk_pb_div255_512(_mm512_mullo_epi16(color_hi, coverage));
    __m512i alpha = _mm512_srli_epi32(s_hi, 16);
    __m512i inverse = _mm512_sub_epi16(low8, _mm512_or_si512(alpha, _mm512_slli_epi32(alpha, 16)));
    __m512i lo = _mm512_add_epi16(s_lo, rk_pb_div255_512(_mm512_mullo_epi16(_mm512_and_si512(d, low8), inverse)));
    __m512i hi = _mm512_add_epi16(s_hi, rk_pb_div255_512(_mm512_mullo_epi16(_mm512_srli_epi16(d, 8), inverse)));
    return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}

// Constant-coverage spans inside the AVX-512 blending sweep, inline (a call into the block kernel per span cost
// more time than the blend for the short spans of a tile row; on the AVX2 tier the call measured cheaper, so
// that tier keeps rk_pb_alpha_over). The source is scaled once as in rk_pb_alpha_over; then
// d = s + round(d · (255 − s_alpha) / 255) per channel, added as one 32-bit add: no channel carries, since
// s_c ≤ s_alpha and round(d_c · (255 − s_alpha) / 255) ≤ 255 − s_alpha for premultiplied pixels. So the bytes
// are rk_solid_over's.
RK_PB512 static inline __m512i rk_pb_solid16(__m512i d, __m512i source, __m512i inverse) {
    const __m512i low8 = _mm512_set1_epi16(0x00FF);
    __m512i lo = rk_pb_div255_512(_mm512_mullo_epi16(_mm512_and_si512(d, low8), inverse));
    __m512i hi = rk_pb_div255_512(_mm512_mullo_epi16(_mm512_srli_epi16(d, 8), inverse));
    return _mm512_add_epi32(source, _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8)));
}

RK_PB512 static inline void rk_pb_alpha_over_avx512(uint32_t color, uint8_t alpha, uint32_t *destination,
                                                    int32_t count) {
    if (alpha == 0) return;
    uint32_t source = alpha == 255 ? color : rk_pb_scale(color, alpha);
    if (source == 0) return;
    const __m512i s = _mm512_set1_epi32((int)source);
    int32_t k = 0;
    if (source >> 24 == 255) {
        for (; k + 16 <= count; k += 16) _mm512_storeu_si512((void *)(destination + k), s);
        if (k < count) _mm512_mask_storeu_epi32((void *)(destination + k), (__mmask16)((1u << (count - k)) - 1u), s);
        return;
    }
    const __m512i inverse = _mm512_set1_epi16((short)(255u - (source >> 24)));
    for (; k + 16 <= count; k += 16) {
        __m512i d = _mm512_loadu_si512((const void *)(destination + k));
        _mm512_storeu_si512((void *)(destination + k), rk_pb_solid16(d, s, inverse));
    }
    if (k < count) {
        __mmask16 lanes = (__mmask16)((1u << (count - k)) - 1u);
        __m512i d = _mm512_maskz_loadu_epi32(lanes, (const void *)(destination + k));
        _mm512_mask_storeu_epi32((void *)(destination + k), lanes, rk_pb_solid16(d, s, inverse));
    }
}
#endif

#endif
