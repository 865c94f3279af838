// Private fixed-point helpers of the path-filler kernels (raster_kernels_paths*.c), not part of the module's
// public headers: the rounding and the edge crossing of QuartzRaster's FillFixedPoint.swift and
// FillEdgeBuilder.swift, with the same operations in the same order.
//
// Number format: 24.8 fixed point in int32_t; Double only where the Swift code uses it. Floating-point
// contraction is off here and in every including file, so no fused multiply-add can change a rounding.
#ifndef OPENQUARTZ_RK_PATHS_FIXED_H
#define OPENQUARTZ_RK_PATHS_FIXED_H

#include <stdint.h>
#include <string.h>

#include "raster_kernels_paths.h"

#pragma STDC FP_CONTRACT OFF

// fillRoundToInt: round half to even through the 1.5 · 2^52 trick (exact for |v| < 2^51).
static inline int64_t round_to_int(double value) {
    double shifted = value + 6755399441055744.0;
    int64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    return (int64_t)((uint64_t)bits - UINT64_C(0x4338000000000000));
}

// FillEdge.x(atY:): the edge's x at sub-pixel row y, clamped to the edge's x range.
static inline int32_t edge_crossing(const rk_fill_edge *e, int32_t y) {
    if (y <= e->y0) return e->x0;
    if (y >= e->y1) return e->x1;
    double product = (double)(y - e->y0) * e->inverse_slope;
    int64_t x = (int64_t)e->x0 + round_to_int(product);
    int64_t lo = e->x0 < e->x1 ? e->x0 : e->x1, hi = e->x0 < e->x1 ? e->x1 : e->x0;
    if (x < lo) x = lo;
    if (x > hi) x = hi;
    return (int32_t)x;
}

#endif
