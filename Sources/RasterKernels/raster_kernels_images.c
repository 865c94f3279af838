// AVX2 affine bilinear image kernels; see include/raster_kernels_images.h for the coordinate space and contract.
//
// Number format and coordinates: rki_image_lanes.h.
#include "raster_kernels_images.h"
#include "raster_kernels.h"
#include "raster_kernels_avx512.h"
#include "rki_image_lanes.h"

#if RK_X86

// How rki_affine_run may step the span's coordinates: 0 when some lane (the last group's padding included)
// lies beyond ±2^30 (each group starts again from Int64); 1 when every lane lies within ±2^30, so they step as
// exact 32-bit vectors (see there); 2 when moreover every lane's u lies in [−256, maxU] and v in [−256, maxV],
// so the clamps change nothing and are left out. Coordinates are linear in the pixel index, so the first and
// last lanes bound them all.
RK_AVX2 static inline int rki_span_steps(const rk_image_affine_span *span, int64_t s, int64_t t, size_t count) {
    const int64_t bound = (int64_t)1 << 30, last = (int64_t)((count + 7) & ~(size_t)7) - 1;
    const int64_t su = s >> 16, eu = (s + last * span->stepU) >> 16;
    const int64_t sv = t >> 16, ev = (t + last * span->stepV) >> 16;
    if (!(count <= 32768 && su >= -bound && su <= bound && eu >= -bound && eu <= bound && sv >= -bound &&
          sv <= bound && ev >= -bound && ev <= bound)) {
        return 0;
    }
    const int inside = su >= -256 && eu >= -256 && su <= span->maxU && eu <= span->maxU && sv >= -256 &&
                       ev >= -256 && sv <= span->maxV && ev <= span->maxV;
    return inside ? 2 : 1;
}

// One group of n ≤ 8 pixels (n == 8 when `full`, a constant) at clamped coordinates u, v: sampled, scaled by the
// opacity when `scales`, then stored (`over` = 0) or blended onto `out`. With coverage (`cov`, a constant) the
// group's bytes decide: all 0 leaves the destination as it is (a lerp by weight 0 gives d), so nothing is
// sampled; all 255 weighs every pixel by alpha alone, as a span without coverage does (`lerps` = alpha < 255;
// a lerp by 255 is exact); anything else weighs pixel k by round(coverage[k] · alpha / 255). Same bytes as the
// general path either way.
RK_AVX2 __attribute__((always_inline)) static inline void rki_group(
    const int *base, int32_t stride, __m256i u, __m256i v, __m256i opacity, __m256i alphaLanes,
    const uint8_t *coverage, uint32_t *out, size_t n, int full, int over, int cov, int scales, int lerps) {
    uint64_t bytes = 0;
    if (cov) {
        bytes = rki_coverage_bytes(coverage, full ? 8 : n);
        if (bytes == 0) return;
    }
    __m256i p = rki_sample8(base, stride, u, v);
    if (scales) p = rki_scale8(p, opacity);
    if (!over) {
        if (full) _mm256_storeu_si256((__m256i *)out, p);
        else _mm256_maskstore_epi32((int *)out, rk_first_lanes(n), p);
        return;
    }
    __m256i lanes = full ? _mm256_setzero_si256() : rk_first_lanes(n);
    __m256i d = full ? _mm256_loadu_si256((const __m256i *)out) : _mm256_maskload_epi32((const int *)out, lanes);
    __m256i r;
    if (cov && bytes != ~(uint64_t)0) r = rk_over8(p, d, 1, rki_weight8(bytes, alphaLanes));
    else r = rk_over8(p, d, lerps, alphaLanes);
    if (full) _mm256_storeu_si256((__m256i *)out, r);
    else _mm256_maskstore_epi32((int *)out, lanes, r);
}

