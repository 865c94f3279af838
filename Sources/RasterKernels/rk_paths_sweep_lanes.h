// Private pieces of the path filler's row sweep (raster_kernels_paths_sweep.c): the alpha formulas, the span
// record, the scalar and AVX2 stretches (with and without blending) and where a blending sweep writes. Not part
// of the module's public headers.
//
// Coordinate space: tile rows and cells (row i, cell j of the scratch). Number format: wrapping 32-bit coverage
// sums in fillFullCoverage (2^17) units, 8-bit alphas with the rounding of FillFixedPoint.swift's
// fillAlphaNonZero / fillAlphaEvenOdd. Integer only, so every tier gives the same bytes.
#ifndef OPENQUARTZ_RK_PATHS_SWEEP_LANES_H
#define OPENQUARTZ_RK_PATHS_SWEEP_LANES_H

#include "raster_kernels_paths.h"
#include "raster_kernels.h"
#include "rk_paths_sweep512.h"
#include "rk_paths_blend_lanes.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define RK_SWEEP_AVX2 1
#endif

enum { full_coverage = 1 << 17 };

// fillAlphaNonZero: |acc| clamped to one full pixel, scaled to 0...255 with rounding.
static inline uint8_t alpha_non_zero(uint32_t acc) {
    uint32_t magnitude = (int32_t)acc < 0 ? 0u - acc : acc;
    if (magnitude > full_coverage) magnitude = full_coverage;
    return (uint8_t)((magnitude * 255u + (1u << 16)) >> 17);
}

// fillAlphaEvenOdd: the fold |w − 2·floor((w + 1) / 2)| of the signed coverage.
static inline uint8_t alpha_even_odd(uint32_t acc) {
    uint32_t folded = ((int32_t)acc < 0 ? 0u - acc : acc) & (2u * full_coverage - 1u);
    if (folded > full_coverage) folded = 2u * full_coverage - folded;
    return (uint8_t)((folded * 255u + (1u << 16)) >> 17);
}

static inline uint8_t alpha_of(uint32_t acc, int even_odd) {
    return even_odd ? alpha_even_odd(acc) : alpha_non_zero(acc);
}

static inline void put_span(rk_fill_span *span, int32_t y, int32_t x, int32_t count, int32_t mask, uint8_t alpha) {
    span->y = y;
    span->x = x;
    span->count = count;
    span->mask = mask;
    span->alpha = alpha;
}

// Where a blending sweep writes: tile row i's pixel j is rows[(i − row_first) · stride + j]; `level` picks the
// solid kernel of constant spans.
typedef struct blend_target {
    uint32_t *rows;
    size_t stride;
    int32_t row_first;
    uint32_t color;
    int level;
} blend_target;

// Tile row y's first destination pixel.
static inline uint32_t *target_row(const blend_target *target, int32_t y) {
    return target->rows + (size_t)(y - target->row_first) * target->stride;
}

// A constant span of `alpha` (skipped when 0): recorded, or (blend) blended at once by the tier's inline loop
// (`wide`: AVX-512).
static inline __attribute__((always_inline)) void emit_constant(rk_fill_span *spans, size_t *n, int32_t y, int32_t x,
                                                                int32_t count, uint8_t alpha,
                                                                const blend_target *target, const int blend,
                                                                const int wide) {
    if (alpha == 0) return;
    if (blend) {
#if RK_SWEEP_AVX2
        if (wide) {
            rk_pb_alpha_over_avx512(target->color, alpha, target_row(target, y) + x, count);
        } else {
            rk_pb_alpha_over(target->color, alpha, target_row(target, y) + x, count, target->level);
        }
#endif
    } else {
        put_span(spans + (*n)++, y, x, count, -1, alpha);
    }
}

// One touched run's cells a ..< b: prefix sum into alphas, re-zeroing the deltas. One loop per rule, so
// the cell loop carries no branch.
static inline uint32_t sweep_run(uint32_t acc, uint32_t *cells, uint8_t *out, int32_t count, int even_odd) {
    if (even_odd) {
        for (int32_t k = 0; k < count; k++) {
            acc += cells[k];
            cells[k] = 0;
            out[k] = alpha_even_odd(acc);
        }
    } else {
        for (int32_t k = 0; k < count; k++) {
            acc += cells[k];
            cells[k] = 0;
            out[k] = alpha_non_zero(acc);
        }
    }
    return acc;
}

