// AVX-512 (F, BW, VL) affine bilinear image kernels: raster_kernels_images.c's AVX2 loops 16 pixels per step;
// see include/raster_kernels_images.h for the coordinate space and contract.
//
// Number format and coordinates: rki_image_lanes.h and rki_image_lanes512.h. The lane arithmetic is the AVX2
// kernel's per pixel, so the bytes are identical; the wider registers (32 zmm) hold every constant of the loop
// without spills, and tails are masked loads and stores instead of 8-lane remainders.
#include "raster_kernels_images.h"
#include "rki_image_lanes512.h"

#if RK_X86

// How the span's coordinates may step (rki_span_steps with 16-pixel groups): 0 when some lane (the last
// group's padding included) lies beyond ±2^30 or the span is longer than 2^15 pixels (these kernels decline
// it; the AVX2 kernel's Int64 restarts take it); 1 when every lane lies within ±2^30, so they step as exact
// 32-bit vectors; 2 when moreover every lane's u lies in [−256, maxU] and v in [−256, maxV], so the clamps
// change nothing and are left out. Coordinates are linear in the pixel index: the first and last lanes bound them.
RK_AVX512 static inline int rki5_span_steps(const rk_image_affine_span *span, int64_t s, int64_t t, size_t count) {
    if (count > 32768) return 0;
    const int64_t bound = (int64_t)1 << 30, last = (int64_t)((count + 15) & ~(size_t)15) - 1;
    const int64_t su = s >> 16, eu = (s + last * span->stepU) >> 16;
    const int64_t sv = t >> 16, ev = (t + last * span->stepV) >> 16;
    if (!(su >= -bound && su <= bound && eu >= -bound && eu <= bound && sv >= -bound && sv <= bound &&
          ev >= -bound && ev <= bound)) {
        return 0;
    }
    const int inside = su >= -256 && eu >= -256 && su <= span->maxU && eu <= span->maxU && sv >= -256 &&
                       ev >= -256 && sv <= span->maxV && ev <= span->maxV;
    return inside ? 2 : 1;
}

// One group of the pixels in `lanes` (all 16 when `full`, a constant) at clamped coordinates u, v, its taps
// already loaded (rki5_load16): filtered,
// scaled by the opacity when `scales`, then stored (`over` = 0) or blended onto `out`. With coverage (`cov`)
// the group's bytes decide as in rki_group: all 0 leaves the destination (nothing sampled); all 255 weighs by
// alpha alone (`lerps` = alpha < 255); anything else weighs pixel k by round(coverage[k] · alpha / 255).
// Invariant: only the lanes in `lanes` of `out` and `coverage` are read or written (masked accesses).
RK_AVX512 __attribute__((always_inline)) static inline void rki5_group(
    rki5_taps taps, __m512i u, __m512i v, __m512i opacity, __m512i alphaLanes,
    const uint8_t *coverage, uint32_t *out, __mmask16 lanes, int full, int over, int cov, int scales, int lerps) {
    __m128i bytes = _mm_setzero_si128();
    int partial = 0;
    if (cov) {
        bytes = full ? _mm_loadu_si128((const __m128i *)coverage) : _mm_maskz_loadu_epi8(lanes, coverage);
        if (_mm_test_epi8_mask(bytes, bytes) == 0) return;
        partial = _mm_cmpeq_epi8_mask(bytes, _mm_set1_epi8((char)-1)) != 0xFFFF;
    }
    __m512i p = rki5_filter16(taps, u, v);
    if (scales) p = rki5_scale16(p, opacity);
    if (!over) {
        if (full) _mm512_storeu_si512((void *)out, p);
        else _mm512_mask_storeu_epi32((void *)out, lanes, p);
        return;
    }
    __m512i d = full ? _mm512_loadu_si512((const void *)out) : _mm512_maskz_loadu_epi32(lanes, (const void *)out);
    __m512i r;
    if (cov && partial) r = rk5_over16(p, d, 1, rki5_weight16(bytes, alphaLanes));
    else r = rk5_over16(p, d, lerps, alphaLanes);
    if (full) _mm512_storeu_si512((void *)out, r);
    else _mm512_mask_storeu_epi32((void *)out, lanes, r);
}

