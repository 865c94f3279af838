// rk_rrect_blend_rows on AVX2: the row loop with the edge pixels four per step (see rk_rrect_scalar.h for the
// number format, rk_rrect_lanes.h for the lane helpers and include/raster_kernels_rrect.h for the contract).
// Only the functions below (and the helpers they inline) use AVX2.
#include "rk_rrect_lanes.h"
#include "rk_rrect_uniform.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

double rk_rrect_fast_corner_k(const rk_rrect_shape *g) {
    const rkr_fast_corner f = rkr_fast_corner_make(g);
    return f.usable ? f.k : 0;  // a usable k is finite and normal, never 0
}

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

// The loop-invariant terms of one call's edge lanes.
typedef struct rkr_lane_terms {
    rkr_ramp_lanes side_x, side_y;
    rkr_fast_corner corner;
    /// Both sides on the division-free ramp with neither a b < 1e-9 case nor an unusable scale: a step whose
    /// lanes all lie on one side takes rkr_ramp_plain_avx2.
    int plain_sides;
    __m256d kx, ky, radius, outside, inside, margin, corner_margin, fast_corners;
} rkr_lane_terms;

__attribute__((target("avx2"), always_inline))
static inline rkr_lane_terms rkr_lane_terms_make(const rk_rrect_shape *g, int exact) {
    rkr_lane_terms t;
    const rkr_fast_ramp fx = rkr_fast_ramp_make(g->x_a, g->x_b, g->x_two_ab, g->x_scale);
    const rkr_fast_ramp fy = rkr_fast_ramp_make(g->y_a, g->y_b, g->y_two_ab, g->y_scale);
    // rkr_fast_corner_make's value, computed once per shape (rk_rrect_fast_corner_k).
    t.corner.usable = g->fast_corner_k != 0;
    t.corner.k = g->fast_corner_k;
    const int exact_sides = exact || !fx.fast || !fy.fast, fast_corners = !exact && t.corner.usable;
    t.plain_sides = !exact_sides && !fx.small_b && !fy.small_b && fx.usable && fy.usable;
    t.side_x = rkr_ramp_lanes_make(&fx, g->x_h, g->x_k);
    t.side_y = rkr_ramp_lanes_make(&fy, g->y_h, g->y_k);
    t.kx = _mm256_set1_pd(g->half_x - g->radius);
    t.ky = _mm256_set1_pd(g->half_y - g->radius);
    t.radius = _mm256_set1_pd(g->radius);
    t.outside = _mm256_set1_pd(g->exit_outside);
    t.inside = _mm256_set1_pd(g->exit_inside);
    t.margin = _mm256_set1_pd(exact_sides ? -1.0 : 0.5 - RKR_FAST_RAMP_MARGIN);
    t.corner_margin = _mm256_set1_pd(0.5 - RKR_FAST_CORNER_MARGIN);
    t.fast_corners = _mm256_castsi256_pd(_mm256_set1_epi64x(fast_corners ? -1 : 0));
    return t;
}

