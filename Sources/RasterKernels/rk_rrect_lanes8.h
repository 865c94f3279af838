// The eight-lane AVX-512 twins of rk_rrect_blend_rows' four-lane edge helpers (rk_rrect_ramp_lanes.h,
// rk_rrect_lanes.h, rk_rrect_corner_fast.h, rkr_lane_bytes_avx2): the same Double operations on each lane in
// the same order, compares into mask registers and selects as masked moves, so every lane's byte is the one
// the four-lane code gives that pixel. The rare lanes the fast formulas do not vouch for take the four-lane
// exact formulas (rkr_ramp_exact_avx2, rkr_corner_avx2) on each half. Private to RasterKernels; used by
// raster_kernels_rrect_avx512.c only.
//
// Coordinate space: device pixels (lanes are pixels of one or more rows) and local offsets from the
// rectangle's centre, as in rk_rrect_scalar.h. Numbers: Double lanes, no fused multiply-add; coverage bytes
// as int32 lanes.
#ifndef RK_RRECT_LANES8_H
#define RK_RRECT_LANES8_H

#include "rk_rrect_lanes.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
#define RKR8 __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512dq"), always_inline)) static inline

// rkr_ramp_cases in eight lanes (masks for the four-lane all-ones lanes).
typedef struct rkr_ramp_cases8 {
    __mmask8 at_one, at_zero, linear, high;
    __m512d numerator;
} rkr_ramp_cases8;

RKR8 rkr_ramp_cases8 rkr_ramp_cases_8(__m512d s, __m512d h, __m512d k, __mmask8 small_b) {
    const __m512d sign = _mm512_set1_pd(-0.0);
    rkr_ramp_cases8 c;
    const __mmask8 ge_h = _mm512_cmp_pd_mask(s, h, _CMP_GE_OQ);
    c.at_one = (__mmask8)(~small_b & ge_h);
    const __mmask8 rest = (__mmask8)(~(small_b | ge_h) & _mm512_cmp_pd_mask(s, _mm512_xor_pd(h, sign), _CMP_NLE_UQ));
    c.at_zero = (__mmask8)(~(small_b | ge_h | rest) & _mm512_cmp_pd_mask(s, s, _CMP_ORD_Q));
    c.linear = (__mmask8)(small_b | (rest & _mm512_cmp_pd_mask(_mm512_andnot_pd(sign, s), k, _CMP_LE_OQ)));
    c.high = (__mmask8)(~c.linear & rest & _mm512_cmp_pd_mask(s, k, _CMP_GT_OQ));
    // The four-lane code squares h − s on high lanes and s + h on the others; h − |s| is each of them exactly
    // where it is used (high lanes have s > 0; low lanes s < 0, and h + s is h − (−s) in IEEE arithmetic), and
    // the other lanes' numerators are replaced below or their areas set to 0 or 1.
    const __m512d edge = _mm512_sub_pd(h, _mm512_andnot_pd(sign, s));
    const __m512d squared = _mm512_mul_pd(edge, edge);
    c.numerator = _mm512_mask_blend_pd(c.linear, squared, s);
    return c;
}

// rkr_ramp_area_avx2 in eight lanes.
RKR8 __m512d rkr_ramp_area_8(const rkr_ramp_cases8 *c, __m512d quotient) {
    const __m512d one = _mm512_set1_pd(1);
    __m512d area = _mm512_mask_blend_pd(c->linear, _mm512_mask_blend_pd(c->high, quotient, _mm512_sub_pd(one, quotient)),
                                        _mm512_add_pd(_mm512_set1_pd(0.5), quotient));
    area = _mm512_mask_blend_pd(c->at_one, area, one);
    return _mm512_mask_blend_pd(c->at_zero, area, _mm512_setzero_pd());
}

// rkr_ramp_lanes in eight lanes.
typedef struct rkr_ramp_lanes8 {
    __m512d reciprocal_scale, h, k, reciprocal_a, reciprocal_two_ab;
    __mmask8 small_b, usable;
} rkr_ramp_lanes8;

RKR8 rkr_ramp_lanes8 rkr_ramp_lanes8_make(const rkr_fast_ramp *f, double h, double k) {
    rkr_ramp_lanes8 r;
    r.reciprocal_scale = _mm512_set1_pd(f->reciprocal_scale);
    r.h = _mm512_set1_pd(h);
    r.k = _mm512_set1_pd(k);
    r.reciprocal_a = _mm512_set1_pd(f->reciprocal_a);
    r.reciprocal_two_ab = _mm512_set1_pd(f->reciprocal_two_ab);
    r.small_b = f->small_b ? 0xFF : 0;
    r.usable = f->usable ? 0xFF : 0;
    return r;
}