// The shared loop (rki_affine_run for `linear` 1 or 2): 32 pixels per step as two groups whose tap loads are
// all issued before either group's arithmetic (the loop waits on texture loads, so the second group's loads
// overlap the first's wait), then one more group of 16 and the masked last group. Always inlined with constant flags, so each caller's loop holds only its own steps.
RK_AVX512 __attribute__((always_inline)) static inline void rki5_affine_run(
    const rk_image_affine_span *span, int64_t s, int64_t t, int over, const uint8_t *coverage, uint8_t alpha,
    uint32_t *out, size_t count, int cov, int scales, int lerps, int linear) {
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const int32_t qu = (int32_t)(span->stepU >> 16), qv = (int32_t)(span->stepV >> 16);
    const int32_t ru = (int32_t)(span->stepU & 0xFFFF), rv = (int32_t)(span->stepV & 0xFFFF);
    const int *base = (const int *)(span->pixels - span->stride - 1);
    const int32_t stride = span->stride;
    const __m512i opacity = _mm512_set1_epi16((short)span->opacity);
    const __m512i alphaLanes = _mm512_set1_epi16((short)alpha);
    // Every lane (padding included) lies within ±2^30 (rki5_span_steps), so the 32-bit split of the AVX2
    // kernel is carried across groups by exact additions: high parts by 16·(B >> 16), low parts by
    // 16·(B & 0xFFFF), which stay below 2^16 · (count + 16) ≤ 2^16 · 32784 < 2^32 (read unsigned by the shift).
    __m512i highU = _mm512_add_epi32(_mm512_set1_epi32((int32_t)(s >> 16)), _mm512_mullo_epi32(lane, _mm512_set1_epi32(qu)));
    __m512i lowU = _mm512_add_epi32(_mm512_set1_epi32((int32_t)(s & 0xFFFF)), _mm512_mullo_epi32(lane, _mm512_set1_epi32(ru)));
    __m512i highV = _mm512_add_epi32(_mm512_set1_epi32((int32_t)(t >> 16)), _mm512_mullo_epi32(lane, _mm512_set1_epi32(qv)));
    __m512i lowV = _mm512_add_epi32(_mm512_set1_epi32((int32_t)(t & 0xFFFF)), _mm512_mullo_epi32(lane, _mm512_set1_epi32(rv)));
    const __m512i highStepU = _mm512_set1_epi32(16 * qu), lowStepU = _mm512_set1_epi32(16 * ru);
    const __m512i highStepV = _mm512_set1_epi32(16 * qv), lowStepV = _mm512_set1_epi32(16 * rv);
    const __m512i lowest = _mm512_set1_epi32(-256);
    const __m512i highestU = _mm512_set1_epi32(span->maxU), highestV = _mm512_set1_epi32(span->maxV);
    // Invariant: each group writes pixels i..<i + n, n = min(16, count − i) (masked when n < 16).
#define RKI5_COORDS(u, v)                                                                                  \
    u = _mm512_add_epi32(highU, _mm512_srli_epi32(lowU, 16));                                              \
    v = _mm512_add_epi32(highV, _mm512_srli_epi32(lowV, 16));                                              \
    if (linear == 1) {                                                                                     \
        u = _mm512_min_epi32(_mm512_max_epi32(u, lowest), highestU);                                       \
        v = _mm512_min_epi32(_mm512_max_epi32(v, lowest), highestV);                                       \
    }                                                                                                      \
    highU = _mm512_add_epi32(highU, highStepU); lowU = _mm512_add_epi32(lowU, lowStepU);                   \
    highV = _mm512_add_epi32(highV, highStepV); lowV = _mm512_add_epi32(lowV, lowStepV);
    size_t i = 0;
    __m512i u, v, u2, v2;
    for (; count - i >= 32; i += 32) {
        RKI5_COORDS(u, v)
        RKI5_COORDS(u2, v2)
        const rki5_taps taps = rki5_load16(base, stride, u, v), taps2 = rki5_load16(base, stride, u2, v2);
        rki5_group(taps, u, v, opacity, alphaLanes, cov ? coverage + i : NULL, out + i, 0xFFFF, 1, over, cov,
                   scales, lerps);
        rki5_group(taps2, u2, v2, opacity, alphaLanes, cov ? coverage + i + 16 : NULL, out + i + 16, 0xFFFF, 1,
                   over, cov, scales, lerps);
    }
    if (count - i >= 16) {
        RKI5_COORDS(u, v)
        rki5_group(rki5_load16(base, stride, u, v), u, v, opacity, alphaLanes, cov ? coverage + i : NULL, out + i,
                   0xFFFF, 1, over, cov, scales, lerps);
        i += 16;
    }
    if (i < count) {
        RKI5_COORDS(u, v)
        rki5_group(rki5_load16(base, stride, u, v), u, v, opacity, alphaLanes, cov ? coverage + i : NULL, out + i,
                   rk5_first(count - i), 0, over, cov, scales, lerps);
    }
#undef RKI5_COORDS
}

