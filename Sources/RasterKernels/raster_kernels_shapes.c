// AVX2 block kernels for shapes; see include/raster_kernels_shapes.h for the contract.
//
// Number format and the shared lane helpers: rk_lanes.h. Only the functions below use AVX2.
#include "raster_kernels_shapes.h"
#include "raster_kernels.h"
#include "raster_kernels_avx512.h"
#include "rk_lanes.h"
#include "rk_rrect_row_columns.h"

#if RK_X86

// Eight rows per step (two groups of four, one row per lane, solved side by side so their min / max chains
// overlap), then four, then single rows: each line's value per row is the same product and difference as in
// the Swift solver, and minimum / maximum over the lines are exact in any order (no NaN, see the header).
// Lanes a plane does not use hold neutral lines (intercept +∞ resp. −∞ with slope 0, flat 0 − 0·yc = ±0,
// never < 0), which cannot change the minimum, maximum or test: they are dropped once per call, so a row
// costs the planes the set has, not three times eight.
RK_AVX2 int rk_row_columns_avx2(const double *lines, int64_t firstRow, size_t count, int32_t *out) {
    const __m256d zero = _mm256_setzero_pd(), half = _mm256_set1_pd(0.5);
    const __m256d infinity = _mm256_set1_pd(__builtin_inf()), minus_infinity = _mm256_set1_pd(-__builtin_inf());
    double upperIntercept[8], upperSlope[8], lowerIntercept[8], lowerSlope[8], flatConstant[8], flatSlope[8];
    int uppers = 0, lowers = 0, flats = 0;
    for (int i = 0; i < 8; i++) {
        if (!(lines[i] == __builtin_inf() && lines[8 + i] == 0)) {
            upperIntercept[uppers] = lines[i];
            upperSlope[uppers++] = lines[8 + i];
        }
        if (!(lines[16 + i] == -__builtin_inf() && lines[24 + i] == 0)) {
            lowerIntercept[lowers] = lines[16 + i];
            lowerSlope[lowers++] = lines[24 + i];
        }
        if (!(lines[32 + i] == 0 && lines[40 + i] == 0)) {
            flatConstant[flats] = lines[32 + i];
            flatSlope[flats++] = lines[40 + i];
        }
    }
    size_t k = 0;
    // Invariant: a step writes out[2k] ..< out[2k + 16], rows k ..< k + 8 < count + 1.
    for (; k + 8 <= count; k += 8) {
        const int64_t y = firstRow + (int64_t)k;
        const __m256d yc0 = _mm256_add_pd(_mm256_setr_pd((double)y, (double)(y + 1), (double)(y + 2), (double)(y + 3)),
                                          half);
        const __m256d yc1 = _mm256_add_pd(_mm256_setr_pd((double)(y + 4), (double)(y + 5), (double)(y + 6),
                                                         (double)(y + 7)), half);
        __m256d hi0 = infinity, hi1 = infinity, lo0 = minus_infinity, lo1 = minus_infinity;
        __m256d negative0 = zero, negative1 = zero;
        for (int i = 0; i < uppers; i++) {
            const __m256d intercept = _mm256_set1_pd(upperIntercept[i]), slope = _mm256_set1_pd(upperSlope[i]);
            hi0 = _mm256_min_pd(hi0, _mm256_sub_pd(intercept, _mm256_mul_pd(slope, yc0)));
            hi1 = _mm256_min_pd(hi1, _mm256_sub_pd(intercept, _mm256_mul_pd(slope, yc1)));
        }
        for (int i = 0; i < lowers; i++) {
            const __m256d intercept = _mm256_set1_pd(lowerIntercept[i]), slope = _mm256_set1_pd(lowerSlope[i]);
            lo0 = _mm256_max_pd(lo0, _mm256_sub_pd(intercept, _mm256_mul_pd(slope, yc0)));
            lo1 = _mm256_max_pd(lo1, _mm256_sub_pd(intercept, _mm256_mul_pd(slope, yc1)));
        }
        for (int i = 0; i < flats; i++) {
            const __m256d constant = _mm256_set1_pd(flatConstant[i]), slope = _mm256_set1_pd(flatSlope[i]);
            negative0 = _mm256_or_pd(negative0, _mm256_cmp_pd(_mm256_sub_pd(constant, _mm256_mul_pd(slope, yc0)), zero,
                                                              _CMP_LT_OQ));
            negative1 = _mm256_or_pd(negative1, _mm256_cmp_pd(_mm256_sub_pd(constant, _mm256_mul_pd(slope, yc1)), zero,
                                                              _CMP_LT_OQ));
        }
        if (!rks_columns_finish(lo0, hi0, negative0, out + 2 * k))
            for (size_t j = 0; j < 4; j++) rks_row_columns_one(lines, y + (int64_t)j, out + 2 * (k + j));
        if (!rks_columns_finish(lo1, hi1, negative1, out + 2 * k + 8))
            for (size_t j = 4; j < 8; j++) rks_row_columns_one(lines, y + (int64_t)j, out + 2 * (k + j));
    }
    // Invariant: a step writes out[2k] ..< out[2k + 8], rows k ..< k + 4 < count + 1.
    for (; k + 4 <= count; k += 4) {
        const int64_t y = firstRow + (int64_t)k;
        const __m256d yc = _mm256_add_pd(_mm256_setr_pd((double)y, (double)(y + 1), (double)(y + 2), (double)(y + 3)),
                                         half);
        __m256d hi = infinity, lo = minus_infinity, negative = zero;
        for (int i = 0; i < uppers; i++)
            hi = _mm256_min_pd(hi, _mm256_sub_pd(_mm256_set1_pd(upperIntercept[i]),
                                                 _mm256_mul_pd(_mm256_set1_pd(upperSlope[i]), yc)));
        for (int i = 0; i < lowers; i++)
            lo = _mm256_max_pd(lo, _mm256_sub_pd(_mm256_set1_pd(lowerIntercept[i]),
                                                 _mm256_mul_pd(_mm256_set1_pd(lowerSlope[i]), yc)));
        for (int i = 0; i < flats; i++) {
            const __m256d f = _mm256_sub_pd(_mm256_set1_pd(flatConstant[i]), _mm256_mul_pd(_mm256_set1_pd(flatSlope[i]), yc));
            negative = _mm256_or_pd(negative, _mm256_cmp_pd(f, zero, _CMP_LT_OQ));
        }
        if (!rks_columns_finish(lo, hi, negative, out + 2 * k))
            for (size_t j = 0; j < 4; j++) rks_row_columns_one(lines, y + (int64_t)j, out + 2 * (k + j));
    }
    for (; k < count; k++) rks_row_columns_one(lines, firstRow + (int64_t)k, out + 2 * k);
    return 1;
}

