/* Blend2D peer player: draws a peer display list into a PRGB32 image (premultiplied 0xAARRGGBB words) with a
 * synchronous context (threadCount 0: every call renders on this thread before it returns, JIT pipelines).
 * Retained before timing: one BLPath per shape, one PRGB32 BLImage per texture. A timed frame is fillAll with
 * the background, then every item with its transform assigned as the user matrix. Blend2D's BLMatrix2D is the
 * same row-vector form as the scene's 4x4 (x' = x*m00 + y*m10 + m20), so it takes m11 m12 m21 m22 m41 m42.
 * Projective matrices (scene f) are outside Blend2D's 2D affine model: such scenes are reported unsupported.
 * --png-dir (end to end) encodes each frame with Blend2D's own PNG codec (blImageWriteToData, the codec's
 * defaults: compression level 6 of its libdeflate-derived encoder, filter None on every row, PRGB32 written as
 * straight RGBA, colour type 6). */
#include "player_common.h"

#include <blend2d.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    BLImageCore target;
    BLContextCore context;
    BLImageCore *textures;
    BLPathCore *paths;
    uint32_t texture_count, path_count;
    BLImageCodecCore png_codec;
    BLArrayCore png_data; /* the last encoded frame, reused */
} state;

static const char *version(void) {
    static char text[32];
    BLRuntimeBuildInfo info;
    memset(&info, 0, sizeof info);
    blRuntimeQueryInfo(BL_RUNTIME_INFO_TYPE_BUILD, &info);
    snprintf(text, sizeof text, "%u.%u.%u", info.majorVersion, info.minorVersion, info.patchVersion);
    return text;
}

static void destroy(void *opaque) {
    state *s = opaque;
    blContextDestroy(&s->context);
    blImageCodecDestroy(&s->png_codec);
    blArrayDestroy(&s->png_data);
    for (uint32_t i = 0; i < s->texture_count; i++) blImageDestroy(&s->textures[i]);
    for (uint32_t i = 0; i < s->path_count; i++) blPathDestroy(&s->paths[i]);
    blImageDestroy(&s->target);
    free(s->textures);
    free(s->paths);
    free(s);
}

/* Straight RGBA8 texture -> PRGB32 words (premultiplied, 0xAARRGGBB in native order). */
static int make_texture(BLImageCore *image, const dl_image *source) {
    if (blImageInitAs(image, (int)source->width, (int)source->height, BL_FORMAT_PRGB32) != BL_SUCCESS) return 0;
    BLImageData data;
    if (blImageMakeMutable(image, &data) != BL_SUCCESS) return 0;
    for (uint32_t y = 0; y < source->height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)data.pixelData + (intptr_t)y * data.stride);
        const uint8_t *p = source->rgba + (size_t)y * source->width * 4;
        for (uint32_t x = 0; x < source->width; x++, p += 4) {
            uint32_t a = p[3];
            row[x] = a << 24 | (uint32_t)premul_u8(p[0], a) << 16 | (uint32_t)premul_u8(p[1], a) << 8 |
                     premul_u8(p[2], a);
        }
    }
    return 1;
}

static void build_path(BLPathCore *path, const dl_item *item) {
    const double *c = item->coords;
    for (uint32_t v = 0; v < item->verb_count; v++) {
        switch (item->verbs[v]) {
        case 'M': blPathMoveTo(path, c[0], c[1]); c += 2; break;
        case 'L': blPathLineTo(path, c[0], c[1]); c += 2; break;
        case 'C': blPathCubicTo(path, c[0], c[1], c[2], c[3], c[4], c[5]); c += 6; break;
        default: blPathClose(path); break;
        }
    }
}

static void *prepare(const dl_scene *scene, char *error, size_t error_size) {
    if (scene->projective) {
        snprintf(error, error_size, "perspective (projective matrices) is not supported by Blend2D");
        return NULL;
    }
    state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->textures = calloc(scene->image_count + 1u, sizeof(BLImageCore));
    s->paths = calloc(scene->item_count + 1u, sizeof(BLPathCore));
    blImageInit(&s->target);
    blContextInit(&s->context);
    blImageCodecInit(&s->png_codec);
    blArrayInit(&s->png_data, BL_OBJECT_TYPE_ARRAY_UINT8);
    int ok = s->textures && s->paths &&
             blImageInitAs(&s->target, (int)scene->width, (int)scene->height, BL_FORMAT_PRGB32) == BL_SUCCESS;
    for (uint32_t i = 0; ok && i < scene->image_count; i++, s->texture_count++)
        ok = make_texture(&s->textures[i], &scene->images[i]);
    for (uint32_t i = 0; ok && i < scene->item_count; i++, s->path_count++) {
        blPathInit(&s->paths[i]);
        if (scene->items[i].kind == DL_ITEM_SHAPE) build_path(&s->paths[i], &scene->items[i]);
    }
    BLContextCreateInfo info;
    memset(&info, 0, sizeof info); /* threadCount 0: synchronous rendering on the calling thread */
    ok = ok && blContextDestroy(&s->context) == BL_SUCCESS &&
         blContextInitAs(&s->context, &s->target, &info) == BL_SUCCESS &&
         blContextSetHint(&s->context, BL_CONTEXT_HINT_PATTERN_QUALITY, BL_PATTERN_QUALITY_BILINEAR) == BL_SUCCESS &&
         blImageCodecFindByName(&s->png_codec, "PNG", SIZE_MAX, NULL) == BL_SUCCESS;
    if (!ok) {
        snprintf(error, error_size, "Blend2D setup failed");
        destroy(s);
        return NULL;
    }
    return s;
}

