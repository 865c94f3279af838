// rk_rrect_blend_rows on AVX2: the row loop with the edge pixels four per step (see rk_rrect_scalar.h for the
// number format, rk_rrect_lanes.h for the lane helpers and include/raster_kernels_rrect.h for the contract).
// Only the functions below (and the helpers they inline) use AVX2.
#include "rk_rrect_lanes.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
__attribute__((target("avx2")))
int rkr_side_bytes_avx2(const rk_rrect_shape *g, int side_x, const double *distances, int64_t count,
                        uint8_t *out, int exact_sides) {
    const rkr_fast_ramp fx = rkr_fast_ramp_make(g->x_a, g->x_b, g->x_two_ab, g->x_scale);
    const rkr_fast_ramp fy = rkr_fast_ramp_make(g->y_a, g->y_b, g->y_two_ab, g->y_scale);
    if (!fx.fast || !fy.fast) exact_sides = 1;
    const rkr_ramp_lanes lx = rkr_ramp_lanes_make(&fx, g->x_h, g->x_k), ly = rkr_ramp_lanes_make(&fy, g->y_h, g->y_k);
    const __m256d margin = _mm256_set1_pd(exact_sides ? -1.0 : 0.5 - RKR_FAST_RAMP_MARGIN);
    const __m256d use_x = _mm256_castsi256_pd(_mm256_set1_epi64x(side_x ? -1 : 0));
    int unsure_lanes = 0;
    for (int64_t i = 0; i < count; i += 4) {
        double lane[4] = {0, 0, 0, 0};
        for (int64_t j = 0; j < 4 && i + j < count; j++) lane[j] = distances[i + j];
        const __m256d distance = _mm256_loadu_pd(lane);
        __m256d area = rkr_ramp_fast_avx2(&lx, &ly, distance, use_x);
        __m256d raw = _mm256_add_pd(_mm256_mul_pd(area, _mm256_set1_pd(255)), _mm256_set1_pd(0.5));
        const __m256d unsure = rkr_unsure(raw, margin);
        if (_mm256_movemask_pd(unsure) != 0) {
            const int valid = count - i < 4 ? (int)(count - i) : 4;
            unsure_lanes += __builtin_popcount((unsigned)_mm256_movemask_pd(unsure) & ((1u << valid) - 1));
            area = _mm256_blendv_pd(area, rkr_ramp_exact_avx2(g, distance, use_x), unsure);
            raw = _mm256_add_pd(_mm256_mul_pd(area, _mm256_set1_pd(255)), _mm256_set1_pd(0.5));
        }
        int32_t bytes[4];
        _mm_storeu_si128((__m128i *)bytes, rkr_bytes_avx2(area, raw));
        for (int64_t j = 0; j < 4 && i + j < count; j++) out[i + j] = (uint8_t)bytes[j];
    }
    return 1 + unsure_lanes;
}

// The row loop on AVX2 with the edge pixels four at a time. Side lanes (not in a corner zone) take
// rkr_ramp_fast_avx2, whose byte is the exact ramp's unless the lane's area · 255 + 0.5 lies within 2⁻²⁰ of
// an integer (rk_rrect_fast_side.h); such lanes are recomputed by rkr_ramp_exact_avx2, and `exact_sides`
// sends every side lane there (tests). Corner lanes take the |q|² exits as lane selects and the rest
// rkr_corner_avx2 (exact). The clamp to 0...1 is left out, as rkr_byte gives the same byte with or without
// it. The blend is branch-free: byte 0 gives s = 0 and scale(d, 255) = d, the pixel unchanged. Lanes past a
// run's end are computed and dropped.
__attribute__((target("avx2")))
void rkr_rows_avx2(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y, int64_t x0, int64_t y0,
                   int64_t x1, int64_t y1, uint32_t color, uint32_t *surface, int64_t surface_x, int64_t surface_y,
                   int64_t stride, int exact_sides) {
    const double kx = g->half_x - g->radius, ky = g->half_y - g->radius;
    const rkr_fast_ramp fx = rkr_fast_ramp_make(g->x_a, g->x_b, g->x_two_ab, g->x_scale);
    const rkr_fast_ramp fy = rkr_fast_ramp_make(g->y_a, g->y_b, g->y_two_ab, g->y_scale);
    if (!fx.fast || !fy.fast) exact_sides = 1;
    const rkr_ramp_lanes side_x = rkr_ramp_lanes_make(&fx, g->x_h, g->x_k);
    const rkr_ramp_lanes side_y = rkr_ramp_lanes_make(&fy, g->y_h, g->y_k);
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1), full = _mm256_set1_pd(255);
    const __m256d ixx = _mm256_set1_pd(g->ix_x), iyx = _mm256_set1_pd(g->iy_x);
    const __m256d offx = _mm256_set1_pd(g->offset_x), offy = _mm256_set1_pd(g->offset_y);
    const __m256d cx = _mm256_set1_pd(g->center_x), cy = _mm256_set1_pd(g->center_y);
    const __m256d vkx = _mm256_set1_pd(kx), vky = _mm256_set1_pd(ky), radius = _mm256_set1_pd(g->radius);
    const __m256d outside = _mm256_set1_pd(g->exit_outside), inside = _mm256_set1_pd(g->exit_inside);
    const __m256d margin = _mm256_set1_pd(exact_sides ? -1.0 : 0.5 - RKR_FAST_RAMP_MARGIN);
    const __m256d steps = _mm256_set_pd(3, 2, 1, 0);
    const __m256i color16 = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)color));
    // The uniform runs' kernel, chosen once per call (rk_solid_over's dispatch).
    const int level = rk_kernel_level();
