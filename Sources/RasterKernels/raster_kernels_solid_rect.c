// Sharp axis-aligned solid rectangles, one call per tile (contract in include/raster_kernels_solid_rect.h).
//
// Coordinate space: device pixels; the surface's pixel (x, y) is surface[(y − originY) · stride + (x − originX)].
// Number format: premultiplied 0xAABBGGRR. Every pixel belongs to exactly one class (the classes are disjoint),
// so the order in which the classes are blended never matters: each pixel is blended once with its class's
// source, d = s + round(d · (255 − s_a) / 255) per channel, through the block kernels of the tier (their bytes
// equal QuartzRaster's FillSourceOver.blend; see rk_solid_blocks.h) or, for single pixels, the same formula in
// scalar code. A zero source leaves its pixels as they are (the formula would give d), an opaque one is a fill
// (the formula would give s), as FillSurfaceRows.blendSolid does.
#include "raster_kernels_solid_rect.h"
#include "raster_kernels.h"
#include "raster_kernels_avx512.h"
#include "raster_kernels_shapes.h"
#include "rk_lanes.h"
#include "rk_pixel_scale.h"
#include "rk_lanes512.h"
#include "rk_solid_blocks.h"
#include "rk_solid_madd512.h"

#if RK_X86

// `source` over one pixel. Invariant: `p` addresses a writable pixel.
static inline void rksr_pixel(uint32_t *p, uint32_t source) {
    if (source != 0) *p = source + rk_scale_pixel(*p, 255u - (source >> 24));
}

// `source` over a block of `height` rows of `width` pixels on tier `tier` (3: AVX-512, else AVX2).
// Invariant: every row addresses `width` writable pixels.
static inline void rksr_block(int tier, uint32_t source, uint32_t *p, size_t stride, size_t width, size_t height) {
    if (source == 0 || width == 0 || height == 0) return;
    if ((source >> 24) == 255u) {
        if (tier == 3) rk_fill_block_avx512(source, p, stride, width, height);
        else rk_fill_block_avx2(source, p, stride, width, height);
        return;
    }
    if (width == 1 && height == 1) {
        rksr_pixel(p, source);
        return;
    }
    if (tier == 3) rk_solid_block_over_avx512(source, p, stride, width, height);
    else rk_solid_block_over_avx2(source, p, stride, width, height);
}

// `source` over `rows` pixels of one column, `stride` apart (the narrow block kernel; a fill when opaque).
// Invariant: p[k · stride] is writable for k < rows.
RK_AVX2 static inline void rksr_column(uint32_t source, uint32_t *p, size_t stride, size_t rows) {
    if (source == 0 || rows == 0) return;
    if ((source >> 24) == 255u) {
        for (size_t k = 0; k < rows; k++) p[k * stride] = source;
        return;
    }
    rk_solid_block_narrow(source, p, stride, 1, rows);
}

// The edge columns of a block of full rows that lie inside the region: each column's first pixel and source.
typedef struct {
    uint32_t *first[2];
    uint32_t source[2];
    int count;
} rksr_edges;

// Tier 3: a translucent middle of `height` rows of `width` pixels through rk_solid_madd512.h (the same bytes as the
// block kernels), `chunk` rows at a time, each chunk's edge columns right after its rows. Returns 0, touching
// nothing, for a zero or opaque source (rksr_block's fill and skip).
// Invariant: every middle row addresses `width` ≥ 1 writable pixels; the edges' columns as in rksr_column.
RK_AVX512 static inline __attribute__((always_inline)) void rksr5_madd_chunks(
    const rk5_madd_solid *m, int subtracts, uint32_t *middle, size_t width, size_t stride, size_t height,
    size_t chunk, const rksr_edges *edges) {
    const size_t groups = (width - 1) / 16;
    const __mmask16 rest = rk5_first(width - 16 * groups);
    for (size_t done = 0; done < height; done += chunk) {
        const size_t rows = height - done < chunk ? height - done : chunk;
        uint32_t *line = middle + done * stride;
        for (size_t row = 0; row < rows; row++, line += stride) rk5_madd_row(line, groups, rest, m, subtracts);
        for (int e = 0; e < edges->count; e++) rksr_column(edges->source[e], edges->first[e] + done * stride, stride, rows);
    }
}

