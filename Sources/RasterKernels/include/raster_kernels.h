// AVX2 source-over span kernels for premultiplied RGBA8 pixels (0xAABBGGRR: bytes R, G, B, A), chosen at run
// time. Every kernel reproduces QuartzRaster's Swift arithmetic bit for bit (FillSourceOver.swift and
// PaintSourceOverLanes.swift): each channel in a 16-bit lane, round(t / 255) computed as
// (t + 128 + ((t + 128) >> 8)) >> 8. A kernel runs 16 pixels per step and the last 1…15 through masked
// 8-pixel loads and stores (the same per-pixel arithmetic), and returns how many pixels it did: `count` when
// it ran, 0 when it did not (the caller then runs its Swift code on the whole span).
//
// The `rk_*` entry points (no `_avx2` suffix) return 0 without touching memory when AVX2 is not in use: the CPU
// lacks it, or the environment variable OPENQUARTZ_DISABLE_AVX2=1 was set when the process first asked. When
// the CPU has AVX-512BW and VL they run the 512-bit kernels of raster_kernels_avx512.h instead (same bytes),
// unless OPENQUARTZ_DISABLE_AVX512=1.
// The `_avx2` entry points run the AVX2 code unconditionally: call them only when rk_avx2_supported() is 1.
#ifndef RASTER_KERNELS_H
#define RASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this CPU has AVX2 (ignores the environment variable), else 0.
int rk_avx2_supported(void);

/// 1 when the dispatching entry points use AVX2: the CPU has it and OPENQUARTZ_DISABLE_AVX2 is not "1".
/// Evaluated once per process and cached.
int rk_avx2_enabled(void);

/// 1 when the CPU has AVX2 and OPENQUARTZ_DISABLE_AVX2 is not "1" (the process's choice, before the override).
int rk_avx2_selected(void);

/// The kernels the dispatching entry points use now: 3 AVX-512 (raster_kernels_avx512.h), 2 AVX2, 1 none
/// (the caller's Swift path). Follows the process's choice and the active rk_forbid_avx2 / rk_forbid_avx512
/// requests.
int rk_kernel_level(void);

/// Adds `delta` (+1 or −1) to the number of active "no AVX2" requests; while it is above 0 the dispatching
/// entry points use the Swift path. For tests and benchmarks that compare both paths: both give identical
/// bytes, so a request active while other threads render changes no output.
void rk_forbid_avx2(int delta);

/// The rk_forbid_avx2 / rk_forbid_avx512 switches as one word: the low 32 bits are 0 when no request is active,
/// and the word changes with every request that begins or ends. Two equal reads mean no switch moved between them.
uint64_t rk_kernel_switches(void);

/// Solid premultiplied `source` (alpha < 255) over `count` destination pixels:
/// d = source + round(d · (255 − source alpha) / 255) per channel.
/// Invariant: `destination` addresses `count` writable pixels.
size_t rk_solid_over(uint32_t source, uint32_t *destination, size_t count);
size_t rk_solid_over_avx2(uint32_t source, uint32_t *destination, size_t count);

/// Solid premultiplied `color` scaled per pixel by `mask` (s = round(color · m / 255)), then source-over.
/// Invariant: `mask` holds `count` readable bytes, `destination` `count` writable pixels.
size_t rk_solid_mask_over(uint32_t color, const uint8_t *mask, uint32_t *destination, size_t count);
size_t rk_solid_mask_over_avx2(uint32_t color, const uint8_t *mask, uint32_t *destination, size_t count);

/// Premultiplied `source` pixels over `destination`, then lerped towards the old destination by the weight
/// w = round(coverage · alpha / 255) (coverage 255 when `coverage` is NULL); w = 255 stores the source-over
/// result itself. Invariant: `source` and `destination` (and `coverage` when not NULL) hold `count` elements.
size_t rk_source_row_over(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                          uint32_t *destination, size_t count);
size_t rk_source_row_over_avx2(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                               uint32_t *destination, size_t count);

#ifdef __cplusplus
}
#endif

#endif