#if RK_SWEEP_AVX2
// alpha_non_zero / alpha_even_odd per 32-bit lane (0…255 in each lane).
__attribute__((target("avx2"))) static inline __m256i alpha32_lanes(__m256i x, const int even_odd) {
    __m256i m = _mm256_abs_epi32(x);
    if (even_odd) {
        m = _mm256_and_si256(m, _mm256_set1_epi32(2 * full_coverage - 1));
        // folded > 2^17 ⇔ 2^18 − folded < folded, so the fold is the smaller of the two.
        m = _mm256_min_epu32(m, _mm256_sub_epi32(_mm256_set1_epi32(2 * full_coverage), m));
    } else {
        m = _mm256_min_epu32(m, _mm256_set1_epi32(full_coverage));
    }
    return _mm256_srli_epi32(
        _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(m, 8), m), _mm256_set1_epi32(1 << 16)), 17);
}

// alpha32_lanes packed to bytes: lanes 0…3 in bytes 0…3, lanes 4…7 in bytes 16…19.
__attribute__((target("avx2"))) static inline __m256i alpha_lanes(__m256i x, const int even_odd) {
    __m256i a = alpha32_lanes(x, even_odd);
    a = _mm256_packus_epi32(a, a);
    return _mm256_packus_epi16(a, a);
}

// The in-register prefix sum of 8 cells plus the carried sum (all lanes).
__attribute__((target("avx2"))) static inline __m256i prefix_sums_avx2(__m256i x, __m256i carried) {
    const __m256i low_top = _mm256_setr_epi32(0, 0, 0, 0, 3, 3, 3, 3);
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    // Each 128-bit half is summed; the upper half also takes the lower half's total.
    const __m256i lower_total = _mm256_permutevar8x32_epi32(x, low_top);
    x = _mm256_add_epi32(x, _mm256_blend_epi32(_mm256_setzero_si256(), lower_total, 0xF0));
    return _mm256_add_epi32(x, carried);
}

// One step of 8 cells: the prefix sums of `x` plus the carried sum, its 8 alpha bytes to `out`; returns the new
// carried sum (the last lane, broadcast).
__attribute__((target("avx2"))) static inline __m256i sweep_step_avx2(__m256i x, __m256i carried, uint8_t *out,
                                                                       const int even_odd) {
    const __m256i last = _mm256_set1_epi32(7);
    const __m256i bytes = _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0);
    x = prefix_sums_avx2(x, carried);
    _mm_storel_epi64((__m128i *)out,
                     _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(alpha_lanes(x, even_odd), bytes)));
    return _mm256_permutevar8x32_epi32(x, last);
}

// sweep_run for a dense stretch, 8 cells per step: the running sum as an in-register prefix sum plus the
// carried sum (wrapping 32-bit adds are associative, so the sums are those of the scalar loop), then the same
// alpha formulas per lane. |INT32_MIN| is 2^31 unsigned in both, so the clamp/fold agree there too.
__attribute__((target("avx2"))) static inline uint32_t sweep_run_avx2(uint32_t acc, uint32_t *cells, uint8_t *out,
                                                                    int32_t count, const int even_odd) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i carried = _mm256_set1_epi32((int32_t)acc);
    int32_t k = 0;
    for (; k + 8 <= count; k += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cells + k));
        _mm256_storeu_si256((__m256i *)(cells + k), zero);
        carried = sweep_step_avx2(x, carried, out + k, even_odd);
    }
    if (k < count) {
        // The last 1…7 cells as one more step: masked load and store (lanes past the stretch read 0 and stay
        // untouched, so lane 7 holds the last cell's sum), and 8 bytes to `out` (the mask buffer's slack).
        __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i x = _mm256_maskload_epi32((const int *)(cells + k), lanes);
        _mm256_maskstore_epi32((int *)(cells + k), lanes, zero);
        carried = sweep_step_avx2(x, carried, out + k, even_odd);
    }
    return (uint32_t)_mm256_cvtsi256_si32(carried);
}