// rkr_ramp_fast_avx2 in eight lanes: each lane on the x side's ramp where `use_x`, else the y side's. `plain`
// (a constant where inlined): neither side has the b < 1e-9 case and both are usable, so the per-lane masks of
// those are constant (0 and all lanes) and their mask arithmetic is left out.
RKR8 __m512d rkr_ramp_fast_8(const rkr_ramp_lanes8 *x, const rkr_ramp_lanes8 *y, __m512d distance, __mmask8 use_x,
                             const int plain) {
    const __m512d sign = _mm512_set1_pd(-0.0);
    const __m512d s = _mm512_mul_pd(_mm512_xor_pd(distance, sign),
                                    _mm512_mask_blend_pd(use_x, y->reciprocal_scale, x->reciprocal_scale));
    const __m512d h = _mm512_mask_blend_pd(use_x, y->h, x->h), k = _mm512_mask_blend_pd(use_x, y->k, x->k);
    const __mmask8 small_b = plain ? 0 : (__mmask8)((use_x & x->small_b) | (~use_x & y->small_b));
    const rkr_ramp_cases8 c = rkr_ramp_cases_8(s, h, k, small_b);
    const __m512d factor = _mm512_mask_blend_pd(c.linear,
                                                _mm512_mask_blend_pd(use_x, y->reciprocal_two_ab, x->reciprocal_two_ab),
                                                _mm512_mask_blend_pd(use_x, y->reciprocal_a, x->reciprocal_a));
    const __m512d area = rkr_ramp_area_8(&c, _mm512_mul_pd(c.numerator, factor));
    if (plain) return area;
    return _mm512_maskz_mov_pd((__mmask8)((use_x & x->usable) | (~use_x & y->usable)), area);  // the scale guard
}

// rkr_unsure in eight lanes.
// raw − ⌊raw⌋ in one vreducepd (exact, as the four-lane code's subtraction of the floor is).
RKR8 __mmask8 rkr_unsure_8(__m512d raw, __m512d margin) {
    const __m512d fraction = _mm512_sub_pd(_mm512_reduce_pd(raw, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC),
                                           _mm512_set1_pd(0.5));
    return _mm512_cmp_pd_mask(_mm512_andnot_pd(_mm512_set1_pd(-0.0), fraction), margin, _CMP_GT_OQ);
}

// rkr_bytes_avx2 in eight lanes, each byte in a 64-bit lane (what rkr_blend8_pixels spreads from).
RKR8 __m512i rkr_bytes_8(__m512d area, __m512d raw) {
    __m512d w = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(area, _mm512_set1_pd(1), _CMP_GE_OQ), raw, _mm512_set1_pd(255));
    w = _mm512_maskz_mov_pd(_mm512_cmp_pd_mask(area, _mm512_setzero_pd(), _CMP_GT_OQ), w);
    return _mm512_cvttpd_epi64(w);
}

// The four-lane exact formulas on both halves of eight lanes (the rare flagged lanes).
RKR8 __m256d rkr_half_mask(__mmask8 m, int high) {
    return _mm256_castsi256_pd(_mm256_movm_epi64((__mmask8)(high ? m >> 4 : m & 15)));
}
#define RKR_LO(v) _mm512_castpd512_pd256(v)
#define RKR_HI(v) _mm512_extractf64x4_pd(v, 1)
#define RKR_JOIN(lo, hi) _mm512_insertf64x4(_mm512_castpd256_pd512(lo), hi, 1)

RKR8 __m512d rkr_ramp_exact_8(const rk_rrect_shape *g, __m512d distance, __mmask8 use_x) {
    return RKR_JOIN(rkr_ramp_exact_avx2(g, RKR_LO(distance), rkr_half_mask(use_x, 0)),
                    rkr_ramp_exact_avx2(g, RKR_HI(distance), rkr_half_mask(use_x, 1)));
}

