// Premultiplied → straight RGBA8 (include/raster_kernels_straight_alpha.h). Rendered frames are mostly opaque
// or clear, so four pixels at a time are tested for either and copied or zeroed; only edge pixels divide.
// SSE2 is baseline x86-64; other machines take the per-pixel path, which gives the same bytes.
#include "raster_kernels_straight_alpha.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* One pixel: each colour divided by alpha and rounded to nearest, 0 where alpha is 0. */
static inline void straight_pixel(uint32_t v, uint8_t *o) {
    uint32_t a = v >> 24;
    if (a == 255) {
        o[0] = (uint8_t)v; o[1] = (uint8_t)(v >> 8); o[2] = (uint8_t)(v >> 16); o[3] = 255;
    } else if (a == 0) {
        o[0] = o[1] = o[2] = o[3] = 0;
    } else {
        for (int c = 0; c < 3; c++) {
            uint32_t q = (((v >> (8 * c)) & 0xff) * 255 + a / 2) / a;
            o[c] = (uint8_t)(q > 255 ? 255 : q);
        }
        o[3] = (uint8_t)a;
    }
}

void rk_straight_rgba(const uint32_t *pixels, size_t count, uint8_t *out) {
    size_t x = 0;
#if defined(__SSE2__)
    const __m128i alpha = _mm_set1_epi32((int)0xff000000u), zero = _mm_setzero_si128();
    for (; x + 4 <= count; x += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(pixels + x));
        __m128i a = _mm_and_si128(v, alpha);
        uint8_t *o = out + 4 * x;
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(a, alpha)) == 0xffff) {
            _mm_storeu_si128((__m128i *)o, v);
        } else if (_mm_movemask_epi8(_mm_cmpeq_epi32(a, zero)) == 0xffff) {
            _mm_storeu_si128((__m128i *)o, zero);
        } else {
            for (int k = 0; k < 4; k++) straight_pixel(pixels[x + k], o + 4 * k);
        }
    }
#endif
    for (; x < count; x++) straight_pixel(pixels[x], out + 4 * x);
}
