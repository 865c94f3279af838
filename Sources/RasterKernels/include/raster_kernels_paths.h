// Path-filler kernels: the per-tile exact-area accumulation of QuartzRaster's FillTileCoverage.swift, in plain
// C (no intrinsics, so every CPU runs it). It reproduces the Swift walk bit for bit: the same 24.8 fixed-point
// formulas, the same Double products rounded with the 1.5 · 2^52 trick (this file turns floating-point
// contraction off, so no fused multiply-add can change a rounding), and wrapping 32-bit sums.
#ifndef RASTER_KERNELS_PATHS_H
#define RASTER_KERNELS_PATHS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The memory layout of QuartzRaster's `FillEdge` (x0, y0, x1, y1, winding, then the Double dx/dy at byte 24).
/// The Swift caller checks that its struct has this layout before it passes an array of them.
typedef struct rk_fill_edge {
    int32_t x0, y0, x1, y1, winding;
    int32_t padding;
    double inverse_slope;
} rk_fill_edge;

/// Runs edges[bins[0]], …, edges[bins[count − 1]] (each with y0 < y1) into one tile's delta rows.
/// Tile pixel row i (row_first ≤ i < row_end) is device row tile_top + i; cells are device columns
/// cell_x0 ..< cell_x1. Row i's deltas start at deltas + i · stride, its carry is carry[i] and its touched
/// bits are touched[i · words_per_row …]. Coverage left of cell_x0 goes to the carry, right of cell_x1 − 1
/// is dropped, every cell holding a piece of an edge gets its touched bit set (the cell after it may receive
/// a delta without one).
/// Invariant: stride ≥ cell_x1 − cell_x0 + 1, words_per_row ≥ (cell_x1 − cell_x0 + 63) / 64, every bin index
/// is inside `edges`, 0 ≤ tile_top · 256 and (tile_top + row_end) · 256 < 2^31.
void rk_fill_accumulate_tile(const void *edges, const int32_t *bins, size_t count, int32_t tile_top,
                             int32_t row_first, int32_t row_end, int32_t cell_x0, int32_t cell_x1,
                             int32_t *deltas, size_t stride, int32_t *carry, uint64_t *touched,
                             size_t words_per_row);

#ifdef __cplusplus
}
#endif

#endif
