// Private AVX-512BW lane helpers of raster_kernels_avx512.c (not part of the module's public headers).
//
// Number format: as rk_lanes.h, twice as wide. A zmm register holds 16 premultiplied 0xAABBGGRR pixels as 32
// unsigned 16-bit lanes, `lo` lanes the R and B bytes (pixel & 0x00FF00FF), `hi` lanes the G and A bytes
// ((pixel >> 8) & 0x00FF00FF); round(t / 255) = mulhi(t + 128, 257), equal to (b + (b >> 8)) >> 8 with
// b = t + 128 for every 16-bit b (proof in rk_lanes.h). Tails use mask registers: lanes outside the mask are
// neither read (no fault) nor written.
//
// Every helper is `static inline` with the AVX-512 target attribute, so only the kernels that call them need
// AVX-512 and the rest of the package stays baseline x86-64 (no compiler flag).
#ifndef OPENQUARTZ_RK_LANES512_H
#define OPENQUARTZ_RK_LANES512_H

#include "rk_lanes.h"

#if RK_X86

#define RK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

// round(t / 255) per 16-bit lane for t ≤ 255 · 255 + 127.
RK_AVX512 static inline __m512i rk5_div255(__m512i t) {
    return _mm512_mulhi_epu16(_mm512_add_epi16(t, _mm512_set1_epi16(0x80)), _mm512_set1_epi16(257));
}

// The first `n` of 16 pixel lanes (n ≤ 16).
static inline __mmask16 rk5_first(size_t n) { return (__mmask16)((1u << n) - 1u); }

// Solid source with constant inverse alpha over 16 destination pixels: rk_solid8_packed of rk_solid_blocks.h
// (source added as one 32-bit add after repacking; exact for premultiplied pixels), 16 pixels at a time.
// `source` holds the pixel in every lane.
RK_AVX512 static inline __m512i rk5_solid16_packed(__m512i d, __m512i source, __m512i inverse, __m512i low8) {
    __m512i lo = rk5_div255(_mm512_mullo_epi16(_mm512_and_si512(d, low8), inverse));
    __m512i hi = rk5_div255(_mm512_mullo_epi16(_mm512_srli_epi16(d, 8), inverse));
    return _mm512_add_epi32(source, _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8)));
}

// vpshufb controls (indices within each 128-bit lane, so dword j of a lane reads bytes 4j…4j + 3; 0x80 gives 0).
// Each pixel's upper 16-bit lane copied into both lanes (on hi lanes: the alpha, in both).
RK_AVX512 static inline __m512i rk5_upper_lane_both(void) {
    return _mm512_set4_epi32(0x0F0E0F0E, 0x0B0A0B0A, 0x07060706, 0x03020302);
}

// `x` unchanged, but opaque to the compiler: a shuffle control or permute index passed through it stays the one
// vpshufb or vpermd written, where with the constant in sight clang may lower it to two port-5 shuffles
// (vpshuflw + vpshufhw, vpshufd + vshufi64x2). Call once, outside the loop.
RK_AVX512 static inline __m512i rk5_opaque(__m512i x) {
    __asm__("" : "+v"(x));
    return x;
}

// Each pixel's alpha byte in the low byte of both 16-bit lanes, upper bytes 0.
RK_AVX512 static inline __m512i rk5_alpha_both(void) {
    return _mm512_set4_epi32((int)0x800F800Fu, (int)0x800B800Bu, (int)0x80078007u, (int)0x80038003u);
}

// Source pixels over destination pixels, then (when `lerps`) lerp towards the destination by `weight`
// (rk_over8 of rk_lanes.h, 16 pixels; 255 − a equals 255 xor a for a byte).
RK_AVX512 static inline __m512i rk5_over16(__m512i s, __m512i d, int lerps, __m512i weight) {
    const __m512i low8 = _mm512_set1_epi16(0x00FF);
    __m512i inverse = _mm512_xor_si512(_mm512_shuffle_epi8(s, rk5_alpha_both()), low8);
    __m512i dLo = _mm512_and_si512(d, low8), dHi = _mm512_srli_epi16(d, 8);
    __m512i lo = _mm512_add_epi16(_mm512_and_si512(s, low8), rk5_div255(_mm512_mullo_epi16(dLo, inverse)));
    __m512i hi = _mm512_add_epi16(_mm512_srli_epi16(s, 8), rk5_div255(_mm512_mullo_epi16(dHi, inverse)));
    if (lerps) {
        __m512i rest = _mm512_sub_epi16(low8, weight);
        lo = rk5_div255(_mm512_add_epi16(_mm512_mullo_epi16(lo, weight), _mm512_mullo_epi16(dLo, rest)));
        hi = rk5_div255(_mm512_add_epi16(_mm512_mullo_epi16(hi, weight), _mm512_mullo_epi16(dHi, rest)));
    }
    return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}

// Solid colour scaled by 16 coverages, then over 16 destination pixels (rk_mask8 of rk_lanes.h;
// `upperBoth` = rk5_upper_lane_both()).
RK_AVX512 static inline __m512i rk5_mask16(__m512i d, __m512i colorLo, __m512i colorHi, __m512i coverage,
                                           __m512i low8, __m512i upperBoth) {
    __m512i sLo = rk5_div255(_mm512_mullo_epi16(colorLo, coverage));
    __m512i sHi = rk5_div255(_mm512_mullo_epi16(colorHi, coverage));
    // 255 − scaled alpha (the upper lane of sHi, ≤ 255) in both lanes of each pixel.
    __m512i inverse = _mm512_xor_si512(_mm512_shuffle_epi8(sHi, upperBoth), low8);
    __m512i lo = _mm512_add_epi16(sLo, rk5_div255(_mm512_mullo_epi16(_mm512_and_si512(d, low8), inverse)));
    __m512i hi = _mm512_add_epi16(sHi, rk5_div255(_mm512_mullo_epi16(_mm512_srli_epi16(d, 8), inverse)));
    return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}

// 16 coverage bytes, each in both 16-bit lanes of its pixel's 32-bit slot: the bytes copied to every 128-bit
// lane, then lane k picks bytes 4k…4k + 3 (zero upper bytes).
RK_AVX512 static inline __m512i rk5_widen16(__m128i bytes) {
    const __m512i pick = _mm512_set_epi32(
        (int)0x800F800Fu, (int)0x800E800Eu, (int)0x800D800Du, (int)0x800C800Cu,
        (int)0x800B800Bu, (int)0x800A800Au, (int)0x80098009u, (int)0x80088008u,
        (int)0x80078007u, (int)0x80068006u, (int)0x80058005u, (int)0x80048004u,
        (int)0x80038003u, (int)0x80028002u, (int)0x80018001u, (int)0x80008000u);
    return _mm512_shuffle_epi8(_mm512_broadcast_i32x4(bytes), pick);
}

#endif

#endif
