// Per-tile exact-area accumulation for the path filler (see include/raster_kernels_paths.h).
//
// Coordinate space: device pixels; edges in 24.8 fixed point (256 sub-pixel units per pixel), y relative to
// each pixel row's top inside the row walk. Coverage sums are wrapping 32-bit integers (uint32_t here, &+ in
// Swift); Double values appear only where the Swift walk uses them, with the same operations in the same order.
#include "raster_kernels_paths.h"

#include <string.h>

#pragma STDC FP_CONTRACT OFF

// fillRoundToInt: round half to even through the 1.5 · 2^52 trick (exact for |v| < 2^51).
static inline int64_t round_to_int(double value) {
    double shifted = value + 6755399441055744.0;
    int64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    return (int64_t)((uint64_t)bits - UINT64_C(0x4338000000000000));
}

// FillEdge.x(atY:): the edge's x at sub-pixel row y, clamped to the edge's x range.
static inline int32_t edge_crossing(const rk_fill_edge *e, int32_t y) {
    if (y <= e->y0) return e->x0;
    if (y >= e->y1) return e->x1;
    double product = (double)(y - e->y0) * e->inverse_slope;
    int64_t x = (int64_t)e->x0 + round_to_int(product);
    int64_t lo = e->x0 < e->x1 ? e->x0 : e->x1, hi = e->x0 < e->x1 ? e->x1 : e->x0;
    if (x < lo) x = lo;
    if (x > hi) x = hi;
    return (int32_t)x;
}

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

// FillRowAccumulator.addSegment: one edge's part inside one pixel row (ya < yb, both in 0...256).
static inline void add_segment(int32_t xa, int32_t ya, int32_t xb, int32_t yb, uint32_t winding, int32_t cell_x0,
                               int32_t cell_x1, uint32_t *row, uint32_t *carry, uint64_t *touched) {
    int left_to_right = xa <= xb;
    int32_t xl = left_to_right ? xa : xb, yl = left_to_right ? ya : yb;
    int32_t xr = left_to_right ? xb : xa, yr = left_to_right ? yb : ya;
    int32_t cell_l = xl >> 8, cell_r = xr >> 8;
    if (cell_r < cell_x0) {
        *carry += winding * (uint32_t)512 * (uint32_t)(yb - ya);
        return;
    }
    if (cell_l >= cell_x1) return;
    if (cell_l == cell_r) {
        int64_t j = cell_l - cell_x0;
        add_piece(row, j, xl, xr, cell_l * 256, yb - ya, winding);
        mark_cells(j, j, touched);
        return;
    }
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

void rk_fill_accumulate_tile(const void *edges, const int32_t *bins, size_t count, int32_t tile_top,
                             int32_t row_first, int32_t row_end, int32_t cell_x0, int32_t cell_x1,
                             int32_t *deltas, size_t stride, int32_t *carry, uint64_t *touched,
                             size_t words_per_row) {
    const rk_fill_edge *all = (const rk_fill_edge *)edges;
    // Sums wrap like the Swift &+=: unsigned views of the same rows.
    uint32_t *delta_rows = (uint32_t *)deltas, *carries = (uint32_t *)carry;
    for (size_t b = 0; b < count; b++) {
        const rk_fill_edge *e = &all[bins[b]];
        int32_t row_a = (e->y0 >> 8) - tile_top, row_b = ((e->y1 - 1) >> 8) - tile_top;
        if (row_a < row_first) row_a = row_first;
        if (row_b > row_end - 1) row_b = row_end - 1;
        if (row_a > row_b) continue;
        uint32_t winding = (uint32_t)e->winding;
        // Rows below the first start where the previous one ended (same y, so the same x).
        int32_t row_top = (tile_top + row_a) * 256;
        int32_t ya = e->y0 > row_top ? e->y0 : row_top;
        int32_t xa = edge_crossing(e, ya);
        for (int32_t i = row_a;; i++) {
            int32_t yb = e->y1 < row_top + 256 ? e->y1 : row_top + 256;
            int32_t xb = edge_crossing(e, yb);
            if (ya < yb) {
                add_segment(xa, ya - row_top, xb, yb - row_top, winding, cell_x0, cell_x1,
                            delta_rows + (size_t)i * stride, carries + i, touched + (size_t)i * words_per_row);
            }
            if (i == row_b) break;
            row_top += 256;
            ya = yb;
            xa = xb;
        }
    }
}
