// The occupied extent of a path's edges (FillPathCoverage.init's box), before any binning array is sized.
#ifndef RASTER_KERNELS_PATHS_EXTENT_H
#define RASTER_KERNELS_PATHS_EXTENT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Over the edges (laid out as rk_fill_edge) with y0 < y1: extent[0] = the least x0 or x1, extent[1] = the
/// greatest x0 or x1, extent[2] = the least y0, extent[3] = the greatest y1, all 24.8 values. Returns 0 and
/// leaves extent alone when no edge has y0 < y1, else 1. Integer minima and maxima, so every tier gives the
/// same values.
/// Invariant: edges holds count rk_fill_edge values (any base address when count is 0).
int rk_fill_edge_extent(const void *edges, size_t count, int32_t *extent);

#ifdef __cplusplus
}
#endif

#endif
