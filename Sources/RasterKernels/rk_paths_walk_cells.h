// Private lane version of the path walk's add_segment_cells for the vector tiers (raster_kernels_paths_walk_avx2.c,
// _avx512.c): a row segment inside the tile's columns over 3 to 5 cells, its boundary crossings and its cells'
// sums computed in lanes instead of a loop of one crossing and one piece per cell. Include it before
// rk_paths_walk.h (it names itself as RK_INTERIOR_CELLS there).
//
// Coordinate space and number format: as rk_paths_walk.h (24.8 fixed point, y relative to the row's top, wrapping
// 32-bit sums, Double only where add_segment_cells uses it, with the same IEEE operations in the same order).
#ifndef OPENQUARTZ_RK_PATHS_WALK_CELLS_H
#define OPENQUARTZ_RK_PATHS_WALK_CELLS_H

#include <immintrin.h>
#include <stdint.h>

static void add_interior_cells_lanes(int32_t xl, int32_t yl, int32_t xr, int32_t yr, uint32_t winding,
                                     int32_t cell_x0, int32_t cell_x1, uint32_t *row, uint32_t *carry,
                                     uint64_t *touched);
#define RK_INTERIOR_CELLS add_interior_cells_lanes

#include "rk_paths_walk.h"

#pragma STDC FP_CONTRACT OFF

// add_segment_cells for a segment with cell_x0 ≤ every cell < cell_x1 (xl < xr, three or more cells).
// Segments of 3 to 5 cells whose 8 lanes of cells fit the row's width + 2 cells (the vector tiers'
// stride bound) go through lanes; others through add_segment_cells.
// Lane k holds boundary k of the segment: x_k = xl, (cell_l + k)·256 for 0 < k < n, xr from k = n on, and y_k
// its crossing (add_segment_cells' formula: the same slope, product, rounding and clamp); piece k runs from
// boundary k to k + 1 in cell cell_l + k (height 0 from k = n on). Cell m then gets piece m's 512·dy − area and
// piece m − 1's area, times the winding: add_piece's two adds, summed in one wrapping add (the same value).
__attribute__((noinline, target("avx2"))) static void add_interior_cells_lanes(
    int32_t xl, int32_t yl, int32_t xr, int32_t yr, uint32_t winding, int32_t cell_x0, int32_t cell_x1,
    uint32_t *row, uint32_t *carry, uint64_t *touched) {
    int32_t cell_l = xl >> 8, cell_r = xr >> 8, n = cell_r - cell_l + 1;
    int64_t j = cell_l - cell_x0;
    if (n > 5 || j + 8 > (int64_t)(cell_x1 - cell_x0) + 2) {
        add_segment_cells(xl, yl, xr, yr, winding, cell_x0, cell_x1, row, carry, touched);
        return;
    }
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i low_dwords = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    double slope = (double)(yr - yl) / (double)(xr - xl);
    int32_t y_low = yl < yr ? yl : yr, y_high = yl < yr ? yr : yl;
    // Boundaries 1 ... 4 (those from n on are replaced below): (cell_l + k)·256 − xl times the slope, rounded.
    __m256i bound = _mm256_slli_epi32(_mm256_add_epi32(_mm256_set1_epi32(cell_l), lane), 8);
    const __m256i boundaries = _mm256_setr_epi32(1, 2, 3, 4, 0, 0, 0, 0);
    __m128i offset = _mm_sub_epi32(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bound, boundaries)),
                                   _mm_set1_epi32(xl));
    __m256d p = _mm256_mul_pd(_mm256_cvtepi32_pd(offset), _mm256_set1_pd(slope));
    __m256i bits = _mm256_castpd_si256(_mm256_add_pd(p, _mm256_set1_pd(6755399441055744.0)));
    __m128i cross =
        _mm_add_epi32(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bits, low_dwords)), _mm_set1_epi32(yl));
    cross = _mm_min_epi32(_mm_max_epi32(cross, _mm_set1_epi32(y_low)), _mm_set1_epi32(y_high));
    // y: yl, the crossings in lanes 1 ... 4, yr from lane n on; x likewise.
    const __m256i crossing_lanes = _mm256_setr_epi32(0, 0, 1, 2, 3, 3, 3, 3);
    __m256i y = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(cross), crossing_lanes);
    __m256i past = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(n - 1));
    __m256i first = _mm256_cmpeq_epi32(lane, _mm256_setzero_si256());
    y = _mm256_blendv_epi8(_mm256_blendv_epi8(y, _mm256_set1_epi32(yl), first), _mm256_set1_epi32(yr), past);
    __m256i x =
        _mm256_blendv_epi8(_mm256_blendv_epi8(bound, _mm256_set1_epi32(xl), first), _mm256_set1_epi32(xr), past);
    const __m256i next = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 7);
    __m256i dy = _mm256_abs_epi32(_mm256_sub_epi32(_mm256_permutevar8x32_epi32(y, next), y));
    __m256i area = _mm256_mullo_epi32(
        _mm256_sub_epi32(_mm256_add_epi32(x, _mm256_permutevar8x32_epi32(x, next)), _mm256_slli_epi32(bound, 1)), dy);
    __m256i w = _mm256_set1_epi32((int32_t)winding);
    __m256i own = _mm256_mullo_epi32(w, _mm256_sub_epi32(_mm256_slli_epi32(dy, 9), area));
    __m256i spill = _mm256_mullo_epi32(w, area);
    // Cell m takes piece m − 1's area (lane 0 none).
    spill = _mm256_andnot_si256(first, _mm256_permutevar8x32_epi32(spill, _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6)));
    __m256i *cells = (__m256i *)(row + j);
    _mm256_storeu_si256(cells, _mm256_add_epi32(_mm256_loadu_si256(cells), _mm256_add_epi32(own, spill)));
    (void)carry;  // nothing lies left of the tile
    mark_cells(j, j + n - 1, touched);
}

#endif
