// The path filler's fused sweep and solid blend (see include/raster_kernels_paths.h): a tile's rows swept by
// rk_fill_sweep_tile, each span blended at once into the surface with the kernels FillSourceOver would pick
// for it, so the spans never travel through Swift closures, lanes and wrappers.
//
// Coordinate space: tile rows and cells as rk_fill_sweep_tile (row i, cell j); pixel (j, i) of the batch is
// destination[(i − row_first) · destination_stride + j]. Colours: premultiplied RGBA8 (0xAABBGGRR). The bytes
// are those of FillSourceOver.blendSolid(_:mask:into:count:) and blendSolid(_:alpha:into:count:) per span:
// the same scaling (round(x / 255) exact, see FillSourceOver.swift), the same kernel tier for the level in use.
#include "raster_kernels_paths.h"
#include "raster_kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include "raster_kernels_avx512.h"
#define RK_BLEND_VECTOR 1
#endif

// FillSourceOver.scale: every channel of premultiplied `pixel` times factor / 255, rounded to nearest.
static inline uint32_t scale_pixel(uint32_t pixel, uint32_t factor) {
    uint32_t rb = (pixel & 0x00FF00FFu) * factor + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((pixel >> 8) & 0x00FF00FFu) * factor + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

// The portable (Swift SIMD) solid-mask blend, pixel by pixel: the same arithmetic per lane, so the same bytes.
static void mask_over_scalar(uint32_t color, const uint8_t *mask, uint32_t *destination, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        uint32_t m = mask[i];
        if (m == 0) continue;  // s = 0, d = scale(d, 255) = d
        uint32_t source = scale_pixel(color, m);
        destination[i] = source + scale_pixel(destination[i], 255u - (source >> 24));
    }
}

// FillSourceOver.blendSolid(_:alpha:into:count:) for one span at `level` (color ≠ 0, alpha ≠ 0).
static inline void alpha_over(uint32_t color, uint8_t alpha, uint32_t *destination, int32_t count, int level) {
    uint32_t source = alpha == 255 ? color : scale_pixel(color, alpha);
    if (source >> 24 == 255) {
        for (int32_t i = 0; i < count; i++) destination[i] = source;
        return;
    }
    if (source == 0) return;
#if RK_BLEND_VECTOR
    if (level >= 3) {
        rk_solid_over_avx512(source, destination, (size_t)count);
        return;
    }
    if (level == 2) {
        rk_solid_over_avx2(source, destination, (size_t)count);
        return;
    }
#endif
    (void)level;
    uint32_t inverse = 255u - (source >> 24);
    for (int32_t i = 0; i < count; i++) destination[i] = source + scale_pixel(destination[i], inverse);
}

// FillSourceOver.blendSolid(_:mask:into:count:) for one span at `level` (color ≠ 0).
static inline void mask_over(uint32_t color, const uint8_t *mask, uint32_t *destination, int32_t count, int level) {
#if RK_BLEND_VECTOR
    if (level >= 3) {
        rk_solid_mask_over_avx512(color, mask, destination, (size_t)count);
        return;
    }
    if (level == 2) {
        rk_solid_mask_over_avx2(color, mask, destination, (size_t)count);
        return;
    }
#endif
    (void)level;
    mask_over_scalar(color, mask, destination, count);
}

void rk_fill_sweep_blend_tile(int32_t *deltas, size_t stride, const int32_t *carry, uint64_t *touched,
                              size_t words_per_row, int32_t row_first, int32_t row_end, int32_t width,
                              int32_t even_odd, int32_t gap_minimum, uint8_t *mask, rk_fill_span *spans,
                              uint32_t color, uint32_t *destination, size_t destination_stride) {
    size_t n = rk_fill_sweep_tile(deltas, stride, carry, touched, words_per_row, row_first, row_end, width, even_odd,
                                  gap_minimum, mask, spans);
    if (color == 0) return;
    int level = rk_kernel_level();
    for (size_t s = 0; s < n; s++) {
        const rk_fill_span span = spans[s];
        // Invariant: the sweep's spans lie in rows row_first ..< row_end and cells 0 ..< width, which the
        // caller's destination rows cover.
        uint32_t *row = destination + (size_t)(span.y - row_first) * destination_stride + span.x;
        if (span.mask >= 0) {
            mask_over(color, mask + span.mask, row, span.count, level);
        } else {
            alpha_over(color, span.alpha, row, span.count, level);
        }
    }
}