RKR8 __m512d rkr_corner_exact_8(const rk_rrect_shape *g, __m512d ox, __m512d oy, __m512d qx, __m512d qy,
                                __m512d length_squared) {
    return RKR_JOIN(rkr_corner_avx2(g, RKR_LO(ox), RKR_LO(oy), RKR_LO(qx), RKR_LO(qy), RKR_LO(length_squared)),
                    rkr_corner_avx2(g, RKR_HI(ox), RKR_HI(oy), RKR_HI(qx), RKR_HI(qy), RKR_HI(length_squared)));
}

// rkr_corner_fast_avx2 in eight lanes (rk_rrect_corner_fast.h's note: the same operations per lane).
typedef struct rkr_corner_fast_lanes8 {
    __m512d area;
    __mmask8 unsure;
} rkr_corner_fast_lanes8;

RKR8 rkr_corner_fast_lanes8 rkr_corner_fast_8(const rk_rrect_shape *g, const rkr_fast_corner *f, __m512d ox,
                                              __m512d oy, __m512d qx, __m512d qy, __m512d length_squared) {
    const __m512d sign = _mm512_set1_pd(-0.0), zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1);
    const __m512d half = _mm512_set1_pd(0.5), radius = _mm512_set1_pd(g->radius);
    const __m512d ex = _mm512_mask_xor_pd(qx, _mm512_cmp_pd_mask(ox, zero, _CMP_LT_OQ), qx, sign);
    const __m512d ey = _mm512_mask_xor_pd(qy, _mm512_cmp_pd_mask(oy, zero, _CMP_LT_OQ), qy, sign);
    const __m512d length = _mm512_sqrt_pd(length_squared);
    const __m512d distance = _mm512_sub_pd(length, radius);
    const __m512d dx = _mm512_add_pd(_mm512_mul_pd(ex, _mm512_set1_pd(g->ix_x)), _mm512_mul_pd(ey, _mm512_set1_pd(g->iy_x)));
    const __m512d dy = _mm512_add_pd(_mm512_mul_pd(ex, _mm512_set1_pd(g->ix_y)), _mm512_mul_pd(ey, _mm512_set1_pd(g->iy_y)));
    const __m512d sigma_squared = _mm512_add_pd(_mm512_mul_pd(dx, dx), _mm512_mul_pd(dy, dy));
    const __m512d sigma = _mm512_sqrt_pd(sigma_squared);
    const __m512d product = _mm512_mul_pd(_mm512_mul_pd(sigma_squared, dx), dy);
    const __m512d w = _mm512_div_pd(one, product);
    const __m512d r_sigma = _mm512_mul_pd(sigma, _mm512_mul_pd(_mm512_mul_pd(w, dx), dy));
    const __m512d w_sigma_squared = _mm512_mul_pd(w, sigma_squared);
    const __m512d r_dx = _mm512_mul_pd(w_sigma_squared, dy), r_dy = _mm512_mul_pd(w_sigma_squared, dx);
    const __m512d nx = _mm512_mul_pd(dx, r_sigma), ny = _mm512_mul_pd(dy, r_sigma);
    const __m512d s = _mm512_mul_pd(_mm512_mul_pd(_mm512_xor_pd(distance, sign), length), r_sigma);
    const __m512d anx = _mm512_andnot_pd(sign, nx), any = _mm512_andnot_pd(sign, ny);
    const __mmask8 swap = _mm512_cmp_pd_mask(any, anx, _CMP_GT_OQ);
    const __m512d a = _mm512_mask_blend_pd(swap, anx, any), b = _mm512_mask_blend_pd(swap, any, anx);
    const __m512d h = _mm512_mul_pd(_mm512_add_pd(a, b), half), k = _mm512_mul_pd(_mm512_sub_pd(a, b), half);
    const rkr_ramp_cases8 c = rkr_ramp_cases_8(s, h, k, 0);
    const __m512d reciprocal_a = _mm512_mul_pd(sigma, _mm512_andnot_pd(sign, _mm512_mask_blend_pd(swap, r_dx, r_dy)));
    const __m512d reciprocal_two_ab = _mm512_mul_pd(_mm512_mul_pd(_mm512_andnot_pd(sign, w_sigma_squared), sigma_squared),
                                                    half);
    const __m512d quotient = _mm512_mul_pd(c.numerator, _mm512_mask_blend_pd(c.linear, reciprocal_two_ab, reciprocal_a));
    __m512d area = rkr_ramp_area_8(&c, quotient);
    const __m512d abs_product = _mm512_andnot_pd(sign, product), abs_s = _mm512_andnot_pd(sign, s);
    __mmask8 sure = _mm512_cmp_pd_mask(b, _mm512_set1_pd(RKR_FAST_CORNER_TAU), _CMP_GE_OQ);
    sure &= _mm512_cmp_pd_mask(abs_product, _mm512_set1_pd(0x1p-900), _CMP_GE_OQ);
    sure &= _mm512_cmp_pd_mask(abs_product, _mm512_set1_pd(0x1p900), _CMP_LE_OQ);
    sure &= _mm512_cmp_pd_mask(abs_s, _mm512_set1_pd(0x1p40), _CMP_LT_OQ);
    sure &= _mm512_cmp_pd_mask(_mm512_andnot_pd(sign, _mm512_sub_pd(abs_s, h)), _mm512_set1_pd(RKR_FAST_CORNER_DELTA),
                               _CMP_GT_OQ);
    const __mmask8 partial = (__mmask8)(_mm512_cmp_pd_mask(area, zero, _CMP_GT_OQ) & _mm512_cmp_pd_mask(area, one, _CMP_LT_OQ));
    if (partial != 0) {
        const __m512d f0 = _mm512_mul_pd(s, nx), f1 = _mm512_mul_pd(s, ny);
        const __m512d inv0 = _mm512_xor_pd(_mm512_mul_pd(sigma, r_dy), sign), inv1 = _mm512_mul_pd(sigma, r_dx);
        const __m512d minus_half = _mm512_set1_pd(-0.5);
        const __m512d p0 = _mm512_mul_pd(_mm512_sub_pd(minus_half, f0), inv0), q0 = _mm512_mul_pd(_mm512_sub_pd(half, f0), inv0);
        const __m512d p1 = _mm512_mul_pd(_mm512_sub_pd(minus_half, f1), inv1), q1 = _mm512_mul_pd(_mm512_sub_pd(half, f1), inv1);
        const __m512d lo = _mm512_max_pd(_mm512_min_pd(p0, q0), _mm512_min_pd(p1, q1));
        const __m512d hi = _mm512_min_pd(_mm512_max_pd(p0, q0), _mm512_max_pd(p1, q1));
        const __m512d cube = _mm512_sub_pd(_mm512_mul_pd(_mm512_mul_pd(hi, hi), hi), _mm512_mul_pd(_mm512_mul_pd(lo, lo), lo));
        const __m512d inverse_scale = _mm512_mul_pd(length, r_sigma);
        const __m512d curvature = _mm512_mul_pd(_mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(f->k), inverse_scale),
                                                              inverse_scale), inverse_scale);
        const __mmask8 apply = (__mmask8)(partial & _mm512_cmp_pd_mask(lo, hi, _CMP_LT_OQ));
        area = _mm512_mask_blend_pd(apply, area, _mm512_sub_pd(area, _mm512_mul_pd(cube, curvature)));
    }
    rkr_corner_fast_lanes8 out;
    out.area = area;
    out.unsure = (__mmask8)~sure;
    return out;
}

