// The compositor's tile write-out (include/raster_kernels_tile_copy.h). Coordinate space: surface pixels,
// 32-bit premultiplied pixels, row strides in pixels. SSE2 streaming stores are part of baseline x86-64, so
// no tier is chosen at run time; other architectures copy with ordinary stores.
#include "raster_kernels_tile_copy.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void rk_copy_block_streaming_unfenced(uint32_t *destination, size_t destination_stride, const uint32_t *source,
                                      size_t source_stride, size_t width, size_t height) {
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
