// Perspective bilinear image sampling, chosen at run time like raster_kernels.h's kernels.
//
// Coordinate space and numbers: exactly QuartzRaster's perspective kernel (PaintImagePerspectiveKernel.swift).
// Device pixels are grouped in 16-pixel blocks aligned to device x; X, Y, W of the homography `m` (device →
// level-0 texels) at the block's first pixel centre are evaluated in double, pixel k of the block adds k times
// the x-derivatives in float, u = X / W and v = Y / W are divided in float, scaled to 1/256 level texel, clamped
// and rounded to integers, and the level is sampled bilinearly with the affine kernel's integer code
// (rki_image_lanes.h). Pixels where W ≤ 0 come out transparent. The bytes are identical to the Swift kernel's.
#ifndef RASTER_KERNELS_IMAGES_PERSPECTIVE_H
#define RASTER_KERNELS_IMAGES_PERSPECTIVE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One image level under a homography. Invariants (caller): `pixels` points to texel (0, 0) of a level block
/// with a 1-texel edge border, rows `stride` texels apart (stride < 2^15); maxU = 256 · (width − 1),
/// maxV = 256 · (height − 1); limitU = 256 · (width + 1), limitV = 256 · (height + 1) and scaleU, scaleV =
/// 256 · level size / level-0 size, all as PaintImagePerspectiveLevel computes them (width, height ≤ 16382);
/// m[0…8] finite with magnitudes below 1e30 (row-major, device (x, y, 1) → (X, Y, W)).
typedef struct rk_image_perspective_level {
    const uint32_t *pixels;
    int32_t stride;
    int32_t maxU, maxV;
    float scaleU, scaleV;
    float limitU, limitV;
    double m[9];
} rk_image_perspective_level;

/// Writes the `count` samples of device row y from x on into `output`; returns `count`, or 0 (touching nothing)
/// when no vector tier is in use (rk_kernel_level() < 2). Invariant: `output` holds `count` writable pixels.
size_t rk_image_perspective_bilinear(const rk_image_perspective_level *level, int64_t x, int64_t y, uint32_t *output,
                                     size_t count);
/// One tier unconditionally (call only when rk_avx2_supported() / rk_avx512_supported() is 1), for comparisons.
size_t rk_image_perspective_bilinear_avx2(const rk_image_perspective_level *level, int64_t x, int64_t y,
                                          uint32_t *output, size_t count);
size_t rk_image_perspective_bilinear_avx512(const rk_image_perspective_level *level, int64_t x, int64_t y,
                                            uint32_t *output, size_t count);

#ifdef __cplusplus
}
#endif

#endif
