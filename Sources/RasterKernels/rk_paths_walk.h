// Private pieces of the path filler's edge walk (raster_kernels_paths.c and its vector tiers
// raster_kernels_paths_walk_avx2.c / _avx512.c), not part of the module's public headers: the scalar row
// work every tier shares (and falls back to), and the tier entry points.
//
// Coordinate space: device pixels; edges in 24.8 fixed point (256 sub-pixel units per pixel), y relative to
// each pixel row's top inside the row walk. Coverage sums are wrapping 32-bit integers (uint32_t here, &+ in
// Swift); Double values appear only where the Swift walk uses them, with the same operations in the same order.
#ifndef OPENQUARTZ_RK_PATHS_WALK_H
#define OPENQUARTZ_RK_PATHS_WALK_H

#include "raster_kernels_paths.h"
#include "rk_paths_fixed.h"

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

// add_segment_cells for a segment whose cells all lie inside the tile's columns (every segment of an interior
// edge, most rows of one crossing a side): the vector tiers define RK_INTERIOR_CELLS as their lane version
// (rk_paths_walk_cells.h) before including this header.
#ifndef RK_INTERIOR_CELLS
#define RK_INTERIOR_CELLS add_segment_cells
#endif

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
        // `boundary_y`, when given, is this crossing computed ahead by two_cell_crossings4 (same bits).
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
    if (interior || (cell_l >= cell_x0 && cell_r < cell_x1)) {
        RK_INTERIOR_CELLS(xl, yl, xr, yr, winding, cell_x0, cell_x1, row, carry, touched);
    } else {
        add_segment_cells(xl, yl, xr, yr, winding, cell_x0, cell_x1, row, carry, touched);
    }
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

// One row's cell work computed ahead by the vector walk (rk_paths_walk_lanes4.h, 4 rows per block, lane i
// for row i): the three sums add_segment would add to cells j, j + 1 and j + 2 of the row (the third is 0 for
// a one-cell piece), the touched bits at j, and the row's segment for the rows the lanes leave to add_segment
// (stored for every block, though read only for those rows). Each vector is stored whole and read back one lane at a time, so
// every load is forwarded from a single store.
typedef struct rk_row_pieces {
    _Alignas(16) int32_t xa[4], ya[4], xb[4], yb[4];
    _Alignas(16) int32_t cell[4], bits[4];
    _Alignas(16) uint32_t first[4], second[4], third[4];
} rk_row_pieces;

// Row i of a vector walk's block: the lanes' piece when `simple` (a segment within one cell or across one
// cell boundary, not ending a touched word), else add_segment on the row's segment (an empty one adds nothing).
static inline __attribute__((always_inline)) void add_row_from_pieces(const rk_row_pieces *pieces, int32_t i,
                                                                      unsigned simple,
                                                                      uint32_t winding, int32_t cell_x0,
                                                                      int32_t cell_x1, uint32_t *row,
                                                                      uint32_t *carry, uint64_t *words) {
    if (simple) {
        int32_t j = pieces->cell[i];
        row[j] += pieces->first[i];
        row[j + 1] += pieces->second[i];
        row[j + 2] += pieces->third[i];
        words[j >> 6] |= (uint64_t)(uint32_t)pieces->bits[i] << (j & 63);
    } else if (pieces->ya[i] < pieces->yb[i]) {
        add_segment(pieces->xa[i], pieces->ya[i], pieces->xb[i], pieces->yb[i], winding, cell_x0, cell_x1, row,
                    carry, words, 1, 0, 0);
    }
}

#define RK_ACCUMULATE_ARGS                                                                                     \
    const rk_fill_edge *all, const int32_t *bins, size_t count, int32_t tile_top, int32_t row_first,          \
        int32_t row_end, int32_t cell_x0, int32_t cell_x1, uint32_t *restrict delta_rows, size_t stride,      \
        uint32_t *restrict carries, uint64_t *restrict touched_rows, size_t words_per_row

// The body of every tier's walk (inside a function taking RK_ACCUMULATE_ARGS): each binned edge's rows in the
// tile, edges crossing the tile's sides through the scalar walk with its side tests, edges inside the tile's
// columns through WALK_INTERIOR (a statement that may use e, row_a, row_b, row, words and RK_WALK_ROWS).
// A macro rather than a function, so each tier's copy is compiled with that tier's target attributes.
#define RK_WALK_ROWS(INTERIOR)                                                                                 \
    walk_edge_rows(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,         \
                   words_per_row, INTERIOR)
#define RK_ACCUMULATE_BINS(WALK_INTERIOR)                                                                      \
    for (size_t b = 0; b < count; b++) {                                                                       \
        const rk_fill_edge e = all[bins[b]];                                                                   \
        int32_t row_a, row_b;                                                                                  \
        int interior;                                                                                          \
        if (!edge_tile_rows(&e, tile_top, row_first, row_end, cell_x0, cell_x1, &row_a, &row_b, &interior))   \
            continue;                                                                                          \
        uint32_t *row = delta_rows + (size_t)row_a * stride;                                                   \
        uint64_t *words = touched_rows + (size_t)row_a * words_per_row;                                        \
        if (interior) {                                                                                        \
            WALK_INTERIOR;                                                                                     \
        } else {                                                                                               \
            RK_WALK_ROWS(0);                                                                                   \
        }                                                                                                      \
    }

#if defined(__x86_64__) || defined(__i386__)
// The vector tiers of the walk (same results as the portable one). Invariant: as rk_fill_accumulate_tile's,
// and stride ≥ cell_x1 − cell_x0 + 2.
void rk_paths_accumulate_avx2(RK_ACCUMULATE_ARGS);
void rk_paths_accumulate_avx512(RK_ACCUMULATE_ARGS);
#endif

#endif
