// The path filler's kernels (see include/raster_kernels_paths.h): per-tile exact-area accumulation, and the
// binning of edges into tiles with their carries.
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
        touched[j >> 6] |= UINT64_C(1) << (j & 63);
        return;
    }
    if (cell_r == cell_l + 1 && cell_l >= cell_x0 && cell_r < cell_x1) {
        // The common shallow case, as add_segment_cells would do it: two cells inside the tile, one boundary
        // crossing (the same formula, slope and clamp).
        double slope = (double)(yr - yl) / (double)(xr - xl);
        int32_t y_low = yl < yr ? yl : yr, y_high = yl < yr ? yr : yl, boundary = cell_r * 256;
        double p = (double)(boundary - xl) * slope;
        int32_t ny = (int32_t)((uint32_t)(int32_t)round_to_int(p) + (uint32_t)yl);
        ny = ny < y_low ? y_low : (ny > y_high ? y_high : ny);
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

void rk_fill_accumulate_tile(const void *edges, const int32_t *bins, size_t count, int32_t tile_top,
                             int32_t row_first, int32_t row_end, int32_t cell_x0, int32_t cell_x1,
                             int32_t *deltas, size_t stride, int32_t *carry, uint64_t *touched,
                             size_t words_per_row) {
    const rk_fill_edge *all = (const rk_fill_edge *)edges;
    // Sums wrap like the Swift &+=: unsigned views of the same rows. The three outputs are separate buffers
    // and never the edges (restrict), so stores into them do not force reloads of the edge or of each other.
    uint32_t *restrict delta_rows = (uint32_t *)deltas;
    uint32_t *restrict carries = (uint32_t *)carry;
    uint64_t *restrict touched_rows = touched;
    for (size_t b = 0; b < count; b++) {
        const rk_fill_edge e = all[bins[b]];
        int32_t row_a = (e.y0 >> 8) - tile_top, row_b = ((e.y1 - 1) >> 8) - tile_top;
        if (row_a < row_first) row_a = row_first;
        if (row_b > row_end - 1) row_b = row_end - 1;
        if (row_a > row_b) continue;
        uint32_t winding = (uint32_t)e.winding;
        uint32_t *row = delta_rows + (size_t)row_a * stride;
        uint64_t *words = touched_rows + (size_t)row_a * words_per_row;
        // Rows below the first start where the previous one ended (same y, so the same x).
        int32_t row_top = (tile_top + row_a) * 256;
        int32_t ya = e.y0 > row_top ? e.y0 : row_top;
        int32_t xa = edge_crossing(&e, ya);
        for (int32_t i = row_a;; i++) {
            int32_t yb = e.y1 < row_top + 256 ? e.y1 : row_top + 256;
            int32_t xb = edge_crossing(&e, yb);
            if (ya < yb) {
                add_segment(xa, ya - row_top, xb, yb - row_top, winding, cell_x0, cell_x1, row, carries + i, words);
            }
            if (i == row_b) break;
            row_top += 256;
            ya = yb;
            xa = xb;
            row += stride;
            words += words_per_row;
        }
    }
}

// ---- Binning (FillPathCoverage.init) ----

// FillPathCoverage.init's tileOf: floor(a / T), a shift when T is a power of two.
static inline int64_t bin_tile_of(int64_t a, const rk_fill_bin_grid *g) {
    if (g->size_shift >= 0) return a >> g->size_shift;
    return a >= 0 ? a / g->tile_size : -((-a + g->tile_size - 1) / g->tile_size);
}

// The pairs and carries of one edge inside one tile row's band (sub-pixel rows ya ..< yb, where the edge is at
// xa and xb): the tiles its cells reach get the pair (counted, or placed at offsets[t]++), and (counting pass)
// the first tile right of them gets its height, pixel row by pixel row. Returns the box tile when the pairs
// are exactly one, RK_BIN_SEVERAL when more, RK_BIN_NONE when none.
#define RK_BIN_SEVERAL (-1)
#define RK_BIN_NONE (-2)
static inline __attribute__((always_inline)) int64_t bin_band(
    const rk_fill_bin_grid *g, int place, int64_t tile_row, int32_t ya, int32_t yb, int32_t xa, int32_t xb,
    uint32_t winding, int32_t index, uint32_t *carry, uint32_t *offsets, int32_t *bins) {
    int64_t column_min = bin_tile_of((xa < xb ? xa : xb) >> 8, g) - g->first_column;
    int64_t column_max = bin_tile_of((xa < xb ? xb : xa) >> 8, g) - g->first_column;
    if (column_min < g->column_lo) column_min = g->column_lo;
    if (column_max > g->column_hi - 1) column_max = g->column_hi - 1;
    int64_t row_base = (tile_row - g->row_lo) * (g->column_hi - g->column_lo) - g->column_lo;
    int64_t result = column_min > column_max ? RK_BIN_NONE
                     : column_min == column_max ? row_base + column_min : RK_BIN_SEVERAL;
    if (place) {
        for (int64_t column = column_min; column <= column_max; column++) bins[offsets[row_base + column]++] = index;
        return result;
    }
    for (int64_t column = column_min; column <= column_max; column++) offsets[row_base + column + 1]++;
    int64_t carry_column = column_max + 1 > g->column_lo ? column_max + 1 : g->column_lo;
    if (carry_column >= g->column_hi) return result;
    // carry[base + pixel row] is that tile's row; every pixel row of the band is inside it.
    int64_t base = (row_base + carry_column) * g->tile_size - (g->first_row + tile_row) * g->tile_size;
    uint32_t height_unit = winding * 512u;
    for (int32_t y = ya; y < yb;) {
        int32_t row_end = (y & ~255) + 256;
        if (row_end > yb) row_end = yb;
        carry[base + (y >> 8)] += height_unit * (uint32_t)(row_end - y);
        y = row_end;
    }
    return result;
}

// One edge (`place` is a constant at each call): bin_band for each tile row its rows reach, with the edge's
// part inside that row's band. Returns the box tile of its only pair, RK_BIN_SEVERAL or RK_BIN_NONE.
static inline __attribute__((always_inline)) int64_t bin_edge(
    const rk_fill_edge *e, int32_t index, const rk_fill_bin_grid *g, int place, uint32_t *carry,
    uint32_t *offsets, int32_t *bins) {
    int32_t y0 = e->y0, y1 = e->y1;
    if (y0 >= y1) return RK_BIN_NONE;
    int64_t band_a = bin_tile_of(y0 >> 8, g), band_b = bin_tile_of((y1 - 1) >> 8, g);
    int64_t first_tile_row = band_a - g->first_row, last_tile_row = band_b - g->first_row;
    if (first_tile_row < g->row_lo) first_tile_row = g->row_lo;
    if (last_tile_row > g->row_hi - 1) last_tile_row = g->row_hi - 1;
    if (first_tile_row > last_tile_row) return RK_BIN_NONE;
    uint32_t winding = (uint32_t)e->winding;
    if (band_a == band_b) {
        // One band holds the whole edge, so its part there is the edge itself (band top ≤ y0, y1 ≤ band end).
        return bin_band(g, place, first_tile_row, y0, y1, e->x0, e->x1, winding, index, carry, offsets, bins);
    }
    int64_t sub_tile = g->tile_size << 8;
    for (int64_t tile_row = first_tile_row; tile_row <= last_tile_row; tile_row++) {
        int64_t band_top = (g->first_row + tile_row) * sub_tile;
        int32_t ya = (int32_t)(y0 > band_top ? y0 : band_top);
        int32_t yb = (int32_t)(y1 < band_top + sub_tile ? y1 : band_top + sub_tile);
        if (ya >= yb) continue;
        bin_band(g, place, tile_row, ya, yb, edge_crossing(e, ya), edge_crossing(e, yb), winding, index, carry,
                 offsets, bins);
    }
    return RK_BIN_SEVERAL;
}

void rk_fill_bin_count(const void *edges, size_t edge_count, const rk_fill_bin_grid *grid, int32_t *carry,
                       int32_t *offsets, int32_t *single) {
    const rk_fill_edge *all = (const rk_fill_edge *)edges;
    uint32_t *carries = (uint32_t *)carry, *starts = (uint32_t *)offsets;
    const rk_fill_bin_grid g = *grid;
    for (size_t index = 0; index < edge_count; index++) {
        single[index] = (int32_t)bin_edge(&all[index], (int32_t)index, &g, 0, carries, starts, NULL);
    }
    int64_t size = g.tile_size, box_width = g.column_hi - g.column_lo;
    int64_t tile_count = box_width * (g.row_hi - g.row_lo);
    // Prefix sums across each tile row turn per-column carry deltas into entering coverage.
    for (int64_t box_row = 0; box_width > 1 && box_row < g.row_hi - g.row_lo; box_row++) {
        for (int64_t column = 1; column < box_width; column++) {
            uint32_t *here = carries + (box_row * box_width + column) * size, *left = here - size;
            for (int64_t i = 0; i < size; i++) here[i] += left[i];
        }
    }
    for (int64_t t = 0; t < tile_count; t++) starts[t + 1] += starts[t];
}

void rk_fill_bin_place(const void *edges, size_t edge_count, const rk_fill_bin_grid *grid, int32_t *offsets,
                       const int32_t *single, int32_t *bins) {
    const rk_fill_edge *all = (const rk_fill_edge *)edges;
    uint32_t *cursor = (uint32_t *)offsets;
    const rk_fill_bin_grid g = *grid;
    for (size_t index = 0; index < edge_count; index++) {
        int32_t tile = single[index];
        if (tile >= 0) {
            // The usual case: an edge inside one tile, known from the counting pass.
            bins[cursor[tile]++] = (int32_t)index;
        } else if (tile == RK_BIN_SEVERAL) {
            bin_edge(&all[index], (int32_t)index, &g, 1, NULL, cursor, bins);
        }
    }
    // Each cursor now holds its tile's end, which is the next tile's start: shift them back.
    int64_t tile_count = (g.column_hi - g.column_lo) * (g.row_hi - g.row_lo);
    for (int64_t t = tile_count; t > 0; t--) cursor[t] = cursor[t - 1];
    cursor[0] = 0;
}
