// Shared by raster_kernels_rrect.c (scalar) and raster_kernels_rrect_avx2.c: the scalar coverage and blend
// helpers of rk_rrect_blend_rows and its row loop. Private to RasterKernels.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1), sampled at its centre; "local" is the
// rectangle's own space. Numbers: Double, each expression written as in FillRoundedRectGeometry.swift and
// FillHalfPlaneRamp.swift (same operands, same order, no fused multiply-add; sqrt and division are correctly
// rounded in both languages), so the coverage values are bit-identical to the Swift reference.
#ifndef RK_RRECT_SCALAR_H
#define RK_RRECT_SCALAR_H

#include "raster_kernels_rrect.h"
#include "raster_kernels.h"
#include "rk_lanes.h"
#include "rk_pixel_scale.h"
#include "raster_kernels_avx512.h"
#include <math.h>

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

// Swift.min / Swift.max on non-NaN Doubles (the operand order matters only for signed zeros).
static inline double rkr_min(double x, double y) { return y < x ? y : x; }
static inline double rkr_max(double x, double y) { return y >= x ? y : x; }
static inline double rkr_clamp01(double v) { return rkr_min(rkr_max(v, 0), 1); }

// fillCoverageByte.
static inline uint32_t rkr_byte(double c) {
    if (!(c > 0)) return 0;
    return c >= 1 ? 255u : (uint32_t)(uint8_t)(int64_t)(c * 255 + 0.5);
}

// FillHalfPlaneRamp.coverage(distance:).
static inline double rkr_ramp(double a, double b, double h, double k, double two_ab, double scale, double distance) {
    if (!(scale > 0)) return 0;
    const double s = -distance / scale;
    double area;
    if (b < 1e-9) {
        area = 0.5 + s / a;
    } else if (s >= h) {
        return 1;
    } else if (s <= -h) {
        return 0;
    } else if (fabs(s) <= k) {
        area = 0.5 + s / a;
    } else if (s > k) {
        area = 1 - (h - s) * (h - s) / two_ab;
    } else {
        area = (s + h) * (s + h) / two_ab;
    }
    return rkr_clamp01(area);
}

// FillAffineRoundedRect.halfPlaneCoverage.
static inline double rkr_half_plane(double s, double nx, double ny) {
    double a = fabs(nx), b = fabs(ny);
    if (b > a) { double t = a; a = b; b = t; }
    if (b < 1e-9) return rkr_clamp01(0.5 + s / a);
    const double h = (a + b) / 2, k = (a - b) / 2;
    if (s >= h) return 1;
    if (s <= -h) return 0;
    if (fabs(s) <= k) return 0.5 + s / a;
    if (s > k) return 1 - (h - s) * (h - s) / (2 * a * b);
    return (s + h) * (s + h) / (2 * a * b);
}

// FillAffineRoundedRect.cornerCoverage (a pixel centre in a corner zone, past the |q|² exits).
static inline double rkr_corner(const rk_rrect_shape *g, double offset_x, double offset_y, double qx, double qy) {
    const double sx = offset_x < 0 ? -1.0 : 1.0, sy = offset_y < 0 ? -1.0 : 1.0;
    const double length = sqrt(qx * qx + qy * qy);
    const double distance = length - g->radius;
    const double gx = sx * qx / length, gy = sy * qy / length;
    const double dx = gx * g->ix_x + gy * g->iy_x, dy = gx * g->ix_y + gy * g->iy_y;
    const double scale = sqrt(dx * dx + dy * dy);
    if (!(scale > 0)) return 0;
    const double nx = dx / scale, ny = dy / scale;
    const double line_offset = -distance / scale;
    double area = rkr_half_plane(line_offset, nx, ny);
    if (g->radius > 0 && area > 0 && area < 1) {
        // Tangent (−gy, gx) mapped by J, the arc's device radius of curvature, and the tangent's chord.
        const double tx = -gy, ty = gx;
        const double imx = tx * g->jx_x + ty * g->jy_x, imy = tx * g->jx_y + ty * g->jy_y;
        const double stretch = sqrt(imx * imx + imy * imy);
        const double device_radius = g->radius * stretch * stretch * stretch / fabs(g->determinant);
        // FillAffineRoundedRect.chord: axis 0 then axis 1 of foot = s·n, t = (−ny, nx).
        const double foot[2] = {line_offset * nx, line_offset * ny}, dir[2] = {-ny, nx};
        double lo = -INFINITY, hi = INFINITY;
        int hit = 1;
        for (int axis = 0; axis < 2; axis++) {
            const double f = foot[axis], dt = dir[axis];
            if (fabs(dt) < 1e-12) {
                if (fabs(f) > 0.5) { hit = 0; break; }
                continue;
            }
            const double p = (-0.5 - f) / dt, q = (0.5 - f) / dt;
            lo = rkr_max(lo, rkr_min(p, q));
            hi = rkr_min(hi, rkr_max(p, q));
        }
        if (hit && lo < hi) area -= (hi * hi * hi - lo * lo * lo) / (6 * device_radius);
    }
    return rkr_clamp01(area);
}

