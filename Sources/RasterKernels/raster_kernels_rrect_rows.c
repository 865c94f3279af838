// Rotated rounded rects' row table in one call (QuartzRaster's FillAffineRoundedRect.tabulate): the three line
// sets solved four rows at a time (rk_row_columns_avx2's steps, rk_rrect_row_columns.h) and combined in the
// same registers, as tabulate does. See include/raster_kernels_rrect.h for the contract.
//
// Coordinate space: device pixels; a row's columns are the pixels whose centres (x + 0.5, y + 0.5) pass the
// lines. Numbers: the solver's Double line values and Int32 column bounds (values within ±1e9 + 1); the
// combination is integer only.
#include "raster_kernels_rrect.h"
#include "raster_kernels.h"
#include "raster_kernels_shapes.h"
#include "rk_lanes.h"
#include "rk_rrect_row_columns.h"

// Products and differences stay separate operations (no fused multiply-add), as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
// One line set with its neutral lines dropped (rk_row_columns_avx2 explains why that changes nothing).
typedef struct rkr_line_set {
    double upper_intercept[8], upper_slope[8], lower_intercept[8], lower_slope[8], flat_constant[8], flat_slope[8];
    int uppers, lowers, flats;
} rkr_line_set;

static inline void rkr_line_set_make(const double *lines, rkr_line_set *s) {
    s->uppers = s->lowers = s->flats = 0;
    for (int i = 0; i < 8; i++) {
        if (!(lines[i] == __builtin_inf() && lines[8 + i] == 0)) {
            s->upper_intercept[s->uppers] = lines[i];
            s->upper_slope[s->uppers++] = lines[8 + i];
        }
        if (!(lines[16 + i] == -__builtin_inf() && lines[24 + i] == 0)) {
            s->lower_intercept[s->lowers] = lines[16 + i];
            s->lower_slope[s->lowers++] = lines[24 + i];
        }
        if (!(lines[32 + i] == 0 && lines[40 + i] == 0)) {
            s->flat_constant[s->flats] = lines[32 + i];
            s->flat_slope[s->flats++] = lines[40 + i];
        }
    }
}

// The columns of rows y ..< y + 4 (row centres `yc`) of one set as lower and upper bounds, the values of
// rk_row_columns_avx2 (its steps in the same order), rows at the ±1e9 clamp through rks_row_columns_one.
RK_AVX2 __attribute__((always_inline)) static inline void rkr_set_columns4(const rkr_line_set *s, const double *lines, int64_t y, __m256d yc,
                                            __m128i *lower, __m128i *upper) {
    const __m256d zero = _mm256_setzero_pd();
    __m256d hi = _mm256_set1_pd(__builtin_inf()), lo = _mm256_set1_pd(-__builtin_inf()), negative = zero;
    for (int i = 0; i < s->uppers; i++)
        hi = _mm256_min_pd(hi, _mm256_sub_pd(_mm256_set1_pd(s->upper_intercept[i]),
                                             _mm256_mul_pd(_mm256_set1_pd(s->upper_slope[i]), yc)));
    for (int i = 0; i < s->lowers; i++)
        lo = _mm256_max_pd(lo, _mm256_sub_pd(_mm256_set1_pd(s->lower_intercept[i]),
                                             _mm256_mul_pd(_mm256_set1_pd(s->lower_slope[i]), yc)));
    for (int i = 0; i < s->flats; i++) {
        const __m256d f = _mm256_sub_pd(_mm256_set1_pd(s->flat_constant[i]),
                                        _mm256_mul_pd(_mm256_set1_pd(s->flat_slope[i]), yc));
        negative = _mm256_or_pd(negative, _mm256_cmp_pd(f, zero, _CMP_LT_OQ));
    }
    if (rks_columns_bounds(lo, hi, negative, lower, upper)) return;
    int32_t pairs[8];
    for (int64_t j = 0; j < 4; j++) rks_row_columns_one(lines, y + j, pairs + 2 * j);
    *lower = _mm_setr_epi32(pairs[0], pairs[2], pairs[4], pairs[6]);
    *upper = _mm_setr_epi32(pairs[1], pairs[3], pairs[5], pairs[7]);
}

