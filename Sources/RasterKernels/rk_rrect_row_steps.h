// The steps of rk_rrect_blend_rows' AVX2 row loop (raster_kernels_rrect_avx2.c): a step's pixel centres, its
// coverage bytes (rkr_lane_bytes_avx2) and its blend. Private to RasterKernels; included by that file only, after
// rkr_lane_bytes_avx2.
//
// Coordinate space: device pixels, pixel (x, y) sampled at (x + 0.5, y + 0.5); local offsets from the rectangle's
// centre as in rk_rrect_scalar.h. Numbers: Double lanes with the scalar expressions' operations in the same order
// (no fused multiply-add), coverage bytes as int32 lanes, pixels premultiplied 0xAABBGGRR.
#ifndef RK_RRECT_ROW_STEPS_H
#define RK_RRECT_ROW_STEPS_H

#include "rk_rrect_lanes.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
// One step's local offsets: pixels x ..< x + 4 of the row whose ix_y · py and iy_y · py are `row_x`, `row_y`
// (the same products for every pixel of the row; x + i is exact in a double).
typedef struct rkr_row_terms {
    __m256d ixx, iyx, offx, offy, cx, cy, steps, half, row_x, row_y;
} rkr_row_terms;

// The bytes of four pixel centres px (device x, the row's py in `r`).
__attribute__((target("avx2"), always_inline))
static inline __m128i rkr_px_bytes_avx2(const rk_rrect_shape *g, const rkr_lane_terms *terms, const rkr_row_terms *r,
                                        __m256d px, int *flagged) {
    const __m256d lx = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(r->ixx, px), r->row_x), r->offx);
    const __m256d ly = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(r->iyx, px), r->row_y), r->offy);
    return rkr_lane_bytes_avx2(g, terms, _mm256_sub_pd(lx, r->cx), _mm256_sub_pd(ly, r->cy), flagged);
}

__attribute__((target("avx2"), always_inline))
static inline __m128i rkr_step_bytes_avx2(const rk_rrect_shape *g, const rkr_lane_terms *terms, const rkr_row_terms *r,
                                          int64_t x, int *flagged) {
    return rkr_px_bytes_avx2(g, terms, r, _mm256_add_pd(_mm256_add_pd(_mm256_set1_pd((double)x), r->steps), r->half),
                             flagged);
}

// pshufb controls moving int32 lanes n ..< 4 down to lanes 0 ..< 4 − n (the rest zero), for n = 1 ... 3.
static const int8_t rkr_lane_shift[4][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1},
    {8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1},
    {12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
};

// Blends one step's bytes into pixels x ..< min(x + 4, to) of `row` (pixel x is row[x − surface_x]).
// Invariant: pixel (x + i, y) for i < n lies inside the region and the surface. A short step whose four
// pixels all lie inside the region (x + 4 ≤ x1) blends all four, the ones past the run at byte 0, which
// rewrites each with the value just read (the region is this call's alone), instead of masked loads and stores.
__attribute__((target("avx2"), always_inline))
static inline void rkr_step_blend_avx2(uint32_t *pixels, int64_t x, int64_t to, int64_t x1, __m128i bytes,
                                       __m256i color16) {
    const int64_t n = to - x < 4 ? to - x : 4;
    if (n < 4 && x + 4 <= x1)
        rkr_blend4_avx2(pixels, 4, _mm_and_si128(bytes, _mm_cmpgt_epi32(_mm_set1_epi32((int)n), _mm_setr_epi32(0, 1, 2, 3))),
                        color16);
    else
        rkr_blend4_avx2(pixels, n, bytes, color16);
}
#endif

#endif
