// The row-column solver's shared steps (FillRowLines.columns(row:) in C): the scalar row and the four-row AVX2
// finish, used by rk_row_columns_avx2 (raster_kernels_shapes.c) and rk_rrect_row_layouts
// (raster_kernels_rrect_rows.c). Private to RasterKernels.
//
// Coordinate space: device pixels; a row's columns are the pixels whose centres (x + 0.5, y + 0.5) pass the
// lines. Numbers: Double line values (the Swift solver's products and differences, no fused multiply-add),
// Int32 column bounds within ±1e9 + 1.
#ifndef RK_RRECT_ROW_COLUMNS_H
#define RK_RRECT_ROW_COLUMNS_H

#include "rk_lanes.h"

// Products and differences stay separate operations (no fused multiply-add), as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86

// fillCeilIndex / fillFloorIndex of FillRoundedRectGeometry.swift: NaN gives 0, values clamp to ±1e9.
static inline int64_t rks_ceil_index(double v) {
    if (v != v) return 0;
    double c = v < -1e9 ? -1e9 : (v > 1e9 ? 1e9 : v);
    int64_t t = (int64_t)c;
    return (double)t < c ? t + 1 : t;
}

static inline int64_t rks_floor_index(double v) {
    if (v != v) return 0;
    double c = v < -1e9 ? -1e9 : (v > 1e9 ? 1e9 : v);
    int64_t t = (int64_t)c;
    return (double)t > c ? t - 1 : t;
}

// Products and differences stay separate operations (no fused multiply-add), as in the Swift code.
#pragma STDC FP_CONTRACT OFF

// One row, the Swift solver's steps in order (used for the last rows and for groups that reach the ±1e9 clamp).
static inline void rks_row_columns_one(const double *lines, int64_t y, int32_t *out) {
    const double yc = (double)y + 0.5;
    int32_t lower = 0, upper = 0;
    int negative = 0;
    double hi = lines[0] - lines[8] * yc, lo = lines[16] - lines[24] * yc;
    for (int i = 0; i < 8; i++) {
        // A flat line rejects the whole row when constant − slope · yc < 0.
        if (lines[32 + i] - lines[40 + i] * yc < 0) negative = 1;
        double u = lines[i] - lines[8 + i] * yc, l = lines[16 + i] - lines[24 + i] * yc;
        hi = u < hi ? u : hi;
        lo = l > lo ? l : lo;
    }
    if (!negative && lo <= hi) {
        double a = lo - 0.5, b = hi - 0.5;
        int64_t first, last;
        if (a > -1e9 && b < 1e9) {
            int64_t ta = (int64_t)a, tb = (int64_t)b;
            first = (double)ta < a ? ta + 1 : ta;
            last = (double)tb > b ? tb - 1 : tb;
        } else {
            first = rks_ceil_index(a);
            last = rks_floor_index(b);
        }
        if (first <= last) {
            lower = (int32_t)first;
            upper = (int32_t)(last + 1);
        }
    }
    out[0] = lower;
    out[1] = upper;
}

// The columns of four rows (one per lane) from their min / max over the lines and the flat test: the Swift
// solver's truncation with one correction each, as lower and upper bounds (both 0 for an empty row). Returns 0
// (setting nothing) when a valid row reaches the ±1e9 clamp, which the caller then leaves to rks_row_columns_one.
RK_AVX2 static inline int rks_columns_bounds(__m256d lo, __m256d hi, __m256d negative, __m128i *lower_out,
                                             __m128i *upper_out) {
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1);
    const __m256d lowLimit = _mm256_set1_pd(-1e9), highLimit = _mm256_set1_pd(1e9);
    __m256d valid = _mm256_andnot_pd(negative, _mm256_cmp_pd(lo, hi, _CMP_LE_OQ));
    __m256d a = _mm256_sub_pd(lo, half), b = _mm256_sub_pd(hi, half);
    __m256d inRange = _mm256_and_pd(_mm256_cmp_pd(a, lowLimit, _CMP_GT_OQ), _mm256_cmp_pd(b, highLimit, _CMP_LT_OQ));
    if (_mm256_movemask_pd(_mm256_andnot_pd(inRange, valid)) != 0) return 0;
    // Truncation, then one correction each (exact integers in Double; values within ±1e9 fit Int32).
    __m256d ta = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(_mm256_and_pd(a, valid)));
    __m256d tb = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(_mm256_and_pd(b, valid)));
    __m256d first = _mm256_add_pd(ta, _mm256_and_pd(_mm256_cmp_pd(ta, a, _CMP_LT_OQ), one));
    __m256d last = _mm256_sub_pd(tb, _mm256_and_pd(_mm256_cmp_pd(tb, b, _CMP_GT_OQ), one));
    __m256d keep = _mm256_and_pd(valid, _mm256_cmp_pd(first, last, _CMP_LE_OQ));
    *lower_out = _mm256_cvttpd_epi32(_mm256_and_pd(first, keep));
    *upper_out = _mm256_cvttpd_epi32(_mm256_and_pd(_mm256_add_pd(last, one), keep));
    return 1;
}

// rks_columns_bounds written as the lower, upper pairs of the four rows.
// Invariant (caller): out[0 ..< 8] is writable.
RK_AVX2 static inline int rks_columns_finish(__m256d lo, __m256d hi, __m256d negative, int32_t *out) {
    __m128i lower, upper;
    if (!rks_columns_bounds(lo, hi, negative, &lower, &upper)) return 0;
    _mm_storeu_si128((__m128i *)out, _mm_unpacklo_epi32(lower, upper));
    _mm_storeu_si128((__m128i *)(out + 4), _mm_unpackhi_epi32(lower, upper));
    return 1;
}

#endif

#endif
