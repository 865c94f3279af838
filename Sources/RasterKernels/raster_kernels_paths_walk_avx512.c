// The path filler's edge walk, AVX-512 tier (see rk_paths_walk.h): an interior edge's rows 8 at a time.
//
// Coordinate space and number format: as raster_kernels_paths.c (24.8 fixed point, wrapping 32-bit sums, Double
// only where the Swift walk uses it, with the same IEEE operations in the same order).
#include "rk_paths_walk.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// The AVX-512 tier of the same walk: 8 rows per step (8 int32 lanes, 8 Double lanes), mask registers for the
// selections. Same operations lane by lane as the AVX2 tier (raster_kernels_paths_walk_avx2.c), so the same bits.
#define RK_WALK512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

// edge_crossings_avx2 for 8 boundaries.
RK_WALK512 static inline __attribute__((always_inline)) __m256i edge_crossings_avx512(const rk_fill_edge *e, __m256i y,
                                                                                   __m256i *clamped) {
    const __m256i y0 = _mm256_set1_epi32(e->y0), y1 = _mm256_set1_epi32(e->y1);
    const __m256i x0 = _mm256_set1_epi32(e->x0), x1 = _mm256_set1_epi32(e->x1);
    __m256i yk = _mm256_min_epi32(_mm256_max_epi32(y, y0), y1);
    __m512d product = _mm512_mul_pd(_mm512_cvtepi32_pd(_mm256_sub_epi32(yk, y0)), _mm512_set1_pd(e->inverse_slope));
    __m512i bits = _mm512_castpd_si512(_mm512_add_pd(product, _mm512_set1_pd(6755399441055744.0)));
    __m256i x = _mm256_add_epi32(x0, _mm512_cvtepi64_epi32(bits));
    x = _mm256_min_epi32(_mm256_max_epi32(x, _mm256_min_epi32(x0, x1)), _mm256_max_epi32(x0, x1));
    x = _mm256_mask_blend_epi32(_mm256_cmpeq_epi32_mask(yk, y0), x, x0);
    *clamped = yk;
    return _mm256_mask_blend_epi32(_mm256_cmpeq_epi32_mask(yk, y1), x, x1);
}

// row_pieces_avx2 for 8 rows; `simple` returned as a bit mask (bit i for row i), the pieces' simple[] unused.

RK_WALK512 static inline __attribute__((always_inline)) unsigned row_pieces_avx512(
    __m256i xa, __m256i ya, __m256i xb, __m256i yb, __m256i winding, __m256i cell_x0, rk_row_pieces *out) {
    __mmask8 right_to_left = _mm256_cmpgt_epi32_mask(xa, xb);
    __m256i xl = _mm256_min_epi32(xa, xb), xr = _mm256_max_epi32(xa, xb);
    __m256i yl = _mm256_mask_blend_epi32(right_to_left, ya, yb), yr = _mm256_mask_blend_epi32(right_to_left, yb, ya);
    __m256i cell_l = _mm256_srai_epi32(xl, 8), cell_r = _mm256_srai_epi32(xr, 8);
    __mmask8 one = _mm256_cmpeq_epi32_mask(cell_l, cell_r);
    __mmask8 two = _mm256_cmpeq_epi32_mask(cell_r, _mm256_add_epi32(cell_l, _mm256_set1_epi32(1)));
    __m256i base = _mm256_slli_epi32(cell_l, 8), boundary = _mm256_slli_epi32(cell_r, 8);
    // two_cell_crossings_avx2's quotient, product, rounding and clamp.
    __m256i width = _mm256_max_epi32(_mm256_sub_epi32(xr, xl), _mm256_set1_epi32(1));
    __m512d slope = _mm512_div_pd(_mm512_cvtepi32_pd(_mm256_sub_epi32(yr, yl)), _mm512_cvtepi32_pd(width));
    __m512d p = _mm512_mul_pd(_mm512_cvtepi32_pd(_mm256_sub_epi32(boundary, xl)), slope);
    __m256i ny = _mm256_add_epi32(
        _mm512_cvtepi64_epi32(_mm512_castpd_si512(_mm512_add_pd(p, _mm512_set1_pd(6755399441055744.0)))), yl);
    ny = _mm256_min_epi32(_mm256_max_epi32(ny, _mm256_min_epi32(yl, yr)), _mm256_max_epi32(yl, yr));
    __m256i d0 = _mm256_mask_blend_epi32(one, _mm256_abs_epi32(_mm256_sub_epi32(ny, yl)), _mm256_sub_epi32(yb, ya));
    __m256i d1 = _mm256_maskz_mov_epi32((__mmask8)~one, _mm256_abs_epi32(_mm256_sub_epi32(yr, ny)));
    __m256i right0 = _mm256_mask_blend_epi32(one, boundary, xr);
    __m256i area0 = _mm256_mullo_epi32(_mm256_add_epi32(_mm256_sub_epi32(xl, base), _mm256_sub_epi32(right0, base)), d0);
    __m256i area1 = _mm256_mullo_epi32(_mm256_sub_epi32(xr, boundary), d1);
    __m256i first = _mm256_mullo_epi32(winding, _mm256_sub_epi32(_mm256_slli_epi32(d0, 9), area0));
    __m256i second =
        _mm256_mullo_epi32(winding, _mm256_add_epi32(area0, _mm256_sub_epi32(_mm256_slli_epi32(d1, 9), area1)));
    __m256i third = _mm256_mullo_epi32(winding, area1);
    __m256i cell = _mm256_sub_epi32(cell_l, cell_x0);
    __mmask8 word_end = _mm256_cmpeq_epi32_mask(_mm256_and_si256(cell, _mm256_set1_epi32(63)), _mm256_set1_epi32(63));
    __mmask8 simple = _mm256_cmpgt_epi32_mask(yb, ya) & (one | (two & (__mmask8)~word_end));
    _mm256_store_si256((__m256i *)out->first, first);
    _mm256_store_si256((__m256i *)out->second, second);
    _mm256_store_si256((__m256i *)out->third, third);
    _mm256_store_si256((__m256i *)out->cell, cell);
    _mm256_store_si256((__m256i *)out->bits, _mm256_mask_blend_epi32(one, _mm256_set1_epi32(3), _mm256_set1_epi32(1)));
    _mm256_store_si256((__m256i *)out->xa, xa);
    _mm256_store_si256((__m256i *)out->ya, ya);
    _mm256_store_si256((__m256i *)out->xb, xb);
    _mm256_store_si256((__m256i *)out->yb, yb);
    return simple;
}