// tabulate's combination for four rows (one per int32 lane): inner = outer empty ? outer : inner set; then
// ∩ chords, then ∩ outer, each only while non-empty, an empty intersection being a..<a with a the larger lower
// bound (each `if` a lane select; b = lo < hi ? hi : lo is max(lo, hi)). Writes each row's outer lower, upper,
// uniform lower, upper (the uniform bounds both outer lower when empty).
RK_AVX2 __attribute__((always_inline)) static inline void rkr_combine4(__m128i o0, __m128i o1, __m128i i0, __m128i i1, __m128i c0, __m128i c1,
                                        int32_t *out) {
    const __m128i outer_full = _mm_andnot_si128(_mm_cmpeq_epi32(o0, o1), _mm_set1_epi32(-1));
    __m128i a = _mm_blendv_epi8(o0, i0, outer_full), b = _mm_blendv_epi8(o1, i1, outer_full);
    __m128i open = _mm_andnot_si128(_mm_cmpeq_epi32(a, b), _mm_set1_epi32(-1));
    __m128i lo = _mm_max_epi32(a, c0), hi = _mm_min_epi32(b, c1);
    a = _mm_blendv_epi8(a, lo, open);
    b = _mm_blendv_epi8(b, _mm_max_epi32(lo, hi), open);
    open = _mm_andnot_si128(_mm_cmpeq_epi32(a, b), _mm_set1_epi32(-1));
    lo = _mm_max_epi32(a, o0);
    hi = _mm_min_epi32(b, o1);
    a = _mm_blendv_epi8(a, lo, open);
    b = _mm_blendv_epi8(b, _mm_max_epi32(lo, hi), open);
    const __m128i empty = _mm_cmpeq_epi32(a, b);
    const __m128i u0 = _mm_blendv_epi8(a, o0, empty), u1 = _mm_blendv_epi8(b, o0, empty);
    // Rows of (o0, o1, u0, u1): a 4 × 4 transpose.
    const __m128i t0 = _mm_unpacklo_epi32(o0, o1), t1 = _mm_unpacklo_epi32(u0, u1);
    const __m128i t2 = _mm_unpackhi_epi32(o0, o1), t3 = _mm_unpackhi_epi32(u0, u1);
    _mm_storeu_si128((__m128i *)out, _mm_unpacklo_epi64(t0, t1));
    _mm_storeu_si128((__m128i *)(out + 4), _mm_unpackhi_epi64(t0, t1));
    _mm_storeu_si128((__m128i *)(out + 8), _mm_unpacklo_epi64(t2, t3));
    _mm_storeu_si128((__m128i *)(out + 12), _mm_unpackhi_epi64(t2, t3));
}

// rkr_set_columns4 for a set of exactly `uppers` upper, `lowers` lower and no flat lines (compile-time counts
// after inlining: the loops unroll, no loop bookkeeping per line). The same operations in the same order, except
// that the first line's value stands for min(+∞, v) and max(−∞, v): _mm256_min_pd(+∞, v) is v for every v
// (a NaN v included, min returning its second operand then), and likewise max(−∞, v); no flat lines leave
// `negative` zero.
RK_AVX2 __attribute__((always_inline)) static inline void rkr_set_columns4_fixed(
    const rkr_line_set *s, const double *lines, int64_t y, __m256d yc, const int uppers, const int lowers,
    __m128i *lower, __m128i *upper) {
    __m256d hi = _mm256_sub_pd(_mm256_set1_pd(s->upper_intercept[0]), _mm256_mul_pd(_mm256_set1_pd(s->upper_slope[0]), yc));
    __m256d lo = _mm256_sub_pd(_mm256_set1_pd(s->lower_intercept[0]), _mm256_mul_pd(_mm256_set1_pd(s->lower_slope[0]), yc));
    for (int i = 1; i < uppers; i++)
        hi = _mm256_min_pd(hi, _mm256_sub_pd(_mm256_set1_pd(s->upper_intercept[i]),
                                             _mm256_mul_pd(_mm256_set1_pd(s->upper_slope[i]), yc)));
    for (int i = 1; i < lowers; i++)
        lo = _mm256_max_pd(lo, _mm256_sub_pd(_mm256_set1_pd(s->lower_intercept[i]),
                                             _mm256_mul_pd(_mm256_set1_pd(s->lower_slope[i]), yc)));
    if (rks_columns_bounds(lo, hi, _mm256_setzero_pd(), lower, upper)) return;
    int32_t pairs[8];
    for (int64_t j = 0; j < 4; j++) rks_row_columns_one(lines, y + j, pairs + 2 * j);
    *lower = _mm_setr_epi32(pairs[0], pairs[2], pairs[4], pairs[6]);
    *upper = _mm_setr_epi32(pairs[1], pairs[3], pairs[5], pairs[7]);
}

