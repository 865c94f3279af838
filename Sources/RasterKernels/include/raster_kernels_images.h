// AVX2 image-sampling span kernels (affine bilinear), chosen at run time like raster_kernels.h's.
//
// Coordinate space and numbers: exactly QuartzRaster's fixed-point affine kernel (PaintImageAffineKernel.swift).
// Pixel j of a span has level coordinates U_j = s + j · stepU and V_j = t + j · stepV in 2^-24 texels, already
// biased by 2^15 (s = U(x) + 2^15), so u_j = clamp(floor(U_j / 2^16), −256, maxU) is the coordinate in 1/256
// texel rounded half up (likewise v); its high bits pick the texel, its low 8 bits are the weight. Texels are
// premultiplied RGBA8 (0xAABBGGRR) in a level block with a 1-texel edge border (PaintTextureStorage.swift), so
// the 4 taps need no clamping. The weighted sum is rounded once exactly as paintBilerp8 does, then optionally
// scaled by `opacity`/255 (paintScale8) and, for the `_over` kernels, blended source-over onto the destination
// with the weight round(coverage · alpha / 255) exactly as rk_source_row_over does. Output bytes are identical
// to the Swift path.
#ifndef RASTER_KERNELS_IMAGES_H
#define RASTER_KERNELS_IMAGES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One row span of an affine bilinear fetch.
/// Invariants (caller): `pixels` points to texel (0, 0) of a level block of (maxU / 256 + 3) × (maxV / 256 + 3)
/// texels with rows `stride` texels apart (stride < 2^15, stride ≥ maxU / 256 + 3), whose border repeats the
/// edge texels; |stepU|, |stepV| < 2^38; s + j · stepU and t + j · stepV fit Int64 for every pixel j of the span.
typedef struct rk_image_affine_span {
    const uint32_t *pixels;
    int64_t s, t;
    int64_t stepU, stepV;
    int32_t stride;
    /// 256 · (width − 1) and 256 · (height − 1) of the level.
    int32_t maxU, maxV;
    /// 255 = unchanged; otherwise every sample is scaled by opacity / 255 (rounded to nearest).
    uint32_t opacity;
} rk_image_affine_span;

/// Writes `count` bilinear samples into `output`; returns `count`, or 0 (touching nothing) when AVX2 is not in
/// use (rk_avx2_enabled() is 0). Invariant: `output` holds `count` writable pixels.
size_t rk_image_affine_bilinear(const rk_image_affine_span *span, uint32_t *output, size_t count);
/// The AVX2 code unconditionally (call only when rk_avx2_supported() is 1), for comparisons.
size_t rk_image_affine_bilinear_avx2(const rk_image_affine_span *span, uint32_t *output, size_t count);
/// The same sampling, blended source-over onto `destination` with weight round(coverage · alpha / 255)
/// (coverage 255 when NULL). Returns `count`, or 0 when AVX2 is not in use.
/// Invariant: `destination` (and `coverage` when not NULL) hold `count` elements.
size_t rk_image_affine_bilinear_over(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                     uint32_t *destination, size_t count);
size_t rk_image_affine_bilinear_over_avx2(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                          uint32_t *destination, size_t count);

/// An image's one-pass plan in one block, so a span costs one call: the span fields shared by every row (s and t
/// unused), the fixed-point row bases (u, v) of device rows firstRow ..< firstRow + rowCount (`rows`, two per
/// row, u = INT64_MIN for a row outside the fixed-point range), the device x limit (|x … x + count| < xLimit)
/// and whether the AVX2 kernels are in use (rk_avx2_enabled() when the plan was made; 0 makes every call decline).
/// Invariants (caller): `span` meets rk_image_affine_span's; `rows` holds 2 · rowCount values and outlives the plan.
typedef struct rk_image_affine_plan {
    rk_image_affine_span span;
    const int64_t *rows;
    int64_t firstRow, rowCount;
    int64_t xLimit;
    int32_t avx2;
} rk_image_affine_plan;

/// rk_image_affine_bilinear_over of the span of `count` pixels from device (x, y), its s and t from row y's base
/// exactly as the Swift plan computes them (s = u + x · stepU + 2^15, wrapping, likewise t). Returns `count`, or
/// 0 (touching nothing) when the plan does not cover the span: row y not tabulated or out of range, x outside
/// the limit, or AVX2 not in use. Invariant: `destination` (and `coverage` when not NULL) hold `count` elements.
size_t rk_image_affine_plan_over(const rk_image_affine_plan *plan, int64_t x, int64_t y, const uint8_t *coverage,
                                 uint8_t alpha, uint32_t *destination, size_t count);

/// The AVX-512 (F, BW, VL) kernels of raster_kernels_images_avx512.c: the AVX2 kernels' bytes, 16 pixels per
/// step. Call only when rk_avx512_supported() is 1. The `_at` forms take the span's s and t as arguments (the
/// span's own are ignored) and return 0, touching nothing, for spans they decline (count 0, longer than 2^15
/// pixels, or some lane beyond ±2^30 in 1/256 texel); the AVX2 kernels take those. The others always return
/// `count`, running the AVX2 kernel for declined spans (for comparisons).
size_t rk_image_affine_at_avx512(const rk_image_affine_span *span, int64_t s, int64_t t, uint32_t *output,
                                 size_t count);
size_t rk_image_affine_over_at_avx512(const rk_image_affine_span *span, int64_t s, int64_t t,
                                      const uint8_t *coverage, uint8_t alpha, uint32_t *destination, size_t count);
size_t rk_image_affine_bilinear_avx512(const rk_image_affine_span *span, uint32_t *output, size_t count);
size_t rk_image_affine_bilinear_over_avx512(const rk_image_affine_span *span, const uint8_t *coverage,
                                            uint8_t alpha, uint32_t *destination, size_t count);

/// Perspective bilinear sampling (raster_kernels_images_perspective.c). Coordinate space and numbers: exactly
/// QuartzRaster's perspective kernel (PaintImagePerspectiveKernel.swift). Device pixels are grouped in 16-pixel
/// blocks aligned to device x; X, Y, W of the homography `m` (device → level-0 texels) at the block's first pixel
/// centre are evaluated in double, pixel k of the block adds k times the x-derivatives in float, u = X / W and
/// v = Y / W are divided in float, scaled to 1/256 level texel, clamped and rounded to integers, and the level is
/// sampled bilinearly with the affine kernels' integer code (rki_image_lanes.h). Pixels where W ≤ 0 come out
/// transparent. The bytes are identical to the Swift kernel's.
///
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
