// The path filler's edge walk, AVX2 tier (see rk_paths_walk.h): an interior edge's rows 4 at a time.
//
// Coordinate space and number format: as raster_kernels_paths.c (24.8 fixed point, wrapping 32-bit sums, Double
// only where the Swift walk uses it, with the same IEEE operations in the same order).
#include "rk_paths_walk.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// The vector tier's row walk: 4 rows at a time, an edge's row crossings and the boundary crossing of every
// row segment that could be a two-cell piece are computed in vector lanes with the scalar code's IEEE
// operations in the same order (so the same bits); the per-row cell work then reads them and does not wait
// on a division or a rounding. Each vector is stored whole and read back one lane at a time, so every load
// is forwarded from a single store.

// edge_crossing for the 4 row boundaries `y` (clamped to y0 ... y1 here, returned in *clamped). The rounding
// and clamp run in 32 bits: |(y − y0) · inverse_slope| < |x1 − x0| for y0 < y < y1 (the quotient and the
// product each round by at most 2^−53 relative, (y − y0)/(y1 − y0) ≤ 1 − 2^−32), so the 64-bit sum
// x0 + offset lies between x0 and x1 and the low 32 bits of the rounding trick's integer give it.
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) __m128i edge_crossings_avx2(
    const rk_fill_edge *e, __m128i y, __m128i *clamped) {
    const __m128i y0 = _mm_set1_epi32(e->y0), y1 = _mm_set1_epi32(e->y1);
    const __m128i x0 = _mm_set1_epi32(e->x0), x1 = _mm_set1_epi32(e->x1);
    const __m256i low_dwords = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    __m128i yk = _mm_min_epi32(_mm_max_epi32(y, y0), y1);
    __m256d product = _mm256_mul_pd(_mm256_cvtepi32_pd(_mm_sub_epi32(yk, y0)), _mm256_set1_pd(e->inverse_slope));
    __m256i bits = _mm256_castpd_si256(_mm256_add_pd(product, _mm256_set1_pd(6755399441055744.0)));
    __m128i offset = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bits, low_dwords));
    __m128i x = _mm_min_epi32(_mm_max_epi32(_mm_add_epi32(x0, offset), _mm_min_epi32(x0, x1)), _mm_max_epi32(x0, x1));
    // After the clamp, y ≤ y0 reads y == y0 and y ≥ y1 reads y == y1 (y0 < y1, so never both).
    x = _mm_blendv_epi8(x, x0, _mm_cmpeq_epi32(yk, y0));
    *clamped = yk;
    return _mm_blendv_epi8(x, x1, _mm_cmpeq_epi32(yk, y1));
}

// add_segment's two-cell boundary crossing ny for 4 row segments (xa, ya) → (xb, yb) (y relative to each
// row's top): the same slope quotient, product, rounding and clamp. Segments that are not two-cell pieces get
// a value add_segment never reads (a zero width is divided as one, so no lane makes a NaN).
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) __m128i two_cell_crossings_avx2(
    __m128i xa, __m128i ya, __m128i xb, __m128i yb) {
    const __m256i low_dwords = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    __m128i right_to_left = _mm_cmpgt_epi32(xa, xb);
    __m128i xl = _mm_min_epi32(xa, xb), xr = _mm_max_epi32(xa, xb);
    __m128i yl = _mm_blendv_epi8(ya, yb, right_to_left), yr = _mm_blendv_epi8(yb, ya, right_to_left);
    __m128i boundary = _mm_slli_epi32(_mm_srai_epi32(xr, 8), 8);
    __m128i width = _mm_max_epi32(_mm_sub_epi32(xr, xl), _mm_set1_epi32(1));
    __m256d slope = _mm256_div_pd(_mm256_cvtepi32_pd(_mm_sub_epi32(yr, yl)), _mm256_cvtepi32_pd(width));
    __m256d p = _mm256_mul_pd(_mm256_cvtepi32_pd(_mm_sub_epi32(boundary, xl)), slope);
    __m256i bits = _mm256_castpd_si256(_mm256_add_pd(p, _mm256_set1_pd(6755399441055744.0)));
    __m128i ny = _mm_add_epi32(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bits, low_dwords)), yl);
    return _mm_min_epi32(_mm_max_epi32(ny, _mm_min_epi32(yl, yr)), _mm_max_epi32(yl, yr));
}

