// The path filler's per-tile exact-area accumulation (see include/raster_kernels_paths.h; the binning is in
// raster_kernels_paths_binning.c).
//
// Coordinate space: device pixels; edges in 24.8 fixed point (256 sub-pixel units per pixel), y relative to
// each pixel row's top inside the row walk. Coverage sums are wrapping 32-bit integers (uint32_t here, &+ in
// Swift); Double values appear only where the Swift walk uses them, with the same operations in the same order.
#include "raster_kernels_paths.h"
#include "rk_paths_fixed.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include "raster_kernels.h"
#define RK_WALK_AVX2 1
#endif

#pragma STDC FP_CONTRACT OFF

// Sets bits first...last (first ≤ last) of a row's touched words.
static inline void mark_cells(int64_t first, int64_t last, uint64_t *words) {
    int64_t word_a = first >> 6, word_b = last >> 6;
    uint64_t low = ~UINT64_C(0) << (first & 63), high = ~UINT64_C(0) >> (63 - (last & 63));
    if (word_a == word_b) {
        words[word_a] |= low & high;
        return;
    }
    words[word_a] |= low;
    for (int64_t w = word_a + 1; w < word_b; w++) words[w] = ~UINT64_C(0);
    words[word_b] |= high;
}

// Adds cell j's piece: 512·dy − area to cell j and area to cell j + 1 (area = (fx0 + fx1) · dy).
static inline void add_piece(uint32_t *row, int64_t j, int32_t px, int32_t nx, int32_t base, int32_t dy,
                             uint32_t winding) {
    uint32_t area = (uint32_t)(px - base + nx - base) * (uint32_t)dy;
    row[j] += winding * ((uint32_t)512 * (uint32_t)dy - area);
    row[j + 1] += winding * area;
}

// The part of add_segment for a segment over two or more cells (xl < xr, cells cell_l < cell_r, the segment
// not wholly left or right of the tile), out of line: add_segment keeps only the common two-cell case inline,
// so the row walk's registers are not spent on this loop.
static __attribute__((noinline)) void add_segment_cells(int32_t xl, int32_t yl, int32_t xr, int32_t yr,
                                                        uint32_t winding, int32_t cell_x0, int32_t cell_x1,
                                                        uint32_t *row, uint32_t *carry, uint64_t *touched) {
    int32_t cell_l = xl >> 8, cell_r = xr >> 8;
    // Crossing of x = k·256 as a function of the row segment and k only (FillTileCoverage.swift's header).
    double slope = (double)(yr - yl) / (double)(xr - xl);
    int32_t y_low = yl < yr ? yl : yr, y_high = yl < yr ? yr : yl;
    int32_t c = cell_l, px = xl, py = yl;
#define RK_Y_AT_BOUNDARY(k, out)                                                                   \
    do {                                                                                           \
        double p_ = (double)((int32_t)((uint32_t)(k) << 8) - xl) * slope;                          \
        int32_t y_ = (int32_t)((uint32_t)(int32_t)round_to_int(p_) + (uint32_t)yl);                \
        (out) = y_ < y_low ? y_low : (y_ > y_high ? y_high : y_);                                  \
    } while (0)
    if (cell_l < cell_x0) {
        int32_t y_entry;
        RK_Y_AT_BOUNDARY(cell_x0, y_entry);
        int32_t d = y_entry - yl;
        *carry += winding * (uint32_t)512 * (uint32_t)(d < 0 ? -d : d);
        c = cell_x0;
        px = cell_x0 * 256;
        py = y_entry;
    }
    int64_t j_first = c - cell_x0;
    int32_t cross_end = cell_r < cell_x1 ? cell_r : cell_x1;
    while (c < cross_end) {
        int32_t nx = (c + 1) * 256, ny;
        RK_Y_AT_BOUNDARY(c + 1, ny);
        int32_t d = ny - py;
        add_piece(row, c - cell_x0, px, nx, c * 256, d < 0 ? -d : d, winding);
        px = nx;
        py = ny;
        c++;
    }
#undef RK_Y_AT_BOUNDARY
    if (cell_r < cell_x1) {
        int32_t d = yr - py;
        add_piece(row, cell_r - cell_x0, px, xr, cell_r * 256, d < 0 ? -d : d, winding);
    }
    mark_cells(j_first, (int64_t)((cell_r < cell_x1 - 1 ? cell_r : cell_x1 - 1) - cell_x0), touched);
}

