// Private AVX2 lane helpers shared by the kernel files (not part of the module's public headers).
//
// Number format: a ymm register holds 8 premultiplied 0xAABBGGRR pixels as 16 unsigned 16-bit lanes. `lo` lanes
// hold the R and B bytes (pixel & 0x00FF00FF), `hi` lanes the G and A bytes ((pixel >> 8) & 0x00FF00FF), exactly
// the lane split of the Swift SIMD16<UInt16> code. Every product is 8 × 8 bits plus a 128 bias, so no lane
// overflows. round(t / 255) = (b + (b >> 8)) >> 8 with b = t + 128 equals mulhi(b, 257) for every 16-bit b
// (b = 256q + r: both are q + ⌊(q + r) / 256⌋ since r < 256), one instruction instead of three.
//
// Every helper is `static inline` with the AVX2 target attribute, so only the kernels that call them use AVX2 and
// the rest of the package stays baseline x86-64.
#ifndef OPENQUARTZ_RK_LANES_H
#define OPENQUARTZ_RK_LANES_H

#if defined(__x86_64__) || defined(__i386__)
#define RK_X86 1
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#define RK_AVX2 __attribute__((target("avx2")))

// round(t / 255) per 16-bit lane for t ≤ 255 · 255 + 127.
RK_AVX2 static inline __m256i rk_div255(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(257));
}

// All-ones in the first `n` 32-bit lanes (n ≤ 8): the lanes a masked load or store touches.
RK_AVX2 static inline __m256i rk_first_lanes(size_t n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// Source pixels over destination pixels, then (when `lerps`) lerp towards the destination by `weight`
// (PaintSourceOverLanes.swift's arithmetic).
RK_AVX2 static inline __m256i rk_over8(__m256i s, __m256i d, int lerps, __m256i weight) {
    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    __m256i sa = _mm256_srli_epi32(s, 24);
    __m256i inverse = _mm256_sub_epi16(low8, _mm256_or_si256(sa, _mm256_slli_epi32(sa, 16)));
    __m256i dLo = _mm256_and_si256(d, low8), dHi = _mm256_srli_epi16(d, 8);
    __m256i lo = _mm256_add_epi16(_mm256_and_si256(s, low8), rk_div255(_mm256_mullo_epi16(dLo, inverse)));
    __m256i hi = _mm256_add_epi16(_mm256_srli_epi16(s, 8), rk_div255(_mm256_mullo_epi16(dHi, inverse)));
    if (lerps) {
        __m256i rest = _mm256_sub_epi16(low8, weight);
        lo = rk_div255(_mm256_add_epi16(_mm256_mullo_epi16(lo, weight), _mm256_mullo_epi16(dLo, rest)));
        hi = rk_div255(_mm256_add_epi16(_mm256_mullo_epi16(hi, weight), _mm256_mullo_epi16(dHi, rest)));
    }
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

// Solid colour (colorLo: R, B; colorHi: G, A in 16-bit lanes) scaled by 8 coverages (`coverage`: each pixel's
// coverage in both of its 16-bit lanes), then over 8 destination pixels; `low8` = 0x00FF in every 16-bit lane.
RK_AVX2 static inline __m256i rk_mask8(__m256i d, __m256i colorLo, __m256i colorHi, __m256i coverage, __m256i low8) {
    __m256i sLo = rk_div255(_mm256_mullo_epi16(colorLo, coverage));
    __m256i sHi = rk_div255(_mm256_mullo_epi16(colorHi, coverage));
    // 255 − scaled alpha (the upper lane of sHi) in both lanes of each pixel.
    __m256i alpha = _mm256_srli_epi32(sHi, 16);
    __m256i inverse = _mm256_sub_epi16(low8, _mm256_or_si256(alpha, _mm256_slli_epi32(alpha, 16)));
    __m256i lo = _mm256_add_epi16(sLo, rk_div255(_mm256_mullo_epi16(_mm256_and_si256(d, low8), inverse)));
    __m256i hi = _mm256_add_epi16(sHi, rk_div255(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inverse)));
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

#else
#define RK_X86 0
#endif

#endif