#define RKR_EDGE_AVX2(from, to)                                                                          \
    for (int64_t x = (from); x < (to); x += 4) {                                                         \
        /* ix_y · py is the same product for every pixel of the row; x + i is exact in a double. */       \
        const __m256d px = _mm256_add_pd(_mm256_add_pd(_mm256_set1_pd((double)x), steps), half);         \
        const __m256d lx = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(ixx, px), _mm256_set1_pd(g->ix_y * py)), offx); \
        const __m256d ly = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(iyx, px), _mm256_set1_pd(g->iy_y * py)), offy); \
        const __m256d ox = _mm256_sub_pd(lx, cx), oy = _mm256_sub_pd(ly, cy);                           \
        const __m256d qx = _mm256_sub_pd(_mm256_andnot_pd(sign, ox), vkx);                               \
        const __m256d qy = _mm256_sub_pd(_mm256_andnot_pd(sign, oy), vky);                               \
        const __m256d corner = _mm256_and_pd(_mm256_cmp_pd(qx, zero, _CMP_GT_OQ), _mm256_cmp_pd(qy, zero, _CMP_GT_OQ)); \
        const __m256d use_x = _mm256_cmp_pd(qx, qy, _CMP_GT_OQ);                                         \
        const __m256d distance = _mm256_blendv_pd(_mm256_sub_pd(qy, radius), _mm256_sub_pd(qx, radius), use_x); \
        __m256d area = rkr_ramp_fast_avx2(&side_x, &side_y, distance, use_x);                             \
        /* Corner lanes: the |q|² exits (0 beyond, 1 within), the rest rkr_corner_avx2. */              \
        const __m256d length_squared = _mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy));      \
        const __m256d out = _mm256_cmp_pd(length_squared, outside, _CMP_GE_OQ);                          \
        const __m256d in = _mm256_andnot_pd(out, _mm256_cmp_pd(length_squared, inside, _CMP_LE_OQ));     \
        area = _mm256_blendv_pd(area, _mm256_and_pd(in, one), corner);                                   \
        const __m256d formula = _mm256_andnot_pd(_mm256_or_pd(out, in), corner);                        \
        if (_mm256_movemask_pd(formula) != 0)                                                            \
            area = _mm256_blendv_pd(area, rkr_corner_avx2(g, ox, oy, qx, qy, length_squared), formula);  \
        __m256d raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);                                    \
        /* Side lanes whose raw value lies within the margin of an integer: the exact ramp decides. */   \
        const __m256d unsure = _mm256_andnot_pd(corner, rkr_unsure(raw, margin));                       \
        if (__builtin_expect(_mm256_movemask_pd(unsure) != 0, 0)) {                                     \
            area = _mm256_blendv_pd(area, rkr_ramp_exact_avx2(g, distance, use_x), unsure);              \
            raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);                                        \
        }                                                                                                \
        const int64_t n = (to) - x < 4 ? (to) - x : 4;                                                   \
        /* Invariant: pixel (x + i, y) for i < n lies inside the region and the surface. */             \
        rkr_blend4_avx2(row + (x - surface_x), n, rkr_bytes_avx2(area, raw), color16);                   \
    }
    RKR_ROWS(RKR_EDGE_AVX2)
#undef RKR_EDGE_AVX2
}
#endif