// The whole table when the sets have the counts a rotated rounded rect has at any angle off the axes' (outer:
// sides and tangents 4 + 4, inner: sides and chords 4 + 4, chords 2 + 2, no flat line): rkr_row_layouts_avx2's
// loop with rkr_set_columns4_fixed.
RK_AVX2 static void rkr_row_layouts_fixed_avx2(const rkr_line_set *so, const rkr_line_set *si, const rkr_line_set *sc,
                                               const double *outer, const double *inner, const double *chords,
                                               int64_t first_row, size_t count, int32_t *out) {
    const __m256d offsets = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5);
    int32_t last[16];
    // Invariant: as in rkr_row_layouts_avx2.
    for (size_t k = 0; k < count; k += 4) {
        const int64_t y = first_row + (int64_t)k;
        const __m256d yc = _mm256_add_pd(_mm256_set1_pd((double)y), offsets);
        __m128i o0, o1, i0, i1, c0, c1;
        rkr_set_columns4_fixed(so, outer, y, yc, 4, 4, &o0, &o1);
        rkr_set_columns4_fixed(si, inner, y, yc, 4, 4, &i0, &i1);
        rkr_set_columns4_fixed(sc, chords, y, yc, 2, 2, &c0, &c1);
        const int whole = k + 4 <= count;
        rkr_combine4(o0, o1, i0, i1, c0, c1, whole ? out + 4 * k : last);
        if (!whole)
            for (size_t j = 0; j < 4 * (count - k); j++) out[4 * k + j] = last[j];
    }
}

// The AVX-512 tier's fixed-count loop: rkr_row_layouts_fixed_avx2 eight rows per step (zmm lanes, mask
// registers), each lane's operations those of its row in the four-lane loop, so the table is the same.
#define RKR_AVX512 __attribute__((target("avx2,avx512f,avx512vl,avx512dq")))

