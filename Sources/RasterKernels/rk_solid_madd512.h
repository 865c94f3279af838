// Private helpers of the sharp rectangles' AVX-512 middles (raster_kernels_solid_rect.c): solid source-over with
// the channel products from vpmaddubsw.
//
// Number format: premultiplied 0xAABBGGRR pixels, 16 per zmm register. With a constant source every channel byte
// v of the destination becomes s_c + f(v), f(v) = round(v · i / 255), i = 255 − s_a, rounded as rk5_div255
// (mulhi(t + 128, 257)). vpmaddubsw multiplies unsigned bytes by signed ones (≤ 127), so one instruction gives the
// even bytes' products and one the odd bytes' (the other byte of each pair weighted 0; no saturation: v · w ≤
// 255 · 127). When i ≤ 127 the weight is i; otherwise s_a ≤ 127 is, and f(v) = v − round(v · s_a / 255) exactly
// (v · s_a / 255 is never a half: 2 · v · s_a is even, 255 · odd is odd, so rounding v − t equals v − rounding t).
// Either way the source is added per byte (mod 256, as the byte table's vpaddb; for premultiplied pixels no sum
// exceeds 255, rk_solid_blocks.h), so the bytes equal rk_solid_lut512.h's table and rk5_solid16_packed.
// Why not the table here: on Intel (Emerald Rapids) its two vpermt2b are 3 uops each, 2 of them on port 5; this
// is 9 uops spread over ports 0 and 5 (the odd products' shift is vpslldq, a port-5 shuffle). Random
// rectangles like scene a's in a 256-pixel tile: 2.02 ns per 16 pixels against the table's 2.35 (L1-resident
// rows 1.63 against 2.00).
#ifndef OPENQUARTZ_RK_SOLID_MADD512_H
#define OPENQUARTZ_RK_SOLID_MADD512_H

#include "rk_lanes512.h"

#if RK_X86

// The weights of one source: `even` and `odd` hold the weight in the even or odd byte of every 16-bit lane.
typedef struct {
    __m512i even, odd, source;
    int subtracts;  // 1: the weight is s_a and f(v) = v − product (i > 127); 0: the weight is i
} rk5_madd_solid;

// The one weight rule of this file: i = 255 − s_a when i ≤ 127, else s_a with `*subtracts` set.
static inline uint32_t rk5_madd_weight(uint32_t source, int *subtracts) {
    const uint32_t inverse = 255u - (source >> 24);
    *subtracts = inverse > 127u;
    return *subtracts ? 255u - inverse : inverse;
}

RK_AVX512 static inline rk5_madd_solid rk5_madd_solid_make(uint32_t source) {
    rk5_madd_solid m;
    const uint32_t weight = rk5_madd_weight(source, &m.subtracts);
    m.even = _mm512_set1_epi16((short)weight);
    m.odd = _mm512_set1_epi16((short)(weight << 8));
    m.source = _mm512_set1_epi32((int)source);
    return m;
}

// round(v · w / 255) of each byte v of `d`, in place of the byte, for the weights w in `even` (w in the even byte
// of each 16-bit lane) and `odd` (w in the odd byte).
RK_AVX512 static inline __attribute__((always_inline)) __m512i rk5_madd_products(__m512i d, __m512i even,
                                                                                 __m512i odd) {
    const __m512i half = _mm512_set1_epi16(0x80), scale = _mm512_set1_epi16(257);
    __m512i low = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_maddubs_epi16(d, even), half), scale);
    __m512i high = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_maddubs_epi16(d, odd), half), scale);
    // Each odd result (≤ 255, upper byte 0) up one byte: within 128-bit lanes, the byte shifted out is a zero.
    return _mm512_or_si512(low, _mm512_bslli_epi128(high, 1));
}

// The source over 16 pixels `d`. `subtracts` is a constant after inlining.
RK_AVX512 static inline __attribute__((always_inline)) __m512i rk5_madd16(__m512i d, const rk5_madd_solid *m,
                                                                         int subtracts) {
    __m512i product = rk5_madd_products(d, m->even, m->odd);
    return subtracts ? _mm512_sub_epi8(_mm512_add_epi8(d, m->source), product) : _mm512_add_epi8(product, m->source);
}

// `groups` whole 16-pixel groups from `p`; returns the pixel after them.
// Invariant: p addresses 16 · groups pixels.
RK_AVX512 static inline __attribute__((always_inline)) uint32_t *rk5_madd_groups(uint32_t *p, size_t groups,
                                                                                const rk5_madd_solid *m,
                                                                                int subtracts) {
    for (size_t k = groups; k > 0; k--, p += 16) _mm512_storeu_si512(p, rk5_madd16(_mm512_loadu_si512(p), m, subtracts));
    return p;
}

// One row: `groups` whole 16-pixel groups, then the masked `rest` lanes (1…16).
// Invariant: p addresses 16 · groups pixels plus the rest's; masked lanes are neither read nor written.
RK_AVX512 static inline __attribute__((always_inline)) void rk5_madd_row(uint32_t *p, size_t groups, __mmask16 rest,
                                                                        const rk5_madd_solid *m, int subtracts) {
    p = rk5_madd_groups(p, groups, m, subtracts);
    __m512i d = _mm512_maskz_loadu_epi32(rest, p);
    _mm512_mask_storeu_epi32(p, rest, rk5_madd16(d, m, subtracts));
}

// A source per lane (a row's edge pixels in the same group as its uniform run): each lane's weight as in
// rk5_madd_solid_make, `subtracts` the bytes of the lanes whose weight is their source alpha.
typedef struct {
    __m512i even, odd, source;
    __mmask64 subtracts;
} rk5_madd_lanes;

// Made once per call of the row kernel, not per pixel.
RK_AVX512 static inline rk5_madd_lanes rk5_madd_lanes_make(const uint32_t sources[16]) {
    uint32_t weights[16];
    __mmask16 subtracting = 0;
    for (int i = 0; i < 16; i++) {
        int subtracts;
        weights[i] = rk5_madd_weight(sources[i], &subtracts);
        subtracting |= (__mmask16)(subtracts << i);
    }
    const __m512i weight = _mm512_loadu_si512(weights);
    rk5_madd_lanes m;
    m.even = _mm512_or_si512(weight, _mm512_slli_epi32(weight, 16));
    m.odd = _mm512_slli_epi16(m.even, 8);
    m.source = _mm512_loadu_si512(sources);
    m.subtracts = _mm512_movepi8_mask(_mm512_maskz_mov_epi32(subtracting, _mm512_set1_epi32(-1)));
    return m;
}

// rk5_madd16 with a source and weight per lane (one more operation: the subtracting lanes' masked vpsubb).
RK_AVX512 static inline __attribute__((always_inline)) __m512i rk5_madd16_lanes(__m512i d, const rk5_madd_lanes *m) {
    __m512i product = rk5_madd_products(d, m->even, m->odd);
    return _mm512_add_epi8(_mm512_mask_sub_epi8(product, m->subtracts, d, product), m->source);
}

#endif

#endif
