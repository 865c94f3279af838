// rk_rrect_blend_rows on the AVX-512 tier: the row loop with the edge pixels of consecutive rows packed into
// eight-lane steps (rk_rrect_lanes8.h). At 512 px most rows have one to four edge pixels: packing them across
// runs and rows gives ~0.6 steps per row instead of ~1.2 four-lane ones, and the steps of different rows no
// longer wait on each other's chains. See include/raster_kernels_rrect.h for the contract.
//
// Coordinate space: device pixels, pixel (x, y) sampled at (x + 0.5, y + 0.5). Numbers: each lane's px, its
// row's ix_y · py and iy_y · py, and every later operation are those of rkr_rows_avx2's four-lane steps for the
// same pixel (px = x + 0.5 exactly; the products taken per lane in the step are the IEEE products the four-lane
// code takes once per row), so the bytes are the same; the uniform runs are rk_rrect_uniform.h's and the blend
// is rkr_blend4_avx2's arithmetic (rkr_blend8_pixels). Corner lanes between the exits wait in
// rk_rrect_corner_queue.h's queue and take the corner formula eight at a time.
#include "rk_rrect_corner_queue.h"
#include "rk_rrect_uniform.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if RK_X86
#define RKR_AVX512_TARGET __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512dq")))

// The shape's constant terms for a step.
typedef struct rkr_step_terms8 {
    rkr_lane_terms8 lanes;
    __m512d ixx, iyx, ixy, iyy, offx, offy, cx, cy;
    __m512i color16;
} rkr_step_terms8;

// The runs of a step: run i covers the lanes of mask[i], lane j of them holding pixel base[i] + j (base[i] is
// the run's first pixel less its first lane, kept as an integer: it may lie before the row; only the run's
// lanes are ever loaded or stored through it).
typedef struct rkr_step_runs {
    uintptr_t base[8];
    __mmask8 mask[8];
} rkr_step_runs;

// Runs a step: lanes 0 ..< n hold pixel centres px and their rows' centres py. Its corner lanes between the
// exits go to the queue; the other lanes are blended at once: each run's pixels loaded into its own lanes
// (masked loads), one blend, each run stored back from its lanes less the queued ones.
RKR_AVX512_TARGET __attribute__((always_inline))
static inline void rkr_step8(const rk_rrect_shape *g, const rkr_step_terms8 *t, const rkr_step_runs *r, int runs,
                             __m512d px, __m512d py, int n, rkr_corner_queue *q) {
    // The rows' products ix_y · py and iy_y · py per lane: the same products the four-lane code takes once per
    // row, and one masked move per run (py) where the row loop kept two (the products).
    const __m512d row_x = _mm512_mul_pd(t->ixy, py), row_y = _mm512_mul_pd(t->iyy, py);
    const __m512d lx = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(t->ixx, px), row_x), t->offx);
    const __m512d ly = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(t->iyx, px), row_y), t->offy);
    const __m512d ox = _mm512_sub_pd(lx, t->cx), oy = _mm512_sub_pd(ly, t->cy);
    int flagged = 0;
    __mmask8 deferred;
    const __m512i bytes = rkr_lane_bytes_deferring_8(g, &t->lanes, ox, oy, (__mmask8)((1u << n) - 1), &deferred,
                                                     &flagged);
    // Each lane's pixel address (run i's lane j holds base[i] + j) is made with the loads, for every step: whether
    // a step defers corner lanes is data-dependent (about half of them do at 512 px), and a branch on it
    // mispredicted that often costs more than the adds and the empty queue append.
    const __m512i lane_bytes = _mm512_setr_epi64(0, 4, 8, 12, 16, 20, 24, 28);
    __m512i address = _mm512_setzero_si512();
    __m256i pixels = _mm256_setzero_si256();
    for (int i = 0; i < runs; i++) {
        pixels = _mm256_or_si256(pixels, _mm256_maskz_loadu_epi32(r->mask[i], (const void *)r->base[i]));
        address = _mm512_mask_add_epi64(address, r->mask[i], _mm512_set1_epi64((int64_t)r->base[i]), lane_bytes);
    }
    const __m256i blended = rkr_blend8_pixels(pixels, bytes, t->color16);
    for (int i = 0; i < runs; i++)
        _mm256_mask_storeu_epi32((void *)r->base[i], (__mmask8)(r->mask[i] & ~deferred), blended);
    rkr_corner_queue_add(q, deferred, ox, oy, address, g, &t->lanes, t->color16);
}

