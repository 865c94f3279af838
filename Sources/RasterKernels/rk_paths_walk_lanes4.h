// Private 4-lane row walk of the path filler's edge walk (see rk_paths_walk.h), the vector part of both the
// AVX2 tier (raster_kernels_paths_walk_avx2.c) and the AVX-512 tier (raster_kernels_paths_walk_avx512.c): every
// interior edge of two or more rows, 4 rows per block. The AVX-512 tier had an 8-lane walk of its own; this
// one is faster there too (a standalone walk of scene-like edges, 2.5 GHz Cascade Lake: 48 → 39 ns an edge):
// a short edge's walk waits on its blocks' Double division, which takes ~23 cycles over 8 lanes and ~13 over
// 4, and most edges have 2 to 5 rows, so the 8-lane blocks computed mostly unused lanes.
// Tried and slower or no faster (Intel Xeon, Emerald Rapids class, scenes c and d, 20 interleaved pairs each): the
// next short edge's block computed before this one's rows are added (software pipelining; 1.004–1.014×: the
// out-of-order core already overlaps consecutive edges: the division's latency is not what bounds the walk);
// fixed four-row blocks without the row-count branches, lanes past the edge adding zeros (1.02–1.06×);
// prefetching the cells of the edge two bins ahead (1.02–1.04×).
// Also tried (same CPU, 12–20 pairs, c and d at 1080p and 512): 4 edges per block in 16 AVX-512 lanes (edge e's
// rows in 128-bit lane e; a third of the block instructions per edge) gave c 0.98×, d 1.01×; the same for edges
// of 2 to 4 rows only, c 0.985–0.995×, d 0.99–0.997×. Bounds, with wrong pixels: the row segments' division
// replaced by a multiply, c 0.97–0.99×, d 0.99–1.01× (so no cheaper crossing formula can buy more); the simple
// rows' cell adds left out, 1.03–1.05× slower (the walk's read-modify-writes bring the cells in for the sweep,
// which reads them right after). So neither the block's vector work, nor the division, nor the cell traffic alone
// bounds the walk: its time is spread over the per-edge and per-row scalar work and their branches (cachegrind's
// branch model: ~1.3 mispredictions per edge, at the row loop's exit, the simple-row test, the one-row test and
// the test for boundaries k + 4 ... k + 7).
//
// Coordinate space and number format: as raster_kernels_paths.c (24.8 fixed point, wrapping 32-bit sums, Double
// only where the Swift walk uses it, with the same IEEE operations in the same order).
#ifndef OPENQUARTZ_RK_PATHS_WALK_LANES4_H
#define OPENQUARTZ_RK_PATHS_WALK_LANES4_H

#include <immintrin.h>

#include "rk_paths_walk.h"

#pragma STDC FP_CONTRACT OFF

// Inlined into each tier's entry point, which compiles it with that tier's instructions (AVX2 needs the
// attribute here; the AVX-512 entry point's target includes it).
#define RK_WALK4 __attribute__((target("avx2"))) static inline __attribute__((always_inline))

// The three sums a row's piece adds to cells j, j + 1, j + 2 (add_piece's formulas for a piece of height d0
// and x-sum s0 in cell j and one of height d1 and x-sum s1 in cell j + 1), times the winding w:
//   first = w·(512·d0 − s0·d0), second = w·(s0·d0 + 512·d1 − s1·d1), third = w·(s1·d1),
// regrouped (exact: wrapping 32-bit arithmetic is a ring) as d0·(w·(512 − s0)), d0·(w·s0) + d1·(w·(512 − s1))
// and d1·(w·s1). The heights wait on the crossing's division; the x-sums and w do not, so their products are
// ready by then and only one multiply (10 cycles) follows the division instead of two.
RK_WALK4 void piece_sums4(__m128i s0, __m128i s1, __m128i d0, __m128i d1, __m128i w, __m128i *first,
                          __m128i *second, __m128i *third) {
    __m128i v0 = _mm_mullo_epi32(w, s0), v1 = _mm_mullo_epi32(w, s1), w512 = _mm_slli_epi32(w, 9);
    *first = _mm_mullo_epi32(d0, _mm_sub_epi32(w512, v0));
    *second = _mm_add_epi32(_mm_mullo_epi32(d0, v0), _mm_mullo_epi32(d1, _mm_sub_epi32(w512, v1)));
    *third = _mm_mullo_epi32(d1, v1);
}

// The vector tier's row walk: 4 rows at a time, an edge's row crossings and the boundary crossing of every
// row segment that could be a two-cell piece are computed in vector lanes with the scalar code's IEEE
// operations in the same order (so the same bits); the per-row cell work then reads them and does not wait
// on a division or a rounding. Each vector is stored whole and read back one lane at a time, so every load
// is forwarded from a single store.

