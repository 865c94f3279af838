// AVX-512 (F, BW, VL) tier of the span and block kernels of raster_kernels.h and raster_kernels_shapes.h: the
// same pixels (premultiplied 0xAABBGGRR), the same contracts and bit for bit the same results, 16 pixels per
// zmm register, tails through mask registers. The dispatching `rk_*` entry points of those headers use these
// kernels when the CPU has AVX-512BW and AVX-512VL (and the OS saves zmm state), AVX2 is in use, and neither
// OPENQUARTZ_DISABLE_AVX512=1 nor OPENQUARTZ_DISABLE_AVX2=1 was set when the process first asked.
// The `_avx512` entry points run the AVX-512 code unconditionally: call them only when rk_avx512_supported() is 1.
#ifndef RASTER_KERNELS_AVX512_H
#define RASTER_KERNELS_AVX512_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this CPU (and OS) runs AVX-512F, BW and VL (ignores the environment), else 0.
int rk_avx512_supported(void);

/// 1 when the process chose AVX-512: supported, AVX2 selected, and OPENQUARTZ_DISABLE_AVX512 is not "1".
int rk_avx512_selected(void);

/// 1 when the dispatching entry points use AVX-512 now: selected, and no "no AVX2" or "no AVX-512" request
/// is active.
int rk_avx512_enabled(void);

/// Adds `delta` (+1 or −1) to the number of active "no AVX-512" requests; while it is above 0 the dispatching
/// entry points use AVX2 (or Swift, see rk_forbid_avx2). Identical bytes either way.
void rk_forbid_avx512(int delta);

/// rk_solid_over_avx2 at 512 bits (raster_kernels.h). Returns `count`.
size_t rk_solid_over_avx512(uint32_t source, uint32_t *destination, size_t count);

/// rk_solid_mask_over_avx2 at 512 bits (raster_kernels.h). Returns `count`.
size_t rk_solid_mask_over_avx512(uint32_t color, const uint8_t *mask, uint32_t *destination, size_t count);

/// rk_source_row_over_avx2 at 512 bits (raster_kernels.h). Returns `count`.
size_t rk_source_row_over_avx512(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                                 uint32_t *destination, size_t count);

/// rk_solid_block_over_avx2 at 512 bits (raster_kernels_shapes.h). Returns 1.
int rk_solid_block_over_avx512(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height);

/// rk_fill_block_avx2 at 512 bits (raster_kernels_shapes.h). Returns 1.
int rk_fill_block_avx512(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height);

#ifdef __cplusplus
}
#endif

#endif
