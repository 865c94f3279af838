// rk_rrect_blend_rows on the AVX-512 tier: the row loop with the edge pixels of consecutive rows collected in
// batches and blended eight lanes at a time (rk_rrect_edge_batch.h, rk_rrect_lanes8.h). At 512 px most rows have
// one to four edge pixels: packing them across runs and rows gives ~0.6 steps per row instead of ~1.2 four-lane
// ones. See include/raster_kernels_rrect.h for the contract.
//
// Coordinate space: device pixels, pixel (x, y) sampled at (x + 0.5, y + 0.5). Numbers: the edge pixels'
// bytes are rkr_rows_avx2's (rk_rrect_edge_batch.h's note); the uniform runs are rk_rrect_uniform.h's.
#include "rk_rrect_edge_batch.h"
#include "rk_rrect_uniform.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
#define RKR_AVX512_TARGET __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512dq")))

RKR_AVX512_TARGET
void rkr_rows_avx512(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y, int64_t x0, int64_t y0,
                     int64_t x1, int64_t y1, uint32_t color, uint32_t *surface, int64_t surface_x, int64_t surface_y,
                     int64_t stride, int exact) {
    rkr_step_terms8 t;
    t.lanes = rkr_lane_terms8_make(g, exact);
    t.ixx = _mm512_set1_pd(g->ix_x), t.iyx = _mm512_set1_pd(g->iy_x);
    t.ixy = _mm512_set1_pd(g->ix_y), t.iyy = _mm512_set1_pd(g->iy_y);
    t.offx = _mm512_set1_pd(g->offset_x), t.offy = _mm512_set1_pd(g->offset_y);
    t.cx = _mm512_set1_pd(g->center_x), t.cy = _mm512_set1_pd(g->center_y);
    t.color16 = _mm512_cvtepu8_epi16(_mm256_set1_epi32((int)color));
    rkr_edge_batch b;
    rkr_corner_batch c;
    b.count = 0;
    // Opaque and fully transparent colours keep rkr_uniform (a fill, or nothing).
    const int plain = color >> 24 == 255 || color == 0;
    const int level = rk_kernel_level();
    // The batch's 32-bit pixel indices count from its band's first row: rows in bands whose pixels' indices
    // stay within int32 (one band unless the region spans 2^31 pixels; a row of x1 − surface_x < 2^31 pixels).
    const int64_t band_rows = stride != 0 ? (INT32_MAX - (x1 - surface_x)) / (stride < 0 ? -stride : stride) + 1
                                          : y1 - y0;
    for (int64_t top = y0; top < y1; top += band_rows) {
        const int64_t bottom = y1 - top > band_rows ? top + band_rows : y1;
        b.base = surface + (top - surface_y) * stride;
        for (int64_t y = top; y < bottom; y++) {
            rkr_row_runs row_runs;
            if (!rkr_row_runs_make(row_table + 4 * (y - table_y), x0, x1, &row_runs)) continue;
            const int64_t ulo = row_runs.ulo, uhi = row_runs.uhi;
            const __m512d row_py = _mm512_set1_pd((double)y + 0.5);
            const int64_t row_index = (y - top) * stride - surface_x;  // pixel x is b.base[row_index + x]
            rkr_edge_batch_add_row(&b, &c, g, &t, &row_runs, row_py, row_index);
            // The uniform run's pixels are no edge pixel's: blending them before the batch's is the same.
            if (ulo < uhi) {
                uint32_t *run = b.base + (row_index + ulo);
                if (plain) rkr_uniform(color, run, uhi - ulo, level);
                else rkr_uniform_translucent_avx512(color, run, uhi - ulo, level);
            }
        }
        if (b.count > 0) rkr_edge_batch_flush(&b, &c, g, &t);
    }
}

RKR_AVX512_TARGET
int rkr_lane_bytes_test_avx512(const rk_rrect_shape *g, const double *ox, const double *oy, int64_t count,
                               uint8_t *out, int exact) {
    const rkr_lane_terms8 t = rkr_lane_terms8_make(g, exact);
    int flagged_corner_lanes = 0;
    for (int64_t i = 0; i < count; i += 8) {
        double lx[8] = {0}, ly[8] = {0};
        const int valid = count - i < 8 ? (int)(count - i) : 8;
        for (int j = 0; j < valid; j++) lx[j] = ox[i + j], ly[j] = oy[i + j];
        int flagged = 0;
        int32_t bytes[8];
        _mm256_storeu_si256((__m256i *)bytes,
                            _mm512_cvtepi64_epi32(rkr_lane_bytes_8(g, &t, _mm512_loadu_pd(lx), _mm512_loadu_pd(ly),
                                                                   (__mmask8)((1u << valid) - 1), &flagged)));
        flagged_corner_lanes += __builtin_popcount((unsigned)(flagged >> 8) & ((1u << valid) - 1));
        for (int j = 0; j < valid; j++) out[i + j] = (uint8_t)bytes[j];
    }
    return 1 + flagged_corner_lanes;
}
#endif
