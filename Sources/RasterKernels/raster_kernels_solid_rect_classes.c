// A sharp rectangle's pixel classes and their sources (contract in include/raster_kernels_solid_rect.h), the
// arithmetic of QuartzRaster's FillAxisAlignedRoundedRect with radius 0 written out in C: it runs once per
// rectangle per frame, where Swift's checked conversions and calls cost about half of it (scene a).
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1). Colours: premultiplied 0xAABBGGRR. Every
// comparison below is the one of the Swift it stands for (Swift.max(a, b) is `b >= a ? b : a`, Swift.min(a, b)
// `b < a ? b : a`), in the same order, and no multiply-add is fused, so every value is the same double.
#pragma STDC FP_CONTRACT OFF
#include "raster_kernels_solid_rect.h"
#include "rk_pixel_scale.h"

static inline double rksc_max(double a, double b) { return b >= a ? b : a; }
static inline double rksc_min(double a, double b) { return b < a ? b : a; }
static inline int64_t rksc_imax(int64_t a, int64_t b) { return b >= a ? b : a; }
static inline int64_t rksc_imin(int64_t a, int64_t b) { return b < a ? b : a; }

// ⌊v⌋ and ⌈v⌉ through one truncation (|v| < 2^22, so it is exact).
static inline void rksc_floor_ceil(double v, int64_t *floor, int64_t *ceil) {
    const int64_t t = (int64_t)v;
    const double d = (double)t;
    *floor = d > v ? t - 1 : t;
    *ceil = d < v ? t + 1 : t;
}

// fillCoverageByte: round(coverage · 255), 0 for coverage ≤ 0 (and NaN), 255 from 1 on.
static inline uint32_t rksc_byte(double coverage) {
    if (!(coverage > 0)) return 0;
    return coverage >= 1 ? 255u : (uint32_t)(uint8_t)(int64_t)(coverage * 255 + 0.5);
}

// FillSolidSharpRect.source: `color` through coverage byte `a` (0: the pixel stays as it is).
static inline uint32_t rksc_source(uint32_t color, uint32_t a) {
    return a == 0 || color == 0 ? 0 : a == 255 ? color : rk_scale_pixel(color, a);
}

// FillSolidSharpRect.coverage(x:y:): the straight middle piece of the rounded rectangle's coverage.
static inline double rksc_coverage(int64_t x, int64_t y, double x0, double y0, double x1, double y1) {
    const double a = rksc_max((double)x, x0), b = rksc_min((double)(x + 1), x1);
    if (a >= b) return 0;
    const double lo = (double)y, hi = (double)(y + 1);
    const double topExcess = 0.0 + (rksc_min(rksc_max(y0, lo), hi) - lo) * (b - a);
    const double bottomExcess = 0.0 + (hi - rksc_min(rksc_max(y1, lo), hi)) * (b - a);
    return rksc_min(rksc_max((b - a) - topExcess - bottomExcess, 0), 1);
}

// A full row's edge pixel: the column overlap b − a clamped (FillSolidSharpRect.classes' fullSource).
static inline uint32_t rksc_full_source(uint32_t color, int64_t x, double x0, double x1) {
    const double a = rksc_max((double)x, x0), b = rksc_min((double)(x + 1), x1);
    return a >= b ? 0 : rksc_source(color, rksc_byte(rksc_min(rksc_max(b - a, 0), 1)));
}

// A partial row's uniform pixels: the row's overlap with [y0, y1) (FillRectCoverage.overlap).
static inline uint32_t rksc_row_source(uint32_t color, int64_t y, double y0, double y1) {
    const double overlap = rksc_max(0, rksc_min(y1, (double)(y + 1)) - rksc_max(y0, (double)y));
    return rksc_source(color, rksc_byte(overlap));
}