// FillAffineRoundedRect.coverage(x:y:) for radius > 0; `kx`, `ky` = half size − radius.
static inline double rkr_coverage(const rk_rrect_shape *g, double kx, double ky, int64_t x, double py) {
    const double px = (double)x + 0.5;
    const double lx = (g->ix_x * px + g->ix_y * py) + g->offset_x;
    const double ly = (g->iy_x * px + g->iy_y * py) + g->offset_y;
    const double ox = lx - g->center_x, oy = ly - g->center_y;
    const double qx = fabs(ox) - kx, qy = fabs(oy) - ky;
    if (!(qx > 0 && qy > 0)) {
        return qx > qy ? rkr_ramp(g->x_a, g->x_b, g->x_h, g->x_k, g->x_two_ab, g->x_scale, qx - g->radius)
                       : rkr_ramp(g->y_a, g->y_b, g->y_h, g->y_k, g->y_two_ab, g->y_scale, qy - g->radius);
    }
    const double length_squared = qx * qx + qy * qy;
    if (length_squared >= g->exit_outside) return 0;
    if (length_squared <= g->exit_inside) return 1;
    return rkr_corner(g, ox, oy, qx, qy);
}

// FillShapeBlend.perPixel: each pixel of columns x0 ..< x1 blended as its coverage is computed.
static inline void rkr_edge(const rk_rrect_shape *g, double kx, double ky, int64_t x0, int64_t x1, double py,
                            uint32_t color, uint32_t *row) {
    // Invariant: row[x − x0] is pixel (x, y), inside the region and the surface.
    for (int64_t x = x0; x < x1; x++) {
        const uint32_t a = rkr_byte(rkr_coverage(g, kx, ky, x, py));
        if (a != 0) {
            const uint32_t s = rk_scale_pixel(color, a);
            row[x - x0] = s + rk_scale_pixel(row[x - x0], 255u - (s >> 24));
        }
    }
}


// FillShapeBlend.blendUniform with the source `color` (coverage 1): fill, or rk_solid_over (4 pixels or more)
// then d = s + scale(d, 255 − s alpha) for the rest (the bytes of the portable Swift path).
// `level` is rk_kernel_level() (3 AVX-512, 2 AVX2, else none), read once per call: rk_solid_over's dispatch.
static inline void rkr_uniform(uint32_t color, uint32_t *destination, int64_t count, int level) {
    if (color >> 24 == 255) {
        for (int64_t i = 0; i < count; i++) destination[i] = color;
        return;
    }
    if (color == 0) return;
    int64_t done = 0;
#if RK_X86
    if (count >= 4 && level == 3) done = (int64_t)rk_solid_over_avx512(color, destination, (size_t)count);
    else if (count >= 4 && level == 2) done = (int64_t)rk_solid_over_avx2(color, destination, (size_t)count);
#else
    (void)level;
#endif
    const uint32_t inverse = 255u - (color >> 24);
    for (int64_t i = done; i < count; i++) destination[i] = color + rk_scale_pixel(destination[i], inverse);
}

// One row's runs as FillShapeBlend.portableRows lays them out: the outer columns [olo, ohi) clamped to the region
// [x0, x1) (FillShapeSpans.clamp), the uniform columns [ulo, uhi) clamped to the region and then
// Range.clamped(to: outer). Edge pixels are [olo, ulo) and [uhi, ohi) (all of [olo, ohi) when ulo == uhi).
typedef struct {
    int64_t olo, ohi, ulo, uhi;
} rkr_row_runs;