int rk_row_columns(const double *lines, int64_t firstRow, size_t count, int32_t *out) {
    return rk_avx2_enabled() ? rk_row_columns_avx2(lines, firstRow, count, out) : 0;
}

int rk_solid_block_over(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height) {
    switch (rk_kernel_level()) {
    case 3: return rk_solid_block_over_avx512(source, destination, stride, width, height);
    case 2: return rk_solid_block_over_avx2(source, destination, stride, width, height);
    default: return 0;
    }
}

RK_AVX2 int rk_fill_block_avx2(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height) {
    const __m256i v = _mm256_set1_epi32((int)value);
    const __m256i laneIndex = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (size_t row = 0; row < height; row++) {
        uint32_t *line = destination + row * stride;
        size_t i = 0;
        // Invariant: each step writes pixels i..<i + 32 (then i..<i + 8) of this row, all < width.
        for (; i + 32 <= width; i += 32) {
            __m256i *p = (__m256i *)(line + i);
            _mm256_storeu_si256(p, v);
            _mm256_storeu_si256(p + 1, v);
            _mm256_storeu_si256(p + 2, v);
            _mm256_storeu_si256(p + 3, v);
        }
        for (; i + 8 <= width; i += 8) _mm256_storeu_si256((__m256i *)(line + i), v);
        // Invariant: the masked lanes are i..<width, fewer than 8.
        if (i < width) {
            __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(width - i)), laneIndex);
            _mm256_maskstore_epi32((int *)(line + i), lanes, v);
        }
    }
    return 1;
}

int rk_fill_block(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height) {
    switch (rk_kernel_level()) {
    case 3: return rk_fill_block_avx512(value, destination, stride, width, height);
    case 2: return rk_fill_block_avx2(value, destination, stride, width, height);
    default: return 0;
    }
}

#else

int rk_fill_block_avx2(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)value; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}

int rk_fill_block(uint32_t value, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)value; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}

int rk_row_columns_avx2(const double *lines, int64_t firstRow, size_t count, int32_t *out) {
    (void)lines; (void)firstRow; (void)count; (void)out;
    return 0;
}

int rk_row_columns(const double *lines, int64_t firstRow, size_t count, int32_t *out) {
    (void)lines; (void)firstRow; (void)count; (void)out;
    return 0;
}

int rk_solid_block_over(uint32_t source, uint32_t *destination, size_t stride, size_t width, size_t height) {
    (void)source; (void)destination; (void)stride; (void)width; (void)height;
    return 0;
}

#endif