int rk_sharp_rect_classes(double x0, double y0, double x1, double y1, uint32_t color, rk_sharp_rect *k) {
    // Columns: outer [ox0, ox1), uniform [ux0, ux1) ⊆ outer when not empty; when it is empty every outer
    // column is an edge column. Rows likewise: full [fy0, fy1).
    int64_t floorX0, ceilX0, floorX1, ceilX1, floorY0, ceilY0, floorY1, ceilY1;
    rksc_floor_ceil(x0, &floorX0, &ceilX0);
    rksc_floor_ceil(x1, &floorX1, &ceilX1);
    rksc_floor_ceil(y0, &floorY0, &ceilY0);
    rksc_floor_ceil(y1, &floorY1, &ceilY1);
    const int64_t ox0 = floorX0, ox1 = rksc_imax(ox0, ceilX1);
    const int64_t ux0 = ceilX0;
    const int hasUniform = ux0 < floorX1;
    const int64_t ux1 = hasUniform ? floorX1 : ux0;
    int64_t e0, e1, edgeCount;
    if (hasUniform) {
        const int64_t leftCount = ux0 - ox0, rightCount = ox1 - ux1;
        edgeCount = leftCount + rightCount;
        e0 = leftCount > 0 ? ox0 : ux1;
        e1 = ux1;
    } else {
        edgeCount = ox1 - ox0;
        e0 = ox0;
        e1 = ox0 + 1;
    }
    const int64_t oy0 = floorY0, oy1 = rksc_imax(oy0, ceilY1);
    const int64_t fy0 = rksc_imin(rksc_imax(ceilY0, oy0), oy1);
    const int64_t fy1 = rksc_imax(fy0, rksc_imin(floorY1, oy1));
    const int64_t aboveCount = fy0 - oy0, belowCount = oy1 - fy1;
    const int64_t partialCount = aboveCount + belowCount;
    if (edgeCount > 2 || partialCount > 2) return 0;
    const int64_t p0 = aboveCount > 0 ? oy0 : fy1;
    const int64_t p1 = aboveCount == 2 ? oy0 + 1 : fy1;

    *k = (rk_sharp_rect){0};
    k->uniformX0 = (int32_t)ux0;
    k->uniformX1 = (int32_t)ux1;
    k->fullY0 = (int32_t)fy0;
    k->fullY1 = (int32_t)fy1;
    k->edgeX[0] = (int32_t)e0;
    k->edgeX[1] = (int32_t)e1;
    k->partialY[0] = (int32_t)p0;
    k->partialY[1] = (int32_t)p1;
    k->edgeCount = (int32_t)edgeCount;
    k->partialCount = (int32_t)partialCount;
    // On a full row the coverage reduces to the column overlap (FillSolidSharpRect.classes' comment).
    if (fy0 < fy1) {
        k->uniformFull = rksc_source(color, 255);
        if (edgeCount > 0) k->edgeFull[0] = rksc_full_source(color, e0, x0, x1);
        if (edgeCount > 1) k->edgeFull[1] = rksc_full_source(color, e1, x0, x1);
    }
    if (partialCount > 0) {
        k->uniformPartial[0] = rksc_row_source(color, p0, y0, y1);
        if (edgeCount > 0) k->edgePartial[0][0] = rksc_source(color, rksc_byte(rksc_coverage(e0, p0, x0, y0, x1, y1)));
        if (edgeCount > 1) k->edgePartial[1][0] = rksc_source(color, rksc_byte(rksc_coverage(e1, p0, x0, y0, x1, y1)));
    }
    if (partialCount > 1) {
        k->uniformPartial[1] = rksc_row_source(color, p1, y0, y1);
        if (edgeCount > 0) k->edgePartial[0][1] = rksc_source(color, rksc_byte(rksc_coverage(e0, p1, x0, y0, x1, y1)));
        if (edgeCount > 1) k->edgePartial[1][1] = rksc_source(color, rksc_byte(rksc_coverage(e1, p1, x0, y0, x1, y1)));
    }
    return 1;
}
