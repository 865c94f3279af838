// The path filler's per-tile row sweep (see include/raster_kernels_paths.h): FillTileCoverage.swift's sparse
// sweep in C, run over many rows per call so the spans of a whole tile come back in one batch.
//
// Coordinate space: tile rows and cells (row i, cell j of the scratch; the Swift caller adds the tile's device
// origin). Number format: wrapping 32-bit coverage sums in fillFullCoverage (2^17) units, 8-bit alphas with
// the rounding of FillFixedPoint.swift's fillAlphaNonZero / fillAlphaEvenOdd. Integer only, so exact.
// The blending instantiations (rk_fill_sweep_blend_rows, vector tiers) run the same sweep but blend each dense
// stretch and constant span into the surface (rk_paths_blend_lanes.h) instead of recording spans.
#include "rk_paths_sweep_lanes.h"

// The first row at or after i (else row_end) that has an edge piece or a non-zero entering coverage. A row
// with neither has no delta (only touched cells and the cell after each hold one) and would emit one constant
// span of alpha 0, which sweep_rows skips: nothing to draw. Most rows of a path's tile above or below the path
// are such rows; this loop passes them in a few instructions each instead of the whole row set-up.
static inline __attribute__((always_inline)) int32_t skip_blank_rows(const int32_t *carry, const uint64_t *touched,
                                                                     size_t words_per_row, int32_t i,
                                                                     int32_t row_end) {
    if (words_per_row == 2) {
        // Tiles of 65 to 128 pixels: both words of a row at once.
        while (i < row_end && carry[i] == 0 && (touched[2 * (size_t)i] | touched[2 * (size_t)i + 1]) == 0) i++;
        return i;
    }
    if (words_per_row == 4) {
        // Tiles of 193 to 256 pixels (the compositor's usual 256): the four words at once.
        const uint64_t *w = touched + 4 * (size_t)i;
        while (i < row_end && carry[i] == 0 && (w[0] | w[1] | w[2] | w[3]) == 0) {
            i++;
            w += 4;
        }
        return i;
    }
    for (; i < row_end && carry[i] == 0; i++) {
        const uint64_t *words = touched + (size_t)i * words_per_row;
        uint64_t any = 0;
        for (size_t w = 0; w < words_per_row; w++) any |= words[w];
        if (any != 0) break;
    }
    return i;
}

// The first and last non-zero touched words of a row (false when none). Two or four words (tiles of 65 to 128
// or 193 to 256 pixels) are read at once instead of scanned.
static inline __attribute__((always_inline)) int touched_word_range(const uint64_t *words, size_t words_per_row,
                                                                    size_t *word_first, size_t *word_last) {
    if (words_per_row == 2) {
        uint64_t w0 = words[0], w1 = words[1];
        if ((w0 | w1) == 0) return 0;
        *word_first = w0 != 0 ? 0 : 1;
        *word_last = w1 != 0 ? 1 : 0;
        return 1;
    }
    if (words_per_row == 4) {
        // Bit k of `any` for a non-zero word k: the first and last from its lowest and highest bit, no loop.
        unsigned any = (unsigned)(words[0] != 0) | (unsigned)(words[1] != 0) << 1 | (unsigned)(words[2] != 0) << 2 |
                       (unsigned)(words[3] != 0) << 3;
        if (any == 0) return 0;
        *word_first = (size_t)__builtin_ctz(any);
        *word_last = (size_t)(31 - __builtin_clz(any));
        return 1;
    }
    size_t first = 0;
    while (first < words_per_row && words[first] == 0) first++;
    if (first == words_per_row) return 0;
    size_t last = words_per_row - 1;
    while (words[last] == 0) last--;
    *word_first = first;
    *word_last = last;
    return 1;
}

// Clears a row's touched words word_first ... word_last (the others are zero already, so two or four words are
// all stored without a loop).
static inline __attribute__((always_inline)) void clear_words(uint64_t *words, size_t words_per_row,
                                                              size_t word_first, size_t word_last) {
    if (words_per_row == 2) {
        words[0] = 0;
        words[1] = 0;
        return;
    }
    if (words_per_row == 4) {
        words[0] = 0;
        words[1] = 0;
        words[2] = 0;
        words[3] = 0;
        return;
    }
    for (size_t w = word_first; w <= word_last; w++) words[w] = 0;
}

