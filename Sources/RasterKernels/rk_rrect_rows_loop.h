// The row loop of rk_rrect_blend_rows' AVX2 steps, included by raster_kernels_rrect_avx2.c as rkr_rows_avx2
// (the AVX-512 tier has its own loop, raster_kernels_rrect_avx512.c, with the same per-lane operations).
// Private to RasterKernels.
// The includer defines RKR_ROWS_FUNCTION (the name), RKR_ROWS_TARGET (its target attribute) and
// RKR_UNIFORM_TRANSLUCENT (the translucent uniform runs' blend, rk_rrect_uniform.h), and includes
// rk_rrect_row_steps.h first.
//
// Coordinate space: device pixels, pixel (x, y) sampled at (x + 0.5, y + 0.5). Numbers: as rk_rrect_row_steps.h.
#if RK_X86
// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

// The row loop on AVX2 with the edge pixels four at a time (rkr_lane_bytes_avx2). The blend is branch-free:
// byte 0 gives s = 0 and scale(d, 255) = d, the pixel unchanged. Lanes past a run's end are computed and dropped.
// Rows as RKR_ROWS (rk_rrect_scalar.h) lays them out, run by run; a translucent colour's uniform runs are blended
// in place (rk_rrect_uniform.h) with rk_solid_over's arithmetic, and a row whose two edge runs hold at most four
// pixels together computes them in one step (each lane's operations are its own pixel's), so the bytes are
// the same.
RKR_ROWS_TARGET
void RKR_ROWS_FUNCTION(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y, int64_t x0, int64_t y0,
                       int64_t x1, int64_t y1, uint32_t color, uint32_t *surface, int64_t surface_x,
                       int64_t surface_y, int64_t stride, int exact) {
    const rkr_lane_terms terms = rkr_lane_terms_make(g, exact);
    rkr_row_terms r;
    r.half = _mm256_set1_pd(0.5);
    r.ixx = _mm256_set1_pd(g->ix_x), r.iyx = _mm256_set1_pd(g->iy_x);
    r.offx = _mm256_set1_pd(g->offset_x), r.offy = _mm256_set1_pd(g->offset_y);
    r.cx = _mm256_set1_pd(g->center_x), r.cy = _mm256_set1_pd(g->center_y);
    r.steps = _mm256_set_pd(3, 2, 1, 0);
    const __m256i color16 = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)color));
    // Opaque and fully transparent colours keep rkr_uniform (a fill, or nothing).
    const int plain = color >> 24 == 255 || color == 0;
    int flagged = 0;  // unused here (tests count flagged lanes through rkr_lane_bytes_test_avx2)
    // The uniform runs' kernel tier, read once per call (rk_solid_over's dispatch).
    const int level = rk_kernel_level();
    for (int64_t y = y0; y < y1; y++) {
        rkr_row_runs runs;
        if (!rkr_row_runs_make(row_table + 4 * (y - table_y), x0, x1, &runs)) continue;
        const int64_t olo = runs.olo, ohi = runs.ohi, ulo = runs.ulo, uhi = runs.uhi;
        const double py = (double)y + 0.5;
        r.row_x = _mm256_set1_pd(g->ix_y * py);
        r.row_y = _mm256_set1_pd(g->iy_y * py);
        uint32_t *row = surface + (y - surface_y) * stride;  // pixel x is row[x - surface_x]
#define RKR_RUN_AVX2(from, to)                                                                           \
        for (int64_t x = (from); x < (to); x += 4)                                                       \
            rkr_step_blend_avx2(row + (x - surface_x), x, (to), x1, rkr_step_bytes_avx2(g, &terms, &r, x, &flagged), color16);
        if (ulo == uhi) {
            RKR_RUN_AVX2(olo, ohi)
            continue;
        }
        if (olo < ulo && uhi < ohi && (ulo - olo) + (ohi - uhi) <= 4) {
            // Both edge runs in one step: lanes 0 ..< nl are the left run's pixels olo + i, the rest the right
            // run's uhi + (i − nl); each lane's px is the same exact integer + 0.5 as in its own run's step.
            const int64_t nl = ulo - olo;
            const __m256d left_px = _mm256_add_pd(_mm256_set1_pd((double)olo), r.steps);
            const __m256d right_px = _mm256_add_pd(_mm256_set1_pd((double)(uhi - nl)), r.steps);
            const __m256d right_lanes = _mm256_cmp_pd(r.steps, _mm256_set1_pd((double)nl), _CMP_GE_OQ);
            const __m256d px = _mm256_add_pd(_mm256_blendv_pd(left_px, right_px, right_lanes), r.half);
            const __m128i bytes = rkr_px_bytes_avx2(g, &terms, &r, px, &flagged);
            rkr_step_blend_avx2(row + (olo - surface_x), olo, ulo, x1, bytes, color16);
            if (plain) rkr_uniform(color, row + (ulo - surface_x), uhi - ulo, level);
            else RKR_UNIFORM_TRANSLUCENT(color, row + (ulo - surface_x), uhi - ulo, level);
            // The right run's bytes moved down to lanes 0 ..< ohi − uhi.
            rkr_step_blend_avx2(row + (uhi - surface_x), uhi, ohi, x1,
                                _mm_shuffle_epi8(bytes, _mm_loadu_si128((const __m128i *)rkr_lane_shift[nl])), color16);
            continue;
        }
        RKR_RUN_AVX2(olo, ulo)
        if (plain) rkr_uniform(color, row + (ulo - surface_x), uhi - ulo, level);
        else RKR_UNIFORM_TRANSLUCENT(color, row + (ulo - surface_x), uhi - ulo, level);
        RKR_RUN_AVX2(uhi, ohi)
#undef RKR_RUN_AVX2
    }
    (void)flagged;
}
#endif
