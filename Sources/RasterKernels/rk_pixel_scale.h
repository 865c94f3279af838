// Private scalar pixel arithmetic shared by the kernel files (not part of the module's public headers).
//
// Number format: premultiplied 0xAABBGGRR pixels; two channels per 32-bit lane (R and B, then G and A), each
// product 8 × 8 bits plus a 128 bias, so no lane overflows into its neighbour.
#ifndef OPENQUARTZ_RK_PIXEL_SCALE_H
#define OPENQUARTZ_RK_PIXEL_SCALE_H

#include <stdint.h>

// FillSourceOver.scale: every channel of `pixel` times factor / 255 (factor ≤ 255), rounded to nearest.
static inline uint32_t rk_scale_pixel(uint32_t pixel, uint32_t factor) {
    uint32_t rb = (pixel & 0x00FF00FFu) * factor + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((pixel >> 8) & 0x00FF00FFu) * factor + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

#endif
