// The AVX-512 row loop's queue of corner lanes (raster_kernels_rrect_avx512.c). At 512 px ~44 % of the
// eight-lane steps hold a corner pixel between the exits, mostly one or two: computed in place, each such step
// runs the corner formula (two square roots and a division on all eight lanes) for them. Instead the step
// leaves those lanes out of its blend and appends their offsets and pixel addresses here; eight queued lanes
// take the formula at once and are blended by gather and scatter. Private to RasterKernels.
//
// Coordinate space: local offsets from the rectangle's centre (as rk_rrect_lanes8.h) and pixel addresses.
// Numbers: each lane's offsets are the ones its step computed, and rkr_corner_lane_bytes_8 and
// rkr_blend8_pixels do the same operations on each lane wherever it sits, so the bytes are the ones the step
// would have written. Order: a call blends each pixel of its region at most once (rows and runs do not
// overlap), so blending a queued pixel later than its step's other pixels writes the same bytes.
#ifndef RK_RRECT_CORNER_QUEUE_H
#define RK_RRECT_CORNER_QUEUE_H

#include "rk_rrect_lanes8.h"

#if RK_X86
#define RKR_QUEUE __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512dq"), always_inline)) static inline

// Lanes 0 ..< count hold queued pixels: their offsets and addresses (as 64-bit integers).
typedef struct rkr_corner_queue {
    __m512d ox, oy;
    __m512i address;
    int count;
} rkr_corner_queue;

// Blends the first `count` queued lanes (1 ... 8) and empties the queue.
RKR_QUEUE void rkr_corner_queue_flush(rkr_corner_queue *q, const rk_rrect_shape *g, const rkr_lane_terms8 *t,
                                      __m512i color16) {
    const __mmask8 valid = (__mmask8)((1u << q->count) - 1);
    int flagged = 0;  // unused here (tests count flagged lanes through rk_rrect_lane_bytes_wide)
    const __m512i bytes = rkr_corner_lane_bytes_8(g, t, q->ox, q->oy, valid, &flagged);
    const __m256i pixels = _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), valid, q->address, NULL, 1);
    _mm512_mask_i64scatter_epi32(NULL, valid, q->address, rkr_blend8_pixels(pixels, bytes, color16), 1);
    q->count = 0;
}

// Appends the `lanes` of (ox, oy, address), flushing when the queue fills.
RKR_QUEUE void rkr_corner_queue_add(rkr_corner_queue *q, __mmask8 lanes, __m512d ox, __m512d oy, __m512i address,
                                    const rk_rrect_shape *g, const rkr_lane_terms8 *t, __m512i color16) {
    const int k = __builtin_popcount(lanes);
    // The lanes moved down to 0 ..< k, then the first ones that fit expanded into count ..< count + taken.
    const __m512d cx = _mm512_maskz_compress_pd(lanes, ox), cy = _mm512_maskz_compress_pd(lanes, oy);
    const __m512i ca = _mm512_maskz_compress_epi64(lanes, address);
    const int room = 8 - q->count, taken = k < room ? k : room;
    const __mmask8 place = (__mmask8)(((1u << taken) - 1) << q->count);
    q->ox = _mm512_mask_expand_pd(q->ox, place, cx);
    q->oy = _mm512_mask_expand_pd(q->oy, place, cy);
    q->address = _mm512_mask_expand_epi64(q->address, place, ca);
    q->count += taken;
    if (q->count < 8) return;
    rkr_corner_queue_flush(q, g, t, color16);
    // The lanes that did not fit, moved down to 0 ..< k − taken.
    const __mmask8 rest = (__mmask8)(((1u << k) - 1) & ~((1u << taken) - 1));
    q->ox = _mm512_maskz_compress_pd(rest, cx);
    q->oy = _mm512_maskz_compress_pd(rest, cy);
    q->address = _mm512_maskz_compress_epi64(rest, ca);
    q->count = k - taken;
}

#undef RKR_QUEUE
#endif

#endif
