// AVX-512 (F, BW, VL) source-over and fill kernels; see include/raster_kernels_avx512.h for the contract.
//
// Number format and lane helpers: rk_lanes512.h (16 pixels per zmm register, 16-bit lanes, round(t / 255)
// exact). Tails run through mask registers: masked lanes are not read (so no fault past the span) and not
// written, which replaces the scalar and 8-lane remainders of the AVX2 kernels.
#include "raster_kernels_avx512.h"
#include "rk_lanes512.h"
#include "rk_solid_blocks.h"
#include "rk_solid_lut512.h"

#if RK_X86

int rk_avx512_supported(void) {
    __builtin_cpu_init();
    // The runtime's feature bits already require the OS to save zmm and mask state (XCR0).
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx2");
}

// `height` rows: per row `groups` whole 16-pixel groups from the row's start, then the masked rest (`rest`, the
// pixels 16 · groups..<width, 1…16 of them). Inlined with a constant `groups` up to 7 (rows up to 128 pixels,
// the compositor's tile width), so the group code unrolls completely.
// Invariant: every row addresses 16 · groups + popcount(rest) writable pixels; masked lanes are not touched.
RK_AVX512 __attribute__((always_inline)) static inline void rk5_solid_rows16(
    uint32_t *line, size_t stride, size_t height, size_t groups, __mmask16 rest, __m512i source, __m512i inverse,
    __m512i low8) {
    for (size_t row = 0; row < height; row++, line += stride) {
        uint32_t *p = line;
        // Two groups per step (a counted loop), then 1.
        for (size_t k = groups / 2; k > 0; k--, p += 32) {
            __m512i d0 = _mm512_loadu_si512(p), d1 = _mm512_loadu_si512(p + 16);
            _mm512_storeu_si512(p, rk5_solid16_packed(d0, source, inverse, low8));
            _mm512_storeu_si512(p + 16, rk5_solid16_packed(d1, source, inverse, low8));
        }
        if (groups & 1) {
            _mm512_storeu_si512(p, rk5_solid16_packed(_mm512_loadu_si512(p), source, inverse, low8));
            p += 16;
        }
        __m512i d = _mm512_maskz_loadu_epi32(rest, p);
        _mm512_mask_storeu_epi32(p, rest, rk5_solid16_packed(d, source, inverse, low8));
    }
}

// rk5_solid_rows16 through the byte table of rk_solid_lut512.h (CPUs with AVX-512 VBMI): `height` rows of
// `width` ≥ 1 pixels, whole 16-pixel groups two per step, then the masked rest (1…16 pixels).
// Invariant: every row addresses `width` writable pixels; masked lanes are not touched.
RK_AVX512_VBMI static void rk5_solid_rows16_table(uint32_t *line, size_t stride, size_t width, size_t height,
                                                  uint32_t source) {
    const rk5_byte_table t = rk5_scale_table(255u - (source >> 24));
    const __m512i s = _mm512_set1_epi32((int)source);
    const size_t groups = (width - 1) / 16;
    const __mmask16 rest = rk5_first(width - 16 * groups);
    for (size_t row = 0; row < height; row++, line += stride) rk5_table_row(line, groups, rest, &t, s);
}

RK_AVX512 int rk_solid_block_over_avx512(uint32_t source, uint32_t *destination, size_t stride, size_t width,
                                          size_t height) {
    if (width == 0 || height == 0) return 1;
    // Edge columns and thin blocks: rk_solid_blocks.h's narrow rows (no masked access per row). Spans and short
    // blocks take the generic masked rows at the end instead: their widths vary from call to call, so the
    // narrow and unrolled rows' jump tables would mispredict (scene b's row spans ran ~3% slower through them).
    const int tall = height >= 4;
    if (width < 8 && tall) {
        rk_solid_block_narrow(source, destination, stride, width, height);
        return 1;
    }
    // Blocks of 256 pixels or more repay the table's set-up (about 50 instructions; 6 fewer per 16 pixels).
    if (width * height >= 256 && rk5_has_vbmi()) {
        rk5_solid_rows16_table(destination, stride, width, height, source);
        return 1;
    }
    const __m512i low8 = _mm512_set1_epi16(0x00FF);
    const __m512i s = _mm512_set1_epi32((int)source);
    const __m512i inv = _mm512_set1_epi16((short)(255u - (source >> 24)));
    // Every row has the same whole groups and the same masked rest (1…16 pixels).
    const size_t groups = (width - 1) / 16;
    const __mmask16 rest = rk5_first(width - 16 * groups);
    uint32_t *d = destination;
#define RK_ROWS16(n) rk5_solid_rows16(d, stride, height, n, rest, s, inv, low8)
    RK_UNROLLED_GROUPS(tall ? groups : 8, groups, RK_ROWS16)
#undef RK_ROWS16
    return 1;
}

// One row of the block kernel, as rk_solid_over_avx2 is one row of its block kernel.
RK_AVX512 size_t rk_solid_over_avx512(uint32_t source, uint32_t *destination, size_t count) {
    if (count > 0) rk_solid_block_over_avx512(source, destination, count, count, 1);
    return count;
}

