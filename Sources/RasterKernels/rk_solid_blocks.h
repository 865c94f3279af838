// Private helpers of the solid block kernels (rk_solid_block_over_avx2 in raster_kernels_blocks.c and
// rk_solid_block_over_avx512): a solid premultiplied source over a rectangle of destination pixels.
//
// Number format: premultiplied 0xAABBGGRR pixels. Per channel c: d' = s + round(d · (255 − s_a) / 255), with
// round(t / 255) = mulhi(t + 128, 257) exactly as rk_div255 (rk_lanes.h). Two lane layouts:
// - "split" (8 pixels per ymm): rk_lanes.h's lo lanes (R, B) and hi lanes (G, A) of each pixel;
// - "wide" (a few pixels): one channel per 16-bit lane (vpmovzxbw), repacked with vpackuswb.
// Both add the source after the rounded product, as one 32-bit add (split) or per channel (wide). For
// premultiplied pixels (every channel ≤ its alpha) no channel sum exceeds 255 (s_c + round(d_c · (255 − s_a) /
// 255) ≤ s_a + (255 − s_a)), so neither a carry nor vpackuswb's saturation ever acts: both give the bytes of
// FillSourceOver's per-lane add and of its scalar blend. Each pixel's result depends only on its own old value, so two
// overlapping groups that are both loaded before either is stored write each shared pixel twice with the same
// bytes; the kernels use that instead of masked tails.
#ifndef OPENQUARTZ_RK_SOLID_BLOCKS_H
#define OPENQUARTZ_RK_SOLID_BLOCKS_H

#include "rk_lanes.h"

#if RK_X86

// Runs ROWS(n) with n a constant 0…7 when `selector` is 0…7 (each call then unrolls fully), else ROWS(groups).
#define RK_UNROLLED_GROUPS(selector, groups, ROWS)                                                        \
    switch (selector) {                                                                                 \
    case 0: ROWS(0); break;                                                                             \
    case 1: ROWS(1); break;                                                                             \
    case 2: ROWS(2); break;                                                                             \
    case 3: ROWS(3); break;                                                                             \
    case 4: ROWS(4); break;                                                                             \
    case 5: ROWS(5); break;                                                                             \
    case 6: ROWS(6); break;                                                                             \
    case 7: ROWS(7); break;                                                                             \
    default: ROWS(groups); break;                                                                       \
    }


// Solid source over 8 pixels in the split layout: 11 vector operations. `source` holds the pixel in every lane.
RK_AVX2 static inline __m256i rk_solid8_packed(__m256i d, __m256i source, __m256i inverse, __m256i low8) {
    __m256i lo = rk_div255(_mm256_mullo_epi16(_mm256_and_si256(d, low8), inverse));
    __m256i hi = rk_div255(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inverse));
    return _mm256_add_epi32(source, _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8)));
}

// The constants of the wide layout, built once per block.
typedef struct {
    __m256i source;   // the source's 4 channels in 16-bit lanes, 4 times
    __m256i inverse;  // 255 − source alpha in every lane
} rk_wide_solid;

RK_AVX2 static inline rk_wide_solid rk_wide_solid_make(uint32_t source) {
    rk_wide_solid w;
    w.source = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)source));
    w.inverse = _mm256_set1_epi16((short)(255u - (source >> 24)));
    return w;
}

// Solid source over the 2 pixels in the low 64 bits of `d` (wide layout); the result's low 64 bits.
RK_AVX2 static inline __m128i rk_solid2_wide(__m128i d, rk_wide_solid w) {
    __m128i t = _mm_mullo_epi16(_mm_cvtepu8_epi16(d), _mm256_castsi256_si128(w.inverse));
    __m128i q = _mm_mulhi_epu16(_mm_add_epi16(t, _mm_set1_epi16(0x80)), _mm_set1_epi16(257));
    q = _mm_add_epi16(q, _mm256_castsi256_si128(w.source));
    return _mm_packus_epi16(q, q);
}

// Solid source over the 4 pixels of `d` (wide layout).
RK_AVX2 static inline __m128i rk_solid4_wide(__m128i d, rk_wide_solid w) {
    __m256i q = _mm256_add_epi16(rk_div255(_mm256_mullo_epi16(_mm256_cvtepu8_epi16(d), w.inverse)), w.source);
    return _mm_packus_epi16(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
}

// `height` rows of `width` ≤ 7 pixels, `stride` pixels apart (edge columns and thin blocks): 1 or 2 pixels
// through 64-bit moves (single columns two rows per step), 3…7 through two overlapping groups loaded first.
// Invariant: every row addresses `width` writable pixels; each access below stays inside its row's width.
RK_AVX2 static inline void rk_solid_block_narrow(uint32_t source, uint32_t *destination, size_t stride,
                                                 size_t width, size_t height) {
    const rk_wide_solid w = rk_wide_solid_make(source);
    uint32_t *line = destination;
    size_t rows = height;
    switch (width) {
    case 1:
        // Invariant: pixels line[0] and line[stride] are this step's two rows.
        for (; rows >= 2; rows -= 2, line += 2 * stride) {
            __m128i d = _mm_insert_epi32(_mm_cvtsi32_si128((int)line[0]), (int)line[stride], 1);
            __m128i r = rk_solid2_wide(d, w);
            line[0] = (uint32_t)_mm_cvtsi128_si32(r);
            line[stride] = (uint32_t)_mm_extract_epi32(r, 1);
        }
        if (rows) line[0] = (uint32_t)_mm_cvtsi128_si32(rk_solid2_wide(_mm_cvtsi32_si128((int)line[0]), w));
        return;
    case 2:
        for (; rows > 0; rows--, line += stride) {
            _mm_storel_epi64((__m128i *)line, rk_solid2_wide(_mm_loadl_epi64((const __m128i *)line), w));
        }
        return;
    case 3:
        // Pixels 0, 1 and 1, 2.
        for (; rows > 0; rows--, line += stride) {
            __m128i a = _mm_loadl_epi64((const __m128i *)line), b = _mm_loadl_epi64((const __m128i *)(line + 1));
            _mm_storel_epi64((__m128i *)line, rk_solid2_wide(a, w));
            _mm_storel_epi64((__m128i *)(line + 1), rk_solid2_wide(b, w));
        }
        return;
    case 4:
        for (; rows > 0; rows--, line += stride) {
            _mm_storeu_si128((__m128i *)line, rk_solid4_wide(_mm_loadu_si128((const __m128i *)line), w));
        }
        return;
    default: {
        // 5…7: pixels 0..<4 and width − 4..<width.
        const size_t last = width - 4;
        for (; rows > 0; rows--, line += stride) {
            __m128i a = _mm_loadu_si128((const __m128i *)line), b = _mm_loadu_si128((const __m128i *)(line + last));
            _mm_storeu_si128((__m128i *)line, rk_solid4_wide(a, w));
            _mm_storeu_si128((__m128i *)(line + last), rk_solid4_wide(b, w));
        }
        return;
    }
    }
}

#endif

#endif