#define RK_SWEEP_NO_MEMSET_DECL __attribute__((no_builtin("memset")))
// The sweep for one fill rule (even_odd a constant after inlining, so no cell or span tests the rule).
RK_SWEEP_NO_MEMSET_DECL static inline __attribute__((always_inline)) size_t
sweep_rows(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched, size_t words_per_row,
           int32_t row_first, int32_t row_end, int32_t width, const int even_odd, const int dense, int32_t gap_minimum,
           uint8_t *mask, rk_fill_span *spans, const int wide, const blend_target *target, const int blend) {
    size_t n = 0, mask_used = 0;
    // Blending widens dense stretches to whole vector steps (16 cells AVX-512, 8 AVX2) from cell 0: no masked
    // partial step in the row's middle, and whole cache lines of cells and pixels (the rows are 64-byte
    // aligned). The extra cells hold no delta (they are untouched and follow no run, or the cell after a run,
    // which the stretch then sums where the constant span would have), so every pixel gets the alpha of the
    // same running sum, and a mask-blend of one alpha gives the bytes of the constant blend (alpha 0 included:
    // rk_paths_blend_lanes.h). Only when a long gap (≥ gap_minimum) spans two steps, so snapped groups stay
    // apart. Recorded spans (blend 0) are never widened.
    const int snaps = blend && gap_minimum >= 2 * (wide ? 16 : 8);
    // The blend target copied into a local: a store into the destination rows may alias the caller's struct,
    // so every stretch reloaded its fields and rebuilt the colour vectors from them; the copy cannot change.
    blend_target local_target = {0};
    if (blend) local_target = *target;
    target = &local_target;
    for (int32_t i = row_first; i < row_end; i++) {
        i = skip_blank_rows(carry, touched, words_per_row, i, row_end);
        if (i == row_end) break;
        int32_t y = i;
        uint32_t acc = (uint32_t)carry[i];
        uint32_t *row = (uint32_t *)deltas + (size_t)i * stride;
        uint64_t *words = touched + (size_t)i * words_per_row;
        // The first and last touched cells of the row.
        size_t word_first, word_last;
        if (!touched_word_range(words, words_per_row, &word_first, &word_last)) {
            // No edge piece in this row, so no delta either.
            emit_constant(spans, &n, y, 0, width, alpha_of(acc, even_odd), target, blend, wide);
            continue;
        }
        int32_t first = (int32_t)(word_first << 6) + __builtin_ctzll(words[word_first]);
        int32_t last = (int32_t)(word_last << 6) + 63 - __builtin_clzll(words[word_last]);
        if (dense && last - first < gap_minimum) {
            // No gap between runs can reach gap_minimum, so the row is: the entering coverage up to the first
            // touched cell, one mask span over first ... last (untouched cells inside hold no delta except
            // the one after each run, which the run loop would add before filling the gap: the same sums),
            // then the constant coverage after cell last + 1 takes the last run's area.
            clear_words(words, words_per_row, word_first, word_last);
            // Blending, the stretch widens to whole vector steps (snap_stretch_start / snap_stretch_end).
            int32_t start = snap_stretch_start(first, snaps, wide), end = snap_stretch_end(last + 1, width, snaps, wide);
            if (start > 0) emit_constant(spans, &n, y, 0, start, alpha_of(acc, even_odd), target, blend, wide);
#if RK_SWEEP_AVX2
            acc = sweep_group_avx2(acc, row, start, end, y, mask, &mask_used, spans, &n, even_odd, wide, target, blend);
#endif
            if (end < width) {
                emit_constant(spans, &n, y, end, width - end, alpha_of(acc, even_odd), target, blend, wide);
            }
            continue;
        }
#if RK_SWEEP_AVX2
        if (dense) {
            // Runs closer than gap_minimum form a group: one dense stretch from its first run's start to its
            // last run's end (the same sums as run by run, as above), one mask span; a long gap between groups
            // is one constant span. Only the run boundaries are read from the bits.
            // group_end is the last run's end (it decides the grouping); swept_end where the swept cells end.
            int32_t group_start = -1, group_end = 0, swept_end = 0;
            for (size_t w = word_first; w <= word_last; w++) {
                uint64_t bits = words[w];
                words[w] = 0;
                int32_t word_base = (int32_t)(w << 6);
                while (bits != 0) {
                    int32_t start, length;
                    bits = take_run(bits, &start, &length);
                    int32_t a = word_base + start;
                    if (group_start < 0 || a - group_end >= gap_minimum) {
                        // Snapped ends stay apart: the gap is at least two vector steps when `snaps`.
                        int32_t next = snap_stretch_start(a, snaps, wide);
                        if (group_start >= 0) {
                            swept_end = snap_stretch_end(group_end, width, snaps, wide);
                            acc = sweep_group_avx2(acc, row, group_start, swept_end, y, mask, &mask_used, spans, &n,
                                                   even_odd, wide, target, blend);
                        }
                        if (next > swept_end) {
                            emit_constant(spans, &n, y, swept_end, next - swept_end, alpha_of(acc, even_odd), target,
                                          blend, wide);
                        }
                        group_start = next;
                    }
                    group_end = a + length;
                }
            }
            swept_end = snap_stretch_end(group_end, width, snaps, wide);
            acc = sweep_group_avx2(acc, row, group_start, swept_end, y, mask, &mask_used, spans, &n, even_odd, wide,
                                   target, blend);
            if (swept_end < width) {
                emit_constant(spans, &n, y, swept_end, width - swept_end, alpha_of(acc, even_odd), target, blend,
                              wide);
            }
            continue;
        }
#endif
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
                int32_t first, length;
                bits = take_run(bits, &first, &length);
                int32_t a = word_base + first, b = a + length;
                if (mask_start < 0 || a - position >= gap_minimum) {
                    // A long gap: close the pending mask, emit the rest of the gap as one constant span.
                    if (mask_start >= 0) {
                        int32_t count = position - mask_start;
                        put_span(spans + n++, y, mask_start, count, (int32_t)mask_used, 0);
                        mask_used += (size_t)count;
                    }
                    if (a > position) {
                        uint8_t gap = alpha_of(acc, even_odd);
                        if (gap != 0) put_span(spans + n++, y, position, a - position, -1, gap);
                    }
                    mask_start = a;
                    pending = mask + mask_used;
                } else if (a > position) {
                    // A short gap joins the mask: its cells hold no delta, so they all read alpha(acc).
                    uint8_t fill = alpha_of(acc, even_odd);
                    for (int32_t k = position; k < a; k++) pending[k - mask_start] = fill;
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
            put_span(spans + n++, y, mask_start, count, (int32_t)mask_used, 0);
            mask_used += (size_t)count;
        }
        if (position < width) {
            uint8_t rest = alpha_of(acc, even_odd);
            if (rest != 0) put_span(spans + n++, y, position, width - position, -1, rest);
        }
    }
    return n;
}

