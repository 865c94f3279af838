// AVX2 block kernels for shapes; see include/raster_kernels_shapes.h for the contract.
//
// Number format: as raster_kernels.c (8 pixels per ymm as 16 unsigned 16-bit lanes, `lo` = R and B bytes,
// `hi` = G and A bytes; round(t / 255) = mulhi(t + 128, 257)). The helpers are private copies of that file's
// (static inline there), so each file compiles on its own; only the functions below use AVX2.
#include "raster_kernels_shapes.h"
#include "raster_kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define RKS_AVX2 __attribute__((target("avx2")))

RKS_AVX2 static inline __m256i rks_div255(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(257));
}

RKS_AVX2 static inline __m256i rks_solid8(__m256i d, __m256i srcLo, __m256i srcHi, __m256i inverse, __m256i low8) {
    __m256i lo = _mm256_add_epi16(srcLo, rks_div255(_mm256_mullo_epi16(_mm256_and_si256(d, low8), inverse)));
    __m256i hi = _mm256_add_epi16(srcHi, rks_div255(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inverse)));
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

// One pixel with the scalar SWAR arithmetic of FillSourceOver.scale (the same value as a vector lane).
static inline uint32_t rks_solid1(uint32_t d, uint32_t source, uint32_t inverse) {
    uint32_t rb = (d & 0x00FF00FFu) * inverse + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((d >> 8) & 0x00FF00FFu) * inverse + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return source + (rb | ag);
}

RKS_AVX2 int rk_solid_block_over_avx2(uint32_t source, uint32_t *destination, size_t stride, size_t width,
                                      size_t height) {
    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    const __m256i srcLo = _mm256_set1_epi32((int)(source & 0x00FF00FFu));
    const __m256i srcHi = _mm256_set1_epi32((int)((source >> 8) & 0x00FF00FFu));
    const uint32_t inverseScalar = 255u - (source >> 24);
    const __m256i inverse = _mm256_set1_epi16((short)inverseScalar);
    const __m256i laneIndex = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (size_t row = 0; row < height; row++) {
        uint32_t *line = destination + row * stride;
        size_t i = 0;
        // Invariant: each step reads and writes pixels i..<i + 16 of this row, all < width.
        for (; i + 16 <= width; i += 16) {
            __m256i *p = (__m256i *)(line + i);
            __m256i d0 = _mm256_loadu_si256(p), d1 = _mm256_loadu_si256(p + 1);
            _mm256_storeu_si256(p, rks_solid8(d0, srcLo, srcHi, inverse, low8));
            _mm256_storeu_si256(p + 1, rks_solid8(d1, srcLo, srcHi, inverse, low8));
        }
        // Narrow leftovers (edge columns are one pixel wide) go scalar; wider ones 8 lanes at a time, masked.
        // Invariant: the lanes touched are i..<i + n with i + n ≤ width.
        if (width - i < 4) {
            for (; i < width; i++) line[i] = rks_solid1(line[i], source, inverseScalar);
            continue;
        }
        while (i < width) {
            size_t n = width - i < 8 ? width - i : 8;
            __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), laneIndex);
            int *p = (int *)(line + i);
            __m256i d = _mm256_maskload_epi32(p, lanes);
            _mm256_maskstore_epi32(p, lanes, rks_solid8(d, srcLo, srcHi, inverse, low8));
            i += n;
        }
    }
    return 1;
}

int rk_solid_block_over(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height) {
    return rk_avx2_enabled() ? rk_solid_block_over_avx2(source, destination, stride, width, height) : 0;
}

#else

int rk_solid_block_over_avx2(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)source; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}

int rk_solid_block_over(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)source; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}

#endif
