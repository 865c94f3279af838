// Private helpers of rk_solid_block_over_avx512 (raster_kernels_avx512.c) on CPUs with AVX-512 VBMI: solid
// source-over as a byte table lookup.
//
// Number format: premultiplied 0xAABBGGRR pixels, 16 per zmm register (64 bytes). With a constant source every
// channel byte v of the destination maps through the same function f(v) = round(v · (255 − s_a) / 255) (the
// channel's own source byte is added afterwards), so f is a 256-byte table built once per block with the exact
// arithmetic of rk5_div255 (the same bytes for every v by construction), and a block's bytes go through two
// vpermi2b lookups (entries 0–127 and 128–255, chosen by bit 7) and one blend: 4 operations per 16 pixels
// instead of 10. The source is then added per byte (vpaddb): for premultiplied pixels no channel sum exceeds
// 255 (rk_solid_blocks.h), so this equals the 32-bit add of rk5_solid16_packed.
#ifndef OPENQUARTZ_RK_SOLID_LUT512_H
#define OPENQUARTZ_RK_SOLID_LUT512_H

#include "rk_lanes512.h"

#if RK_X86

#define RK_AVX512_VBMI __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512vbmi")))

// Whether the CPU has AVX-512 VBMI (the byte table path). The runtime's feature bits are set once per process.
static inline int rk5_has_vbmi(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vbmi");
}

// f(v) for v = 0…255 in four registers: entries 0–63, 64–127, 128–191, 192–255.
typedef struct {
    __m512i e0, e1, e2, e3;
} rk5_byte_table;

// The table of f for one inverse alpha (≤ 255): 32 values per 16-bit vector, narrowed in order by vpmovwb.
RK_AVX512_VBMI static inline rk5_byte_table rk5_scale_table(uint32_t inverse) {
    const __m512i inv = _mm512_set1_epi16((short)inverse);
    const __m512i step = _mm512_set1_epi16(32);
    __m512i v = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                                 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    __m256i part[8];
    // Invariant: lane k of v holds 32 · i + k ≤ 255, so v · inverse ≤ 255 · 255 (no 16-bit overflow).
    for (int i = 0; i < 8; i++, v = _mm512_add_epi16(v, step)) {
        part[i] = _mm512_cvtepi16_epi8(rk5_div255(_mm512_mullo_epi16(v, inv)));
    }
    rk5_byte_table t;
    t.e0 = _mm512_inserti64x4(_mm512_castsi256_si512(part[0]), part[1], 1);
    t.e1 = _mm512_inserti64x4(_mm512_castsi256_si512(part[2]), part[3], 1);
    t.e2 = _mm512_inserti64x4(_mm512_castsi256_si512(part[4]), part[5], 1);
    t.e3 = _mm512_inserti64x4(_mm512_castsi256_si512(part[6]), part[7], 1);
    return t;
}

// Solid source over 16 pixels: f of every byte, plus the source bytes (`source` holds the pixel in every lane).
RK_AVX512_VBMI static inline __m512i rk5_solid16_table(__m512i d, const rk5_byte_table *t, __m512i source) {
    __m512i low = _mm512_permutex2var_epi8(t->e0, d, t->e1);
    __m512i high = _mm512_permutex2var_epi8(t->e2, d, t->e3);
    __m512i f = _mm512_mask_blend_epi8(_mm512_movepi8_mask(d), low, high);
    return _mm512_add_epi8(f, source);
}

// One row through the table: `groups` whole 16-pixel groups, two per step, then the masked `rest` lanes (1…16).
// Invariant: p addresses 16 · groups pixels plus the rest's; masked lanes are neither read nor written.
RK_AVX512_VBMI static inline __attribute__((always_inline)) void rk5_table_row(uint32_t *p, size_t groups,
                                                                              __mmask16 rest,
                                                                              const rk5_byte_table *t,
                                                                              __m512i source) {
    for (size_t k = groups / 2; k > 0; k--, p += 32) {
        __m512i d0 = _mm512_loadu_si512(p), d1 = _mm512_loadu_si512(p + 16);
        _mm512_storeu_si512(p, rk5_solid16_table(d0, t, source));
        _mm512_storeu_si512(p + 16, rk5_solid16_table(d1, t, source));
    }
    if (groups & 1) {
        _mm512_storeu_si512(p, rk5_solid16_table(_mm512_loadu_si512(p), t, source));
        p += 16;
    }
    __m512i d = _mm512_maskz_loadu_epi32(rest, p);
    _mm512_mask_storeu_epi32(p, rest, rk5_solid16_table(d, t, source));
}

#endif

#endif
