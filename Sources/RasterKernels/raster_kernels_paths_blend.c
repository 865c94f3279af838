// The path filler's fused sweep and solid blend (see include/raster_kernels_paths.h): a tile's rows swept and
// blended into the surface in one call, so no span travels through Swift closures, lanes and wrappers. On the
// vector tiers the sweep blends each stretch of coverage in registers as it computes it
// (rk_fill_sweep_blend_rows, raster_kernels_paths_sweep.c); below them the rows are swept into spans and each
// span is blended at once here.
//
// Coordinate space: tile rows and cells as rk_fill_sweep_tile (row i, cell j); pixel (j, i) of the batch is
// destination[(i − row_first) · destination_stride + j]. Colours: premultiplied RGBA8 (0xAABBGGRR). The bytes
// are those of FillSourceOver.blendSolid(_:mask:into:count:) and blendSolid(_:alpha:into:count:) per span
// (see rk_paths_blend_lanes.h).
#include "raster_kernels_paths.h"
#include "rk_paths_blend_lanes.h"

// The portable (Swift SIMD) solid-mask blend, pixel by pixel: the same arithmetic per lane, so the same bytes.
static void mask_over_scalar(uint32_t color, const uint8_t *mask, uint32_t *destination, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        uint32_t m = mask[i];
        if (m == 0) continue;  // s = 0, d = scale(d, 255) = d
        uint32_t source = rk_scale_pixel(color, m);
        destination[i] = source + rk_scale_pixel(destination[i], 255u - (source >> 24));
    }
}

// FillSourceOver.blendSolid(_:mask:into:count:) for one span at `level` (color ≠ 0).
static inline void mask_over(uint32_t color, const uint8_t *mask, uint32_t *destination, int32_t count, int level) {
#if RK_PB_VECTOR
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
    if (color != 0 && rk_fill_sweep_blend_rows(deltas, stride, carry, touched, words_per_row, row_first, row_end,
                                               width, even_odd, gap_minimum, color, destination,
                                               destination_stride)) {
        return;
    }
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
            rk_pb_alpha_over(color, span.alpha, row, span.count, level);
        }
    }
}
