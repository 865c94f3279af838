// Prefetch for the path filler's tile walk (FillTileCoverage.swift's accumulate): a path's bins, edges and
// carries are written when it is binned, before any tile of the frame is drawn, so by the time a tile is drawn
// they usually come from L3 or memory. Asking for all of a tile's lines at once overlaps those misses.
#ifndef RASTER_KERNELS_PATHS_PREFETCH_H
#define RASTER_KERNELS_PATHS_PREFETCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts the loads of one tile's binned data: the carry_count values at `carry`, then edges[bins[0]], …,
/// edges[bins[count − 1]] (edges laid out as rk_fill_edge). Prefetches only: no result depends on it and
/// nothing is written.
/// Invariant: every bin index is inside `edges`, and carry holds carry_count values.
void rk_fill_prefetch_tile(const void *edges, const int32_t *bins, size_t count, const int32_t *carry,
                           size_t carry_count);

#ifdef __cplusplus
}
#endif

#endif
