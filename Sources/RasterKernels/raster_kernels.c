// AVX2 source-over span kernels; see include/raster_kernels.h for the pixel format and the contract.
//
// Number format and the shared lane helpers: rk_lanes.h.
//
// Only this file uses AVX2, through __attribute__((target("avx2"))) on each kernel, so the rest of the package
// stays baseline x86-64 and no compiler flag is needed.
#include "raster_kernels.h"
#include "raster_kernels_shapes.h"
#include "raster_kernels_avx512.h"
#include "rk_lanes.h"

#include <stdlib.h>
#include <string.h>


// Dispatch state: 0 = not yet evaluated, 1 = Swift path, 2 = AVX2, 3 = AVX-512 (raster_kernels_avx512.c).
// Evaluating is idempotent (the CPU and the environment give the same answer every time), so a race between
// two first callers stores the same value; atomics make each load and store whole.
static int rk_state = 0;

// The switches (tests, benchmarks) in one word, so one load sees a consistent whole: bits 0–15 count active
// "no AVX2" requests, bits 16–31 active "no AVX-512" requests, bits 32–63 how many requests began or ended.
// Every request changes the count in the same atomic add, so equal words read at two moments prove that no
// switch moved in between (rk_kernel_switches). Requests are balanced, so a field never borrows.
static uint64_t rk_switches = 0;
#define RK_SWITCH_CHANGE ((uint64_t)1 << 32)

int rk_avx2_supported(void) {
#if RK_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

static int rk_env_is_1(const char *name) {
    const char *value = getenv(name);
    return value != NULL && strcmp(value, "1") == 0;
}

static int rk_evaluate(void) {
    if (rk_env_is_1("OPENQUARTZ_DISABLE_AVX2") || !rk_avx2_supported()) return 1;
    if (rk_env_is_1("OPENQUARTZ_DISABLE_AVX512") || !rk_avx512_supported()) return 2;
    return 3;
}

static inline int rk_selected_state(void) {
    int state = __atomic_load_n(&rk_state, __ATOMIC_RELAXED);
    if (state == 0) {
        state = rk_evaluate();
        __atomic_store_n(&rk_state, state, __ATOMIC_RELAXED);
    }
    return state;
}

int rk_avx2_selected(void) { return rk_selected_state() >= 2; }

int rk_avx512_selected(void) { return rk_selected_state() == 3; }

int rk_kernel_level(void) {
    int state = rk_selected_state();
    uint64_t switches = __atomic_load_n(&rk_switches, __ATOMIC_RELAXED);
    if (state < 2 || (switches & 0xFFFFu) != 0) return 1;
    if (state == 3 && (switches & 0xFFFF0000u) != 0) return 2;
    return state;
}

int rk_avx2_enabled(void) { return rk_kernel_level() >= 2; }

int rk_avx512_enabled(void) { return rk_kernel_level() == 3; }

void rk_forbid_avx512(int delta) {
    __atomic_fetch_add(&rk_switches, RK_SWITCH_CHANGE + (uint64_t)((int64_t)delta * 0x10000), __ATOMIC_SEQ_CST);
}

void rk_forbid_avx2(int delta) {
    __atomic_fetch_add(&rk_switches, RK_SWITCH_CHANGE + (uint64_t)(int64_t)delta, __ATOMIC_SEQ_CST);
}

uint64_t rk_kernel_switches(void) { return __atomic_load_n(&rk_switches, __ATOMIC_SEQ_CST); }

#if RK_X86

// Each of 8 coverage bytes in both 16-bit lanes of its pixel's 32-bit slot.
RK_AVX2 static inline __m256i rk_widen8(const uint8_t *bytes) {
    __m256i m = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)bytes));
    return _mm256_or_si256(m, _mm256_slli_epi32(m, 16));
}

// Up to 8 coverage bytes (`n` ≤ 8 of them readable) widened like rk_widen8; missing bytes read as 0.
RK_AVX2 static inline __m256i rk_widen_partial(const uint8_t *bytes, size_t n) {
    uint8_t copy[8] = {0};
    memcpy(copy, bytes, n);
    return rk_widen8(copy);
}

// One row of the block kernel (raster_kernels_shapes.c), so both paths share one loop and one rounding.
RK_AVX2 size_t rk_solid_over_avx2(uint32_t source, uint32_t *destination, size_t count) {
    if (count > 0) rk_solid_block_over_avx2(source, destination, count, count, 1);
    return count;
}