RK_AVX512 size_t rk_solid_mask_over_avx512(uint32_t color, const uint8_t *mask, uint32_t *destination,
                                           size_t count) {
    const __m512i low8 = _mm512_set1_epi16(0x00FF);
    const __m512i upperBoth = rk5_upper_lane_both();
    const __m512i colorLo = _mm512_set1_epi32((int)(color & 0x00FF00FFu));
    const __m512i colorHi = _mm512_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
    size_t i = 0;
    // Invariant: each step reads mask bytes and pixels i..<i + 16, all < count.
    for (; i + 16 <= count; i += 16) {
        __m128i m16 = _mm_loadu_si128((const __m128i *)(mask + i));
        // Zero coverage leaves the destination unchanged (the Swift path skips such groups too).
        if (_mm_testz_si128(m16, m16)) continue;
        __m512i d = _mm512_loadu_si512(destination + i);
        _mm512_storeu_si512(destination + i, rk5_mask16(d, colorLo, colorHi, rk5_widen16(m16), low8, upperBoth));
    }
    // Invariant: the masked lanes and mask bytes are i..<count, fewer than 16.
    if (i < count) {
        const __mmask16 rest = rk5_first(count - i);
        __m128i m16 = _mm_maskz_loadu_epi8(rest, mask + i);
        if (!_mm_testz_si128(m16, m16)) {
            __m512i d = _mm512_maskz_loadu_epi32(rest, destination + i);
            _mm512_mask_storeu_epi32(destination + i, rest,
                                     rk5_mask16(d, colorLo, colorHi, rk5_widen16(m16), low8, upperBoth));
        }
    }
    return count;
}

RK_AVX512 size_t rk_source_row_over_avx512(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                                           uint32_t *destination, size_t count) {
    const __m512i alphaLanes = _mm512_set1_epi16((short)alpha);
    const int lerps = coverage != NULL || alpha != 255;
    size_t i = 0;
    // Invariant: each step reads source (and coverage) elements and writes pixels i..<i + 16, all < count.
    for (; i + 16 <= count; i += 16) {
        __m512i s = _mm512_loadu_si512(source + i), d = _mm512_loadu_si512(destination + i);
        __m512i w = alphaLanes;
        if (coverage != NULL) {
            __m128i c16 = _mm_loadu_si128((const __m128i *)(coverage + i));
            w = rk5_div255(_mm512_mullo_epi16(rk5_widen16(c16), alphaLanes));
        }
        _mm512_storeu_si512(destination + i, rk5_over16(s, d, lerps, w));
    }
    // Invariant: the masked lanes (and coverage bytes) are i..<count, fewer than 16.
    if (i < count) {
        const __mmask16 rest = rk5_first(count - i);
        __m512i s = _mm512_maskz_loadu_epi32(rest, source + i);
        __m512i d = _mm512_maskz_loadu_epi32(rest, destination + i);
        __m512i w = alphaLanes;
        if (coverage != NULL) {
            __m128i c16 = _mm_maskz_loadu_epi8(rest, coverage + i);
            w = rk5_div255(_mm512_mullo_epi16(rk5_widen16(c16), alphaLanes));
        }
        _mm512_mask_storeu_epi32(destination + i, rest, rk5_over16(s, d, lerps, w));
    }
    return count;
}

// How many rows ahead the fill asks for its lines: a tile's rows are a surface stride apart, so the hardware
// prefetchers do not fetch them, and a filled tile was usually evicted since the last frame.
#define RK5_FILL_AHEAD 6

RK_AVX512 __attribute__((target("prfchw"))) int rk_fill_block_avx512(uint32_t value, uint32_t *destination,
                                                                     size_t stride, size_t width, size_t height) {
    const __m512i v = _mm512_set1_epi32((int)value);
    const size_t body = width & ~(size_t)15;
    const __mmask16 rest = rk5_first(width & 15);
    // The first rows' lines, for writing (prefetchw; a hint, it never faults).
    for (size_t row = 0; row < height && row < RK5_FILL_AHEAD; row++) {
        const uint32_t *line = destination + row * stride;
        for (size_t i = 0; i < width; i += 16) __builtin_prefetch(line + i, 1, 3);
    }
    for (size_t row = 0; row < height; row++) {
        uint32_t *line = destination + row * stride;
        if (row + RK5_FILL_AHEAD < height) {
            const uint32_t *ahead = line + RK5_FILL_AHEAD * stride;
            for (size_t i = 0; i < width; i += 16) __builtin_prefetch(ahead + i, 1, 3);
        }
        size_t i = 0;
        // Invariant: each step writes pixels i..<i + 64 (then i..<i + 16) of this row, all < body.
        for (; i + 64 <= body; i += 64) {
            _mm512_storeu_si512(line + i, v);
            _mm512_storeu_si512(line + i + 16, v);
            _mm512_storeu_si512(line + i + 32, v);
            _mm512_storeu_si512(line + i + 48, v);
        }
        for (; i < body; i += 16) _mm512_storeu_si512(line + i, v);
        // Invariant: the masked lanes are body..<width.
        if (rest) _mm512_mask_storeu_epi32(line + body, rest, v);
    }
    return 1;
}

#else

int rk_avx512_supported(void) { return 0; }

size_t rk_solid_over_avx512(uint32_t source, uint32_t *destination, size_t count) {
    (void)source; (void)destination; (void)count;
    return 0;
}
size_t rk_solid_mask_over_avx512(uint32_t color, const uint8_t *mask, uint32_t *destination, size_t count) {
    (void)color; (void)mask; (void)destination; (void)count;
    return 0;
}
size_t rk_source_row_over_avx512(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                                 uint32_t *destination, size_t count) {
    (void)source; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}
int rk_solid_block_over_avx512(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)source; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}
int rk_fill_block_avx512(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)value; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}

#endif