// rkr_lane_terms in eight lanes.
typedef struct rkr_lane_terms8 {
    rkr_ramp_lanes8 side_x, side_y;
    rkr_fast_corner corner;
    int fast_corners;
    /// Both sides' ramps plain (rkr_ramp_fast_8's `plain`).
    int plain_sides;
    __m512d kx, ky, radius, outside, inside, margin, corner_margin;
} rkr_lane_terms8;

RKR8 rkr_lane_terms8 rkr_lane_terms8_make(const rk_rrect_shape *g, int exact) {
    rkr_lane_terms8 t;
    const rkr_fast_ramp fx = rkr_fast_ramp_make(g->x_a, g->x_b, g->x_two_ab, g->x_scale);
    const rkr_fast_ramp fy = rkr_fast_ramp_make(g->y_a, g->y_b, g->y_two_ab, g->y_scale);
    t.corner.usable = g->fast_corner_k != 0;
    t.corner.k = g->fast_corner_k;
    const int exact_sides = exact || !fx.fast || !fy.fast;
    t.fast_corners = !exact && t.corner.usable;
    t.plain_sides = !fx.small_b && !fy.small_b && fx.usable && fy.usable;
    t.side_x = rkr_ramp_lanes8_make(&fx, g->x_h, g->x_k);
    t.side_y = rkr_ramp_lanes8_make(&fy, g->y_h, g->y_k);
    t.kx = _mm512_set1_pd(g->half_x - g->radius);
    t.ky = _mm512_set1_pd(g->half_y - g->radius);
    t.radius = _mm512_set1_pd(g->radius);
    t.outside = _mm512_set1_pd(g->exit_outside);
    t.inside = _mm512_set1_pd(g->exit_inside);
    t.margin = _mm512_set1_pd(exact_sides ? -1.0 : 0.5 - RKR_FAST_RAMP_MARGIN);
    t.corner_margin = _mm512_set1_pd(0.5 - RKR_FAST_CORNER_MARGIN);
    return t;
}