// The shared loop: samples 8 pixels per step (the last group masked); stores them (`over` = 0) or blends
// them onto `out`. Always inlined with constant `over`, `cov` (coverage given), `scales` (opacity < 255),
// `lerps` (alpha < 255) and `linear`, so each caller gets a loop with only its own steps (fewer branches and
// spilled registers per group).
RK_AVX2 __attribute__((always_inline)) static inline void rki_affine_run(
    const rk_image_affine_span *span, int64_t s, int64_t t, int over, const uint8_t *coverage, uint8_t alpha, uint32_t *out, size_t count,
    int cov, int scales, int lerps, int linear) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const int32_t qu = (int32_t)(span->stepU >> 16), qv = (int32_t)(span->stepV >> 16);
    const int32_t ru = (int32_t)(span->stepU & 0xFFFF), rv = (int32_t)(span->stepV & 0xFFFF);
    const __m256i kqu = _mm256_mullo_epi32(lane, _mm256_set1_epi32(qu));
    const __m256i kru = _mm256_mullo_epi32(lane, _mm256_set1_epi32(ru));
    const __m256i kqv = _mm256_mullo_epi32(lane, _mm256_set1_epi32(qv));
    const __m256i krv = _mm256_mullo_epi32(lane, _mm256_set1_epi32(rv));
    const int *base = (const int *)(span->pixels - span->stride - 1);
    const int32_t stride = span->stride, maxU = span->maxU, maxV = span->maxV;
    const __m256i opacity = _mm256_set1_epi16((short)span->opacity);
    const __m256i alphaLanes = _mm256_set1_epi16((short)alpha);
    const int64_t stepU8 = span->stepU * 8, stepV8 = span->stepV * 8;
    // When every lane of the span (the last group's padding included) lies within ±2^30 the 32-bit split is
    // carried across groups as two vectors stepped by exact integer additions (PaintImageAffineLanes): the
    // high parts move by 8·(B >> 16), the low parts by 8·(B & 0xFFFF) and stay below 2^16 · (8 · groups + 8),
    // which fits 32 bits for spans up to 2^15 pixels. Otherwise each group starts again from Int64.
    // `linear` (a constant per caller) is rki_span_steps's answer.
    const int64_t su = s >> 16, sv = t >> 16;
    __m256i highU = _mm256_add_epi32(_mm256_set1_epi32((int32_t)su), kqu);
    __m256i lowU = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(s & 0xFFFF)), kru);
    __m256i highV = _mm256_add_epi32(_mm256_set1_epi32((int32_t)sv), kqv);
    __m256i lowV = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(t & 0xFFFF)), krv);
    const __m256i highStepU = _mm256_set1_epi32(8 * qu), lowStepU = _mm256_set1_epi32(8 * ru);
    const __m256i highStepV = _mm256_set1_epi32(8 * qv), lowStepV = _mm256_set1_epi32(8 * rv);
    const __m256i lowest = _mm256_set1_epi32(-256), highestU = _mm256_set1_epi32(maxU), highestV = _mm256_set1_epi32(maxV);
    // Invariant: each step writes pixels i..<i + n with n = min(8, count − i) (masked when n < 8); the lanes
    // past the end are sampled at clamped coordinates (in the block) and dropped. Full groups run in the loop,
    // the masked last one after it, so the loop holds no tail logic.
#define RKI_COORDS()                                                                                       \
    if (linear) {                                                                                          \
        u = _mm256_add_epi32(highU, _mm256_srli_epi32(lowU, 16));                                          \
        v = _mm256_add_epi32(highV, _mm256_srli_epi32(lowV, 16));                                          \
        if (linear == 1) {                                                                                 \
            u = _mm256_min_epi32(_mm256_max_epi32(u, lowest), highestU);                                   \
            v = _mm256_min_epi32(_mm256_max_epi32(v, lowest), highestV);                                   \
        }                                                                                                  \
        highU = _mm256_add_epi32(highU, highStepU); lowU = _mm256_add_epi32(lowU, lowStepU);               \
        highV = _mm256_add_epi32(highV, highStepV); lowV = _mm256_add_epi32(lowV, lowStepV);               \
    } else {                                                                                               \
        u = rki_coords8(s, kqu, kru, maxU);                                                                \
        v = rki_coords8(t, kqv, krv, maxV);                                                                \
        s += stepU8;                                                                                       \
        t += stepV8;                                                                                       \
    }
    size_t i = 0;
    __m256i u, v;
    for (; count - i >= 8; i += 8) {
        RKI_COORDS()
        rki_group(base, stride, u, v, opacity, alphaLanes, cov ? coverage + i : NULL, out + i, 8, 1, over, cov,
                  scales, lerps);
    }
    if (i < count) {
        RKI_COORDS()
        rki_group(base, stride, u, v, opacity, alphaLanes, cov ? coverage + i : NULL, out + i, count - i, 0, over,
                  cov, scales, lerps);
    }
#undef RKI_COORDS
}

RK_AVX2 size_t rk_image_affine_bilinear_avx2(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    const int64_t s = span->s, t = span->t;
    const int steps = rki_span_steps(span, s, t, count), scales = span->opacity < 255;
    if (steps == 2) rki_affine_run(span, s, t, 0, NULL, 255, output, count, 0, scales, 0, 2);
    else if (steps == 1) rki_affine_run(span, s, t, 0, NULL, 255, output, count, 0, scales, 0, 1);
    else rki_affine_run(span, s, t, 0, NULL, 255, output, count, 0, scales, 0, 0);
    return count;
}