// rks_columns_bounds for eight rows; a mask lane stands for the AVX2 code's all-ones lane, maskz_mov for its
// and with the mask (0.0 elsewhere).
RKR_AVX512 __attribute__((always_inline)) static inline int rkr_columns_bounds8(__m512d lo, __m512d hi,
                                                                               __m256i *lower_out,
                                                                               __m256i *upper_out) {
    const __m512d half = _mm512_set1_pd(0.5), one = _mm512_set1_pd(1);
    const __mmask8 valid = _mm512_cmp_pd_mask(lo, hi, _CMP_LE_OQ);
    const __m512d a = _mm512_sub_pd(lo, half), b = _mm512_sub_pd(hi, half);
    const __mmask8 in_range = _mm512_cmp_pd_mask(a, _mm512_set1_pd(-1e9), _CMP_GT_OQ) &
                              _mm512_cmp_pd_mask(b, _mm512_set1_pd(1e9), _CMP_LT_OQ);
    if ((valid & (__mmask8)~in_range) != 0) return 0;
    // ceil(a) and floor(b) in one rounding each: on the valid lanes (|a|, |b| < 1e9) they are the four-lane
    // code's truncation plus one correction (trunc(a) + (trunc(a) < a), trunc(b) − (trunc(b) > b)); a ceil of
    // −0.0 is the same integer. Invalid lanes are dropped by `keep`.
    const __m512d first = _mm512_roundscale_pd(a, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m512d last = _mm512_roundscale_pd(b, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __mmask8 keep = valid & _mm512_cmp_pd_mask(first, last, _CMP_LE_OQ);
    *lower_out = _mm512_cvttpd_epi32(_mm512_maskz_mov_pd(keep, first));
    *upper_out = _mm512_cvttpd_epi32(_mm512_maskz_mov_pd(keep, _mm512_add_pd(last, one)));
    return 1;
}

// rkr_set_columns4_fixed for rows y ..< y + 8.
RKR_AVX512 __attribute__((always_inline)) static inline void rkr_set_columns8_fixed(
    const rkr_line_set *s, const double *lines, int64_t y, __m512d yc, const int uppers, const int lowers,
    __m256i *lower, __m256i *upper) {
    __m512d hi = _mm512_sub_pd(_mm512_set1_pd(s->upper_intercept[0]), _mm512_mul_pd(_mm512_set1_pd(s->upper_slope[0]), yc));
    __m512d lo = _mm512_sub_pd(_mm512_set1_pd(s->lower_intercept[0]), _mm512_mul_pd(_mm512_set1_pd(s->lower_slope[0]), yc));
    for (int i = 1; i < uppers; i++)
        hi = _mm512_min_pd(hi, _mm512_sub_pd(_mm512_set1_pd(s->upper_intercept[i]),
                                             _mm512_mul_pd(_mm512_set1_pd(s->upper_slope[i]), yc)));
    for (int i = 1; i < lowers; i++)
        lo = _mm512_max_pd(lo, _mm512_sub_pd(_mm512_set1_pd(s->lower_intercept[i]),
                                             _mm512_mul_pd(_mm512_set1_pd(s->lower_slope[i]), yc)));
    if (rkr_columns_bounds8(lo, hi, lower, upper)) return;
    int32_t pairs[16];
    for (int64_t j = 0; j < 8; j++) rks_row_columns_one(lines, y + j, pairs + 2 * j);
    *lower = _mm256_setr_epi32(pairs[0], pairs[2], pairs[4], pairs[6], pairs[8], pairs[10], pairs[12], pairs[14]);
    *upper = _mm256_setr_epi32(pairs[1], pairs[3], pairs[5], pairs[7], pairs[9], pairs[11], pairs[13], pairs[15]);
}

// rkr_combine4 on eight rows at once (256-bit lanes, the same per-lane selects, maxima and minima), written as
// eight rows of (outer lower, upper, uniform lower, upper): one pass instead of two halves and their extractions.
RKR_AVX512 __attribute__((always_inline)) static inline void rkr_combine8(__m256i o0, __m256i o1, __m256i i0,
                                                                         __m256i i1, __m256i c0, __m256i c1,
                                                                         int32_t *out) {
    const __m256i ones = _mm256_set1_epi32(-1);
    const __m256i outer_full = _mm256_andnot_si256(_mm256_cmpeq_epi32(o0, o1), ones);
    __m256i a = _mm256_blendv_epi8(o0, i0, outer_full), b = _mm256_blendv_epi8(o1, i1, outer_full);
    __m256i open = _mm256_andnot_si256(_mm256_cmpeq_epi32(a, b), ones);
    __m256i lo = _mm256_max_epi32(a, c0), hi = _mm256_min_epi32(b, c1);
    a = _mm256_blendv_epi8(a, lo, open);
    b = _mm256_blendv_epi8(b, _mm256_max_epi32(lo, hi), open);
    open = _mm256_andnot_si256(_mm256_cmpeq_epi32(a, b), ones);
    lo = _mm256_max_epi32(a, o0);
    hi = _mm256_min_epi32(b, o1);
    a = _mm256_blendv_epi8(a, lo, open);
    b = _mm256_blendv_epi8(b, _mm256_max_epi32(lo, hi), open);
    const __m256i empty = _mm256_cmpeq_epi32(a, b);
    const __m256i u0 = _mm256_blendv_epi8(a, o0, empty), u1 = _mm256_blendv_epi8(b, o0, empty);
    // Per 128-bit half (rows 0 ..< 4 low, 4 ..< 8 high) the 4 × 4 transpose of rkr_combine4, then the halves'
    // rows put in order.
    const __m256i t0 = _mm256_unpacklo_epi32(o0, o1), t1 = _mm256_unpacklo_epi32(u0, u1);
    const __m256i t2 = _mm256_unpackhi_epi32(o0, o1), t3 = _mm256_unpackhi_epi32(u0, u1);
    const __m256i r0 = _mm256_unpacklo_epi64(t0, t1), r1 = _mm256_unpackhi_epi64(t0, t1);  // rows 0 | 4, 1 | 5
    const __m256i r2 = _mm256_unpacklo_epi64(t2, t3), r3 = _mm256_unpackhi_epi64(t2, t3);  // rows 2 | 6, 3 | 7
    _mm256_storeu_si256((__m256i *)out, _mm256_permute2x128_si256(r0, r1, 0x20));
    _mm256_storeu_si256((__m256i *)(out + 8), _mm256_permute2x128_si256(r2, r3, 0x20));
    _mm256_storeu_si256((__m256i *)(out + 16), _mm256_permute2x128_si256(r0, r1, 0x31));
    _mm256_storeu_si256((__m256i *)(out + 24), _mm256_permute2x128_si256(r2, r3, 0x31));
}

RKR_AVX512 static void rkr_row_layouts_fixed_avx512(const rkr_line_set *so, const rkr_line_set *si,
                                                    const rkr_line_set *sc, const double *outer, const double *inner,
                                                    const double *chords, int64_t first_row, size_t count,
                                                    int32_t *out) {
    // Row centres y + 0.5 ... y + 7.5, exact as in rkr_row_layouts_avx2.
    const __m512d offsets = _mm512_setr_pd(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5);
    int32_t last[32];
    // Invariant: as in rkr_row_layouts_avx2, eight rows per step (rows k ..< k + 8 ≤ count write out[4k] ..<
    // out[4k + 32]; a last partial group goes through `last`).
    for (size_t k = 0; k < count; k += 8) {
        const int64_t y = first_row + (int64_t)k;
        const __m512d yc = _mm512_add_pd(_mm512_set1_pd((double)y), offsets);
        __m256i o0, o1, i0, i1, c0, c1;
        rkr_set_columns8_fixed(so, outer, y, yc, 4, 4, &o0, &o1);
        rkr_set_columns8_fixed(si, inner, y, yc, 4, 4, &i0, &i1);
        rkr_set_columns8_fixed(sc, chords, y, yc, 2, 2, &c0, &c1);
        const int whole = k + 8 <= count;
        int32_t *target = whole ? out + 4 * k : last;
        rkr_combine8(o0, o1, i0, i1, c0, c1, target);
        if (!whole)
            for (size_t j = 0; j < 4 * (count - k); j++) out[4 * k + j] = last[j];
    }
}

// `wide`: the fixed-count sets take rkr_row_layouts_fixed_avx512 (the AVX-512 tier is in use).
RK_AVX2 static void rkr_row_layouts_avx2(const double *outer, const double *inner, const double *chords,
                                         int64_t first_row, size_t count, int32_t *out, int wide) {
    rkr_line_set so, si, sc;
    rkr_line_set_make(outer, &so);
    rkr_line_set_make(inner, &si);
    rkr_line_set_make(chords, &sc);
    if (so.uppers == 4 && so.lowers == 4 && so.flats == 0 && si.uppers == 4 && si.lowers == 4 && si.flats == 0 &&
        sc.uppers == 2 && sc.lowers == 2 && sc.flats == 0) {
        if (wide) {
            rkr_row_layouts_fixed_avx512(&so, &si, &sc, outer, inner, chords, first_row, count, out);
            return;
        }
        rkr_row_layouts_fixed_avx2(&so, &si, &sc, outer, inner, chords, first_row, count, out);
        return;
    }
    // Row centres y + 0.5 ... y + 3.5: integers and halves below 2⁵², so (double)y + (j + 0.5) is the exact
    // value the solver's (double)(y + j) + 0.5 gives.
    const __m256d offsets = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5);
    int32_t last[16];
    // Invariant: a whole step writes out[4k] ..< out[4k + 16], rows k ..< k + 4 ≤ count. The last 1 ... 3 rows
    // take a whole group too (rows past the table's end are solved as well, each lane on its own) written to
    // `last`, of which only the table's rows are copied out.
    for (size_t k = 0; k < count; k += 4) {
        const int64_t y = first_row + (int64_t)k;
        const __m256d yc = _mm256_add_pd(_mm256_set1_pd((double)y), offsets);
        __m128i o0, o1, i0, i1, c0, c1;
        rkr_set_columns4(&so, outer, y, yc, &o0, &o1);
        rkr_set_columns4(&si, inner, y, yc, &i0, &i1);
        rkr_set_columns4(&sc, chords, y, yc, &c0, &c1);
        const int whole = k + 4 <= count;
        rkr_combine4(o0, o1, i0, i1, c0, c1, whole ? out + 4 * k : last);
        if (!whole)
            for (size_t j = 0; j < 4 * (count - k); j++) out[4 * k + j] = last[j];
    }
}

// FillRowLines.init(count:offset:pixelMargin: true) of `count` planes (n.x, n.y, g, |n|) in C, written as
// FillRowLines.pack lays the set out (48 doubles: upper intercepts, slopes, lower intercepts, slopes, flat
// constants, slopes; unused lanes neutral: +∞ / 0, −∞ / 0, 0 / 0): the same operations in the same order.
static inline void rkr_lines_from_planes(const double *const *planes, int count, double outward, double *lines) {
    for (int i = 0; i < 8; i++) {
        lines[i] = __builtin_inf(), lines[8 + i] = 0;
        lines[16 + i] = -__builtin_inf(), lines[24 + i] = 0;
        lines[32 + i] = 0, lines[40 + i] = 0;
    }
    for (int i = 0; i < count; i++) {
        const double *p = planes[i];
        const double shift = outward * (0.5 * (__builtin_fabs(p[0]) + __builtin_fabs(p[1])) + 1e-6 * p[3]);
        const double constant = p[2] - shift;
        if (p[0] > 1e-12) {
            lines[i] = constant / p[0];
            lines[8 + i] = p[1] / p[0];
        } else if (p[0] < -1e-12) {
            lines[16 + i] = constant / p[0];
            lines[24 + i] = p[1] / p[0];
        } else {
            lines[32 + i] = constant;
            lines[40 + i] = p[1];
        }
    }
}
#endif

int rk_rrect_row_layouts(const double *outer, const double *inner, const double *chords, int64_t first_row,
                         size_t count, int32_t *scratch, int32_t *out, int forced) {
    (void)scratch;  // the sets are combined in registers now
#if RK_X86
    if (!(forced ? rk_avx2_supported() : rk_avx2_enabled())) return 0;
    rkr_row_layouts_avx2(outer, inner, chords, first_row, count, out, !forced && rk_kernel_level() == 3);
    return 1;
#else
    (void)outer, (void)inner, (void)chords, (void)first_row, (void)count, (void)out, (void)forced;
    return 0;
#endif
}

int rk_rrect_row_layouts_planes(const double *planes, int64_t first_row, size_t count, int32_t *out, int forced) {
#if RK_X86
    if (!(forced ? rk_avx2_supported() : rk_avx2_enabled())) return 0;
    // FillAffineRoundedRect's sets: outer = planes 0 ..< 8 moved out, inner = 0 ..< 4 and 8 ..< 12 moved in,
    // chords = 12 ..< 16 moved in.
    const double *outer_planes[8], *inner_planes[8], *chord_planes[4];
    for (int i = 0; i < 8; i++) {
        outer_planes[i] = planes + 4 * i;
        inner_planes[i] = planes + 4 * (i < 4 ? i : i + 4);
    }
    for (int i = 0; i < 4; i++) chord_planes[i] = planes + 4 * (12 + i);
    double lines[144];
    rkr_lines_from_planes(outer_planes, 8, -1.0, lines);
    rkr_lines_from_planes(inner_planes, 8, 1.0, lines + 48);
    rkr_lines_from_planes(chord_planes, 4, 1.0, lines + 96);
    rkr_row_layouts_avx2(lines, lines + 48, lines + 96, first_row, count, out, !forced && rk_kernel_level() == 3);
    return 1;
#else
    (void)planes, (void)first_row, (void)count, (void)out, (void)forced;
    return 0;
#endif
}
