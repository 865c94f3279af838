// The path filler's edge walk, AVX2 tier (see rk_paths_walk.h): an interior edge's rows 4 at a time
// (rk_paths_walk_lanes4.h).
//
// Coordinate space and number format: as raster_kernels_paths.c (24.8 fixed point, wrapping 32-bit sums, Double
// only where the Swift walk uses it, with the same IEEE operations in the same order).
#if defined(__x86_64__) || defined(__i386__)
#include "rk_paths_walk_cells.h"
#endif
#include "rk_paths_walk.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#include "rk_paths_walk_lanes4.h"

__attribute__((target("avx2"))) void rk_paths_accumulate_avx2(RK_ACCUMULATE_ARGS) {
    // A one-row interior edge takes the scalar row: the vector setup costs more than it.
    RK_ACCUMULATE_BINS(if (row_b > row_a) {
        walk_interior_rows4(&e, row_a, row_b, tile_top, cell_x0, cell_x1, row, stride, carries + row_a, words,
                            words_per_row);
    } else {
        RK_WALK_ROWS(1);
    });
}
#endif
