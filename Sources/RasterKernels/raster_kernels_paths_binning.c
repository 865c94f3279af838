// The path filler's edge binning (FillPathCoverage.init; see include/raster_kernels_paths.h): each edge's
// (tile, edge) pairs, counted then placed tile by tile, and the carries it adds to the tiles right of it.
//
// Coordinate space: device pixels; edges in 24.8 fixed point, tiles of T pixels aligned to the device origin.
// Carries and counts are wrapping 32-bit integers (uint32_t here, &+ in Swift).
#include "raster_kernels_paths.h"
#include "rk_paths_fixed.h"

#pragma STDC FP_CONTRACT OFF

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
    // Pixel row by pixel row, the height inside each: the first row's part, whole rows of 256, the last row's
    // part (the same wrapping sums as stepping y from row end to row end).
    uint32_t height_unit = winding * 512u;
    int32_t first_end = (ya & ~255) + 256;
    if (first_end >= yb) {
        carry[base + (ya >> 8)] += height_unit * (uint32_t)(yb - ya);
        return result;
    }
    carry[base + (ya >> 8)] += height_unit * (uint32_t)(first_end - ya);
    int32_t last_row = (yb - 1) >> 8;
    uint32_t whole = height_unit * 256u;
    for (int32_t r = first_end >> 8; r < last_row; r++) carry[base + r] += whole;
    carry[base + last_row] += height_unit * (uint32_t)(yb - (last_row << 8));
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

// bin_edge's counting pass out of line, for the edges count_edges leaves to it (crossing tile bands or
// columns): its registers and spills then stay out of the short path's loop.
static __attribute__((noinline)) int64_t count_edge_generic(const rk_fill_edge *e, int32_t index,
                                                           const rk_fill_bin_grid *g, uint32_t *carry,
                                                           uint32_t *offsets) {
    return bin_edge(e, index, g, 0, carry, offsets, NULL);
}

// An edge whose one pair is box tile `tile`: recorded in `single` and counted in the run of consecutive edges
// of one tile (run_tile, run_count), whose count reaches starts when the tile changes.
static inline __attribute__((always_inline)) void count_single(int64_t tile, int32_t *single, int64_t *run_tile,
                                                               uint32_t *run_count, uint32_t *starts) {
    *single = (int32_t)tile;
    if (tile != *run_tile) {
        starts[*run_tile + 1] += *run_count;
        *run_tile = tile;
        *run_count = 0;
    }
    *run_count += 1;
}

// The carries of an edge inside one band (sub-pixel rows y0 ..< y1) into the next tile's rows: rows[k] is pixel
// row (y0 >> 8) + k. The first row's part, whole rows of 256, the last row's part (the same wrapping sums as
// bin_band's).
static inline __attribute__((always_inline)) void add_band_carry(uint32_t *rows, int32_t winding, int32_t y0,
                                                                 int32_t y1) {
    uint32_t height_unit = (uint32_t)winding * 512u;
    int32_t first_end = (y0 & ~255) + 256;
    if (first_end >= y1) {
        rows[0] += height_unit * (uint32_t)(y1 - y0);
        return;
    }
    rows[0] += height_unit * (uint32_t)(first_end - y0);
    int32_t last = ((y1 - 1) >> 8) - (y0 >> 8);
    uint32_t whole = height_unit * 256u;
    for (int32_t k = 1; k < last; k++) rows[k] += whole;
    rows[last] += height_unit * (uint32_t)(y1 - ((y1 - 1) & ~255));
}

// The counting pass over all edges; `pow2` (a constant at each call) says T = 2^size_shift, so every tile of
// a row or column is a shift. The usual edge (inside one tile band and one tile column after the box clamps)
// takes a short path with the same result as bin_edge: its one pair counted, its only tile returned, and its
// height added to the carry of the tile right of it (box tile + 1 in the same tile row), pixel row by pixel
// row; every other edge goes through bin_edge. Consecutive edges of a path mostly share a tile, so its pair count
// is kept in a register while they do (run_tile, run_count) and added to starts when the tile changes: an
// increment in memory per edge made each wait on the previous one's store. Counts are sums, so the order in
// which they reach starts changes nothing.
static inline __attribute__((always_inline)) void count_edges(const rk_fill_edge *all, size_t edge_count,
                                                              const rk_fill_bin_grid *grid, int pow2,
                                                              uint32_t *carries, uint32_t *starts,
                                                              int32_t *single) {
    const rk_fill_bin_grid g = *grid;
    const int64_t size = g.tile_size, shift = pow2 ? g.size_shift : 0, box_width = g.column_hi - g.column_lo;
    int64_t run_tile = 0;
    uint32_t run_count = 0;
    for (size_t index = 0; index < edge_count; index++) {
        const rk_fill_edge *e = &all[index];
        int32_t y0 = e->y0, y1 = e->y1;
        if (y0 >= y1) {
            single[index] = RK_BIN_NONE;
            continue;
        }
        int64_t top = y0 >> 8, bottom = (y1 - 1) >> 8;
        int64_t band_a = pow2 ? top >> shift : bin_tile_of(top, &g);
        int64_t band_b = pow2 ? bottom >> shift : bin_tile_of(bottom, &g);
        int64_t tile_row = band_a - g.first_row;
        if (band_a == band_b && tile_row >= g.row_lo && tile_row < g.row_hi) {
            int32_t x0 = e->x0, x1 = e->x1;
            int64_t cell_min = (x0 < x1 ? x0 : x1) >> 8, cell_max = (x0 < x1 ? x1 : x0) >> 8;
            int64_t column_min = (pow2 ? cell_min >> shift : bin_tile_of(cell_min, &g)) - g.first_column;
            int64_t column_max = (pow2 ? cell_max >> shift : bin_tile_of(cell_max, &g)) - g.first_column;
            if (column_min < g.column_lo) column_min = g.column_lo;
            if (column_max > g.column_hi - 1) column_max = g.column_hi - 1;
            if (column_min == column_max) {
                int64_t tile = (tile_row - g.row_lo) * box_width + (column_min - g.column_lo);
                count_single(tile, &single[index], &run_tile, &run_count, starts);
                if (column_min + 1 >= g.column_hi) continue;
                // carry[(tile + 1) · T + pixel row in the band] is carries[base + device pixel row]; the band
                // holds rows top...bottom.
                int64_t base = (tile + 1) * size - band_a * size;
                add_band_carry(carries + base + top, e->winding, y0, y1);
                continue;
            }
        }
        single[index] = (int32_t)count_edge_generic(e, (int32_t)index, &g, carries, starts);
    }
    starts[run_tile + 1] += run_count;
}