RK_AVX512 size_t rk_image_affine_at_avx512(const rk_image_affine_span *span, int64_t s, int64_t t,
                                           uint32_t *output, size_t count) {
    const int steps = rki5_span_steps(span, s, t, count), scales = span->opacity < 255;
    if (steps == 0 || count == 0) return 0;
    if (steps == 2) {
        if (scales) rki5_affine_run(span, s, t, 0, NULL, 255, output, count, 0, 1, 0, 2);
        else rki5_affine_run(span, s, t, 0, NULL, 255, output, count, 0, 0, 0, 2);
    } else {
        if (scales) rki5_affine_run(span, s, t, 0, NULL, 255, output, count, 0, 1, 0, 1);
        else rki5_affine_run(span, s, t, 0, NULL, 255, output, count, 0, 0, 0, 1);
    }
    return count;
}

// One specialised loop per case, as rki_over: clamped or inside the level, with and without coverage, alpha
// < 255 or not, each with and without the opacity scale.
RK_AVX512 size_t rk_image_affine_over_at_avx512(const rk_image_affine_span *span, int64_t s, int64_t t,
                                                const uint8_t *coverage, uint8_t alpha, uint32_t *destination,
                                                size_t count) {
    const int scales = span->opacity < 255, lerps = alpha != 255, steps = rki5_span_steps(span, s, t, count);
    if (steps == 0 || count == 0) return 0;
#define RKI5_RUN(st, cov, sc, le) rki5_affine_run(span, s, t, 1, coverage, alpha, destination, count, cov, sc, le, st)
#define RKI5_RUNS(st)                                                                                      \
    if (coverage != NULL) {                                                                                \
        if (scales) { if (lerps) RKI5_RUN(st, 1, 1, 1); else RKI5_RUN(st, 1, 1, 0); }                      \
        else { if (lerps) RKI5_RUN(st, 1, 0, 1); else RKI5_RUN(st, 1, 0, 0); }                             \
    } else {                                                                                               \
        if (scales) { if (lerps) RKI5_RUN(st, 0, 1, 1); else RKI5_RUN(st, 0, 1, 0); }                      \
        else { if (lerps) RKI5_RUN(st, 0, 0, 1); else RKI5_RUN(st, 0, 0, 0); }                             \
    }
    if (steps == 2) {
        RKI5_RUNS(2)
    } else {
        RKI5_RUNS(1)
    }
#undef RKI5_RUNS
#undef RKI5_RUN
    return count;
}

size_t rk_image_affine_bilinear_avx512(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    if (rk_image_affine_at_avx512(span, span->s, span->t, output, count) == count) return count;
    return rk_image_affine_bilinear_avx2(span, output, count);
}

size_t rk_image_affine_bilinear_over_avx512(const rk_image_affine_span *span, const uint8_t *coverage,
                                            uint8_t alpha, uint32_t *destination, size_t count) {
    if (rk_image_affine_over_at_avx512(span, span->s, span->t, coverage, alpha, destination, count) == count) {
        return count;
    }
    return rk_image_affine_bilinear_over_avx2(span, coverage, alpha, destination, count);
}

#else

size_t rk_image_affine_at_avx512(const rk_image_affine_span *span, int64_t s, int64_t t, uint32_t *output,
                                 size_t count) {
    (void)span; (void)s; (void)t; (void)output; (void)count;
    return 0;
}

size_t rk_image_affine_over_at_avx512(const rk_image_affine_span *span, int64_t s, int64_t t,
                                      const uint8_t *coverage, uint8_t alpha, uint32_t *destination, size_t count) {
    (void)span; (void)s; (void)t; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear_avx512(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    (void)span; (void)output; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear_over_avx512(const rk_image_affine_span *span, const uint8_t *coverage,
                                            uint8_t alpha, uint32_t *destination, size_t count) {
    (void)span; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

#endif
