// Un-premultiplying for output: premultiplied 32-bit pixels (bytes R, G, B, A) to straight-alpha RGBA8, the
// form PNG files, raw streams and ffmpeg's rgba input take.
#ifndef RASTER_KERNELS_STRAIGHT_ALPHA_H
#define RASTER_KERNELS_STRAIGHT_ALPHA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes `count` pixels as straight RGBA8 (4 bytes each) to `out`: each colour divided by alpha and rounded
/// to nearest (c · 255 + a / 2) / a, clamped to 255; all zero where alpha is 0; opaque pixels copied.
/// Invariant: `pixels` holds `count` pixels and `out` 4 · `count` bytes; they do not overlap.
void rk_straight_rgba(const uint32_t *pixels, size_t count, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
