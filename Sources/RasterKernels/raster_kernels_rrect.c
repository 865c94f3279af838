// Rotated rounded rectangles, one call per (shape, tile); see include/raster_kernels_rrect.h for the contract
// and rk_rrect_scalar.h for the number format. Scalar code, no target attributes: the AVX2 row loop is in
// raster_kernels_rrect_avx2.c, chosen when rk_avx2_enabled(); the uniform runs use rk_solid_over's own dispatch.
#include "rk_rrect_scalar.h"

// Products and sums stay separate operations, as in the Swift code.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

void rk_rrect_blend_rows(const rk_rrect_shape *g, const int32_t *row_table, int64_t table_y,
                         int64_t x0, int64_t y0, int64_t x1, int64_t y1, uint32_t color, uint32_t *surface,
                         int64_t surface_x, int64_t surface_y, int64_t stride, int kernels) {
#if RK_X86
    const int tier = kernels != 0 ? rk_kernel_level() : 0;
    if (tier == 3) {
        rkr_rows_avx512(g, row_table, table_y, x0, y0, x1, y1, color, surface, surface_x, surface_y, stride,
                          kernels == 2);
        return;
    }
    if (tier == 2) {
        rkr_rows_avx2(g, row_table, table_y, x0, y0, x1, y1, color, surface, surface_x, surface_y, stride,
                      kernels == 2);
        return;
    }
#endif
    const double kx = g->half_x - g->radius, ky = g->half_y - g->radius;
    const int level = rk_kernel_level();
#define RKR_EDGE_SCALAR(from, to) rkr_edge(g, kx, ky, from, to, py, color, row + ((from) - surface_x))
    RKR_ROWS(RKR_EDGE_SCALAR)
#undef RKR_EDGE_SCALAR
}
#undef RKR_ROWS

int rk_rrect_side_bytes(const rk_rrect_shape *g, int side_x, const double *distances, int64_t count, uint8_t *out,
                        int exact_sides) {
#if RK_X86
    if (rk_avx2_enabled()) return rkr_side_bytes_avx2(g, side_x, distances, count, out, exact_sides);
#endif
    (void)g, (void)side_x, (void)distances, (void)count, (void)out, (void)exact_sides;
    return 0;
}


int rk_rrect_lane_bytes(const rk_rrect_shape *g, const double *offset_x, const double *offset_y, int64_t count,
                        uint8_t *out, int exact) {
#if RK_X86
    if (rk_avx2_enabled()) return rkr_lane_bytes_test_avx2(g, offset_x, offset_y, count, out, exact);
#endif
    (void)g, (void)offset_x, (void)offset_y, (void)count, (void)out, (void)exact;
    return 0;
}

int rk_rrect_lane_bytes_wide(const rk_rrect_shape *g, const double *offset_x, const double *offset_y, int64_t count,
                             uint8_t *out, int exact) {
#if RK_X86
    if (rk_avx512_supported()) return rkr_lane_bytes_test_avx512(g, offset_x, offset_y, count, out, exact);
#endif
    (void)g, (void)offset_x, (void)offset_y, (void)count, (void)out, (void)exact;
    return 0;
}
