// Perspective bilinear image sampling (include/raster_kernels_images.h): PaintImagePerspectiveKernel
// .swift's Swift SIMD8 code, operation for operation, on AVX2 (8 pixels per step, as the Swift steps) and on
// AVX-512 (a whole 16-pixel block per step; each pixel's arithmetic depends only on its index in its block, so
// the lanes are the same). Float operations are never fused (FP_CONTRACT OFF), as in Swift; the float clamps use
// max(low, f) and min(high, f), which keep a NaN lane as Swift's comparisons do; the bilinear taps and weights
// are the affine kernels' (rki_image_lanes.h, rki_image_lanes512.h).
#pragma STDC FP_CONTRACT OFF
#include "raster_kernels_images.h"
#include "raster_kernels.h"
#include "rki_image_lanes.h"
#include "rki_image_lanes512.h"

#if RK_X86

// X, Y, W of the homography at device pixel centre (blockStart + 0.5, py), in double, each as
// m0 · px + m1 · py + m2 summed left to right (PaintImagePerspectiveRow.at).
static inline void rkip_block_origin(const double *m, int64_t blockStart, double py, float *X, float *Y, float *W) {
    const double px = (double)blockStart + 0.5;
    const double x = m[0] * px + m[1] * py + m[2];
    const double y = m[3] * px + m[4] * py + m[5];
    const double w = m[6] * px + m[7] * py + m[8];
    *X = (float)x;
    *Y = (float)y;
    *W = (float)w;
}

// Level coordinate in 1/256 texel from level-0 coordinate c (PaintImagePerspectiveLevel.sample): scaled, less
// half a texel, clamped to [−512, limit] in float, rounded by the 1.5 · 2^23 trick, clamped to [−256, high].
RK_AVX2 static inline __m256i rkip_fixed8(__m256 c, float scale, float limit, int32_t high) {
    __m256 f = _mm256_sub_ps(_mm256_mul_ps(c, _mm256_set1_ps(scale)), _mm256_set1_ps(128.0f));
    f = _mm256_max_ps(_mm256_set1_ps(-512.0f), f);
    f = _mm256_min_ps(_mm256_set1_ps(limit), f);
    __m256i i = _mm256_sub_epi32(_mm256_castps_si256(_mm256_add_ps(f, _mm256_set1_ps(12582912.0f))),
                                 _mm256_set1_epi32(0x4B400000));
    return _mm256_min_epi32(_mm256_max_epi32(i, _mm256_set1_epi32(-256)), _mm256_set1_epi32(high));
}

RK_AVX2 size_t rk_image_perspective_bilinear_avx2(const rk_image_perspective_level *level, int64_t x, int64_t y,
                                                  uint32_t *output, size_t count) {
    const double *m = level->m;
    const double py = (double)y + 0.5;
    const int *base = (const int *)(level->pixels - level->stride - 1);
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 dX = _mm256_set1_ps((float)m[0]), dY = _mm256_set1_ps((float)m[3]), dW = _mm256_set1_ps((float)m[6]);
    const int64_t end = x + (int64_t)count;
    int64_t p = x;
    while (p < end) {
        const int64_t blockStart = p & ~(int64_t)15;
        const int64_t blockEnd = end < blockStart + 16 ? end : blockStart + 16;
        float X, Y, W;
        rkip_block_origin(m, blockStart, py, &X, &Y, &W);
        // Invariant: pixels p ..< p + 8 of the block are this step's lanes; those before blockEnd are stored.
        for (; p < blockEnd; p += 8) {
            const __m256 offset = _mm256_add_ps(lanes, _mm256_set1_ps((float)(p - blockStart)));
            const __m256 w = _mm256_add_ps(_mm256_set1_ps(W), _mm256_mul_ps(dW, offset));
            const __m256 u = _mm256_div_ps(_mm256_add_ps(_mm256_set1_ps(X), _mm256_mul_ps(dX, offset)), w);
            const __m256 v = _mm256_div_ps(_mm256_add_ps(_mm256_set1_ps(Y), _mm256_mul_ps(dY, offset)), w);
            // W ≤ 0 (−0 included) exactly when the bit pattern b is ≤ 0 as an int32: (b − 1) | b has its sign set.
            const __m256i bits = _mm256_castps_si256(w);
            const __m256i hidden = _mm256_srai_epi32(_mm256_or_si256(_mm256_sub_epi32(bits, _mm256_set1_epi32(1)), bits), 31);
            const __m256i iu = rkip_fixed8(u, level->scaleU, level->limitU, level->maxU);
            const __m256i iv = rkip_fixed8(v, level->scaleV, level->limitV, level->maxV);
            const __m256i value = _mm256_andnot_si256(hidden, rki_sample8(base, level->stride, iu, iv));
            const int64_t n = blockEnd - p;
            uint32_t *out = output + (p - x);
            if (n >= 8) {
                _mm256_storeu_si256((__m256i *)out, value);
            } else {
                const __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
                _mm256_maskstore_epi32((int *)out, keep, value);
            }
        }
        p = blockEnd;
    }
    return count;
}

