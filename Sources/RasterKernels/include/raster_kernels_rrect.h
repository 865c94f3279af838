// Rotated rounded rectangles composited in one call per (shape, tile): QuartzRaster's FillShapeBlend.rows for
// FillAffineRoundedRect (radius > 0) in C, with the same Double operations in the same order (no fused
// multiply-add), so every coverage value, hence every byte, equals the Swift reference's.
// Pixel format and arithmetic as in raster_kernels.h (premultiplied 0xAABBGGRR, round(t / 255) exact).
#ifndef RASTER_KERNELS_RRECT_H
#define RASTER_KERNELS_RRECT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One FillAffineRoundedRect's per-pixel coverage terms, in local space unless named device.
typedef struct rk_rrect_shape {
    /// Rows of M (device → local) and its offset: local = (ix · p, iy · p) + offset.
    double ix_x, ix_y, iy_x, iy_y, offset_x, offset_y;
    double center_x, center_y, half_x, half_y, radius;
    /// The straight sides' ramps (FillHalfPlaneRamp): a, b, h, k, 2ab and the gradient length.
    double x_a, x_b, x_h, x_k, x_two_ab, x_scale;
    double y_a, y_b, y_h, y_k, y_two_ab, y_scale;
    /// FillCornerExitBounds: squared corner distances with coverage exactly 0 beyond, 1 within.
    double exit_outside, exit_inside;
    /// Forward linear part J (columns jx, jy) and its determinant, for the arcs' device curvature.
    double jx_x, jx_y, jy_x, jy_y, determinant;
    /// rk_rrect_fast_corner_k of the fields above (0: the corner lanes keep the exact formula), set once per
    /// shape rather than recomputed by every (shape, tile) call.
    double fast_corner_k;
} rk_rrect_shape;

/// Composites solid premultiplied `color` through the shape's coverage over rows y0 ..< y1 and columns
/// x0 ..< x1 of a surface whose pixel (x, y) is surface[(y − surface_y) · stride + (x − surface_x)].
/// Row y's layout is row_table[4 · (y − table_y) ...]: outer columns [0] ..< [1], uniform (coverage 1)
/// [2] ..< [3]; pixels outside `outer` are left alone, `uniform` gets the solid source (rk_solid_over when it
/// runs), the rest get s = scale(color, round(coverage · 255)), d = s + scale(d, 255 − s alpha) each.
/// `kernels` 0 keeps to scalar C; 1 steps the edge pixels four at a time with AVX2 when rk_avx2_enabled(),
/// the straight-side ones without divisions (rk_rrect_fast_side.h) and the corner ones with one division
/// (rk_rrect_corner_fast.h); 2 is 1 with every straight-side and corner pixel on the exact formulas (for
/// tests). The same bytes in every case.
/// Invariant (caller): every row y0 ..< y1 has a table entry, the region lies inside the surface, radius > 0,
/// and no other thread writes the region during the call (the AVX2 steps may read a few pixels of the region
/// outside `outer` and write them back unchanged).
void rk_rrect_blend_rows(const rk_rrect_shape *shape, const int32_t *row_table, int64_t table_y,
                         int64_t x0, int64_t y0, int64_t x1, int64_t y1, uint32_t color, uint32_t *surface,
                         int64_t surface_x, int64_t surface_y, int64_t stride, int kernels);

/// FillAffineRoundedRect.tabulate for rows first_row ..< first_row + count: each line set (48 doubles as
/// rk_row_columns takes them) solved with rk_row_columns_avx2's values, and row k's layout written as
/// out[4k ...] = outer lower, upper, uniform lower, upper, combined exactly as tabulate does. Returns 0 (writing
/// nothing) unless AVX2 is enabled (`forced` 1: supported). `scratch` is neither read nor written and may be NULL
/// (the sets are combined in registers). Invariant: `out` holds 4 · count writable Int32.
int rk_rrect_row_layouts(const double *outer, const double *inner, const double *chords, int64_t first_row,
                         size_t count, int32_t *scratch, int32_t *out, int forced);

/// rk_rrect_row_layouts from FillAffineRoundedRect's 16 device half-planes (n.x, n.y, g, |n| each, 64 doubles:
/// sides 0 ..< 4, tangents 4 ..< 8, chords 8 ..< 16), its three line sets built in C exactly as
/// FillRowLines.init(count:offset:pixelMargin: true) builds them (outer: planes 0 ..< 8 moved out; inner: 0 ..< 4
/// and 8 ..< 12 moved in; chords: 12 ..< 16 moved in). Returns 0 (writing nothing) unless AVX2 is enabled
/// (`forced` 1: supported, and the four-row AVX2 loop even on the AVX-512 tier, whose eight-row loop gives the
/// same table). Invariant: `out` holds 4 · count writable Int32.
int rk_rrect_row_layouts_planes(const double *planes, int64_t first_row, size_t count, int32_t *out, int forced);

/// The fast corner formula's per-shape term (rk_rrect_corner_fast.h: 1 / (6·r·det J²)) when the shape passes
/// that note's per-shape test, else 0 (the formula is then never used). Reads only ix, iy, jx, jy, radius and
/// determinant.
double rk_rrect_fast_corner_k(const rk_rrect_shape *shape);

/// Tests: the bytes (round(coverage · 255) as rkr_byte) of the x side's ramp (`side_x` 1) or the y side's at
/// `count` local distances, by rk_rrect_blend_rows' AVX2 side lanes (`exact_sides` 1: every lane on the exact
/// ramp). Returns 0 without AVX2 (nothing written), else 1 + the number of lanes the division-free ramp left
/// to the exact one.
int rk_rrect_side_bytes(const rk_rrect_shape *shape, int side_x, const double *distances, int64_t count,
                        uint8_t *out, int exact_sides);

/// Tests: the coverage bytes rk_rrect_blend_rows' AVX2 edge lanes give pixel centres at local offsets
/// (offset_x[i], offset_y[i]) from the rectangle's centre (any zone: side, corner, exits), `exact` 1 with every
/// lane on the exact formulas. Returns 0 without AVX2 (nothing written), else 1 + the number of corner lanes
/// the fast corner formula left to the exact one.
int rk_rrect_lane_bytes(const rk_rrect_shape *shape, const double *offset_x, const double *offset_y, int64_t count,
                        uint8_t *out, int exact);

/// Tests: rk_rrect_lane_bytes by the AVX-512 tier's eight-lane edge steps (raster_kernels_rrect_avx512.c).
/// Returns 0 without AVX-512 (nothing written), else as rk_rrect_lane_bytes.
int rk_rrect_lane_bytes_wide(const rk_rrect_shape *shape, const double *offset_x, const double *offset_y,
                             int64_t count, uint8_t *out, int exact);

#ifdef __cplusplus
}
#endif

#endif