RK_AVX2 size_t rk_solid_mask_over_avx2(uint32_t color, const uint8_t *mask, uint32_t *destination, size_t count) {
    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    const __m256i colorLo = _mm256_set1_epi32((int)(color & 0x00FF00FFu));
    const __m256i colorHi = _mm256_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
    size_t i = 0;
    // Invariant: each step reads mask bytes and pixels i..<i + 16, all < count.
    for (; i + 16 <= count; i += 16) {
        __m128i m16 = _mm_loadu_si128((const __m128i *)(mask + i));
        // Zero coverage leaves the destination unchanged (the Swift path skips such groups too).
        if (_mm_testz_si128(m16, m16)) continue;
        __m256i *p = (__m256i *)(destination + i);
        __m256i d0 = _mm256_loadu_si256(p), d1 = _mm256_loadu_si256(p + 1);
        _mm256_storeu_si256(p, rk_mask8(d0, colorLo, colorHi, rk_widen8(mask + i), low8));
        _mm256_storeu_si256(p + 1, rk_mask8(d1, colorLo, colorHi, rk_widen8(mask + i + 8), low8));
    }
    // The last 1…15 pixels, at most 8 at a time (masked loads and stores; the mask bytes copied out).
    // Invariant: the lanes and mask bytes touched are i..<i + n with i + n = min(i + 8, count).
    while (i < count) {
        size_t n = count - i < 8 ? count - i : 8;
        __m256i lanes = rk_first_lanes(n);
        int *p = (int *)(destination + i);
        __m256i d = _mm256_maskload_epi32(p, lanes);
        _mm256_maskstore_epi32(p, lanes, rk_mask8(d, colorLo, colorHi, rk_widen_partial(mask + i, n), low8));
        i += n;
    }
    return i;
}

// round(coverage · alpha / 255) of 8 coverage bytes, in both lanes of each pixel (Swift: mulDiv255).
RK_AVX2 static inline __m256i rk_weight8(const uint8_t *coverage, __m256i alpha) {
    return rk_div255(_mm256_mullo_epi16(rk_widen8(coverage), alpha));
}

RK_AVX2 size_t rk_source_row_over_avx2(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                                       uint32_t *destination, size_t count) {
    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    const __m256i alphaLanes = _mm256_set1_epi16((short)alpha);
    const int lerps = coverage != NULL || alpha != 255;
    size_t i = 0;
    // Invariant: each step reads source (and coverage) elements and writes pixels i..<i + 16, all < count.
    for (; i + 16 <= count; i += 16) {
        const __m256i *sp = (const __m256i *)(source + i);
        __m256i *dp = (__m256i *)(destination + i);
        __m256i s0 = _mm256_loadu_si256(sp), s1 = _mm256_loadu_si256(sp + 1);
        __m256i d0 = _mm256_loadu_si256(dp), d1 = _mm256_loadu_si256(dp + 1);
        __m256i w0 = alphaLanes, w1 = alphaLanes;
        if (coverage != NULL) {
            w0 = rk_weight8(coverage + i, alphaLanes);
            w1 = rk_weight8(coverage + i + 8, alphaLanes);
        }
        _mm256_storeu_si256(dp, rk_over8(s0, d0, lerps, w0));
        _mm256_storeu_si256(dp + 1, rk_over8(s1, d1, lerps, w1));
    }
    // The last 1…15 pixels, at most 8 at a time (masked loads and stores; coverage bytes copied out).
    // Invariant: the elements touched are i..<i + n with i + n = min(i + 8, count).
    while (i < count) {
        size_t n = count - i < 8 ? count - i : 8;
        __m256i lanes = rk_first_lanes(n);
        int *dp = (int *)(destination + i);
        __m256i s0 = _mm256_maskload_epi32((const int *)(source + i), lanes);
        __m256i d0 = _mm256_maskload_epi32(dp, lanes);
        __m256i w0 = alphaLanes;
        if (coverage != NULL) w0 = rk_div255(_mm256_mullo_epi16(rk_widen_partial(coverage + i, n), alphaLanes));
        _mm256_maskstore_epi32(dp, lanes, rk_over8(s0, d0, lerps, w0));
        i += n;
    }
    return i;
}

#else

size_t rk_solid_over_avx2(uint32_t source, uint32_t *destination, size_t count) {
    (void)source; (void)destination; (void)count;
    return 0;
}
size_t rk_solid_mask_over_avx2(uint32_t color, const uint8_t *mask, uint32_t *destination, size_t count) {
    (void)color; (void)mask; (void)destination; (void)count;
    return 0;
}
size_t rk_source_row_over_avx2(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                               uint32_t *destination, size_t count) {
    (void)source; (void)coverage; (void)alpha; (void)destination; (void)count;
    return 0;
}

#endif

size_t rk_solid_over(uint32_t source, uint32_t *destination, size_t count) {
    switch (rk_kernel_level()) {
    case 3: return rk_solid_over_avx512(source, destination, count);
    case 2: return rk_solid_over_avx2(source, destination, count);
    default: return 0;
    }
}

size_t rk_solid_mask_over(uint32_t color, const uint8_t *mask, uint32_t *destination, size_t count) {
    switch (rk_kernel_level()) {
    case 3: return rk_solid_mask_over_avx512(color, mask, destination, count);
    case 2: return rk_solid_mask_over_avx2(color, mask, destination, count);
    default: return 0;
    }
}

size_t rk_source_row_over(const uint32_t *source, const uint8_t *coverage, uint8_t alpha,
                          uint32_t *destination, size_t count) {
    switch (rk_kernel_level()) {
    case 3: return rk_source_row_over_avx512(source, coverage, alpha, destination, count);
    case 2: return rk_source_row_over_avx2(source, coverage, alpha, destination, count);
    default: return 0;
    }
}