RK_AVX512 static int rksr5_madd_rows(uint32_t source, uint32_t *middle, size_t width, size_t stride, size_t height,
                                     size_t chunk, const rksr_edges *edges) {
    if (source == 0 || (source >> 24) == 255u) return 0;
    const rk5_madd_solid m = rk5_madd_solid_make(source);
    if (m.subtracts) rksr5_madd_chunks(&m, 1, middle, width, stride, height, chunk, edges);
    else rksr5_madd_chunks(&m, 0, middle, width, stride, height, chunk, edges);
    return 1;
}

// Tier 3: the middle and its edge columns row by row in one pass, when every edge column in the region lies
// right beside the middle (columns u0 − 1 and u1; each row then is one run from `first` of `width` pixels whose
// first and last groups carry a source per lane). Per pixel the same formula with its class's source as
// rksr_column and rk5_madd16 (a zero source's weight is 0 and it subtracts nothing; an opaque one's weight is 0
// and it adds its source): the same bytes. Returns 0, touching nothing, when the edges are elsewhere or the
// middle is zero or opaque (the fill and skip of rksr_block are cheaper then).
// Why: the edge columns alone cost ~10 xmm operations per two pixels on the same ports as the middle's groups;
// here the edges ride in groups the row computes anyway.
// Invariant: every row addresses the run's pixels; u0 < u1.
RK_AVX512 static int rksr5_madd_rows_edges(uint32_t uniform, const uint32_t edgeSources[2], uint32_t *rowStart,
                                           int64_t originX, int64_t u0, int64_t u1, size_t stride, size_t height,
                                           const rk_sharp_rect *r, int64_t x0, int64_t x1) {
    if (uniform == 0 || (uniform >> 24) == 255u) return 0;
    int left = 0, right = 0;
    uint32_t leftSource = 0, rightSource = 0;
    for (int32_t e = 0; e < r->edgeCount; e++) {
        const int64_t x = r->edgeX[e];
        if (x < x0 || x >= x1) continue;
        if (x == u0 - 1 && !left) left = 1, leftSource = edgeSources[e];
        else if (x == u1 && !right) right = 1, rightSource = edgeSources[e];
        else return 0;
    }
    const int64_t a = u0 - left;
    const size_t width = (size_t)(u1 + right - a);
    const size_t groups = (width - 1) / 16;
    const __mmask16 rest = rk5_first(width - 16 * groups);
    uint32_t firstSources[16], lastSources[16];
    for (int i = 0; i < 16; i++) firstSources[i] = lastSources[i] = uniform;
    // The last group starts at pixel 16 · groups of the run (the first group itself when groups is 0).
    uint32_t *leftGroup = groups == 0 ? lastSources : firstSources;
    if (left) leftGroup[0] = leftSource;
    if (right) lastSources[width - 1 - 16 * groups] = rightSource;
    const rk5_madd_lanes firstLanes = rk5_madd_lanes_make(firstSources), lastLanes = rk5_madd_lanes_make(lastSources);
    const rk5_madd_solid m = rk5_madd_solid_make(uniform);
    uint32_t *line = rowStart + (a - originX);
    for (size_t row = 0; row < height; row++, line += stride) {
        uint32_t *p = line;
        if (groups > 0) {
            _mm512_storeu_si512(p, rk5_madd16_lanes(_mm512_loadu_si512(p), &firstLanes));
            p += 16;
            // The middle groups lie inside the run.
            p = m.subtracts ? rk5_madd_groups(p, groups - 1, &m, 1) : rk5_madd_groups(p, groups - 1, &m, 0);
        }
        __m512i d = _mm512_maskz_loadu_epi32(rest, p);
        _mm512_mask_storeu_epi32(p, rest, rk5_madd16_lanes(d, &lastLanes));
    }
    return 1;
}