// The pieces of 4 row segments (xa, ya) → (xb, yb) of an edge inside the tile's columns (y relative to each
// row's top): add_segment's one- and two-cell formulas lane by lane. Sums wrap mod 2^32 like the scalar
// ones, so adding a cell's two contributions as one sum gives the same cell value.
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void row_pieces_avx2(
    __m128i xa, __m128i ya, __m128i xb, __m128i yb, __m128i winding, __m128i cell_x0, rk_row_pieces *out) {
    __m128i right_to_left = _mm_cmpgt_epi32(xa, xb);
    __m128i xl = _mm_min_epi32(xa, xb), xr = _mm_max_epi32(xa, xb);
    __m128i yl = _mm_blendv_epi8(ya, yb, right_to_left), yr = _mm_blendv_epi8(yb, ya, right_to_left);
    __m128i cell_l = _mm_srai_epi32(xl, 8), cell_r = _mm_srai_epi32(xr, 8);
    __m128i one = _mm_cmpeq_epi32(cell_l, cell_r);
    __m128i two = _mm_cmpeq_epi32(cell_r, _mm_add_epi32(cell_l, _mm_set1_epi32(1)));
    __m128i base = _mm_slli_epi32(cell_l, 8), boundary = _mm_slli_epi32(cell_r, 8);
    __m128i ny = two_cell_crossings_avx2(xa, ya, xb, yb);
    // One cell: a single piece xl → xr of height yb − ya. Two cells: xl → boundary of height |ny − yl| in
    // cell j, then boundary → xr of height |yr − ny| in cell j + 1.
    __m128i d0 = _mm_blendv_epi8(_mm_abs_epi32(_mm_sub_epi32(ny, yl)), _mm_sub_epi32(yb, ya), one);
    __m128i d1 = _mm_andnot_si128(one, _mm_abs_epi32(_mm_sub_epi32(yr, ny)));
    __m128i right0 = _mm_blendv_epi8(boundary, xr, one);
    __m128i area0 = _mm_mullo_epi32(_mm_add_epi32(_mm_sub_epi32(xl, base), _mm_sub_epi32(right0, base)), d0);
    __m128i area1 = _mm_mullo_epi32(_mm_sub_epi32(xr, boundary), d1);
    __m128i first = _mm_mullo_epi32(winding, _mm_sub_epi32(_mm_slli_epi32(d0, 9), area0));
    __m128i second = _mm_mullo_epi32(winding, _mm_add_epi32(area0, _mm_sub_epi32(_mm_slli_epi32(d1, 9), area1)));
    __m128i third = _mm_mullo_epi32(winding, area1);
    __m128i cell = _mm_sub_epi32(cell_l, cell_x0);
    __m128i word_end = _mm_cmpeq_epi32(_mm_and_si128(cell, _mm_set1_epi32(63)), _mm_set1_epi32(63));
    __m128i simple = _mm_and_si128(_mm_cmpgt_epi32(yb, ya), _mm_or_si128(one, _mm_andnot_si128(word_end, two)));
    _mm_store_si128((__m128i *)out->first, first);
    _mm_store_si128((__m128i *)out->second, second);
    _mm_store_si128((__m128i *)out->third, third);
    _mm_store_si128((__m128i *)out->cell, cell);
    _mm_store_si128((__m128i *)out->bits, _mm_sub_epi32(_mm_set1_epi32(3), _mm_and_si128(one, _mm_set1_epi32(2))));
    _mm_store_si128((__m128i *)out->simple, simple);
    _mm_store_si128((__m128i *)out->xa, xa);
    _mm_store_si128((__m128i *)out->ya, ya);
    _mm_store_si128((__m128i *)out->xb, xb);
    _mm_store_si128((__m128i *)out->yb, yb);
}

// walk_edge_rows for an edge inside the tile's columns (interior), 4 rows per step: the pieces come from
// row_pieces_avx2, rows it leaves to add_segment go there. Same results as walk_edge_rows.
// Invariant: stride ≥ cell_x1 − cell_x0 + 2, so cell j + 2 of a one-cell piece (which adds 0) is in the row.
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void walk_interior_rows_avx2(
    const rk_fill_edge *e, int32_t row_a, int32_t row_b, int32_t tile_top, int32_t cell_x0, int32_t cell_x1,
    uint32_t *row, size_t stride, uint32_t *carry, uint64_t *words, size_t words_per_row) {
    rk_row_pieces pieces;
    const __m128i winding = _mm_set1_epi32(e->winding), first_cell = _mm_set1_epi32(cell_x0);
    // Boundary k of the walk is min(max(row_top + 256·k, y0), y1): the scalar walk's ya and yb. Lanes past
    // the last row may wrap (vector adds, so defined) and are never read.
    __m128i top = _mm_add_epi32(_mm_set1_epi32((tile_top + row_a) * 256), _mm_setr_epi32(0, 256, 512, 768));
    __m128i y_now, y_next;
    __m128i x_now = edge_crossings_avx2(e, top, &y_now);
    for (int32_t first = row_a; first <= row_b; first += 4) {
        // Boundaries k + 4 ... k + 7 only when a row needs boundary k + 4.
        __m128i x_next = x_now;
        y_next = y_now;
        if (row_b - first >= 3) x_next = edge_crossings_avx2(e, _mm_add_epi32(top, _mm_set1_epi32(1024)), &y_next);
        // Boundaries k + 1 ... k + 4: the rows' lower ends.
        __m128i x_end = _mm_alignr_epi8(x_next, x_now, 4), y_end = _mm_alignr_epi8(y_next, y_now, 4);
        row_pieces_avx2(x_now, _mm_sub_epi32(y_now, top), x_end, _mm_sub_epi32(y_end, top), winding, first_cell,
                        &pieces);
        int32_t count = row_b - first + 1 < 4 ? row_b - first + 1 : 4;
        for (int32_t i = 0; i < count; i++) {
            add_row_from_pieces(&pieces, i, pieces.simple[i], (uint32_t)e->winding, cell_x0, cell_x1, row, carry,
                                words);
            row += stride;
            words += words_per_row;
            carry++;
        }
        top = _mm_add_epi32(top, _mm_set1_epi32(1024));
        x_now = x_next;
        y_now = y_next;
    }
}

__attribute__((target("avx2"))) void rk_paths_accumulate_avx2(RK_ACCUMULATE_ARGS) {
    // A one-row interior edge takes the scalar row: the vector setup costs more than it.
    RK_ACCUMULATE_BINS(if (row_b > row_a) {
        walk_interior_rows_avx2(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                                words_per_row);
    } else {
        RK_WALK_ROWS(1);
    });
}
#endif