// walk_interior_rows_avx2 with 8 rows per step (same invariant).
RK_WALK512 static inline __attribute__((always_inline)) void walk_interior_rows_avx512(
    const rk_fill_edge *e, int32_t row_a, int32_t row_b, int32_t tile_top, int32_t cell_x0, int32_t cell_x1,
    uint32_t *row, size_t stride, uint32_t *carry, uint64_t *words, size_t words_per_row) {
    rk_row_pieces pieces;
    const __m256i winding = _mm256_set1_epi32(e->winding), first_cell = _mm256_set1_epi32(cell_x0);
    __m256i top = _mm256_add_epi32(_mm256_set1_epi32((tile_top + row_a) * 256),
                                   _mm256_setr_epi32(0, 256, 512, 768, 1024, 1280, 1536, 1792));
    __m256i y_now, y_next;
    __m256i x_now = edge_crossings_avx512(e, top, &y_now);
    for (int32_t first = row_a; first <= row_b; first += 8) {
        // Boundaries k + 8 ... k + 15 only when a row needs boundary k + 8.
        __m256i x_next = x_now;
        y_next = y_now;
        if (row_b - first >= 7) x_next = edge_crossings_avx512(e, _mm256_add_epi32(top, _mm256_set1_epi32(2048)), &y_next);
        __m256i x_end = _mm256_alignr_epi32(x_next, x_now, 1), y_end = _mm256_alignr_epi32(y_next, y_now, 1);
        unsigned simple = row_pieces_avx512(x_now, _mm256_sub_epi32(y_now, top), x_end, _mm256_sub_epi32(y_end, top),
                                            winding, first_cell, &pieces);
        int32_t count = row_b - first + 1 < 8 ? row_b - first + 1 : 8;
        for (int32_t i = 0; i < count; i++) {
            add_row_from_pieces(&pieces, i, simple >> i & 1, (uint32_t)e->winding, cell_x0, cell_x1, row, carry,
                                words);
            row += stride;
            words += words_per_row;
            carry++;
        }
        top = _mm256_add_epi32(top, _mm256_set1_epi32(2048));
        x_now = x_next;
        y_now = y_next;
    }
}

RK_WALK512 void rk_paths_accumulate_avx512(RK_ACCUMULATE_ARGS) {
    RK_ACCUMULATE_BINS(if (row_b > row_a) {
        walk_interior_rows_avx512(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                                  words_per_row);
    } else {
        RK_WALK_ROWS(1);
    });
}
#endif
