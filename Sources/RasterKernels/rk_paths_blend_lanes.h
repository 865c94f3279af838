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
#include "rk_pixel_scale.h"

#if defined(__x86_64__) || defined(__i386__)
#include "raster_kernels_avx512.h"
#include "rk_lanes512.h"
#define RK_PB_VECTOR 1
#endif

// FillSourceOver.blendSolid(_:alpha:into:count:) for one span at kernel `level` (color ≠ 0): the source scaled
// once; opaque sources are stored, zero ones skipped, others go through the level's solid kernel.
static inline void rk_pb_alpha_over(uint32_t color, uint8_t alpha, uint32_t *destination, int32_t count,
                                    int level) {
    if (alpha == 0) return;
    uint32_t source = alpha == 255 ? color : rk_scale_pixel(color, alpha);
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
    for (int32_t i = 0; i < count; i++) destination[i] = source + rk_scale_pixel(destination[i], inverse);
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
// 8 destination pixels with the colour (color_lo: R, B; color_hi: G, A in 16-bit halves) scaled by the
// coverages in `alphas` (one 0…255 value per 32-bit lane), then source-over: rk_mask8 of rk_lanes.h.
RK_AVX2 static inline __m256i rk_pb_mask8(__m256i d, __m256i color_lo, __m256i color_hi, __m256i alphas) {
    __m256i coverage = _mm256_or_si256(alphas, _mm256_slli_epi32(alphas, 16));
    return rk_mask8(d, color_lo, color_hi, coverage, _mm256_set1_epi16(0x00FF));
}

// rk_pb_mask8 for 16 pixels: rk5_mask16 of rk_lanes512.h. Each alpha (≤ 255, upper bytes 0) copied into
// both 16-bit lanes of its pixel by one byte shuffle. `upper_both` is rk5_upper_lane_both(), best passed
// through rk5_opaque so that rk5_mask16's vpshufb stays one uop.
RK_AVX512 static inline __m512i rk_pb_mask16(__m512i d, __m512i color_lo, __m512i color_hi, __m512i alphas,
                                             __m512i upper_both) {
    const __m512i both = _mm512_set4_epi32((int)0x800C800Cu, (int)0x80088008u, (int)0x80048004u, (int)0x80008000u);
    __m512i coverage = _mm512_shuffle_epi8(alphas, both);
    return rk5_mask16(d, color_lo, color_hi, coverage, _mm512_set1_epi16(0x00FF), upper_both);
}

// Constant-coverage spans inside the AVX-512 blending sweep, inline (a call into the block kernel per span cost
// more time than the blend for the short spans of a tile row; on the AVX2 tier the call measured cheaper, so
// that tier keeps rk_pb_alpha_over). The source is scaled once as in rk_pb_alpha_over; then
// d = s + round(d · (255 − s_alpha) / 255) per channel, added as one 32-bit add: no channel carries, since
// s_c ≤ s_alpha and round(d_c · (255 − s_alpha) / 255) ≤ 255 − s_alpha for premultiplied pixels
// (rk5_solid16_packed). So the bytes are rk_solid_over's.
RK_AVX512 static inline void rk_pb_alpha_over_avx512(uint32_t color, uint8_t alpha, uint32_t *destination,
                                                    int32_t count) {
    if (alpha == 0) return;
    uint32_t source = alpha == 255 ? color : rk_scale_pixel(color, alpha);
    if (source == 0) return;
    const __m512i s = _mm512_set1_epi32((int)source);
    int32_t k = 0;
    if (source >> 24 == 255) {
        for (; k + 16 <= count; k += 16) _mm512_storeu_si512((void *)(destination + k), s);
        if (k < count) _mm512_mask_storeu_epi32((void *)(destination + k), (__mmask16)((1u << (count - k)) - 1u), s);
        return;
    }
    const __m512i inverse = _mm512_set1_epi16((short)(255u - (source >> 24))), low8 = _mm512_set1_epi16(0x00FF);
    for (; k + 16 <= count; k += 16) {
        __m512i d = _mm512_loadu_si512((const void *)(destination + k));
        _mm512_storeu_si512((void *)(destination + k), rk5_solid16_packed(d, s, inverse, low8));
    }
    if (k < count) {
        __mmask16 lanes = (__mmask16)((1u << (count - k)) - 1u);
        __m512i d = _mm512_maskz_loadu_epi32(lanes, (const void *)(destination + k));
        _mm512_mask_storeu_epi32((void *)(destination + k), lanes, rk5_solid16_packed(d, s, inverse, low8));
    }
}
#endif

#endif
