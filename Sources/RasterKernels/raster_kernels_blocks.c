// AVX2 solid block kernel: a solid premultiplied source over a rectangle of a strided surface (contract in
// include/raster_kernels_shapes.h; the AVX-512 twin is in raster_kernels_avx512.c).
//
// Coordinate space: row k of the block starts at destination + k · stride, `width` pixels long. Number format
// and the exactness argument (why the packed add and the overlapping groups give the bytes of FillSourceOver's
// lanes and scalar blend): rk_solid_blocks.h. Every row has the same shape, so the work per row is fixed before
// the row loop: whole 8-pixel groups from the row's start, then one group ending at the row's end that may
// overlap them (loaded before any store of the row, stored last) instead of masked 8-lane tails or scalar
// pixels. Rows up to 64 pixels get fully unrolled group code; wider rows (the compositor's tiles are 128
// pixels wide) a counted loop of four groups per step.
#include "raster_kernels_shapes.h"
#include "rk_solid_blocks.h"

#if RK_X86

// `height` rows: per row `groups` whole 8-pixel groups from the row's start, then the group ending at the row's
// end (pixels tailStart..<tailStart + 8 = width), loaded before any store of the row. Inlined with a constant
// `groups` up to 7 (rows up to 64 pixels), so the group code unrolls completely.
// Invariant: 8 · groups ≤ tailStart + 8 and every row addresses tailStart + 8 writable pixels.
RK_AVX2 __attribute__((always_inline)) static inline void rk_solid_rows8(uint32_t *line, size_t stride, size_t height,
                                                                      size_t groups, size_t tailStart,
                                                                      __m256i source, __m256i inverse, __m256i low8) {
    for (size_t row = 0; row < height; row++, line += stride) {
        __m256i last = _mm256_loadu_si256((const __m256i *)(line + tailStart));
        __m256i *p = (__m256i *)line;
        // Four groups per step (a counted loop: three loop instructions per 32 pixels), then 2 and 1.
        for (size_t k = groups / 4; k > 0; k--, p += 4) {
            __m256i d0 = _mm256_loadu_si256(p), d1 = _mm256_loadu_si256(p + 1);
            __m256i d2 = _mm256_loadu_si256(p + 2), d3 = _mm256_loadu_si256(p + 3);
            _mm256_storeu_si256(p, rk_solid8_packed(d0, source, inverse, low8));
            _mm256_storeu_si256(p + 1, rk_solid8_packed(d1, source, inverse, low8));
            _mm256_storeu_si256(p + 2, rk_solid8_packed(d2, source, inverse, low8));
            _mm256_storeu_si256(p + 3, rk_solid8_packed(d3, source, inverse, low8));
        }
        if (groups & 2) {
            __m256i d0 = _mm256_loadu_si256(p), d1 = _mm256_loadu_si256(p + 1);
            _mm256_storeu_si256(p, rk_solid8_packed(d0, source, inverse, low8));
            _mm256_storeu_si256(p + 1, rk_solid8_packed(d1, source, inverse, low8));
            p += 2;
        }
        if (groups & 1) _mm256_storeu_si256(p, rk_solid8_packed(_mm256_loadu_si256(p), source, inverse, low8));
        _mm256_storeu_si256((__m256i *)(line + tailStart), rk_solid8_packed(last, source, inverse, low8));
    }
}

RK_AVX2 int rk_solid_block_over_avx2(uint32_t source, uint32_t *destination, size_t stride, size_t width,
                                      size_t height) {
    if (width == 0 || height == 0) return 1;
    if (width < 8) {
        rk_solid_block_narrow(source, destination, stride, width, height);
        return 1;
    }
    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    const __m256i s = _mm256_set1_epi32((int)source);
    const __m256i inv = _mm256_set1_epi16((short)(255u - (source >> 24)));
    // The whole groups before the last one (which ends at the row's end and may overlap them).
    const size_t groups = (width - 1) / 8, tailStart = width - 8;
    uint32_t *d = destination;
    // Spans and short blocks (widths vary from call to call, so the jump table would mispredict) take the
    // generic rows.
#define RK_ROWS8(n) rk_solid_rows8(d, stride, height, n, tailStart, s, inv, low8)
    RK_UNROLLED_GROUPS(height >= 4 ? groups : 8, groups, RK_ROWS8)
#undef RK_ROWS8
    return 1;
}

#else

int rk_solid_block_over_avx2(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)source; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}

#endif