// FillRowAccumulator.addSegment: one edge's part inside one pixel row (ya < yb, both in 0...256). `interior`
// (a constant at each call) promises cell_x0 ≤ every x's cell < cell_x1, so the tests for parts left or right
// of the tile, which would all be false, are left out.
static inline __attribute__((always_inline)) void add_segment(
    int32_t xa, int32_t ya, int32_t xb, int32_t yb, uint32_t winding, int32_t cell_x0, int32_t cell_x1, uint32_t *row,
    uint32_t *carry, uint64_t *touched, int interior, int has_boundary_y, int32_t boundary_y) {
    int left_to_right = xa <= xb;
    int32_t xl = left_to_right ? xa : xb, yl = left_to_right ? ya : yb;
    int32_t xr = left_to_right ? xb : xa, yr = left_to_right ? yb : ya;
    int32_t cell_l = xl >> 8, cell_r = xr >> 8;
    if (!interior && cell_r < cell_x0) {
        *carry += winding * (uint32_t)512 * (uint32_t)(yb - ya);
        return;
    }
    if (!interior && cell_l >= cell_x1) return;
    if (cell_l == cell_r) {
        int64_t j = cell_l - cell_x0;
        add_piece(row, j, xl, xr, cell_l * 256, yb - ya, winding);
        touched[j >> 6] |= UINT64_C(1) << (j & 63);
        return;
    }
    if (cell_r == cell_l + 1 && (interior || (cell_l >= cell_x0 && cell_r < cell_x1))) {
        // The common shallow case, as add_segment_cells would do it: two cells inside the tile, one boundary
        // crossing (the same formula, slope and clamp).
        // `boundary_y`, when given, is this crossing computed ahead by two_cell_crossings_avx2 (same bits).
        int32_t boundary = cell_r * 256, ny;
        if (has_boundary_y) {
            ny = boundary_y;
        } else {
            double slope = (double)(yr - yl) / (double)(xr - xl);
            int32_t y_low = yl < yr ? yl : yr, y_high = yl < yr ? yr : yl;
            double p = (double)(boundary - xl) * slope;
            ny = (int32_t)((uint32_t)(int32_t)round_to_int(p) + (uint32_t)yl);
            ny = ny < y_low ? y_low : (ny > y_high ? y_high : ny);
        }
        int32_t d0 = ny - yl, d1 = yr - ny;
        int64_t j = cell_l - cell_x0;
        add_piece(row, j, xl, boundary, cell_l * 256, d0 < 0 ? -d0 : d0, winding);
        add_piece(row, j + 1, boundary, xr, boundary, d1 < 0 ? -d1 : d1, winding);
        // mark_cells(j, j + 1): bits j and j + 1, the second in the next word when j ends one.
        touched[j >> 6] |= UINT64_C(3) << (j & 63);
        if ((j & 63) == 63) touched[(j >> 6) + 1] |= 1;
        return;
    }
    add_segment_cells(xl, yl, xr, yr, winding, cell_x0, cell_x1, row, carry, touched);
}

// One edge's rows row_a...row_b of the tile (row, words and carry point at row_a's); `interior` as add_segment's.
static inline __attribute__((always_inline)) void walk_edge_rows(
    const rk_fill_edge *e, int32_t row_a, int32_t row_b, int32_t tile_top, int32_t cell_x0, int32_t cell_x1,
    uint32_t *row, size_t stride, uint32_t *carry, uint64_t *words, size_t words_per_row, int interior) {
    uint32_t winding = (uint32_t)e->winding;
    // Rows below the first start where the previous one ended (same y, so the same x).
    int32_t row_top = (tile_top + row_a) * 256;
    int32_t ya = e->y0 > row_top ? e->y0 : row_top;
    int32_t xa = edge_crossing(e, ya);
    for (int32_t i = row_a;; i++) {
        int32_t yb = e->y1 < row_top + 256 ? e->y1 : row_top + 256;
        int32_t xb = edge_crossing(e, yb);
        if (ya < yb) {
            add_segment(xa, ya - row_top, xb, yb - row_top, winding, cell_x0, cell_x1, row, carry, words, interior,
                        0, 0);
        }
        if (i == row_b) break;
        row_top += 256;
        ya = yb;
        xa = xb;
        row += stride;
        words += words_per_row;
        carry++;
    }
}

