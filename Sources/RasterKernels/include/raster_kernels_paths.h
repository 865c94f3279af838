// Path-filler kernels: the per-tile exact-area accumulation of QuartzRaster's FillTileCoverage.swift and the
// edge binning of FillPathCoverage.swift, in plain C (no intrinsics, so every CPU runs it). They reproduce the
// Swift code bit for bit: the same 24.8 fixed-point formulas, the same Double products rounded with the
// 1.5 · 2^52 trick (the .c files turn floating-point contraction off, so no fused multiply-add can change a
// rounding), and wrapping 32-bit sums.
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

/// The occupied tile box of FillPathCoverage's binning. Columns and rows are grid-relative (tile column c is
/// absolute tile first_column + c); the box is columns column_lo ..< column_hi × rows row_lo ..< row_hi, and
/// box tile t = (row − row_lo) · (column_hi − column_lo) + (column − column_lo).
typedef struct rk_fill_bin_grid {
    int64_t tile_size;   // T ≥ 1
    int64_t size_shift;  // log2(T) when T is a power of two, else −1
    int64_t first_column, first_row;
    int64_t column_lo, column_hi, row_lo, row_hi;
} rk_fill_bin_grid;

/// Binning, first pass: adds each edge's carries into carry (T rows per box tile, zero on entry) and counts
/// its (tile, edge) pairs, then prefix-sums the carries across each tile row and the counts, so on return
/// offsets[t] is box tile t's first bin and offsets[tile count] the number of pairs. single[i] receives edge
/// i's box tile when it has exactly one pair, −1 when it has more and −2 when none (for the second pass).
/// Invariant: carry holds tile count · T values, offsets tile count + 1 (zero on entry), single edge_count;
/// the box is non-empty and inside the grid, edge coordinates are 24.8 values whose tiles fit the grid's
/// Int range.
void rk_fill_bin_count(const void *edges, size_t edge_count, const rk_fill_bin_grid *grid, int32_t *carry,
                       int32_t *offsets, int32_t *single);

/// Binning, second pass: writes every pair's edge index into bins (tile by tile, edges in their order), given
/// the offsets and `single` of the first pass; leaves offsets as it found them.
/// Invariant: as rk_fill_bin_count, and bins holds offsets[tile count] values.
void rk_fill_bin_place(const void *edges, size_t edge_count, const rk_fill_bin_grid *grid, int32_t *offsets,
                       const int32_t *single, int32_t *bins);

/// One span of rk_fill_sweep_tile: cells x ..< x + count of tile row y, with the coverage bytes at
/// mask[mask ...] of the call's mask buffer when mask ≥ 0, else the constant coverage `alpha`.
typedef struct rk_fill_span {
    int32_t y, x, count, mask;
    uint8_t alpha;
} rk_fill_span;

/// FillTileCoverage.swift's sparse row sweep over tile rows row_first ..< row_end (cells 0 ..< width), for the
/// fill rule even_odd (1) or non-zero (0): prefix-sums each row's touched runs into alphas, re-zeroing the
/// deltas and touched words it read, and writes the rows' non-zero spans in order (a gap of gap_minimum or
/// more untouched cells becomes one constant span, shorter gaps join the mask). Returns the number of spans.
/// A row takes at most `width` mask bytes and 2 · (width / gap_minimum) + 4 spans.
/// Invariant: as rk_fill_accumulate_tile's outputs (stride ≥ width + 1, touched bits only below width, deltas
/// only in touched cells and the cell after each), gap_minimum ≥ 1, mask holds (row_end − row_first) · width
/// + 8 bytes (the vector kernel stores 8 bytes at a time) and spans the bound above per row.
size_t rk_fill_sweep_tile(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched,
                          size_t words_per_row, int32_t row_first, int32_t row_end, int32_t width, int32_t even_odd,
                          int32_t gap_minimum, uint8_t *mask, rk_fill_span *spans);

/// rk_fill_sweep_tile, then every span source-over blended with the premultiplied `color` straight into the
/// surface, with the bytes of FillSourceOver.blendSolid(_:mask:into:count:) for mask spans and of
/// blendSolid(_:alpha:into:count:) for constant spans at the kernel level in use. Tile row i, cell j is the
/// pixel destination[(i − row_first) · destination_stride + j].
/// Invariant: as rk_fill_sweep_tile, and destination addresses rows row_first ..< row_end of `width`
/// writable pixels each, destination_stride apart.
void rk_fill_sweep_blend_tile(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched,
                              size_t words_per_row, int32_t row_first, int32_t row_end, int32_t width,
                              int32_t even_odd, int32_t gap_minimum, uint8_t *mask, rk_fill_span *spans,
                              uint32_t color, uint32_t *destination, size_t destination_stride);

#ifdef __cplusplus
}
#endif

#endif