RKR_AVX512_TARGET
void rkr_rows_avx512(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y, int64_t x0, int64_t y0,
                     int64_t x1, int64_t y1, uint32_t color, uint32_t *surface, int64_t surface_x, int64_t surface_y,
                     int64_t stride, int exact) {
    rkr_step_terms8 t;
    t.lanes = rkr_lane_terms8_make(g, exact);
    t.ixx = _mm512_set1_pd(g->ix_x), t.iyx = _mm512_set1_pd(g->iy_x);
    t.ixy = _mm512_set1_pd(g->ix_y), t.iyy = _mm512_set1_pd(g->iy_y);
    t.offx = _mm512_set1_pd(g->offset_x), t.offy = _mm512_set1_pd(g->offset_y);
    t.cx = _mm512_set1_pd(g->center_x), t.cy = _mm512_set1_pd(g->center_y);
    t.color16 = _mm512_cvtepu8_epi16(_mm256_set1_epi32((int)color));
    const __m512d lane_centres = _mm512_setr_pd(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5);
    // The pending step (locals, so they stay in registers): lanes 0 ..< n filled, `runs` runs.
    __m512d px = _mm512_setzero_pd(), step_py = px;
    int n = 0, runs = 0;
    rkr_step_runs r;
    rkr_corner_queue q;
    q.ox = q.oy = _mm512_setzero_pd();
    q.address = _mm512_setzero_si512();
    q.count = 0;
    // Opaque and fully transparent colours keep rkr_uniform (a fill, or nothing).
    const int plain = color >> 24 == 255 || color == 0;
    const int level = rk_kernel_level();
    // Adds pixels from ..< to of the current row, stepping whenever eight lanes are filled. Lanes are filled
    // with masked moves: px = (x − n) + (lane + ½), exact.
#define RKR_ADD(from, to)                                                                                        \
    for (int64_t x = (from), end = (to); x < end;) {                                                             \
        const int k = end - x < 8 - n ? (int)(end - x) : 8 - n;                                                  \
        const __mmask8 lanes = (__mmask8)(((1u << k) - 1) << n);                                                 \
        px = _mm512_mask_add_pd(px, lanes, _mm512_set1_pd((double)(x - n)), lane_centres);                       \
        step_py = _mm512_mask_mov_pd(step_py, lanes, row_py);                                                    \
        r.base[runs] = (uintptr_t)row + 4 * (uintptr_t)(x - n - surface_x);                                      \
        r.mask[runs] = lanes;                                                                                    \
        runs++;                                                                                                  \
        n += k;                                                                                                  \
        x += k;                                                                                                  \
        if (n == 8) {                                                                                            \
            rkr_step8(g, &t, &r, runs, px, step_py, 8, &q);                                                  \
            n = runs = 0;                                                                                        \
        }                                                                                                        \
    }
    for (int64_t y = y0; y < y1; y++) {
        rkr_row_runs row_runs;
        if (!rkr_row_runs_make(row_table + 4 * (y - table_y), x0, x1, &row_runs)) continue;
        const int64_t olo = row_runs.olo, ohi = row_runs.ohi, ulo = row_runs.ulo, uhi = row_runs.uhi;
        const __m512d row_py = _mm512_set1_pd((double)y + 0.5);
        uint32_t *row = surface + (y - surface_y) * stride;  // pixel x is row[x - surface_x]
        if (ulo == uhi) {
            RKR_ADD(olo, ohi)
            continue;
        }
        RKR_ADD(olo, ulo)
        // The uniform run's pixels are no edge pixel's: blending them before the pending step is the same.
        if (plain) rkr_uniform(color, row + (ulo - surface_x), uhi - ulo, level);
        else rkr_uniform_translucent_avx512(color, row + (ulo - surface_x), uhi - ulo, level);
        RKR_ADD(uhi, ohi)
    }
#undef RKR_ADD
    if (n > 0) rkr_step8(g, &t, &r, runs, px, step_py, n, &q);
    if (q.count > 0) rkr_corner_queue_flush(&q, g, &t.lanes, t.color16);
}

RKR_AVX512_TARGET
int rkr_lane_bytes_test_avx512(const rk_rrect_shape *g, const double *ox, const double *oy, int64_t count,
                               uint8_t *out, int exact) {
    const rkr_lane_terms8 t = rkr_lane_terms8_make(g, exact);
    int flagged_corner_lanes = 0;
    for (int64_t i = 0; i < count; i += 8) {
        double lx[8] = {0}, ly[8] = {0};
        const int valid = count - i < 8 ? (int)(count - i) : 8;
        for (int j = 0; j < valid; j++) lx[j] = ox[i + j], ly[j] = oy[i + j];
        int flagged = 0;
        int32_t bytes[8];
        _mm256_storeu_si256((__m256i *)bytes,
                            _mm512_cvtepi64_epi32(rkr_lane_bytes_8(g, &t, _mm512_loadu_pd(lx), _mm512_loadu_pd(ly),
                                                                   (__mmask8)((1u << valid) - 1), &flagged)));
        flagged_corner_lanes += __builtin_popcount((unsigned)(flagged >> 8) & ((1u << valid) - 1));
        for (int j = 0; j < valid; j++) out[i + j] = (uint8_t)bytes[j];
    }
    return 1 + flagged_corner_lanes;
}
#endif
