// The path filler's per-tile exact-area accumulation (see include/raster_kernels_paths.h; the binning is in
// raster_kernels_paths_binning.c): the portable walk, the reference every tier must match, and the dispatch
// to the vector tiers (raster_kernels_paths_walk_avx2.c, _avx512.c; shared row work in rk_paths_walk.h).
//
// Coordinate space: device pixels; edges in 24.8 fixed point (256 sub-pixel units per pixel), y relative to
// each pixel row's top inside the row walk. Coverage sums are wrapping 32-bit integers (uint32_t here, &+ in
// Swift); Double values appear only where the Swift walk uses them, with the same operations in the same order.
#include "rk_paths_walk.h"
#include "raster_kernels_paths_prefetch.h"

#if defined(__x86_64__) || defined(__i386__)
#include "raster_kernels.h"
#define RK_WALK_VECTOR 1
#endif

#pragma STDC FP_CONTRACT OFF

// The portable walk, the reference every tier must match.
static void accumulate_portable(RK_ACCUMULATE_ARGS) {
    RK_ACCUMULATE_BINS(RK_WALK_ROWS(1));
}

void rk_fill_accumulate_tile(const void *edges, const int32_t *bins, size_t count, int32_t tile_top,
                             int32_t row_first, int32_t row_end, int32_t cell_x0, int32_t cell_x1,
                             int32_t *deltas, size_t stride, int32_t *carry, uint64_t *touched,
                             size_t words_per_row) {
    // Sums wrap like the Swift &+=: unsigned views of the same rows. The three outputs are separate buffers
    // and never the edges (restrict), so stores into them do not force reloads of the edge or of each other.
#define RK_ACCUMULATE_CALL(name)                                                                               \
    name((const rk_fill_edge *)edges, bins, count, tile_top, row_first, row_end, cell_x0, cell_x1,            \
         (uint32_t *)deltas, stride, (uint32_t *)carry, touched, words_per_row)
#if RK_WALK_VECTOR
    int level = rk_kernel_level();
    if (level >= 3 && stride >= (size_t)(cell_x1 - cell_x0) + 2) {
        RK_ACCUMULATE_CALL(rk_paths_accumulate_avx512);
        return;
    }
    if (level >= 2 && stride >= (size_t)(cell_x1 - cell_x0) + 2) {
        RK_ACCUMULATE_CALL(rk_paths_accumulate_avx2);
        return;
    }
#endif
    RK_ACCUMULATE_CALL(accumulate_portable);
#undef RK_ACCUMULATE_CALL
}


// The tile's carries and edges were binned long before (every path of the frame is binned before any tile is
// drawn), so they usually come from L3 or memory; the carry copy and then the walk used to wait on each line in
// turn (~20 % of the walk's samples on its edge loads). A prefetch changes no value.
void rk_fill_prefetch_tile(const void *edges, const int32_t *bins, size_t count, const int32_t *carry,
                           size_t carry_count) {
    // The carries first: the caller copies them right after this call. A line holds 16 carries.
    for (size_t i = 0; i < carry_count; i += 16) __builtin_prefetch(carry + i);
    if (carry_count > 0) __builtin_prefetch(carry + carry_count - 1);
    // Then every edge the walk will load (each bin index needs its own load of the bins first).
    const rk_fill_edge *all = (const rk_fill_edge *)edges;
    for (size_t b = 0; b < count; b++) __builtin_prefetch(&all[bins[b]]);
}
