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

#ifdef __cplusplus
}
#endif

#endif