#if RK_WALK_AVX2
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

// One row's cell work, computed ahead in vector lanes (4 rows): the three sums add_segment would add to cells
// j, j + 1 and j + 2 of the row (the third is 0 for a one-cell piece) and the touched bits at j, for a
// segment within one cell or across one cell boundary; `simple` is 0 (add_segment must do the row) for an
// empty segment, one over three or more cells, or a two-cell piece whose second cell starts the next word.
typedef struct rk_row_pieces {
    _Alignas(16) int32_t xa[4], ya[4], xb[4], yb[4];
    _Alignas(16) int32_t cell[4], bits[4], simple[4];
    _Alignas(16) uint32_t first[4], second[4], third[4];
} rk_row_pieces;

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
            if (pieces.simple[i]) {
                int32_t j = pieces.cell[i];
                row[j] += pieces.first[i];
                row[j + 1] += pieces.second[i];
                row[j + 2] += pieces.third[i];
                words[j >> 6] |= (uint64_t)(uint32_t)pieces.bits[i] << (j & 63);
            } else if (pieces.ya[i] < pieces.yb[i]) {
                add_segment(pieces.xa[i], pieces.ya[i], pieces.xb[i], pieces.yb[i], (uint32_t)e->winding, cell_x0,
                            cell_x1, row, carry, words, 1, 0, 0);
            }
            row += stride;
            words += words_per_row;
            carry++;
        }
        top = _mm_add_epi32(top, _mm_set1_epi32(1024));
        x_now = x_next;
        y_now = y_next;
    }
}

// The AVX-512 tier of the same walk: 8 rows per step (8 int32 lanes, 8 Double lanes), mask registers for the
// selections. Same operations lane by lane as the AVX2 functions above, so the same bits.
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

// row_pieces_avx2 for 8 rows; `simple` as a bit mask (bit i for row i).
typedef struct rk_row_pieces8 {
    _Alignas(32) int32_t xa[8], ya[8], xb[8], yb[8];
    _Alignas(32) int32_t cell[8], bits[8];
    _Alignas(32) uint32_t first[8], second[8], third[8];
} rk_row_pieces8;

RK_WALK512 static inline __attribute__((always_inline)) unsigned row_pieces_avx512(
    __m256i xa, __m256i ya, __m256i xb, __m256i yb, __m256i winding, __m256i cell_x0, rk_row_pieces8 *out) {
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
    rk_row_pieces8 pieces;
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
            if (simple >> i & 1) {
                int32_t j = pieces.cell[i];
                row[j] += pieces.first[i];
                row[j + 1] += pieces.second[i];
                row[j + 2] += pieces.third[i];
                words[j >> 6] |= (uint64_t)(uint32_t)pieces.bits[i] << (j & 63);
            } else if (pieces.ya[i] < pieces.yb[i]) {
                add_segment(pieces.xa[i], pieces.ya[i], pieces.xb[i], pieces.yb[i], (uint32_t)e->winding, cell_x0,
                            cell_x1, row, carry, words, 1, 0, 0);
            }
            row += stride;
            words += words_per_row;
            carry++;
        }
        top = _mm256_add_epi32(top, _mm256_set1_epi32(2048));
        x_now = x_next;
        y_now = y_next;
    }
}
#endif

// The tile rows row_a...row_b an edge crosses (false when none) and whether it lies inside the tile's columns.
static inline __attribute__((always_inline)) int edge_tile_rows(const rk_fill_edge *e, int32_t tile_top,
                                                                int32_t row_first, int32_t row_end, int32_t cell_x0,
                                                                int32_t cell_x1, int32_t *row_a, int32_t *row_b,
                                                                int *interior) {
    *row_a = (e->y0 >> 8) - tile_top;
    *row_b = ((e->y1 - 1) >> 8) - tile_top;
    if (*row_a < row_first) *row_a = row_first;
    if (*row_b > row_end - 1) *row_b = row_end - 1;
    // Every crossing lies between x0 and x1 (edge_crossing clamps), so when both ends' cells are inside the
    // tile's columns, so is every part of the edge: the usual case, walked without the tile tests.
    int32_t x_low = e->x0 < e->x1 ? e->x0 : e->x1, x_high = e->x0 < e->x1 ? e->x1 : e->x0;
    *interior = (x_low >> 8) >= cell_x0 && (x_high >> 8) < cell_x1;
    return *row_a <= *row_b;
}