// sweep_run_avx2 blending instead of writing coverage bytes: each step's 8 alphas scale `color` over the 8
// destination pixels at once (rk_pb_mask8). Same sums, same alphas, and the
// bytes of rk_solid_mask_over over the bytes sweep_run_avx2 would have written.
__attribute__((target("avx2"))) static inline uint32_t sweep_run_blend_avx2(
    uint32_t acc, uint32_t *cells, uint32_t *destination, int32_t count, const int even_odd, uint32_t color) {
    const __m256i zero = _mm256_setzero_si256(), last = _mm256_set1_epi32(7);
    const __m256i color_lo = _mm256_set1_epi32((int)(color & 0x00FF00FFu));
    const __m256i color_hi = _mm256_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
    __m256i carried = _mm256_set1_epi32((int32_t)acc);
    int32_t k = 0;
    for (; k + 8 <= count; k += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cells + k));
        _mm256_storeu_si256((__m256i *)(cells + k), zero);
        x = prefix_sums_avx2(x, carried);
        __m256i *p = (__m256i *)(destination + k);
        _mm256_storeu_si256(p, rk_pb_mask8(_mm256_loadu_si256(p), color_lo, color_hi, alpha32_lanes(x, even_odd)));
        carried = _mm256_permutevar8x32_epi32(x, last);
    }
    if (k < count) {
        // The last 1…7 cells and pixels through masked moves (lanes past the stretch read 0 and stay untouched).
        __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i x = _mm256_maskload_epi32((const int *)(cells + k), lanes);
        _mm256_maskstore_epi32((int *)(cells + k), lanes, zero);
        x = prefix_sums_avx2(x, carried);
        int *p = (int *)(destination + k);
        __m256i d = _mm256_maskload_epi32(p, lanes);
        _mm256_maskstore_epi32(p, lanes, rk_pb_mask8(d, color_lo, color_hi, alpha32_lanes(x, even_odd)));
        carried = _mm256_permutevar8x32_epi32(x, last);
    }
    return (uint32_t)_mm256_cvtsi256_si32(carried);
}

// One group (cells group_start ..< group_end) swept as a dense stretch into one mask span (or, blending,
// straight into the destination row), then the delta of the cell after it taken into the running sum (and
// cleared); returns the sum.
// `wide` selects the AVX-512 stretch (the caller's target must allow it); both give the same sums and bytes.
__attribute__((target("avx2"))) static inline uint32_t sweep_group_avx2(
    uint32_t acc, uint32_t *row, int32_t group_start, int32_t group_end, int32_t y, uint8_t *mask, size_t *mask_used,
    rk_fill_span *spans, size_t *n, const int even_odd, const int wide, const blend_target *target, const int blend) {
    int32_t count = group_end - group_start;
    if (blend) {
        uint32_t *pixels = target_row(target, y) + group_start;
        acc = wide ? sweep_run_blend_avx512(acc, row + group_start, pixels, count, even_odd, target->color)
                   : sweep_run_blend_avx2(acc, row + group_start, pixels, count, even_odd, target->color);
    } else {
        acc = wide ? sweep_run_avx512(acc, row + group_start, mask + *mask_used, count, even_odd)
                   : sweep_run_avx2(acc, row + group_start, mask + *mask_used, count, even_odd);
        put_span(spans + (*n)++, y, group_start, count, (int32_t)*mask_used, 0);
        *mask_used += (size_t)count;
    }
    acc += row[group_end];
    row[group_end] = 0;
    return acc;
}
#endif

// A blending sweep's dense stretch widened to whole vector steps (`snaps`; see sweep_rows): its first cell
// rounded down to a step, its end rounded up, but not past the row's `width` cells.
static inline int32_t snap_stretch_start(int32_t start, const int snaps, const int wide) {
    return snaps ? start & ~(wide ? 15 : 7) : start;
}
static inline int32_t snap_stretch_end(int32_t end, int32_t width, const int snaps, const int wide) {
    if (!snaps) return end;
    int32_t rounded = (end + (wide ? 15 : 7)) & ~(wide ? 15 : 7);
    return rounded < width ? rounded : width;
}

// The lowest run of set bits in `bits` (non-zero): its first bit and length; returns `bits` without it.
static inline uint64_t take_run(uint64_t bits, int32_t *first, int32_t *length) {
    int32_t start = __builtin_ctzll(bits);
    uint64_t inverted = ~(bits >> start);
    int32_t count = inverted == 0 ? 64 : __builtin_ctzll(inverted);
    *first = start;
    *length = count;
    return start + count >= 64 ? 0 : bits & (~UINT64_C(0) << (start + count));
}

#endif