static inline int64_t rksr_max(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int64_t rksr_min(int64_t a, int64_t b) { return a < b ? a : b; }

// The classes of `r` inside the region, on tier `tier`.
// Invariant (the header's): the region lies inside the surface, so every address below is one of its pixels.
static void rksr_run(int tier, const rk_sharp_rect *r, uint32_t *surface, int64_t originX, int64_t originY,
                     size_t stride, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
    const int64_t u0 = rksr_max(r->uniformX0, x0), u1 = rksr_min(r->uniformX1, x1);
    for (int32_t p = 0; p < r->partialCount; p++) {
        const int64_t y = r->partialY[p];
        if (y < y0 || y >= y1) continue;
        uint32_t *row = surface + (size_t)(y - originY) * stride;
        for (int32_t e = 0; e < r->edgeCount; e++) {
            const int64_t x = r->edgeX[e];
            if (x >= x0 && x < x1) rksr_pixel(row + (x - originX), r->edgePartial[e][p]);
        }
        if (u0 < u1) rksr_block(tier, r->uniformPartial[p], row + (u0 - originX), stride, (size_t)(u1 - u0), 1);
    }
    const int64_t f0 = rksr_max(r->fullY0, y0), f1 = rksr_min(r->fullY1, y1);
    if (f0 >= f1) return;
    uint32_t *first = surface + (size_t)(f0 - originY) * stride;
    const size_t height = (size_t)(f1 - f0);
    // The middle first, then the edge columns over the same rows: an edge pixel shares its cache line with the
    // middle's first or last pixels, which the middle has just brought in. On surfaces whose stride is a
    // multiple of 256 pixels (1 KB) a column's lines crowd into a few cache sets, and walking a whole column
    // measured several times slower than its pixels' share of the middle (scene a at 512 × 512: ~70 % of the
    // block kernels' time); there the rows go 8 at a time, each column's 8 pixels right after their rows.
    if (tier == 3 && u0 < u1 &&
        rksr5_madd_rows_edges(r->uniformFull, r->edgeFull, first, originX, u0, u1, stride, height, r, x0, x1)) {
        return;
    }
    const size_t chunk = (stride & 255u) == 0 ? 8 : height;
    rksr_edges edges = {{0, 0}, {0, 0}, 0};
    for (int32_t e = 0; e < r->edgeCount; e++) {
        const int64_t x = r->edgeX[e];
        if (x < x0 || x >= x1) continue;
        edges.first[edges.count] = first + (x - originX);
        edges.source[edges.count] = r->edgeFull[e];
        edges.count++;
    }
    if (tier == 3 && u0 < u1 &&
        rksr5_madd_rows(r->uniformFull, first + (u0 - originX), (size_t)(u1 - u0), stride, height, chunk, &edges)) {
        return;
    }
    for (size_t done = 0; done < height; done += chunk) {
        const size_t rows = height - done < chunk ? height - done : chunk;
        uint32_t *line = first + done * stride;
        if (u0 < u1) rksr_block(tier, r->uniformFull, line + (u0 - originX), stride, (size_t)(u1 - u0), rows);
        for (int e = 0; e < edges.count; e++) rksr_column(edges.source[e], edges.first[e] + done * stride, stride, rows);
    }
}

int rk_sharp_rect_over_avx2(const rk_sharp_rect *rect, uint32_t *surface, int64_t originX, int64_t originY,
                            size_t stride, int64_t regionX0, int64_t regionY0, int64_t regionX1, int64_t regionY1) {
    rksr_run(2, rect, surface, originX, originY, stride, regionX0, regionY0, regionX1, regionY1);
    return 1;
}

int rk_sharp_rect_over(const rk_sharp_rect *rect, uint32_t *surface, int64_t originX, int64_t originY, size_t stride,
                       int64_t regionX0, int64_t regionY0, int64_t regionX1, int64_t regionY1) {
    const int tier = rk_kernel_level();
    if (tier < 2) return 0;
    rksr_run(tier, rect, surface, originX, originY, stride, regionX0, regionY0, regionX1, regionY1);
    return 1;
}

// Rectangle by rectangle over the whole region. Tried: bands of 32 or 64 rows, every rectangle per band, so the
// band's rows stay in L1 between rectangles: scene a at 512x512 1.155× and 1.03× slower (Intel Xeon, Emerald Rapids):
// each rectangle's set-up (classes, edge lanes) then runs once per band it meets.
int rk_sharp_rects_over(const void *const *rects, size_t count, size_t classes_offset, uint32_t *surface,
                        int64_t originX, int64_t originY, size_t stride, int64_t regionX0, int64_t regionY0,
                        int64_t regionX1, int64_t regionY1) {
    const int tier = rk_kernel_level();
    if (tier < 2) return 0;
    for (size_t k = 0; k < count; k++) {
        rksr_run(tier, (const rk_sharp_rect *)((const char *)rects[k] + classes_offset), surface, originX, originY,
                 stride, regionX0, regionY0, regionX1, regionY1);
    }
    return 1;
}

// rksr_run for the one row y: the row's class picks the sources, then its edge pixels and its uniform run.
// The same bytes: every pixel gets its class's source through the same formula (see the file's header).
// Invariant: [x0, x1) lies inside the row's writable pixels (row[x − originX] is pixel x).
static inline void rksr_row(int tier, const rk_sharp_rect *r, uint32_t *row, int64_t originX, int64_t y, int64_t x0,
                            int64_t x1) {
    uint32_t uniform, edge0, edge1;
    if (y >= r->fullY0 && y < r->fullY1) {
        uniform = r->uniformFull, edge0 = r->edgeFull[0], edge1 = r->edgeFull[1];
    } else if (r->partialCount > 0 && y == r->partialY[0]) {
        uniform = r->uniformPartial[0], edge0 = r->edgePartial[0][0], edge1 = r->edgePartial[1][0];
    } else if (r->partialCount > 1 && y == r->partialY[1]) {
        uniform = r->uniformPartial[1], edge0 = r->edgePartial[0][1], edge1 = r->edgePartial[1][1];
    } else {
        return;
    }
    if (r->edgeCount > 0 && r->edgeX[0] >= x0 && r->edgeX[0] < x1) rksr_pixel(row + (r->edgeX[0] - originX), edge0);
    if (r->edgeCount > 1 && r->edgeX[1] >= x0 && r->edgeX[1] < x1) rksr_pixel(row + (r->edgeX[1] - originX), edge1);
    const int64_t u0 = rksr_max(r->uniformX0, x0), u1 = rksr_min(r->uniformX1, x1);
    if (u0 < u1) rksr_block(tier, uniform, row + (u0 - originX), 0, (size_t)(u1 - u0), 1);
}

int rk_sharp_rects_row_over(const void *const *rects, size_t count, size_t classes_offset, uint32_t *row,
                            int64_t originX, int64_t y, int64_t x0, int64_t x1) {
    const int tier = rk_kernel_level();
    if (tier < 2) return 0;
    for (size_t k = 0; k < count; k++) {
        rksr_row(tier, (const rk_sharp_rect *)((const char *)rects[k] + classes_offset), row, originX, y, x0, x1);
    }
    return 1;
}

#else

int rk_sharp_rect_over_avx2(const rk_sharp_rect *rect, uint32_t *surface, int64_t originX, int64_t originY,
                            size_t stride, int64_t regionX0, int64_t regionY0, int64_t regionX1, int64_t regionY1) {
    (void)rect; (void)surface; (void)originX; (void)originY; (void)stride;
    (void)regionX0; (void)regionY0; (void)regionX1; (void)regionY1;
    return 0;
}

int rk_sharp_rect_over(const rk_sharp_rect *rect, uint32_t *surface, int64_t originX, int64_t originY, size_t stride,
                       int64_t regionX0, int64_t regionY0, int64_t regionX1, int64_t regionY1) {
    (void)rect; (void)surface; (void)originX; (void)originY; (void)stride;
    (void)regionX0; (void)regionY0; (void)regionX1; (void)regionY1;
    return 0;
}

int rk_sharp_rects_over(const void *const *rects, size_t count, size_t classes_offset, uint32_t *surface,
                        int64_t originX, int64_t originY, size_t stride, int64_t regionX0, int64_t regionY0,
                        int64_t regionX1, int64_t regionY1) {
    (void)rects; (void)count; (void)classes_offset; (void)surface; (void)originX; (void)originY; (void)stride;
    (void)regionX0; (void)regionY0; (void)regionX1; (void)regionY1;
    return 0;
}

int rk_sharp_rects_row_over(const void *const *rects, size_t count, size_t classes_offset, uint32_t *row,
                            int64_t originX, int64_t y, int64_t x0, int64_t x1) {
    (void)rects; (void)count; (void)classes_offset; (void)row; (void)originX; (void)y; (void)x0; (void)x1;
    return 0;
}

#endif