// edge_crossing for the 4 row boundaries `y` (clamped to y0 ... y1 here, returned in *clamped). The rounding
// and clamp run in 32 bits: |(y − y0) · inverse_slope| < |x1 − x0| for y0 < y < y1 (the quotient and the
// product each round by at most 2^−53 relative, (y − y0)/(y1 − y0) ≤ 1 − 2^−32), so the 64-bit sum
// x0 + offset lies between x0 and x1 and the low 32 bits of the rounding trick's integer give it.
RK_WALK4 __m128i edge_crossings4(
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
RK_WALK4 __m128i two_cell_crossings4(
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
// Returns the rows that are such pieces (bit i for row i); the rest go to add_segment.
RK_WALK4 unsigned row_pieces4(
    __m128i xa, __m128i ya, __m128i xb, __m128i yb, __m128i winding, __m128i cell_x0, rk_row_pieces *out) {
    __m128i right_to_left = _mm_cmpgt_epi32(xa, xb);
    __m128i xl = _mm_min_epi32(xa, xb), xr = _mm_max_epi32(xa, xb);
    __m128i yl = _mm_blendv_epi8(ya, yb, right_to_left), yr = _mm_blendv_epi8(yb, ya, right_to_left);
    __m128i cell_l = _mm_srai_epi32(xl, 8), cell_r = _mm_srai_epi32(xr, 8);
    __m128i one = _mm_cmpeq_epi32(cell_l, cell_r);
    __m128i two = _mm_cmpeq_epi32(cell_r, _mm_add_epi32(cell_l, _mm_set1_epi32(1)));
    __m128i base = _mm_slli_epi32(cell_l, 8), boundary = _mm_slli_epi32(cell_r, 8);
    __m128i ny = two_cell_crossings4(xa, ya, xb, yb);
    // One cell: a single piece xl → xr of height yb − ya. Two cells: xl → boundary of height |ny − yl| in
    // cell j, then boundary → xr of height |yr − ny| in cell j + 1.
    __m128i d0 = _mm_blendv_epi8(_mm_abs_epi32(_mm_sub_epi32(ny, yl)), _mm_sub_epi32(yb, ya), one);
    __m128i d1 = _mm_andnot_si128(one, _mm_abs_epi32(_mm_sub_epi32(yr, ny)));
    __m128i right0 = _mm_blendv_epi8(boundary, xr, one);
    __m128i first, second, third;
    piece_sums4(_mm_add_epi32(_mm_sub_epi32(xl, base), _mm_sub_epi32(right0, base)), _mm_sub_epi32(xr, boundary), d0,
                d1, winding, &first, &second, &third);
    __m128i cell = _mm_sub_epi32(cell_l, cell_x0);
    __m128i word_end = _mm_cmpeq_epi32(_mm_and_si128(cell, _mm_set1_epi32(63)), _mm_set1_epi32(63));
    __m128i simple = _mm_and_si128(_mm_cmpgt_epi32(yb, ya), _mm_or_si128(one, _mm_andnot_si128(word_end, two)));
    _mm_store_si128((__m128i *)out->first, first);
    _mm_store_si128((__m128i *)out->second, second);
    _mm_store_si128((__m128i *)out->third, third);
    _mm_store_si128((__m128i *)out->cell, cell);
    _mm_store_si128((__m128i *)out->bits, _mm_sub_epi32(_mm_set1_epi32(3), _mm_and_si128(one, _mm_set1_epi32(2))));
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(simple));
}

// The rows' segments, for the rows of a block row_pieces4 leaves to add_segment (stored for every block).
RK_WALK4 void row_segments4(
    __m128i xa, __m128i ya, __m128i xb, __m128i yb, rk_row_pieces *out) {
    _mm_store_si128((__m128i *)out->xa, xa);
    _mm_store_si128((__m128i *)out->ya, ya);
    _mm_store_si128((__m128i *)out->xb, xb);
    _mm_store_si128((__m128i *)out->yb, yb);
}

// walk_edge_rows for an edge inside the tile's columns (interior), 4 rows per step: the pieces come from
// row_pieces4, rows it leaves to add_segment go there. Same results as walk_edge_rows.
// Invariant: stride ≥ cell_x1 − cell_x0 + 2, so cell j + 2 of a one-cell piece (which adds 0) is in the row.
RK_WALK4 void walk_interior_rows4(
    const rk_fill_edge *e, int32_t row_a, int32_t row_b, int32_t tile_top, int32_t cell_x0, int32_t cell_x1,
    uint32_t *row, size_t stride, uint32_t *carry, uint64_t *words, size_t words_per_row) {
    rk_row_pieces pieces;
    const __m128i winding = _mm_set1_epi32(e->winding), first_cell = _mm_set1_epi32(cell_x0);
    // Boundary k of the walk is min(max(row_top + 256·k, y0), y1): the scalar walk's ya and yb. Lanes past
    // the last row may wrap (vector adds, so defined) and are never read.
    __m128i top = _mm_add_epi32(_mm_set1_epi32((tile_top + row_a) * 256), _mm_setr_epi32(0, 256, 512, 768));
    __m128i y_now, y_next;
    __m128i x_now = edge_crossings4(e, top, &y_now);
    for (int32_t first = row_a; first <= row_b; first += 4) {
        // Boundaries k + 4 ... k + 7 only when a row needs boundary k + 4.
        __m128i x_next = x_now;
        y_next = y_now;
        if (row_b - first >= 3) x_next = edge_crossings4(e, _mm_add_epi32(top, _mm_set1_epi32(1024)), &y_next);
        // Boundaries k + 1 ... k + 4: the rows' lower ends.
        __m128i x_end = _mm_alignr_epi8(x_next, x_now, 4), y_end = _mm_alignr_epi8(y_next, y_now, 4);
        __m128i ya = _mm_sub_epi32(y_now, top), yb = _mm_sub_epi32(y_end, top);
        unsigned simple = row_pieces4(x_now, ya, x_end, yb, winding, first_cell, &pieces);
        int32_t count = row_b - first + 1 < 4 ? row_b - first + 1 : 4;
        // Every block stores its segments (four stores): the test for rows left to add_segment went either way
        // often enough that its mispredictions cost more (c 512 ~2 % of the frame in alternating runs).
        row_segments4(x_now, ya, x_end, yb, &pieces);
        for (int32_t i = 0; i < count; i++) {
            add_row_from_pieces(&pieces, i, simple >> i & 1, (uint32_t)e->winding, cell_x0, cell_x1,
                                row, carry, words);
            row += stride;
            words += words_per_row;
            carry++;
        }
        top = _mm_add_epi32(top, _mm_set1_epi32(1024));
        x_now = x_next;
        y_now = y_next;
    }
}

#endif
