// The AVX-512 row loop's edge pixels in batches (raster_kernels_rrect_avx512.c). Taken a step at a time as
// the rows list them, each step's formulas sat behind branches on the run lengths (when eight lanes are full,
// how a run splits), which mispredict often and then cost the step's whole chain; here the row loop only stores
// each run's pixel centres and indices, and the batch is blended in loops whose branches are all predicted:
// the steps' bytes, their blends (gather and scatter), then the corner lanes the steps deferred, eight at a
// time (b 512 0.90x, b 1080p 0.89x of the step-at-a-time loop). Private to RasterKernels.
//
// Coordinate space: device pixels, pixel (x, y) sampled at (x + 0.5, y + 0.5); local offsets from the
// rectangle's centre as in rk_rrect_lanes8.h. Numbers: each lane's px = x + 0.5 and py = y + 0.5 (exact), its
// row's ix_y · py and iy_y · py, and every later operation are those of rkr_rows_avx2's four-lane steps for the
// same pixel (the products taken per lane are the IEEE products the four-lane code takes once per row), and the
// blend is rkr_blend4_avx2's arithmetic (rkr_blend8_pixels), so the bytes are the same. Order: a call blends
// each pixel of its region at most once (rows and runs do not overlap), so blending a pixel later than the
// pixels around it writes the same bytes.
#ifndef RK_RRECT_EDGE_BATCH_H
#define RK_RRECT_EDGE_BATCH_H

#include "rk_rrect_lanes8.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
#define RKR_BATCH_TARGET __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512dq")))
#define RKR_BATCH_INLINE RKR_BATCH_TARGET __attribute__((always_inline)) static inline

// The shape's constant terms for a step.
typedef struct rkr_step_terms8 {
    rkr_lane_terms8 lanes;
    __m512d ixx, iyx, ixy, iyy, offx, offy, cx, cy;
    __m512i color16;
} rkr_step_terms8;

// The edge pixels of a batch of rows, in the order the rows list them: lane i holds pixel centre px[i], its
// row's centre py[i] and its pixel index from `base` (32-bit: the gathers and scatters with 32-bit indices
// take half the index bits of 64-bit ones). Eight lanes past `count` are writable: a run is stored eight lanes
// at a time, its last store's extra lanes overwritten by the next run or never read.
#define RKR_BATCH 256
typedef struct rkr_edge_batch {
    double px[RKR_BATCH + 8], py[RKR_BATCH + 8];
    int32_t index[RKR_BATCH + 8];
    uint32_t *base;
    int count;
} rkr_edge_batch;

// The corner lanes the batch's steps deferred (rkr_lane_bytes_deferring_8): their offsets and pixel indices.
typedef struct rkr_corner_batch {
    double ox[RKR_BATCH + 8], oy[RKR_BATCH + 8];
    int32_t index[RKR_BATCH + 8];
} rkr_corner_batch;

// Appends pixels from ..< to of the row whose centre is `py` and whose pixel x is b->base[row_index + x].
// Invariant (caller): to − from ≤ RKR_BATCH − b->count, and row_index + x fits in int32 for x < to.
RKR_BATCH_INLINE void rkr_edge_batch_add(rkr_edge_batch *b, int64_t from, int64_t to, __m512d py,
                                         int64_t row_index) {
    const __m512d lane_centres = _mm512_setr_pd(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5);
    const __m256i lane_indices = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // One store of each array for a run of up to eight pixels (most runs), whatever its length, so no branch
    // depends on it; an empty run's store is overwritten by the next one.
    int64_t x = from;
    double *px = b->px + b->count, *rpy = b->py + b->count;
    int32_t *index = b->index + b->count;
    do {
        _mm512_storeu_pd(px, _mm512_add_pd(_mm512_set1_pd((double)x), lane_centres));
        _mm512_storeu_pd(rpy, py);
        _mm256_storeu_si256((__m256i *)index, _mm256_add_epi32(_mm256_set1_epi32((int32_t)(row_index + x)), lane_indices));
        x += 8, px += 8, rpy += 8, index += 8;
    } while (x < to);
    b->count += (int)(to - from);
}

// Blends lanes `lanes` of `bytes` into the pixels base[index[i]] (gathered, then scattered back).
RKR_BATCH_INLINE void rkr_blend8_indexed(uint32_t *base, __mmask8 lanes, __m256i index, __m512i bytes,
                                         __m512i color16) {
    const __m256i pixels = _mm256_mmask_i32gather_epi32(_mm256_setzero_si256(), lanes, index, base, 4);
    _mm256_mask_i32scatter_epi32(base, lanes, index, rkr_blend8_pixels(pixels, bytes, color16), 4);
}