// rkr_lane_bytes_avx2 in eight lanes, except the corner lanes between the exits when the fast corner formula
// is on: those lanes' bytes are left to rkr_corner_lane_bytes_8 and returned in *deferred (the row loop queues
// them, so that one corner lane no longer drags a whole step through the corner formula). Only the lanes of
// `valid` count (the others may hold any offsets and their bytes are dropped: they neither choose the corner
// path nor take the exact formulas). *flagged gets the side lanes the exact ramp decided in bits 0 ..< 8.
RKR8 __m512i rkr_lane_bytes_deferring_8(const rk_rrect_shape *g, const rkr_lane_terms8 *t, __m512d ox, __m512d oy,
                                        __mmask8 valid, __mmask8 *deferred, int *flagged) {
    const __m512d sign = _mm512_set1_pd(-0.0), zero = _mm512_setzero_pd();
    const __m512d half = _mm512_set1_pd(0.5), one = _mm512_set1_pd(1), full = _mm512_set1_pd(255);
    const __m512d qx = _mm512_sub_pd(_mm512_andnot_pd(sign, ox), t->kx);
    const __m512d qy = _mm512_sub_pd(_mm512_andnot_pd(sign, oy), t->ky);
    const __mmask8 corner = (__mmask8)(valid & _mm512_cmp_pd_mask(qx, zero, _CMP_GT_OQ) & _mm512_cmp_pd_mask(qy, zero, _CMP_GT_OQ));
    const __mmask8 side = (__mmask8)(valid & ~corner);
    const __mmask8 use_x = _mm512_cmp_pd_mask(qx, qy, _CMP_GT_OQ);
    const __m512d distance = _mm512_mask_blend_pd(use_x, _mm512_sub_pd(qy, t->radius), _mm512_sub_pd(qx, t->radius));
    // Every step takes the mixed ramp (the corner lanes' values are replaced below): choosing the one-side ramp
    // when all lanes share a side was a branch on the lanes' mix, mispredicted often enough to cost more than
    // the mixed ramp's extra selects (b 512 ~3 % slower with it).
    // The plain ramp's choice is one per call, always predicted.
    __m512d area = t->plain_sides ? rkr_ramp_fast_8(&t->side_x, &t->side_y, distance, use_x, 1)
                                  : rkr_ramp_fast_8(&t->side_x, &t->side_y, distance, use_x, 0);
    // The corner lanes without a branch on whether the step holds any: which steps do is data-dependent
    // (about half of them at 512 px), a branch mispredicted that often costs more than these few operations.
    const __m512d length_squared = _mm512_add_pd(_mm512_mul_pd(qx, qx), _mm512_mul_pd(qy, qy));
    const __mmask8 out = _mm512_cmp_pd_mask(length_squared, t->outside, _CMP_GE_OQ);
    const __mmask8 in = (__mmask8)(~out & _mm512_cmp_pd_mask(length_squared, t->inside, _CMP_LE_OQ));
    area = _mm512_mask_blend_pd(corner, area, _mm512_maskz_mov_pd(in, one));
    const __mmask8 formula = (__mmask8)(corner & ~(out | in));
    *deferred = 0;
    if (t->fast_corners) *deferred = formula;
    else if (formula != 0)
        area = _mm512_mask_blend_pd(formula, area, rkr_corner_exact_8(g, ox, oy, qx, qy, length_squared));
    __m512d raw = _mm512_add_pd(_mm512_mul_pd(area, full), half);
    const __mmask8 side_unsure = (__mmask8)(side & rkr_unsure_8(raw, t->margin));
    if (__builtin_expect(side_unsure != 0, 0)) {
        area = _mm512_mask_blend_pd(side_unsure, area, rkr_ramp_exact_8(g, distance, use_x));
        raw = _mm512_add_pd(_mm512_mul_pd(area, full), half);
        *flagged |= side_unsure;
    }
    return rkr_bytes_8(area, raw);
}