#define RK_ACCUMULATE_ARGS                                                                                     \
    const rk_fill_edge *all, const int32_t *bins, size_t count, int32_t tile_top, int32_t row_first,          \
        int32_t row_end, int32_t cell_x0, int32_t cell_x1, uint32_t *restrict delta_rows, size_t stride,      \
        uint32_t *restrict carries, uint64_t *restrict touched_rows, size_t words_per_row

// The portable walk, the reference every tier must match.
static void accumulate_portable(RK_ACCUMULATE_ARGS) {
    for (size_t b = 0; b < count; b++) {
        const rk_fill_edge e = all[bins[b]];
        int32_t row_a, row_b;
        int interior;
        if (!edge_tile_rows(&e, tile_top, row_first, row_end, cell_x0, cell_x1, &row_a, &row_b, &interior)) continue;
        uint32_t *row = delta_rows + (size_t)row_a * stride;
        uint64_t *words = touched_rows + (size_t)row_a * words_per_row;
        if (interior) {
            walk_edge_rows(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                           words_per_row, 1);
        } else {
            walk_edge_rows(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                           words_per_row, 0);
        }
    }
}

#if RK_WALK_AVX2
__attribute__((target("avx2"))) static void accumulate_avx2(RK_ACCUMULATE_ARGS) {
    for (size_t b = 0; b < count; b++) {
        const rk_fill_edge e = all[bins[b]];
        int32_t row_a, row_b;
        int interior;
        if (!edge_tile_rows(&e, tile_top, row_first, row_end, cell_x0, cell_x1, &row_a, &row_b, &interior)) continue;
        uint32_t *row = delta_rows + (size_t)row_a * stride;
        uint64_t *words = touched_rows + (size_t)row_a * words_per_row;
        if (interior && row_b > row_a) {
            walk_interior_rows_avx2(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a,
                                    words, words_per_row);
        } else if (interior) {
            // One row: the vector setup costs more than the scalar row.
            walk_edge_rows(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                           words_per_row, 1);
        } else {
            walk_edge_rows(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                           words_per_row, 0);
        }
    }
}
#endif

#if RK_WALK_AVX2
RK_WALK512 static void accumulate_avx512(RK_ACCUMULATE_ARGS) {
    for (size_t b = 0; b < count; b++) {
        const rk_fill_edge e = all[bins[b]];
        int32_t row_a, row_b;
        int interior;
        if (!edge_tile_rows(&e, tile_top, row_first, row_end, cell_x0, cell_x1, &row_a, &row_b, &interior)) continue;
        uint32_t *row = delta_rows + (size_t)row_a * stride;
        uint64_t *words = touched_rows + (size_t)row_a * words_per_row;
        if (interior && row_b > row_a) {
            walk_interior_rows_avx512(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a,
                                      words, words_per_row);
        } else {
            walk_edge_rows(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                           words_per_row, interior);
        }
    }
}
#endif

void rk_fill_accumulate_tile(const void *edges, const int32_t *bins, size_t count, int32_t tile_top,
                             int32_t row_first, int32_t row_end, int32_t cell_x0, int32_t cell_x1,
                             int32_t *deltas, size_t stride, int32_t *carry, uint64_t *touched,
                             size_t words_per_row) {
    // Sums wrap like the Swift &+=: unsigned views of the same rows. The three outputs are separate buffers
    // and never the edges (restrict), so stores into them do not force reloads of the edge or of each other.
#define RK_ACCUMULATE_CALL(name)                                                                               \
    name((const rk_fill_edge *)edges, bins, count, tile_top, row_first, row_end, cell_x0, cell_x1,            \
         (uint32_t *)deltas, stride, (uint32_t *)carry, touched, words_per_row)
#if RK_WALK_AVX2
    int level = rk_kernel_level();
    if (level >= 3 && stride >= (size_t)(cell_x1 - cell_x0) + 2) {
        RK_ACCUMULATE_CALL(accumulate_avx512);
        return;
    }
    if (level >= 2 && stride >= (size_t)(cell_x1 - cell_x0) + 2) {
        RK_ACCUMULATE_CALL(accumulate_avx2);
        return;
    }
#endif
    RK_ACCUMULATE_CALL(accumulate_portable);
#undef RK_ACCUMULATE_CALL
}