// Blends the batch's pixels eight at a time, each step's deferred corner lanes set aside and blended eight at
// a time after the steps; empties the batch. Every pixel of a call is blended once, so the order is free.
RKR_BATCH_TARGET __attribute__((noinline))
static void rkr_edge_batch_flush(rkr_edge_batch *b, rkr_corner_batch *c, const rk_rrect_shape *g,
                                 const rkr_step_terms8 *t) {
    // The steps' bytes first, then their blends: two short loops whose iterations overlap more than one long one.
    __m512i bytes[RKR_BATCH / 8];
    __mmask8 blend[RKR_BATCH / 8];
    int corners = 0;
    const int steps = (b->count + 7) / 8;
    for (int s = 0; s < steps; s++) {
        const int i = 8 * s, left = b->count - i;
        const __mmask8 valid = (__mmask8)(left >= 8 ? 0xFF : (1u << left) - 1);
        const __m512d px = _mm512_loadu_pd(b->px + i), py = _mm512_loadu_pd(b->py + i);
        const __m512d row_x = _mm512_mul_pd(t->ixy, py), row_y = _mm512_mul_pd(t->iyy, py);
        const __m512d lx = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(t->ixx, px), row_x), t->offx);
        const __m512d ly = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(t->iyx, px), row_y), t->offy);
        const __m512d ox = _mm512_sub_pd(lx, t->cx), oy = _mm512_sub_pd(ly, t->cy);
        int flagged = 0;
        __mmask8 deferred;
        bytes[s] = rkr_lane_bytes_deferring_8(g, &t->lanes, ox, oy, valid, &deferred, &flagged);
        blend[s] = (__mmask8)(valid & ~deferred);
        _mm512_storeu_pd(c->ox + corners, _mm512_maskz_compress_pd(deferred, ox));
        _mm512_storeu_pd(c->oy + corners, _mm512_maskz_compress_pd(deferred, oy));
        _mm256_storeu_si256((__m256i *)(c->index + corners),
                            _mm256_maskz_compress_epi32(deferred, _mm256_loadu_si256((const __m256i *)(b->index + i))));
        corners += __builtin_popcount(deferred);
    }
    uint32_t *base = b->base;
    for (int s = 0; s < steps; s++) {
        rkr_blend8_indexed(base, blend[s], _mm256_loadu_si256((const __m256i *)(b->index + 8 * s)), bytes[s],
                           t->color16);
    }
    b->count = 0;
    for (int i = 0; i < corners; i += 8) {
        const int left = corners - i;
        const __mmask8 valid = (__mmask8)(left >= 8 ? 0xFF : (1u << left) - 1);
        int flagged = 0;  // unused here (tests count flagged lanes through rk_rrect_lane_bytes_wide)
        const __m512i bytes8 = rkr_corner_lane_bytes_8(g, &t->lanes, _mm512_loadu_pd(c->ox + i),
                                                       _mm512_loadu_pd(c->oy + i), valid, &flagged);
        rkr_blend8_indexed(base, valid, _mm256_loadu_si256((const __m256i *)(c->index + i)), bytes8, t->color16);
    }
}

// Appends a row's edge runs olo ..< ulo and uhi ..< ohi (rkr_row_runs), flushing the batch when they do not
// fit; a row with more edge pixels than a batch holds goes in pieces.
RKR_BATCH_INLINE void rkr_edge_batch_add_row(rkr_edge_batch *b, rkr_corner_batch *c, const rk_rrect_shape *g,
                                             const rkr_step_terms8 *t, const rkr_row_runs *r, __m512d py,
                                             int64_t row_index) {
    if (__builtin_expect((r->ohi - r->olo) - (r->uhi - r->ulo) <= RKR_BATCH - b->count, 1)) {
        rkr_edge_batch_add(b, r->olo, r->ulo, py, row_index);
        rkr_edge_batch_add(b, r->uhi, r->ohi, py, row_index);
        return;
    }
    const int64_t runs[2][2] = {{r->olo, r->ulo}, {r->uhi, r->ohi}};
    for (int i = 0; i < 2; i++)
        for (int64_t x = runs[i][0], end = runs[i][1]; x < end;) {
            if (b->count == RKR_BATCH) rkr_edge_batch_flush(b, c, g, t);
            const int64_t to = end - x < RKR_BATCH - b->count ? end : x + (RKR_BATCH - b->count);
            rkr_edge_batch_add(b, x, to, py, row_index);
            x = to;
        }
}

#undef RKR_BATCH_INLINE
#undef RKR_BATCH_TARGET
#endif

#endif