// The instantiations: per fill rule, and (x86) with the dense AVX2 stretch for rows without a long gap. A dense
// stretch sweeps the gaps between runs too, which only pays with 8 cells per step; the portable sweep stays
// run by run. Both give the same spans and bytes.
#define RK_SWEEP_ARGS                                                                                  \
    int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched, size_t words_per_row,    \
        int32_t row_first, int32_t row_end, int32_t width, int32_t gap_minimum, uint8_t *mask, rk_fill_span *spans
#define RK_SWEEP_PASS(even_odd, dense, wide)                                                                      \
    sweep_rows(deltas, stride, carry, touched, words_per_row, row_first, row_end, width, even_odd, dense, gap_minimum, \
               mask, spans, wide, NULL, 0)
#define RK_SWEEP_CALL(name)                                                                                  \
    name(deltas, stride, carry, touched, words_per_row, row_first, row_end, width, gap_minimum, mask, spans)

// no_builtin: the loops that clear a row's one or two touched words or fill a short gap must not become memset
// calls (a call, a vzeroupper and reloaded vector constants for a few bytes).
#define RK_SWEEP_NO_MEMSET __attribute__((no_builtin("memset")))
RK_SWEEP_NO_MEMSET static size_t sweep_non_zero(RK_SWEEP_ARGS) { return RK_SWEEP_PASS(0, 0, 0); }
RK_SWEEP_NO_MEMSET static size_t sweep_even_odd(RK_SWEEP_ARGS) { return RK_SWEEP_PASS(1, 0, 0); }
#if RK_SWEEP_AVX2
__attribute__((target("avx2"))) RK_SWEEP_NO_MEMSET static size_t sweep_non_zero_avx2(RK_SWEEP_ARGS) {
    return RK_SWEEP_PASS(0, 1, 0);
}
__attribute__((target("avx2"))) RK_SWEEP_NO_MEMSET static size_t sweep_even_odd_avx2(RK_SWEEP_ARGS) {
    return RK_SWEEP_PASS(1, 1, 0);
}
// The AVX-512 tier: the same sweep with the dense stretch 16 cells per step (mask-register tails instead of
// AVX2's masked moves, which are slow stores on this CPU family).
RK_SWEEP512 RK_SWEEP_NO_MEMSET static size_t sweep_non_zero_avx512(RK_SWEEP_ARGS) { return RK_SWEEP_PASS(0, 1, 1); }
RK_SWEEP512 RK_SWEEP_NO_MEMSET static size_t sweep_even_odd_avx512(RK_SWEEP_ARGS) { return RK_SWEEP_PASS(1, 1, 1); }
#endif