static uint32_t join_of(uint32_t join) {
    /* "miter" in the scenes means a miter that falls back to bevel past the limit (SVG, Skia, Core Graphics). */
    return join == DL_JOIN_ROUND ? BL_STROKE_JOIN_ROUND
         : join == DL_JOIN_BEVEL ? BL_STROKE_JOIN_BEVEL : BL_STROKE_JOIN_MITER_BEVEL;
}

static uint32_t cap_of(uint32_t cap) {
    return cap == DL_CAP_ROUND ? BL_STROKE_CAP_ROUND : cap == DL_CAP_SQUARE ? BL_STROKE_CAP_SQUARE : BL_STROKE_CAP_BUTT;
}

static void render_frame(void *opaque, const dl_scene *scene, int frame) {
    state *s = opaque;
    BLContextCore *ctx = &s->context;
    const double *bg = scene->background;
    blContextApplyTransformOp(ctx, BL_TRANSFORM_OP_RESET, NULL);
    blContextFillAllRgba32(ctx, (uint32_t)unit_to_u8(bg[3]) << 24 | (uint32_t)unit_to_u8(bg[0]) << 16 |
                                    (uint32_t)unit_to_u8(bg[1]) << 8 | unit_to_u8(bg[2]));
    const BLPoint origin = {0, 0};
    for (uint32_t i = 0; i < scene->item_count; i++) {
        const dl_item *item = &scene->items[i];
        const double *m = dl_item_transform(scene, frame, i);
        double opacity = dl_item_opacity(scene, frame, i);
        BLMatrix2D matrix;
        matrix.m[0] = m[0]; matrix.m[1] = m[1];   /* m11 m12 */
        matrix.m[2] = m[4]; matrix.m[3] = m[5];   /* m21 m22 */
        matrix.m[4] = m[12]; matrix.m[5] = m[13]; /* m41 m42 */
        blContextApplyTransformOp(ctx, BL_TRANSFORM_OP_ASSIGN, &matrix);
        if (item->kind == DL_ITEM_IMAGE) {
            BLRect rect = {item->rect[0], item->rect[1], item->rect[2], item->rect[3]};
            blContextSetGlobalAlpha(ctx, opacity);
            blContextBlitScaledImageD(ctx, &rect, &s->textures[item->image], NULL);
            blContextSetGlobalAlpha(ctx, 1.0);
            continue;
        }
        BLRgba color = {(float)item->color[0], (float)item->color[1], (float)item->color[2],
                        (float)(item->color[3] * opacity)};
        if (item->paint == DL_PAINT_STROKE) {
            blContextSetStrokeStyleRgba(ctx, &color);
            blContextSetStrokeWidth(ctx, item->stroke_width);
            blContextSetStrokeCaps(ctx, cap_of(item->cap));
            blContextSetStrokeJoin(ctx, join_of(item->join));
            blContextSetStrokeMiterLimit(ctx, item->miter_limit);
            blContextStrokePathD(ctx, &origin, &s->paths[i]);
            continue;
        }
        blContextSetFillStyleRgba(ctx, &color);
        const double *p = item->prim_values;
        if (item->prim == DL_PRIM_RECT) {
            BLRect rect = {p[0], p[1], p[2], p[3]};
            blContextFillGeometry(ctx, BL_GEOMETRY_TYPE_RECTD, &rect);
        } else if (item->prim == DL_PRIM_RRECT) {
            BLRoundRect rect = {p[0], p[1], p[2], p[3], p[4], p[4]};
            blContextFillGeometry(ctx, BL_GEOMETRY_TYPE_ROUND_RECT, &rect);
        } else {
            blContextSetFillRule(ctx, item->rule == DL_RULE_EVENODD ? BL_FILL_RULE_EVEN_ODD : BL_FILL_RULE_NON_ZERO);
            blContextFillPathD(ctx, &origin, &s->paths[i]);
        }
    }
    /* Synchronous context: this returns at once, but states that the frame is complete. */
    blContextFlush(ctx, BL_CONTEXT_FLUSH_SYNC);
}

static void read_rgba(void *opaque, const dl_scene *scene, uint8_t *out) {
    state *s = opaque;
    BLImageData data;
    blImageGetData(&s->target, &data);
    for (uint32_t y = 0; y < scene->height; y++) {
        const uint32_t *row = (const uint32_t *)((const uint8_t *)data.pixelData + (intptr_t)y * data.stride);
        for (uint32_t x = 0; x < scene->width; x++, out += 4) {
            uint32_t p = row[x], a = p >> 24;
            uint32_t r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, b = p & 0xFF;
            /* Un-premultiply with rounding; the scenes' opaque background makes a = 255 everywhere. */
            out[0] = unpremul_u8(r, a);
            out[1] = unpremul_u8(g, a);
            out[2] = unpremul_u8(b, a);
            out[3] = (uint8_t)a;
        }
    }
}

static const void *encode_png(void *opaque, const dl_scene *scene, size_t *size, char *error, size_t error_size) {
    (void)scene;
    state *s = opaque;
    /* The encoder appends to the array: clear it (its capacity stays for the next frame). */
    BLResult r = blArrayClear(&s->png_data);
    if (r != BL_SUCCESS || (r = blImageWriteToData(&s->target, &s->png_data, &s->png_codec)) != BL_SUCCESS) {
        snprintf(error, error_size, "Blend2D PNG codec failed (BLResult 0x%x)", (unsigned)r);
        return NULL;
    }
    *size = blArrayGetSize(&s->png_data);
    return blArrayGetData(&s->png_data);
}

int main(int argc, char **argv) {
    const player_backend backend = {"blend2d", version, prepare, render_frame, read_rgba, destroy, encode_png};
    return player_main(argc, argv, &backend);
}