// The runs of the row whose table entry is `e` (outer lo, outer hi, uniform lo, uniform hi); false when the row
// has no pixel in the region.
static inline int rkr_row_runs_make(const int32_t *e, int64_t x0, int64_t x1, rkr_row_runs *r) {
    const int64_t olo = e[0] > x0 ? e[0] : x0, ohi = e[1] < x1 ? e[1] : x1;
    if (!(olo < ohi)) return 0;
    const int64_t ua = e[2] > x0 ? e[2] : x0, ub_raw = e[3] < x1 ? e[3] : x1;
    const int64_t ub = ua < ub_raw ? ub_raw : ua;
    r->olo = olo;
    r->ohi = ohi;
    r->ulo = olo > ua ? olo : (ohi < ua ? ohi : ua);
    r->uhi = ohi < ub ? ohi : (olo > ub ? olo : ub);
    return 1;
}

// The row loop of FillShapeBlend.portableRows over rkr_row_runs; EDGE blends a run of edge pixels, `level` (in
// scope) picks the uniform runs' kernel.
#define RKR_ROWS(EDGE)                                                                                   \
    for (int64_t y = y0; y < y1; y++) {                                                                  \
        rkr_row_runs runs;                                                                               \
        if (!rkr_row_runs_make(row_table + 4 * (y - table_y), x0, x1, &runs)) continue;                   \
        const int64_t olo = runs.olo, ohi = runs.ohi, ulo = runs.ulo, uhi = runs.uhi;                    \
        const double py = (double)y + 0.5;                                                               \
        uint32_t *row = surface + (y - surface_y) * stride; /* pixel x is row[x - surface_x] */         \
        if (ulo == uhi) {                                                                                \
            EDGE(olo, ohi);                                                                              \
            continue;                                                                                    \
        }                                                                                                \
        EDGE(olo, ulo);                                                                                  \
        rkr_uniform(color, row + (ulo - surface_x), uhi - ulo, level);                                   \
        EDGE(uhi, ohi);                                                                                  \
    }


#if RK_X86
/// rk_rrect_blend_rows on AVX2 (raster_kernels_rrect_avx2.c); call only when rk_avx2_enabled().
/// `exact` 0: straight-side and corner lanes without (most) divisions (rk_rrect_fast_side.h,
/// rk_rrect_corner_fast.h); 1: every side and corner lane on the exact formulas.
__attribute__((visibility("hidden")))
void rkr_rows_avx2(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y, int64_t x0, int64_t y0,
                   int64_t x1, int64_t y1, uint32_t color, uint32_t *surface, int64_t surface_x, int64_t surface_y,
                   int64_t stride, int exact);

/// rk_rrect_blend_rows on the AVX-512 tier, the edge pixels of its rows collected in batches of eight-lane steps
/// (raster_kernels_rrect_avx512.c, rk_rrect_edge_batch.h; the same bytes); call only when rk_kernel_level() is 3.
__attribute__((visibility("hidden")))
void rkr_rows_avx512(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y, int64_t x0, int64_t y0,
                     int64_t x1, int64_t y1, uint32_t color, uint32_t *surface, int64_t surface_x,
                     int64_t surface_y, int64_t stride, int exact);

/// rk_rrect_lane_bytes_wide: the eight-lane edge bytes; call only when rk_avx512_supported().
__attribute__((visibility("hidden")))
int rkr_lane_bytes_test_avx512(const rk_rrect_shape *g, const double *ox, const double *oy, int64_t count,
                               uint8_t *out, int exact);

/// rk_rrect_lane_bytes on AVX2; call only when rk_avx2_enabled().
__attribute__((visibility("hidden")))
int rkr_lane_bytes_test_avx2(const rk_rrect_shape *g, const double *ox, const double *oy, int64_t count,
                             uint8_t *out, int exact);

/// rk_rrect_side_bytes on AVX2; call only when rk_avx2_enabled().
__attribute__((visibility("hidden")))
int rkr_side_bytes_avx2(const rk_rrect_shape *g, int side_x, const double *distances, int64_t count,
                        uint8_t *out, int exact_sides);
#endif

#endif
