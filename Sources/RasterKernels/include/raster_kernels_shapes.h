// AVX2 kernels for whole blocks of a shape: one call composites a rectangle of pixels (rows of a strided
// surface) with one solid source, so a filled rectangle costs a few calls per tile instead of one per row.
// Pixel format and arithmetic as in raster_kernels.h (premultiplied 0xAABBGGRR, 16-bit lanes, round(t / 255)
// exact); the bytes equal those of rk_solid_over on every row, and of QuartzRaster's Swift code.
#ifndef RASTER_KERNELS_SHAPES_H
#define RASTER_KERNELS_SHAPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Solid premultiplied `source` (alpha < 255) over `height` rows of `width` pixels, row k starting at
/// destination + k · stride: d = source + round(d · (255 − source alpha) / 255) per channel.
/// Returns 1 when it ran, 0 (touching nothing) when AVX2 is not in use (see raster_kernels.h).
/// Invariant: every row addresses `width` writable pixels.
int rk_solid_block_over(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height);
/// The same without the dispatch check: call only when rk_avx2_supported() is 1.
int rk_solid_block_over_avx2(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height);

/// The pixel columns of rows firstRow ..< firstRow + count whose centres (x + 0.5, y + 0.5) satisfy up to eight
/// device lines, as QuartzRaster's FillRowLines.columns(row:) computes them, with the same Double operations
/// in the same order (so the same values): `lines` holds six groups of 8 doubles (upper intercepts, upper slopes,
/// lower intercepts, lower slopes, flat constants, flat slopes). Row k's columns are out[2k] ..< out[2k + 1],
/// both 0 when empty; values lie within ±1e9 + 1. Returns 1 when it ran, 0 (writing nothing) without AVX2.
/// Invariant: `lines` holds 48 doubles, `out` 2 · count writable values.
int rk_row_columns(const double *lines, int64_t firstRow, size_t count, int32_t *out);
/// The same without the dispatch check: call only when rk_avx2_supported() is 1.
int rk_row_columns_avx2(const double *lines, int64_t firstRow, size_t count, int32_t *out);

/// Fills `height` rows of `width` pixels, row k starting at destination + k · stride, with `value` (32-byte
/// stores). Returns 1 when it ran, 0 (touching nothing) when AVX2 is not in use (see raster_kernels.h).
/// Invariant: every row addresses `width` writable pixels.
int rk_fill_block(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height);
/// The same without the dispatch check: call only when rk_avx2_supported() is 1.
int rk_fill_block_avx2(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height);

#ifdef __cplusplus
}
#endif

#endif
