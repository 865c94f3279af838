// The occupied extent of a path's edges (include/raster_kernels_paths_extent.h): FillPathCoverage.init's first
// loop over its edges, which took ~20 instructions per edge in Swift; the AVX2 tier takes two edges per step.
//
// Coordinate space: device pixels, 24.8 fixed point; only integer minima and maxima, so the tiers agree.
#include "raster_kernels_paths_extent.h"
#include "raster_kernels.h"
#include "raster_kernels_paths.h"

#include <limits.h>

static int extent_portable(const rk_fill_edge *all, size_t count, int32_t *extent) {
    int32_t x_low = INT32_MAX, x_high = INT32_MIN, y_low = INT32_MAX, y_high = INT32_MIN;
    int any = 0;
    for (size_t i = 0; i < count; i++) {
        const rk_fill_edge *e = &all[i];
        if (e->y0 >= e->y1) continue;
        any = 1;
        int32_t a = e->x0 < e->x1 ? e->x0 : e->x1, b = e->x0 < e->x1 ? e->x1 : e->x0;
        x_low = a < x_low ? a : x_low;
        x_high = b > x_high ? b : x_high;
        y_low = e->y0 < y_low ? e->y0 : y_low;
        y_high = e->y1 > y_high ? e->y1 : y_high;
    }
    if (!any) return 0;
    extent[0] = x_low;
    extent[1] = x_high;
    extent[2] = y_low;
    extent[3] = y_high;
    return 1;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// Lanes (x0, y0, x1, y1) of two edges per 256-bit step (one per half); an edge with y0 ≥ y1 leaves the running
// minima and maxima as they were (blended out by its half's mask).
__attribute__((target("avx2"))) static int extent_avx2(const rk_fill_edge *all, size_t count, int32_t *extent) {
    __m256i low = _mm256_set1_epi32(INT32_MAX), high = _mm256_set1_epi32(INT32_MIN), any = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        __m256i v = _mm256_loadu2_m128i((const __m128i *)&all[i + 1], (const __m128i *)&all[i]);
        // y1 > y0 in every lane of its edge's half.
        __m256i valid = _mm256_cmpgt_epi32(_mm256_shuffle_epi32(v, 0xFF), _mm256_shuffle_epi32(v, 0x55));
        low = _mm256_blendv_epi8(low, _mm256_min_epi32(low, v), valid);
        high = _mm256_blendv_epi8(high, _mm256_max_epi32(high, v), valid);
        any = _mm256_or_si256(any, valid);
    }
    if (i < count) {
        __m256i v = _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)&all[i]));
        __m256i valid = _mm256_cmpgt_epi32(_mm256_shuffle_epi32(v, 0xFF), _mm256_shuffle_epi32(v, 0x55));
        valid = _mm256_blend_epi32(valid, _mm256_setzero_si256(), 0xF0);
        low = _mm256_blendv_epi8(low, _mm256_min_epi32(low, v), valid);
        high = _mm256_blendv_epi8(high, _mm256_max_epi32(high, v), valid);
        any = _mm256_or_si256(any, valid);
    }
    if (_mm256_testz_si256(any, any)) return 0;
    __m128i l = _mm_min_epi32(_mm256_castsi256_si128(low), _mm256_extracti128_si256(low, 1));
    __m128i h = _mm_max_epi32(_mm256_castsi256_si128(high), _mm256_extracti128_si256(high, 1));
    int32_t lows[4], highs[4];
    _mm_storeu_si128((__m128i *)lows, l);
    _mm_storeu_si128((__m128i *)highs, h);
    extent[0] = lows[0] < lows[2] ? lows[0] : lows[2];
    extent[1] = highs[0] > highs[2] ? highs[0] : highs[2];
    extent[2] = lows[1];
    extent[3] = highs[3];
    return 1;
}
#endif

int rk_fill_edge_extent(const void *edges, size_t count, int32_t *extent) {
    const rk_fill_edge *all = (const rk_fill_edge *)edges;
#if defined(__x86_64__) || defined(__i386__)
    if (rk_kernel_level() >= 2) return extent_avx2(all, count, extent);
#endif
    return extent_portable(all, count, extent);
}
