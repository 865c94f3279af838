// The compositor's tile write-out (include/raster_kernels_tile_copy.h). Coordinate space: surface pixels,
// 32-bit premultiplied pixels, row strides in pixels. On the AVX-512 tier each whole line is one 64-byte
// streaming store and the partial lines at a row's ends one masked store each; otherwise SSE2 streaming stores
// (part of baseline x86-64), four per line, and the partial lines pixel by pixel; other architectures copy with
// ordinary stores.
#include "raster_kernels_tile_copy.h"
#include "raster_kernels.h"
#include "raster_kernels_avx512.h"
#include "rk_lanes512.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if RK_X86
// The AVX-512 tier of rk_copy_block_streaming_unfenced (a 1920x1080 frame's write-out: ~4× fewer instructions
// than the SSE2 loop, whose head and tail went pixel by pixel).
// Invariant: as rk_copy_block_streaming_unfenced's; masked lanes are neither read nor written.
RK_AVX512 static void rk5_copy_block_streaming(uint32_t *destination, size_t destination_stride,
                                               const uint32_t *source, size_t source_stride, size_t width,
                                               size_t height) {
    for (size_t row = 0; row < height; row++) {
        uint32_t *d = destination + row * destination_stride;
        const uint32_t *s = source + row * source_stride;
        // Pixels before the row's first line boundary (one masked store), whole lines, then the rest.
        size_t head = ((64 - ((uintptr_t)d & 63)) & 63) >> 2;
        if (head > width) head = width;
        if (head > 0) _mm512_mask_storeu_epi32(d, rk5_first(head), _mm512_maskz_loadu_epi32(rk5_first(head), s));
        size_t i = head;
        // Invariant: d + i is 64-byte aligned and pixels i ..< i + 16 lie inside the row.
        for (; i + 16 <= width; i += 16) _mm512_stream_si512((void *)(d + i), _mm512_loadu_si512(s + i));
        if (i < width) {
            const __mmask16 rest = rk5_first(width - i);
            _mm512_mask_storeu_epi32(d + i, rest, _mm512_maskz_loadu_epi32(rest, s + i));
        }
    }
}
#endif

// The baseline loop: SSE2 streaming stores for whole lines, the partial lines pixel by pixel.
static void rk_copy_block_streaming_baseline(uint32_t *destination, size_t destination_stride,
                                             const uint32_t *source, size_t source_stride, size_t width,
                                             size_t height) {
    for (size_t row = 0; row < height; row++) {
        uint32_t *d = destination + row * destination_stride;
        const uint32_t *s = source + row * source_stride;
        size_t i = 0;
#if defined(__SSE2__)
        // Pixels before the row's first line boundary, then whole lines (4 × 16 bytes each), then the rest.
        size_t head = ((64 - ((uintptr_t)d & 63)) & 63) >> 2;
        if (head > width) head = width;
        for (; i < head; i++) d[i] = s[i];
        // Invariant: d + i is 64-byte aligned and pixels i ..< i + 16 lie inside the row.
        for (; i + 16 <= width; i += 16) {
            __m128i a = _mm_loadu_si128((const __m128i *)(s + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(s + i + 4));
            __m128i c = _mm_loadu_si128((const __m128i *)(s + i + 8));
            __m128i e = _mm_loadu_si128((const __m128i *)(s + i + 12));
            _mm_stream_si128((__m128i *)(d + i), a);
            _mm_stream_si128((__m128i *)(d + i + 4), b);
            _mm_stream_si128((__m128i *)(d + i + 8), c);
            _mm_stream_si128((__m128i *)(d + i + 12), e);
        }
#endif
        for (; i < width; i++) d[i] = s[i];
    }
}

void rk_copy_block_streaming_unfenced(uint32_t *destination, size_t destination_stride, const uint32_t *source,
                                      size_t source_stride, size_t width, size_t height) {
#if RK_X86
    if (rk_kernel_level() == 3) {
        rk5_copy_block_streaming(destination, destination_stride, source, source_stride, width, height);
        return;
    }
#endif
    rk_copy_block_streaming_baseline(destination, destination_stride, source, source_stride, width, height);
}

int rk_copy_block_streaming_on(int avx512, uint32_t *destination, size_t destination_stride, const uint32_t *source,
                               size_t source_stride, size_t width, size_t height) {
    if (avx512) {
#if RK_X86
        if (!rk_avx512_supported()) return 0;
        rk5_copy_block_streaming(destination, destination_stride, source, source_stride, width, height);
        rk_streaming_store_fence();
        return 1;
#else
        return 0;
#endif
    }
    rk_copy_block_streaming_baseline(destination, destination_stride, source, source_stride, width, height);
    rk_streaming_store_fence();
    return 1;
}

void rk_streaming_store_fence(void) {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

void rk_copy_block_streaming(uint32_t *destination, size_t destination_stride, const uint32_t *source,
                             size_t source_stride, size_t width, size_t height) {
    rk_copy_block_streaming_unfenced(destination, destination_stride, source, source_stride, width, height);
    rk_streaming_store_fence();
}

#if defined(__x86_64__)
__attribute__((target("prfchw")))
#endif
void rk_prefetch_block_for_write(const uint32_t *destination, size_t stride, size_t width, size_t height) {
    for (size_t row = 0; row < height; row++) {
        const char *first = (const char *)(destination + row * stride);
        const char *end = (const char *)(destination + row * stride + width);
        for (const char *p = (const char *)((uintptr_t)first & ~(uintptr_t)63); p < end; p += 64) {
            __builtin_prefetch(p, 1, 3);
        }
    }
}
