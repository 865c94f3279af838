// The uniform (coverage 1) runs of rk_rrect_blend_rows' AVX2 row loop blended in place instead of through
// rk_solid_over: a row's run is ~40 pixels at 512 px, where the call, its dispatch and set-up and the
// vzeroupper cost about as much as the blend, and the call clobbers every vector register of the row loop.
// Private to RasterKernels.
//
// Coordinate space: one row's run of `count` pixels from `d`. Numbers: premultiplied 0xAABBGGRR pixels,
// d' = s + round(d · (255 − s_a) / 255) per channel with the helpers of rk_solid_blocks.h (rk_solid8_packed,
// rk_solid4_wide): the arithmetic of rk_solid_block_over_avx2, hence of rk_solid_over on every tier and of
// the scalar tail in rkr_uniform (rk_solid_blocks.h proves the packed add exact). Overlapping groups are all
// loaded before any of them is stored, so a shared pixel is written twice with the same bytes.
#ifndef RK_RRECT_UNIFORM_H
#define RK_RRECT_UNIFORM_H

#include "rk_rrect_scalar.h"
#include "rk_solid_blocks.h"
#include "rk_lanes512.h"

#if RK_X86
/// Runs this long or longer take rk_solid_over_avx512 on the AVX-512 tier (16 pixels per vector), shorter ones
/// stay in the AVX2 loop below (the call's set-up costs more than the wider lanes save).
#define RKR_UNIFORM_AVX512_MIN 64

// rkr_uniform for a translucent colour (alpha < 255, not 0): the same bytes as rk_solid_over and its scalar
// tail. `level` is rk_kernel_level().
// Invariant (caller): d[0 ..< count] are pixels of the surface; nothing outside them is read or written.
__attribute__((target("avx2"), always_inline))
static inline void rkr_uniform_translucent_avx2(uint32_t color, uint32_t *d, int64_t count, int level) {
    if (count >= 8) {
        if (count >= RKR_UNIFORM_AVX512_MIN && level == 3) {
            rk_solid_over_avx512(color, d, (size_t)count);
            return;
        }
        const __m256i low8 = _mm256_set1_epi16(0x00FF), source = _mm256_set1_epi32((int)color);
        const __m256i inverse = _mm256_set1_epi16((short)(255u - (color >> 24)));
        // The group ending at the run's end first (it may overlap the whole groups), stored last.
        const __m256i last = _mm256_loadu_si256((const __m256i *)(d + count - 8));
        // Invariant: each group d[i ..< i + 8] lies before d + count − 8 + 8 = d + count.
        for (int64_t i = 0; i + 8 < count; i += 8)
            _mm256_storeu_si256((__m256i *)(d + i),
                                rk_solid8_packed(_mm256_loadu_si256((const __m256i *)(d + i)), source, inverse, low8));
        _mm256_storeu_si256((__m256i *)(d + count - 8), rk_solid8_packed(last, source, inverse, low8));
        return;
    }
    if (count >= 4) {
        // Two groups of 4, d[0 ..< 4] and d[count − 4 ..< count], both loaded before either is stored.
        const rk_wide_solid w = rk_wide_solid_make(color);
        const __m128i first = _mm_loadu_si128((const __m128i *)d);
        const __m128i last = _mm_loadu_si128((const __m128i *)(d + count - 4));
        _mm_storeu_si128((__m128i *)d, rk_solid4_wide(first, w));
        _mm_storeu_si128((__m128i *)(d + count - 4), rk_solid4_wide(last, w));
        return;
    }
    const uint32_t inverse = 255u - (color >> 24);
    for (int64_t i = 0; i < count; i++) d[i] = color + rk_scale_pixel(d[i], inverse);
}

// rkr_uniform_translucent_avx2 for rkr_rows_avx512: runs of 16 pixels or more in 16-pixel groups with
// rk5_solid16_packed (rk_solid8_packed's arithmetic, the same bytes), inline rather than through
// rk_solid_over_avx512's call; shorter runs as rkr_uniform_translucent_avx2 takes them.
// Invariant (caller): as rkr_uniform_translucent_avx2; AVX-512 (F, BW, VL) available.
__attribute__((target("avx2,avx512f,avx512bw,avx512vl"), always_inline))
static inline void rkr_uniform_translucent_avx512(uint32_t color, uint32_t *d, int64_t count, int level) {
    if (count < 16) {
        rkr_uniform_translucent_avx2(color, d, count, level);
        return;
    }
    const __m512i low8 = _mm512_set1_epi16(0x00FF), source = _mm512_set1_epi32((int)color);
    const __m512i inverse = _mm512_set1_epi16((short)(255u - (color >> 24)));
    // The group ending at the run's end first (it may overlap the whole groups), stored last.
    const __m512i last = _mm512_loadu_si512(d + count - 16);
    // Invariant: each group d[i ..< i + 16] lies before d + count.
    for (int64_t i = 0; i + 16 < count; i += 16)
        _mm512_storeu_si512(d + i, rk5_solid16_packed(_mm512_loadu_si512(d + i), source, inverse, low8));
    _mm512_storeu_si512(d + count - 16, rk5_solid16_packed(last, source, inverse, low8));
}
#endif

#endif