// count_edges for tiles of T = 2^shift pixels with shift ≤ 22, in box-relative terms: one shift by 8 + shift
// takes a 24.8 value to its tile (floor(floor(v / 256) / T) = floor(v / 256T)), the box's tile row and column
// are offsets from band_lo and column_base, and the clamps to the box are clamps to 0 and box_width − 1. The
// same pairs, carries and `single` values as count_edges (a test compares every tile size with the Swift
// binning); fewer values live across the loop, so fewer of them spill.
static void count_edges_shift(const rk_fill_edge *all, size_t edge_count, const rk_fill_bin_grid *grid,
                              uint32_t *carries, uint32_t *starts, int32_t *single) {
    const rk_fill_bin_grid g = *grid;
    const int shift = (int)g.size_shift, tile_shift = 8 + shift;
    const int64_t band_lo = g.first_row + g.row_lo, band_count = g.row_hi - g.row_lo;
    const int64_t column_base = g.first_column + g.column_lo, box_width = g.column_hi - g.column_lo;
    const int32_t row_mask = (int32_t)((INT64_C(1) << shift) - 1);
    int64_t run_tile = 0;
    uint32_t run_count = 0;
    for (size_t index = 0; index < edge_count; index++) {
        const rk_fill_edge *e = &all[index];
        int32_t y0 = e->y0, y1 = e->y1;
        if (y0 >= y1) {
            single[index] = RK_BIN_NONE;
            continue;
        }
        int64_t band = (int64_t)(y0 >> tile_shift), band_row = band - band_lo;
        if (band == (int64_t)((y1 - 1) >> tile_shift) && (uint64_t)band_row < (uint64_t)band_count) {
            int32_t x0 = e->x0, x1 = e->x1;
            int64_t column_min = (int64_t)((x0 < x1 ? x0 : x1) >> tile_shift) - column_base;
            int64_t column_max = (int64_t)((x0 < x1 ? x1 : x0) >> tile_shift) - column_base;
            if (column_min < 0) column_min = 0;
            if (column_max > box_width - 1) column_max = box_width - 1;
            if (column_min == column_max) {
                int64_t tile = band_row * box_width + column_min;
                count_single(tile, &single[index], &run_tile, &run_count, starts);
                if (column_min + 1 >= box_width) continue;
                // The next tile's carries, from the band's pixel row of y0; every row of the edge lies in the
                // band, so inside that tile's T rows.
                add_band_carry(carries + (((tile + 1) << shift) + ((y0 >> 8) & row_mask)), e->winding, y0, y1);
                continue;
            }
        }
        single[index] = (int32_t)count_edge_generic(e, (int32_t)index, &g, carries, starts);
    }
    starts[run_tile + 1] += run_count;
}

void rk_fill_bin_count(const void *edges, size_t edge_count, const rk_fill_bin_grid *grid, int32_t *carry,
                       int32_t *offsets, int32_t *single) {
    const rk_fill_edge *all = (const rk_fill_edge *)edges;
    uint32_t *carries = (uint32_t *)carry, *starts = (uint32_t *)offsets;
    const rk_fill_bin_grid g = *grid;
    if (g.size_shift >= 0 && g.size_shift <= 22) {
        count_edges_shift(all, edge_count, grid, carries, starts, single);
    } else if (g.size_shift >= 0) {
        count_edges(all, edge_count, grid, 1, carries, starts, single);
    } else {
        count_edges(all, edge_count, grid, 0, carries, starts, single);
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
    // The cursor of the tile that consecutive one-tile edges share stays in a register (run_tile, run_end)
    // until the tile changes or a several-tile edge, which moves cursors itself, comes.
    int64_t run_tile = -1;
    uint32_t run_end = 0;
    for (size_t index = 0; index < edge_count; index++) {
        int32_t tile = single[index];
        if (tile >= 0) {
            // The usual case: an edge inside one tile, known from the counting pass.
            if (tile != run_tile) {
                if (run_tile >= 0) cursor[run_tile] = run_end;
                run_tile = tile;
                run_end = cursor[tile];
            }
            bins[run_end++] = (int32_t)index;
        } else if (tile == RK_BIN_SEVERAL) {
            if (run_tile >= 0) cursor[run_tile] = run_end;
            run_tile = -1;
            bin_edge(&all[index], (int32_t)index, &g, 1, NULL, cursor, bins);
        }
    }
    if (run_tile >= 0) cursor[run_tile] = run_end;
    // Each cursor now holds its tile's end, which is the next tile's start: shift them back.
    int64_t tile_count = (g.column_hi - g.column_lo) * (g.row_hi - g.row_lo);
    for (int64_t t = tile_count; t > 0; t--) cursor[t] = cursor[t - 1];
    cursor[0] = 0;
}
