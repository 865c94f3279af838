// Private AVX-512 pieces of the path filler's row sweep (raster_kernels_paths_sweep.c): the dense prefix-sum
// stretch 16 cells per step, with mask-register tails. Not part of the module's public headers.
// Tried and slower (Intel Xeon, Emerald Rapids class, 20 interleaved pairs): stretches snapped to 8 cells with an 8-lane
// ymm step at a half-empty end (c 1.03–1.04×, d 1.01–1.02×: a ymm step among zmm ones costs about as much as a
// zmm step); prefetching the next row's cells and pixels at each row made no difference (0.99–1.00×).
//
// Coordinate space: cells of one tile row. Number format: wrapping 32-bit coverage sums in fillFullCoverage
// (2^17) units, 8-bit alphas rounded as FillFixedPoint.swift's fillAlphaNonZero / fillAlphaEvenOdd. Integer
// only, so the bytes are those of the AVX2 and scalar sweeps.
#ifndef OPENQUARTZ_RK_PATHS_SWEEP512_H
#define OPENQUARTZ_RK_PATHS_SWEEP512_H

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <stdint.h>
#include "rk_paths_blend_lanes.h"

#define RK_SWEEP512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

// One step of 16 cells: the in-register prefix sum of `x` plus the carried sum (all lanes), its 16 alpha bytes
// to `out` (the lanes in `keep` only); returns the new carried sum (lane 15, broadcast). Wrapping adds are
// associative, so the sums are those of the scalar loop; the alpha formulas are alpha_lanes' per lane.
// The in-register prefix sum of 16 cells plus the carried sum (all lanes).
RK_SWEEP512 static inline __m512i prefix_sums_avx512(__m512i x, __m512i carried) {
    // Lanes shifted up by 1, 2, 4 and 8 across the whole register (valignd with zeros: one shuffle each, where
    // shifts within 128-bit groups plus group-total permutes and blends took six).
    const __m512i zero = _mm512_setzero_si512();
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 15));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 14));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 12));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 8));
    return _mm512_add_epi32(x, carried);
}

// alpha_non_zero / alpha_even_odd of 16 sums, one 0…255 value per 32-bit lane.
RK_SWEEP512 static inline __m512i alpha32_lanes_avx512(__m512i x, const int even_odd) {
    __m512i m = _mm512_abs_epi32(x);
    if (even_odd) {
        m = _mm512_and_si512(m, _mm512_set1_epi32(2 * (1 << 17) - 1));
        // folded > 2^17 ⇔ 2^18 − folded < folded, so the fold is the smaller of the two.
        m = _mm512_min_epu32(m, _mm512_sub_epi32(_mm512_set1_epi32(2 * (1 << 17)), m));
    } else {
        m = _mm512_min_epu32(m, _mm512_set1_epi32(1 << 17));
    }
    return _mm512_srli_epi32(
        _mm512_add_epi32(_mm512_sub_epi32(_mm512_slli_epi32(m, 8), m), _mm512_set1_epi32(1 << 16)), 17);
}

RK_SWEEP512 static inline __m512i sweep_step_avx512(__m512i x, __m512i carried, uint8_t *out, __mmask16 keep,
                                                    const int even_odd) {
    x = prefix_sums_avx512(x, carried);
    _mm_mask_storeu_epi8(out, keep, _mm512_cvtepi32_epi8(alpha32_lanes_avx512(x, even_odd)));
    return _mm512_permutexvar_epi32(_mm512_set1_epi32(15), x);
}

// sweep_run for a dense stretch of `count` cells, 16 per step: the sums, the alphas to `out` (count bytes,
// nothing past them) and the cells re-zeroed; a last partial step loads, clears and writes only its cells.
RK_SWEEP512 static inline uint32_t sweep_run_avx512(uint32_t acc, uint32_t *cells, uint8_t *out, int32_t count,
                                                    const int even_odd) {
    const __m512i zero = _mm512_setzero_si512();
    __m512i carried = _mm512_set1_epi32((int32_t)acc);
    int32_t k = 0;
    for (; k + 16 <= count; k += 16) {
        __m512i x = _mm512_loadu_si512((const void *)(cells + k));
        _mm512_storeu_si512((void *)(cells + k), zero);
        carried = sweep_step_avx512(x, carried, out + k, 0xFFFF, even_odd);
    }
    if (k < count) {
        __mmask16 lanes = (__mmask16)((1u << (count - k)) - 1u);
        __m512i x = _mm512_maskz_loadu_epi32(lanes, (const void *)(cells + k));
        _mm512_mask_storeu_epi32((void *)(cells + k), lanes, zero);
        // Lanes past the stretch read 0, so lane 15 holds the last cell's sum.
        carried = sweep_step_avx512(x, carried, out + k, lanes, even_odd);
    }
    return (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(carried));
}

// sweep_run_avx512 blending instead of writing coverage bytes: each step's 16 alphas scale `color` over the
// 16 destination pixels at once (rk_pb_mask16 of rk_paths_blend_lanes.h); the last partial step loads and
// stores only its pixels. Same sums and alphas, so the bytes of rk_solid_mask_over over sweep_run_avx512's.
RK_SWEEP512 static inline uint32_t sweep_run_blend_avx512(uint32_t acc, uint32_t *cells, uint32_t *destination,
                                                          int32_t count, const int even_odd, uint32_t color) {
    const __m512i zero = _mm512_setzero_si512();
    // The lane-15 broadcast and rk5_mask16's shuffle one port-5 uop each (rk5_opaque): 37 vector uops per 16
    // pixels instead of 39, and the blending sweeps' perf samples ~3 % fewer on peer scenes c and d (1080p,
    // Intel Xeon, Emerald Rapids class).
    const __m512i last = rk5_opaque(_mm512_set1_epi32(15)), upper_both = rk5_opaque(rk5_upper_lane_both());
    const __m512i color_lo = _mm512_set1_epi32((int)(color & 0x00FF00FFu));
    const __m512i color_hi = _mm512_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
    __m512i carried = _mm512_set1_epi32((int32_t)acc);
    int32_t k = 0;
    for (; k + 16 <= count; k += 16) {
        __m512i x = _mm512_loadu_si512((const void *)(cells + k));
        _mm512_storeu_si512((void *)(cells + k), zero);
        x = prefix_sums_avx512(x, carried);
        __m512i d = _mm512_loadu_si512((const void *)(destination + k));
        _mm512_storeu_si512((void *)(destination + k),
                            rk_pb_mask16(d, color_lo, color_hi, alpha32_lanes_avx512(x, even_odd), upper_both));
        carried = _mm512_permutexvar_epi32(last, x);
    }
    if (k < count) {
        __mmask16 lanes = (__mmask16)((1u << (count - k)) - 1u);
        __m512i x = _mm512_maskz_loadu_epi32(lanes, (const void *)(cells + k));
        _mm512_mask_storeu_epi32((void *)(cells + k), lanes, zero);
        x = prefix_sums_avx512(x, carried);
        __m512i d = _mm512_maskz_loadu_epi32(lanes, (const void *)(destination + k));
        _mm512_mask_storeu_epi32((void *)(destination + k), lanes,
                                 rk_pb_mask16(d, color_lo, color_hi, alpha32_lanes_avx512(x, even_odd), upper_both));
        carried = _mm512_permutexvar_epi32(last, x);
    }
    return (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(carried));
}
#endif

#endif