// rkip_fixed8 on 16 lanes.
RK_AVX512 static inline __m512i rkip_fixed16(__m512 c, float scale, float limit, int32_t high) {
    __m512 f = _mm512_sub_ps(_mm512_mul_ps(c, _mm512_set1_ps(scale)), _mm512_set1_ps(128.0f));
    f = _mm512_max_ps(_mm512_set1_ps(-512.0f), f);
    f = _mm512_min_ps(_mm512_set1_ps(limit), f);
    __m512i i = _mm512_sub_epi32(_mm512_castps_si512(_mm512_add_ps(f, _mm512_set1_ps(12582912.0f))),
                                 _mm512_set1_epi32(0x4B400000));
    return _mm512_min_epi32(_mm512_max_epi32(i, _mm512_set1_epi32(-256)), _mm512_set1_epi32(high));
}

RK_AVX512 size_t rk_image_perspective_bilinear_avx512(const rk_image_perspective_level *level, int64_t x, int64_t y,
                                                      uint32_t *output, size_t count) {
    const double *m = level->m;
    const double py = (double)y + 0.5;
    const int *base = (const int *)(level->pixels - level->stride - 1);
    const __m512 offset = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512 dX = _mm512_set1_ps((float)m[0]), dY = _mm512_set1_ps((float)m[3]), dW = _mm512_set1_ps((float)m[6]);
    const int64_t end = x + (int64_t)count;
    int64_t p = x;
    while (p < end) {
        const int64_t blockStart = p & ~(int64_t)15;
        const int64_t blockEnd = end < blockStart + 16 ? end : blockStart + 16;
        float X, Y, W;
        rkip_block_origin(m, blockStart, py, &X, &Y, &W);
        // The offsets are the pixels' indices in the block, as the AVX2 and Swift steps' lane + k.
        const __m512 w = _mm512_add_ps(_mm512_set1_ps(W), _mm512_mul_ps(dW, offset));
        const __m512 u = _mm512_div_ps(_mm512_add_ps(_mm512_set1_ps(X), _mm512_mul_ps(dX, offset)), w);
        const __m512 v = _mm512_div_ps(_mm512_add_ps(_mm512_set1_ps(Y), _mm512_mul_ps(dY, offset)), w);
        const __m512i bits = _mm512_castps_si512(w);
        const __m512i hidden = _mm512_srai_epi32(_mm512_or_si512(_mm512_sub_epi32(bits, _mm512_set1_epi32(1)), bits), 31);
        const __m512i iu = rkip_fixed16(u, level->scaleU, level->limitU, level->maxU);
        const __m512i iv = rkip_fixed16(v, level->scaleV, level->limitV, level->maxV);
        const __m512i value = _mm512_andnot_si512(hidden, rki5_filter16(rki5_load16(base, level->stride, iu, iv), iu, iv));
        // Lanes p − blockStart ..< blockEnd − blockStart are this span's pixels p ..< blockEnd.
        const unsigned first = (unsigned)(p - blockStart), stop = (unsigned)(blockEnd - blockStart);
        const __mmask16 keep = (__mmask16)(((1u << stop) - 1u) & ~((1u << first) - 1u));
        // The block's lane 0 is output[blockStart − x] (before `output` in the first block: computed as an address,
        // and masked lanes are not touched).
        _mm512_mask_storeu_epi32((void *)((uintptr_t)output + (uintptr_t)(blockStart - x) * 4u), keep, value);
        p = blockEnd;
    }
    return count;
}

size_t rk_image_perspective_bilinear(const rk_image_perspective_level *level, int64_t x, int64_t y, uint32_t *output,
                                     size_t count) {
    switch (rk_kernel_level()) {
    case 3: return rk_image_perspective_bilinear_avx512(level, x, y, output, count);
    case 2: return rk_image_perspective_bilinear_avx2(level, x, y, output, count);
    default: return 0;
    }
}

#else

size_t rk_image_perspective_bilinear(const rk_image_perspective_level *level, int64_t x, int64_t y, uint32_t *output,
                                     size_t count) {
    (void)level; (void)x; (void)y; (void)output; (void)count;
    return 0;
}
size_t rk_image_perspective_bilinear_avx2(const rk_image_perspective_level *level, int64_t x, int64_t y,
                                          uint32_t *output, size_t count) {
    (void)level; (void)x; (void)y; (void)output; (void)count;
    return 0;
}
size_t rk_image_perspective_bilinear_avx512(const rk_image_perspective_level *level, int64_t x, int64_t y,
                                            uint32_t *output, size_t count) {
    (void)level; (void)x; (void)y; (void)output; (void)count;
    return 0;
}

#endif
