// The path filler's per-tile row sweep (see include/raster_kernels_paths.h): FillTileCoverage.swift's sparse
// sweep in C, run over many rows per call so the spans of a whole tile come back in one batch.
//
// Coordinate space: device pixels; row i of the scratch is device row tile_top + i, cell j is device column
// x0 + j. Number format: wrapping 32-bit coverage sums in fillFullCoverage (2^17) units, 8-bit alphas with
// the rounding of FillFixedPoint.swift's fillAlphaNonZero / fillAlphaEvenOdd. Integer only, so exact.
#include "raster_kernels_paths.h"

#include <string.h>

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

size_t rk_fill_sweep_tile(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched,
                          size_t words_per_row, int32_t row_first, int32_t row_end, int32_t tile_top, int32_t x0,
                          int32_t width, int32_t even_odd, int32_t gap_minimum, uint8_t *mask,
                          size_t mask_capacity, rk_fill_span *spans, size_t span_capacity, int32_t *next_row) {
    // A row needs at most `width` mask bytes and row_span_bound spans: m mask spans need m − 1 gaps of
    // gap_minimum cells and one cell each, so m ≤ width / gap_minimum + 1, and spans ≤ 2m + 1.
    size_t row_span_bound = 2 * (size_t)(width / gap_minimum) + 4;
    size_t n = 0, mask_used = 0;
    int32_t i = row_first;
    for (; i < row_end; i++) {
        if (span_capacity - n < row_span_bound || mask_capacity - mask_used < (size_t)width) break;
        int32_t y = tile_top + i;
        uint32_t acc = (uint32_t)carry[i];
        uint32_t *row = (uint32_t *)deltas + (size_t)i * stride;
        uint64_t *words = touched + (size_t)i * words_per_row;
        uint64_t any = 0;
        for (size_t w = 0; w < words_per_row; w++) any |= words[w];
        if (any == 0) {
            // No edge piece in this row, so no delta either.
            uint8_t a = alpha_of(acc, even_odd);
            if (a != 0) put_span(spans + n++, y, x0, width, -1, a);
            continue;
        }
        // Cells before `position` are swept; a pending mask (at mask + mask_used) covers
        // mask_start ..< position. Invariant: touched bits lie in 0 ..< width; a cell with a delta is touched or
        // follows a touched cell (b ≤ width, and the row has width + 2 cells).
        int32_t position = 0, mask_start = -1;
        uint8_t *pending = mask + mask_used;  // the pending mask's byte for cell mask_start
        for (size_t w = 0; w < words_per_row; w++) {
            uint64_t bits = words[w];
            if (bits == 0) continue;
            words[w] = 0;
            int32_t word_base = (int32_t)(w << 6);
            while (bits != 0) {
                int32_t first = __builtin_ctzll(bits);
                uint64_t inverted = ~(bits >> first);
                int32_t length = inverted == 0 ? 64 : __builtin_ctzll(inverted);
                bits = first + length >= 64 ? 0 : bits & (~UINT64_C(0) << (first + length));
                int32_t a = word_base + first, b = a + length;
                if (mask_start < 0 || a - position >= gap_minimum) {
                    // A long gap: close the pending mask, emit the rest of the gap as one constant span.
                    if (mask_start >= 0) {
                        int32_t count = position - mask_start;
                        put_span(spans + n++, y, x0 + mask_start, count, (int32_t)mask_used, 0);
                        mask_used += (size_t)count;
                    }
                    if (a > position) {
                        uint8_t gap = alpha_of(acc, even_odd);
                        if (gap != 0) put_span(spans + n++, y, x0 + position, a - position, -1, gap);
                    }
                    mask_start = a;
                    pending = mask + mask_used;
                } else if (a > position) {
                    // A short gap joins the mask: its cells hold no delta, so they all read alpha(acc).
                    memset(pending + (position - mask_start), alpha_of(acc, even_odd), (size_t)(a - position));
                }
                acc = sweep_run(acc, row + a, pending + (a - mask_start), b - a, even_odd);
                // Cell b (untouched, or the next run's first cell) may hold the area of the run's last piece:
                // after it the accumulated value stays constant until the next touched cell.
                acc += row[b];
                row[b] = 0;
                position = b;
            }
        }
        if (mask_start >= 0) {
            int32_t count = position - mask_start;
            put_span(spans + n++, y, x0 + mask_start, count, (int32_t)mask_used, 0);
            mask_used += (size_t)count;
        }
        if (position < width) {
            uint8_t rest = alpha_of(acc, even_odd);
            if (rest != 0) put_span(spans + n++, y, x0 + position, width - position, -1, rest);
        }
    }
    *next_row = i;
    return n;
}