// The bytes of the lanes rkr_lane_bytes_deferring_8 deferred: every `valid` lane is a corner lane between the
// exits and t->fast_corners holds. The same operations on each lane as rkr_lane_bytes_deferring_8 up to the
// corner test (qx, qy and |q|² recomputed from the offsets), then the fast formula with the exact one where it
// does not vouch for the byte. *flagged gets the lanes left to the exact formula in bits 8 ..< 16.
RKR8 __m512i rkr_corner_lane_bytes_8(const rk_rrect_shape *g, const rkr_lane_terms8 *t, __m512d ox, __m512d oy,
                                     __mmask8 valid, int *flagged) {
    const __m512d sign = _mm512_set1_pd(-0.0), half = _mm512_set1_pd(0.5), full = _mm512_set1_pd(255);
    const __m512d qx = _mm512_sub_pd(_mm512_andnot_pd(sign, ox), t->kx);
    const __m512d qy = _mm512_sub_pd(_mm512_andnot_pd(sign, oy), t->ky);
    const __m512d length_squared = _mm512_add_pd(_mm512_mul_pd(qx, qx), _mm512_mul_pd(qy, qy));
    const rkr_corner_fast_lanes8 c = rkr_corner_fast_8(g, &t->corner, ox, oy, qx, qy, length_squared);
    __m512d area = c.area;
    __m512d raw = _mm512_add_pd(_mm512_mul_pd(area, full), half);
    const __mmask8 unsure = (__mmask8)(valid & (c.unsure | rkr_unsure_8(raw, t->corner_margin)));
    if (__builtin_expect(unsure != 0, 0)) {
        area = _mm512_mask_blend_pd(unsure, area, rkr_corner_exact_8(g, ox, oy, qx, qy, length_squared));
        raw = _mm512_add_pd(_mm512_mul_pd(area, full), half);
        *flagged |= unsure << 8;
    }
    return rkr_bytes_8(area, raw);
}

// rkr_lane_bytes_avx2 in eight lanes (the deferred lanes computed at once); arguments as
// rkr_lane_bytes_deferring_8, *flagged also gets the corner lanes left to the exact formula in bits 8 ..< 16.
RKR8 __m512i rkr_lane_bytes_8(const rk_rrect_shape *g, const rkr_lane_terms8 *t, __m512d ox, __m512d oy,
                              __mmask8 valid, int *flagged) {
    __mmask8 deferred;
    const __m512i bytes = rkr_lane_bytes_deferring_8(g, t, ox, oy, valid, &deferred, flagged);
    if (deferred == 0) return bytes;
    return _mm512_mask_blend_epi64(deferred, bytes, rkr_corner_lane_bytes_8(g, t, ox, oy, deferred, flagged));
}

// rkr_blend4_avx2's arithmetic on eight pixels `d` (int32 lanes). `bytes`: 64-bit lanes, 0 ... 255;
// `color16`: the premultiplied colour's channels as 16-bit lanes, repeated for each pixel.
RKR8 __m256i rkr_blend8_pixels(__m256i d, __m512i wide, __m512i color16) {
    const __m512i bias = _mm512_set1_epi16(0x80), m257 = _mm512_set1_epi16(257), full = _mm512_set1_epi16(255);
    // Each pixel's byte in its four 16-bit channel lanes: one byte per 64-bit lane, spread.
    const __m512i a16 = _mm512_shuffle_epi8(wide, _mm512_set4_epi32((int)0x80088008u, (int)0x80088008u,
                                                                    (int)0x80008000u, (int)0x80008000u));
    const __m512i s16 = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(color16, a16), bias), m257);
    const __m512i alpha = _mm512_shuffle_epi8(s16, _mm512_set4_epi32(0x0F0E0F0E, 0x0F0E0F0E, 0x07060706, 0x07060706));
    const __m512i inverse = _mm512_sub_epi16(full, alpha);
    const __m512i d16 = _mm512_cvtepu8_epi16(d);
    const __m512i out16 = _mm512_add_epi16(s16, _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(d16, inverse), bias), m257));
    // Unsigned saturation (vpmovuswb) where the AVX2 blend packs with packus (signed saturation to 0 ... 255): the
    // same bytes, since out16 = s16 + a product term, each at most 255, so no lane is negative as int16.
    return _mm512_cvtusepi16_epi8(out16);
}

#undef RKR_LO
#undef RKR_HI
#undef RKR_JOIN
#undef RKR8
#endif

#endif
