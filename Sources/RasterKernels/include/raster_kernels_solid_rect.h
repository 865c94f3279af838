// One call per tile for a sharp axis-aligned solid rectangle (the compositor's plain layer backgrounds): its
// pixels fall in at most 3 × 3 classes (uniform columns or one of ≤ 2 edge columns, full rows or one of ≤ 2
// partial rows), each with one premultiplied source worked out once per frame by QuartzRaster's
// FillSolidSharpRect; this kernel only clips them to the tile and blends.
// Pixel format and arithmetic as in raster_kernels.h: premultiplied 0xAABBGGRR, per channel
// d = s + round(d · (255 − s_a) / 255), the bytes of QuartzRaster's FillSourceOver.blend.
#ifndef RASTER_KERNELS_SOLID_RECT_H
#define RASTER_KERNELS_SOLID_RECT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A rectangle's pixel classes in device pixels (|coordinates| ≤ 2^22, fillMaximumDeviceCoordinate). Columns: the uniform run [uniformX0, uniformX1) (may be
/// empty) and edgeCount ≤ 2 edge columns edgeX[0 ..< edgeCount], none of them in the run. Rows: the full rows
/// [fullY0, fullY1) (may be empty) and partialCount ≤ 2 partial rows partialY[0 ..< partialCount], none of them
/// full. Sources: pixel (x, y) in column class c (edge e, or uniform) and row class r (partial p, or full) gets
/// the source of that pair; a source 0 leaves its pixels unchanged.
typedef struct {
    int32_t uniformX0, uniformX1;
    int32_t fullY0, fullY1;
    int32_t edgeX[2];
    int32_t partialY[2];
    int32_t edgeCount, partialCount;
    uint32_t uniformFull;
    uint32_t uniformPartial[2];
    uint32_t edgeFull[2];
    /// [edge][partial row]
    uint32_t edgePartial[2][2];
} rk_sharp_rect;

/// The classes of the rectangle [x0, x1) × [y0, y1) and their sources for premultiplied `color`, written into
/// `*k` (FillAxisAlignedRoundedRect's coverage with radius 0, the same operations in the same order, so the same
/// values). Returns 1, or 0 with nothing written when a class count would exceed two (the geometry rules it out).
/// Runs on every architecture (plain C). Invariant: x0 < x1, y0 < y1, all finite with |v| < 2^22.
int rk_sharp_rect_classes(double x0, double y0, double x1, double y1, uint32_t color, rk_sharp_rect *k);

/// Blends `rect`'s pixels inside the region [regionX0, regionX1) × [regionY0, regionY1) of a surface whose
/// pixel (x, y) is surface[(y − originY) · stride + (x − originX)]. Returns 1 when it ran, 0 (touching
/// nothing) when AVX2 is not in use (see raster_kernels.h).
/// Invariant: the region lies inside the surface (originX ≤ regionX0, regionX1 ≤ originX + stride, rows
/// likewise) and its pixels are writable.
int rk_sharp_rect_over(const rk_sharp_rect *rect, uint32_t *surface, int64_t originX, int64_t originY, size_t stride,
                       int64_t regionX0, int64_t regionY0, int64_t regionX1, int64_t regionY1);
/// The same on the AVX2 tier whatever the process switches say (call only when rk_avx2_supported() is 1).
int rk_sharp_rect_over_avx2(const rk_sharp_rect *rect, uint32_t *surface, int64_t originX, int64_t originY,
                            size_t stride, int64_t regionX0, int64_t regionY0, int64_t regionX1, int64_t regionY1);

/// rk_sharp_rect_over of `count` rectangles in turn over the region (one call for a tile's run of rectangles).
/// Rectangle k is the rk_sharp_rect `classes_offset` bytes into the object rects[k] points to (the caller's own
/// wrapper type). Returns 1 when it ran, 0 (touching nothing) when AVX2 is not in use.
/// Invariant: as rk_sharp_rect_over's; every rects[k] addresses a valid rectangle.
int rk_sharp_rects_over(const void *const *rects, size_t count, size_t classes_offset, uint32_t *surface,
                        int64_t originX, int64_t originY, size_t stride, int64_t regionX0, int64_t regionY0,
                        int64_t regionX1, int64_t regionY1);

/// rk_sharp_rect_over of `count` rectangles in turn over one row: pixels [x0, x1) of row y, where row[x − originX]
/// is pixel (x, y). Rectangle k is the rk_sharp_rect `classes_offset` bytes into the object rects[k] points to
/// (the caller's own wrapper type). Returns 1 when it ran, 0 (touching nothing) when AVX2 is not in use.
/// Invariant: [x0, x1) lies inside the row's writable pixels; every rects[k] addresses a valid rectangle.
int rk_sharp_rects_row_over(const void *const *rects, size_t count, size_t classes_offset, uint32_t *row,
                            int64_t originX, int64_t y, int64_t x0, int64_t x1);

#ifdef __cplusplus
}
#endif

#endif