// One specialised loop per case for spans whose coordinates step as 32-bit vectors (nearly all): clamped or
// inside the level, with and without coverage, under alpha < 255 or not, each with and without the opacity
// scale. Other spans share one general loop. The span's own s and t are ignored for the given ones (the plan's
// entry computes them without copying the span).
RK_AVX2 static void rki_over(const rk_image_affine_span *span, int64_t s, int64_t t, const uint8_t *coverage,
                             uint8_t alpha, uint32_t *destination, size_t count) {
    const int scales = span->opacity < 255, lerps = alpha != 255, steps = rki_span_steps(span, s, t, count);
#define RKI_RUN(st, cov, sc, le) rki_affine_run(span, s, t, 1, coverage, alpha, destination, count, cov, sc, le, st)
#define RKI_RUNS(st)                                                                                       \
    if (coverage != NULL) {                                                                                \
        if (scales) { if (lerps) RKI_RUN(st, 1, 1, 1); else RKI_RUN(st, 1, 1, 0); }                          \
        else { if (lerps) RKI_RUN(st, 1, 0, 1); else RKI_RUN(st, 1, 0, 0); }                                 \
    } else {                                                                                               \
        if (scales) { if (lerps) RKI_RUN(st, 0, 1, 1); else RKI_RUN(st, 0, 1, 0); }                          \
        else { if (lerps) RKI_RUN(st, 0, 0, 1); else RKI_RUN(st, 0, 0, 0); }                                 \
    }
    if (steps == 2) {
        RKI_RUNS(2)
    } else if (steps == 1) {
        RKI_RUNS(1)
    } else {
        rki_affine_run(span, s, t, 1, coverage, alpha, destination, count, coverage != NULL, scales, lerps, 0);
    }
#undef RKI_RUNS
#undef RKI_RUN
}

RK_AVX2 size_t rk_image_affine_bilinear_over_avx2(const rk_image_affine_span *span, const uint8_t *coverage,
                                                  uint8_t alpha, uint32_t *destination, size_t count) {
    rki_over(span, span->s, span->t, coverage, alpha, destination, count);
    return count;
}

size_t rk_image_affine_plan_over(const rk_image_affine_plan *plan, int64_t x, int64_t y, const uint8_t *coverage,
                                 uint8_t alpha, uint32_t *destination, size_t count) {
    const uint64_t r = (uint64_t)y - (uint64_t)plan->firstRow;
    if (!plan->avx2 || r >= (uint64_t)plan->rowCount || count == 0) return 0;
    if (x <= -plan->xLimit || x > plan->xLimit - (int64_t)count) return 0;
    const int64_t u = plan->rows[2 * r];
    if (u == INT64_MIN) return 0;
    const rk_image_affine_span *span = &plan->span;
    // Wrapping sums as Swift's &+ and &* (unsigned arithmetic, converted back).
    const int64_t s = (int64_t)((uint64_t)u + (uint64_t)x * (uint64_t)span->stepU + 0x8000u);
    const int64_t t = (int64_t)((uint64_t)plan->rows[2 * r + 1] + (uint64_t)x * (uint64_t)span->stepV + 0x8000u);
    // The AVX-512 kernel (raster_kernels_images_avx512.c) when in use; spans it declines run here.
    if (rk_avx512_enabled() && rk_image_affine_over_at_avx512(span, s, t, coverage, alpha, destination, count)) {
        return count;
    }
    rki_over(span, s, t, coverage, alpha, destination, count);
    return count;
}

size_t rk_image_affine_bilinear(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    switch (rk_kernel_level()) {
    case 3: return rk_image_affine_bilinear_avx512(span, output, count);
    case 2: return rk_image_affine_bilinear_avx2(span, output, count);
    default: return 0;
    }
}

size_t rk_image_affine_bilinear_over(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                     uint32_t *destination, size_t count) {
    switch (rk_kernel_level()) {
    case 3: return rk_image_affine_bilinear_over_avx512(span, coverage, alpha, destination, count);
    case 2: return rk_image_affine_bilinear_over_avx2(span, coverage, alpha, destination, count);
    default: return 0;
    }
}

#else

size_t rk_image_affine_plan_over(const rk_image_affine_plan *plan, int64_t x, int64_t y, const uint8_t *coverage,
                                 uint8_t alpha, uint32_t *destination, size_t count) {
    (void)plan; (void)x; (void)y; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear_avx2(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    (void)span; (void)output; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear_over_avx2(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                          uint32_t *destination, size_t count) {
    (void)span; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear(const rk_image_affine_span *span, uint32_t *output, size_t count) {
    (void)span; (void)output; (void)count;
    return 0;
}

size_t rk_image_affine_bilinear_over(const rk_image_affine_span *span, const uint8_t *coverage, uint8_t alpha,
                                     uint32_t *destination, size_t count) {
    (void)span; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

#endif