// The blending instantiations (dense stretches only, so the vector tiers): no spans, no coverage bytes.
#define RK_SWEEP_BLEND_ARGS                                                                            \
    int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched, size_t words_per_row,    \
        int32_t row_first, int32_t row_end, int32_t width, int32_t gap_minimum, const blend_target *target
#define RK_SWEEP_BLEND_PASS(even_odd, wide)                                                                  \
    sweep_rows(deltas, stride, carry, touched, words_per_row, row_first, row_end, width, even_odd, 1, gap_minimum, \
               NULL, NULL, wide, target, 1)
#define RK_SWEEP_BLEND_CALL(name) \
    name(deltas, stride, carry, touched, words_per_row, row_first, row_end, width, gap_minimum, &target)
#if RK_SWEEP_AVX2
__attribute__((target("avx2"))) RK_SWEEP_NO_MEMSET static void blend_non_zero_avx2(RK_SWEEP_BLEND_ARGS) {
    RK_SWEEP_BLEND_PASS(0, 0);
}
__attribute__((target("avx2"))) RK_SWEEP_NO_MEMSET static void blend_even_odd_avx2(RK_SWEEP_BLEND_ARGS) {
    RK_SWEEP_BLEND_PASS(1, 0);
}
RK_SWEEP512 RK_SWEEP_NO_MEMSET static void blend_non_zero_avx512(RK_SWEEP_BLEND_ARGS) { RK_SWEEP_BLEND_PASS(0, 1); }
RK_SWEEP512 RK_SWEEP_NO_MEMSET static void blend_even_odd_avx512(RK_SWEEP_BLEND_ARGS) { RK_SWEEP_BLEND_PASS(1, 1); }
#endif

int rk_fill_sweep_blend_rows(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched,
                             size_t words_per_row, int32_t row_first, int32_t row_end, int32_t width, int32_t even_odd,
                             int32_t gap_minimum, uint32_t color, uint32_t *destination, size_t destination_stride) {
#if RK_SWEEP_AVX2
    int level = rk_kernel_level();
    if (level < 2) return 0;
    const blend_target target = {destination, destination_stride, row_first, color, level};
    if (level >= 3) {
        if (even_odd) RK_SWEEP_BLEND_CALL(blend_even_odd_avx512); else RK_SWEEP_BLEND_CALL(blend_non_zero_avx512);
    } else {
        if (even_odd) RK_SWEEP_BLEND_CALL(blend_even_odd_avx2); else RK_SWEEP_BLEND_CALL(blend_non_zero_avx2);
    }
    return 1;
#else
    (void)deltas; (void)stride; (void)carry; (void)touched; (void)words_per_row; (void)row_first; (void)row_end;
    (void)width; (void)even_odd; (void)gap_minimum; (void)color; (void)destination; (void)destination_stride;
    return 0;
#endif
}

size_t rk_fill_sweep_tile(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched,
                          size_t words_per_row, int32_t row_first, int32_t row_end, int32_t width, int32_t even_odd,
                          int32_t gap_minimum, uint8_t *mask, rk_fill_span *spans) {
#if RK_SWEEP_AVX2
    int level = rk_kernel_level();
    if (level >= 3) return even_odd ? RK_SWEEP_CALL(sweep_even_odd_avx512) : RK_SWEEP_CALL(sweep_non_zero_avx512);
    if (level >= 2) return even_odd ? RK_SWEEP_CALL(sweep_even_odd_avx2) : RK_SWEEP_CALL(sweep_non_zero_avx2);
#endif
    return even_odd ? RK_SWEEP_CALL(sweep_even_odd) : RK_SWEEP_CALL(sweep_non_zero);
}
