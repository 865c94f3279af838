// Rotated rounded rects' row table in one call (QuartzRaster's FillAffineRoundedRect.tabulate): the three line
// sets solved by rk_row_columns_avx2, then combined per row as tabulate does. See
// include/raster_kernels_rrect.h for the contract.
//
// Coordinate space: device pixels; a row's columns are the pixels whose centres (x + 0.5, y + 0.5) pass the
// lines. Numbers: the solver's Int32 column bounds (values within ±1e9 + 1); the combination is integer only.
#include "raster_kernels_rrect.h"
#include "raster_kernels.h"
#include "raster_kernels_shapes.h"
#include "rk_lanes.h"

int rk_rrect_row_layouts(const double *outer, const double *inner, const double *chords, int64_t first_row,
                         size_t count, int32_t *scratch, int32_t *out, int forced) {
#if RK_X86
    if (!(forced ? rk_avx2_supported() : rk_avx2_enabled())) return 0;
    rk_row_columns_avx2(outer, first_row, count, scratch);
    rk_row_columns_avx2(inner, first_row, count, scratch + 2 * count);
    rk_row_columns_avx2(chords, first_row, count, scratch + 4 * count);
    // Invariant: scratch holds 6 · count values (three sets of lower, upper pairs), out 4 · count.
    for (size_t k = 0; k < count; k++) {
        const int32_t o0 = scratch[2 * k], o1 = scratch[2 * k + 1];
        // tabulate: inner = outer empty ? outer : inner set; then ∩ chords, then ∩ outer, each only while
        // non-empty; an empty intersection is a..<a with a the larger lower bound.
        int32_t a = o0, b = o1;
        if (o0 != o1) {
            a = scratch[2 * count + 2 * k];
            b = scratch[2 * count + 2 * k + 1];
        }
        if (a != b) {
            const int32_t c0 = scratch[4 * count + 2 * k], c1 = scratch[4 * count + 2 * k + 1];
            const int32_t lo = a > c0 ? a : c0, hi = b < c1 ? b : c1;
            a = lo;
            b = lo < hi ? hi : lo;
        }
        if (a != b) {
            const int32_t lo = a > o0 ? a : o0, hi = b < o1 ? b : o1;
            a = lo;
            b = lo < hi ? hi : lo;
        }
        out[4 * k] = o0;
        out[4 * k + 1] = o1;
        out[4 * k + 2] = a == b ? o0 : a;
        out[4 * k + 3] = a == b ? o0 : b;
    }
    return 1;
#else
    (void)outer, (void)inner, (void)chords, (void)first_row, (void)count, (void)scratch, (void)out, (void)forced;
    return 0;
#endif
}