// The coverage bytes (int32 lanes) of four pixels at local offsets (ox, oy) from the rectangle's centre.
// Side lanes (not in a corner zone) take rkr_ramp_fast_avx2, whose byte is the exact ramp's unless the lane's
// area · 255 + 0.5 lies within 2⁻²⁰ of an integer (rk_rrect_fast_side.h); corner lanes take the |q|² exits as
// lane selects and the rest rkr_corner_fast_avx2, whose byte is rkr_corner's unless the lane fails its tests
// or its raw value lies within 2⁻¹² of an integer (rk_rrect_corner_fast.h). Flagged lanes are recomputed
// exactly (rkr_ramp_exact_avx2, rkr_corner_avx2) and counted in *flagged; `exact` in rkr_lane_terms_make
// sends every side and corner lane there (tests). The clamp to 0...1 is left out, as rkr_byte gives the same
// byte with or without it.
__attribute__((target("avx2"), always_inline))
static inline __m128i rkr_lane_bytes_avx2(const rk_rrect_shape *g, const rkr_lane_terms *t, __m256d ox, __m256d oy,
                                          int *flagged) {
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1), full = _mm256_set1_pd(255);
    const __m256d qx = _mm256_sub_pd(_mm256_andnot_pd(sign, ox), t->kx);
    const __m256d qy = _mm256_sub_pd(_mm256_andnot_pd(sign, oy), t->ky);
    const __m256d corner = _mm256_and_pd(_mm256_cmp_pd(qx, zero, _CMP_GT_OQ), _mm256_cmp_pd(qy, zero, _CMP_GT_OQ));
    const __m256d use_x = _mm256_cmp_pd(qx, qy, _CMP_GT_OQ);
    const __m256d distance = _mm256_blendv_pd(_mm256_sub_pd(qy, t->radius), _mm256_sub_pd(qx, t->radius), use_x);
    if (_mm256_movemask_pd(corner) == 0) {
        // Side lanes only (most steps): the general path below with no corner lane, whose masks all vanish.
        // A step on one side alone (all lanes the x side's, or all the y side's) skips the per-lane selects.
        const int x_lanes = _mm256_movemask_pd(use_x);
        __m256d area;
        if (t->plain_sides && x_lanes == 15)
            area = rkr_ramp_plain_avx2(&t->side_x, _mm256_sub_pd(qx, t->radius));
        else if (t->plain_sides && x_lanes == 0)
            area = rkr_ramp_plain_avx2(&t->side_y, _mm256_sub_pd(qy, t->radius));
        else
            area = rkr_ramp_fast_avx2(&t->side_x, &t->side_y, distance, use_x);
        __m256d raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);
        const __m256d near = rkr_unsure(raw, t->margin);
        const int side_bits = _mm256_movemask_pd(near);
        if (__builtin_expect(side_bits != 0, 0)) {
            area = _mm256_blendv_pd(area, rkr_ramp_exact_avx2(g, distance, use_x), near);
            raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);
            *flagged |= side_bits;
        }
        return rkr_bytes_avx2(area, raw);
    }
    __m256d area = rkr_ramp_fast_avx2(&t->side_x, &t->side_y, distance, use_x);
    // Corner lanes: the |q|² exits (0 beyond, 1 within), the rest the corner formula.
    __m256d length_squared = zero, formula = zero;
    {
        length_squared = _mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy));
        const __m256d out = _mm256_cmp_pd(length_squared, t->outside, _CMP_GE_OQ);
        const __m256d in = _mm256_andnot_pd(out, _mm256_cmp_pd(length_squared, t->inside, _CMP_LE_OQ));
        area = _mm256_blendv_pd(area, _mm256_and_pd(in, one), corner);
        formula = _mm256_andnot_pd(_mm256_or_pd(out, in), corner);
    }
    // Fast corner lanes, and those of them the fast formula does not vouch for (before the byte test).
    __m256d fast = zero, corner_unsure = zero, lane_margin = t->margin;
    if (_mm256_movemask_pd(formula) != 0) {
        if (_mm256_movemask_pd(t->fast_corners) != 0) {
            const rkr_corner_fast_lanes c = rkr_corner_fast_avx2(g, &t->corner, ox, oy, qx, qy, length_squared);
            area = _mm256_blendv_pd(area, c.area, formula);
            fast = formula;
            corner_unsure = _mm256_and_pd(c.unsure, formula);
            lane_margin = _mm256_blendv_pd(t->margin, t->corner_margin, formula);
        } else {
            area = _mm256_blendv_pd(area, rkr_corner_avx2(g, ox, oy, qx, qy, length_squared), formula);
        }
    }
    __m256d raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);
    // Lanes whose raw value lies within their margin of an integer: the exact formula decides.
    const __m256d near = rkr_unsure(raw, lane_margin);
    const __m256d side_unsure = _mm256_andnot_pd(corner, near);
    corner_unsure = _mm256_or_pd(corner_unsure, _mm256_and_pd(fast, near));
    const int side_bits = _mm256_movemask_pd(side_unsure), corner_bits = _mm256_movemask_pd(corner_unsure);
    if (__builtin_expect((side_bits | corner_bits) != 0, 0)) {
        if (side_bits != 0) area = _mm256_blendv_pd(area, rkr_ramp_exact_avx2(g, distance, use_x), side_unsure);
        if (corner_bits != 0)
            area = _mm256_blendv_pd(area, rkr_corner_avx2(g, ox, oy, qx, qy, length_squared), corner_unsure);
        raw = _mm256_add_pd(_mm256_mul_pd(area, full), half);
        *flagged |= side_bits | corner_bits << 4;
    }
    return rkr_bytes_avx2(area, raw);
}

__attribute__((target("avx2")))
int rkr_lane_bytes_test_avx2(const rk_rrect_shape *g, const double *ox, const double *oy, int64_t count,
                             uint8_t *out, int exact) {
    const rkr_lane_terms t = rkr_lane_terms_make(g, exact);
    int flagged_corner_lanes = 0;
    for (int64_t i = 0; i < count; i += 4) {
        double lx[4] = {0, 0, 0, 0}, ly[4] = {0, 0, 0, 0};
        const int valid = count - i < 4 ? (int)(count - i) : 4;
        for (int j = 0; j < valid; j++) lx[j] = ox[i + j], ly[j] = oy[i + j];
        int flagged = 0;
        int32_t bytes[4];
        _mm_storeu_si128((__m128i *)bytes, rkr_lane_bytes_avx2(g, &t, _mm256_loadu_pd(lx), _mm256_loadu_pd(ly), &flagged));
        flagged_corner_lanes += __builtin_popcount((unsigned)(flagged >> 4) & ((1u << valid) - 1));
        for (int j = 0; j < valid; j++) out[i + j] = (uint8_t)bytes[j];
    }
    return 1 + flagged_corner_lanes;
}

#include "rk_rrect_row_steps.h"

#define RKR_ROWS_FUNCTION rkr_rows_avx2
#define RKR_ROWS_TARGET __attribute__((target("avx2")))
#define RKR_UNIFORM_TRANSLUCENT rkr_uniform_translucent_avx2
#include "rk_rrect_rows_loop.h"
#undef RKR_ROWS_FUNCTION
#undef RKR_ROWS_TARGET
#undef RKR_UNIFORM_TRANSLUCENT
#endif
