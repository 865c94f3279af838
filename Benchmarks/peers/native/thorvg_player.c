/* ThorVG peer player: draws a peer display list with ThorVG's software canvas into an ABGR8888 buffer
 * (premultiplied, bytes R G B A in memory: the same layout as OpenQuartz's PremultipliedRGBA8).
 * Engine with 0 threads and canvas option NONE (no partial/smart rendering), so it runs on this thread.
 * Retained before timing: one Tvg_Paint per item (shape with its path or native rect/round-rect, or a picture
 * holding the premultiplied texture), all added to the canvas. Each timed frame fills the buffer with the
 * background, re-sets every paint's transform and opacity (so every paint is re-rasterized, as in the published
 * peer figures; README.md, "What it runs"), then update + draw (no clear) + sync. ThorVG's Tvg_Matrix is
 * column-vector form (x' = e11 x + e12 y + e13), the transpose of the scene's row-vector 4x4. Projective scenes
 * (f) are reported unsupported.
 *
 * The thorvg-python wheel ships libthorvg-1.so without its C header, so the few C API declarations used here
 * are written out below from ThorVG 1.0's documented thorvg_capi.h (types and enum values as documented). */
#include "player_common.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- ThorVG 1.0 C API subset (thorvg_capi.h) ---- */
typedef struct _Tvg_Canvas *Tvg_Canvas;
typedef struct _Tvg_Paint *Tvg_Paint;
typedef enum { TVG_RESULT_SUCCESS = 0 } Tvg_Result;
typedef enum { TVG_COLORSPACE_ABGR8888 = 0, TVG_COLORSPACE_ARGB8888 = 1 } Tvg_Colorspace;
typedef enum { TVG_ENGINE_OPTION_NONE = 0 } Tvg_Engine_Option;
typedef uint8_t Tvg_Path_Command;
enum { TVG_PATH_COMMAND_CLOSE = 0, TVG_PATH_COMMAND_MOVE_TO, TVG_PATH_COMMAND_LINE_TO, TVG_PATH_COMMAND_CUBIC_TO };
typedef enum { TVG_STROKE_CAP_BUTT = 0, TVG_STROKE_CAP_ROUND, TVG_STROKE_CAP_SQUARE } Tvg_Stroke_Cap;
typedef enum { TVG_STROKE_JOIN_MITER = 0, TVG_STROKE_JOIN_ROUND, TVG_STROKE_JOIN_BEVEL } Tvg_Stroke_Join;
typedef enum { TVG_FILL_RULE_NON_ZERO = 0, TVG_FILL_RULE_EVEN_ODD } Tvg_Fill_Rule;
typedef struct { float x, y; } Tvg_Point;
typedef struct { float e11, e12, e13, e21, e22, e23, e31, e32, e33; } Tvg_Matrix;

Tvg_Result tvg_engine_init(unsigned threads);
Tvg_Result tvg_engine_term(void);
Tvg_Result tvg_engine_version(uint32_t *major, uint32_t *minor, uint32_t *micro, const char **version);
Tvg_Canvas tvg_swcanvas_create(Tvg_Engine_Option op);
Tvg_Result tvg_swcanvas_set_target(Tvg_Canvas canvas, uint32_t *buffer, uint32_t stride, uint32_t w, uint32_t h,
                                   Tvg_Colorspace cs);
Tvg_Result tvg_canvas_destroy(Tvg_Canvas canvas);
Tvg_Result tvg_canvas_add(Tvg_Canvas canvas, Tvg_Paint paint);
Tvg_Result tvg_canvas_update(Tvg_Canvas canvas);
Tvg_Result tvg_canvas_draw(Tvg_Canvas canvas, bool clear);
Tvg_Result tvg_canvas_sync(Tvg_Canvas canvas);
Tvg_Result tvg_paint_set_transform(Tvg_Paint paint, const Tvg_Matrix *m);
Tvg_Result tvg_paint_set_opacity(Tvg_Paint paint, uint8_t opacity);
Tvg_Paint tvg_shape_new(void);
Tvg_Result tvg_shape_append_rect(Tvg_Paint paint, float x, float y, float w, float h, float rx, float ry, bool cw);
Tvg_Result tvg_shape_append_path(Tvg_Paint paint, const Tvg_Path_Command *cmds, uint32_t cmdCnt, const Tvg_Point *pts,
                                 uint32_t ptsCnt);
Tvg_Result tvg_shape_set_stroke_width(Tvg_Paint paint, float width);
Tvg_Result tvg_shape_set_stroke_color(Tvg_Paint paint, uint8_t r, uint8_t g, uint8_t b, uint8_t a);
Tvg_Result tvg_shape_set_stroke_cap(Tvg_Paint paint, Tvg_Stroke_Cap cap);
Tvg_Result tvg_shape_set_stroke_join(Tvg_Paint paint, Tvg_Stroke_Join join);
Tvg_Result tvg_shape_set_stroke_miterlimit(Tvg_Paint paint, float miterlimit);
Tvg_Result tvg_shape_set_fill_color(Tvg_Paint paint, uint8_t r, uint8_t g, uint8_t b, uint8_t a);
Tvg_Result tvg_shape_set_fill_rule(Tvg_Paint paint, Tvg_Fill_Rule rule);
Tvg_Paint tvg_picture_new(void);
Tvg_Result tvg_picture_load_raw(Tvg_Paint picture, const uint32_t *data, uint32_t w, uint32_t h, Tvg_Colorspace cs,
                                bool copy);
Tvg_Result tvg_picture_set_size(Tvg_Paint picture, float w, float h);
/* ---- end of the ThorVG declarations ---- */

typedef struct {
    Tvg_Canvas canvas;
    uint32_t *buffer;
    size_t pixel_count;
    uint32_t background; /* ABGR8888 premultiplied */
    Tvg_Paint *paints;
    int engine_ready;
} state;

static const char *version(void) {
    const char *text = NULL;
    if (tvg_engine_version(NULL, NULL, NULL, &text) != TVG_RESULT_SUCCESS || !text) return "unknown";
    return text;
}

static void destroy(void *opaque) {
    state *s = opaque;
    if (s->canvas) tvg_canvas_destroy(s->canvas); /* frees every paint added to it */
    if (s->engine_ready) tvg_engine_term();
    free(s->paints);
    free(s->buffer);
    free(s);
}

static Tvg_Paint make_shape(const dl_item *item) {
    Tvg_Paint shape = tvg_shape_new();
    if (!shape) return NULL;
    const double *p = item->prim_values;
    if (item->paint == DL_PAINT_FILL && item->prim != DL_PRIM_NONE) {
        float r = item->prim == DL_PRIM_RRECT ? (float)p[4] : 0.0f;
        tvg_shape_append_rect(shape, (float)p[0], (float)p[1], (float)p[2], (float)p[3], r, r, true);
    } else {
        Tvg_Path_Command *cmds = malloc(item->verb_count + 1u);
        Tvg_Point *pts = malloc((item->coord_count / 2 + 1u) * sizeof *pts);
        if (!cmds || !pts) { free(cmds); free(pts); return NULL; }
        for (uint32_t v = 0; v < item->verb_count; v++) {
            char verb = item->verbs[v];
            cmds[v] = verb == 'M' ? TVG_PATH_COMMAND_MOVE_TO : verb == 'L' ? TVG_PATH_COMMAND_LINE_TO
                    : verb == 'C' ? TVG_PATH_COMMAND_CUBIC_TO : TVG_PATH_COMMAND_CLOSE;
        }
        for (uint32_t k = 0; k < item->coord_count / 2; k++)
            pts[k] = (Tvg_Point){(float)item->coords[2 * k], (float)item->coords[2 * k + 1]};
        tvg_shape_append_path(shape, cmds, item->verb_count, pts, item->coord_count / 2);
        free(cmds);
        free(pts);
    }
    const double *c = item->color;
    if (item->paint == DL_PAINT_STROKE) {
        tvg_shape_set_stroke_width(shape, (float)item->stroke_width);
        tvg_shape_set_stroke_color(shape, unit_to_u8(c[0]), unit_to_u8(c[1]), unit_to_u8(c[2]), unit_to_u8(c[3]));
        tvg_shape_set_stroke_cap(shape, item->cap == DL_CAP_ROUND ? TVG_STROKE_CAP_ROUND
                                        : item->cap == DL_CAP_SQUARE ? TVG_STROKE_CAP_SQUARE : TVG_STROKE_CAP_BUTT);
        tvg_shape_set_stroke_join(shape, item->join == DL_JOIN_ROUND ? TVG_STROKE_JOIN_ROUND
                                         : item->join == DL_JOIN_BEVEL ? TVG_STROKE_JOIN_BEVEL : TVG_STROKE_JOIN_MITER);
        tvg_shape_set_stroke_miterlimit(shape, (float)item->miter_limit);
    } else {
        tvg_shape_set_fill_color(shape, unit_to_u8(c[0]), unit_to_u8(c[1]), unit_to_u8(c[2]), unit_to_u8(c[3]));
        tvg_shape_set_fill_rule(shape, item->rule == DL_RULE_EVENODD ? TVG_FILL_RULE_EVEN_ODD : TVG_FILL_RULE_NON_ZERO);
    }
    return shape;
}

static Tvg_Paint make_picture(const dl_item *item, const dl_image *image) {
    Tvg_Paint picture = tvg_picture_new();
    if (!picture) return NULL;
    size_t count = (size_t)image->width * image->height;
    uint32_t *pixels = malloc(count * sizeof *pixels);
    if (!pixels) return picture;
    for (size_t k = 0; k < count; k++) {
        const uint8_t *p = image->rgba + 4 * k;
        uint32_t a = p[3];
        pixels[k] = a << 24 | (uint32_t)premul_u8(p[2], a) << 16 | (uint32_t)premul_u8(p[1], a) << 8 |
                    premul_u8(p[0], a);
    }
    /* copy = true: ThorVG keeps its own copy, so ours can go. */
    tvg_picture_load_raw(picture, pixels, image->width, image->height, TVG_COLORSPACE_ABGR8888, true);
    free(pixels);
    tvg_picture_set_size(picture, (float)item->rect[2], (float)item->rect[3]);
    return picture;
}

static void *prepare(const dl_scene *scene, char *error, size_t error_size) {
    if (scene->projective) {
        snprintf(error, error_size, "perspective (projective matrices) is not supported by this ThorVG player");
        return NULL;
    }
    state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->pixel_count = (size_t)scene->width * scene->height;
    s->buffer = malloc(s->pixel_count * sizeof *s->buffer);
    s->paints = calloc(scene->item_count + 1u, sizeof *s->paints);
    const double *bg = scene->background;
    uint32_t a = unit_to_u8(bg[3]);
    s->background = a << 24 | (uint32_t)premul_u8(unit_to_u8(bg[2]), a) << 16 |
                    (uint32_t)premul_u8(unit_to_u8(bg[1]), a) << 8 | premul_u8(unit_to_u8(bg[0]), a);
    int ok = s->buffer && s->paints && tvg_engine_init(0) == TVG_RESULT_SUCCESS;
    s->engine_ready = ok;
    ok = ok && (s->canvas = tvg_swcanvas_create(TVG_ENGINE_OPTION_NONE)) != NULL &&
         tvg_swcanvas_set_target(s->canvas, s->buffer, scene->width, scene->width, scene->height,
                                 TVG_COLORSPACE_ABGR8888) == TVG_RESULT_SUCCESS;
    for (uint32_t i = 0; ok && i < scene->item_count; i++) {
        const dl_item *item = &scene->items[i];
        s->paints[i] = item->kind == DL_ITEM_IMAGE ? make_picture(item, &scene->images[item->image]) : make_shape(item);
        ok = s->paints[i] && tvg_canvas_add(s->canvas, s->paints[i]) == TVG_RESULT_SUCCESS;
    }
    if (!ok) {
        snprintf(error, error_size, "ThorVG setup failed");
        destroy(s);
        return NULL;
    }
    return s;
}

static void render_frame(void *opaque, const dl_scene *scene, int frame) {
    state *s = opaque;
    for (size_t k = 0; k < s->pixel_count; k++) s->buffer[k] = s->background;
    for (uint32_t i = 0; i < scene->item_count; i++) {
        const dl_item *item = &scene->items[i];
        const double *m = dl_item_transform(scene, frame, i);
        double tx = m[12], ty = m[13];
        if (item->kind == DL_ITEM_IMAGE) {
            /* The picture spans (0,0)-(w,h); the scene maps the image onto rect (x, y, w, h) first. */
            tx += m[0] * item->rect[0] + m[4] * item->rect[1];
            ty += m[1] * item->rect[0] + m[5] * item->rect[1];
        }
        Tvg_Matrix matrix = {(float)m[0], (float)m[4], (float)tx, (float)m[1], (float)m[5], (float)ty, 0, 0, 1};
        tvg_paint_set_transform(s->paints[i], &matrix);
        tvg_paint_set_opacity(s->paints[i], unit_to_u8(dl_item_opacity(scene, frame, i)));
    }
    tvg_canvas_update(s->canvas);
    tvg_canvas_draw(s->canvas, false);
    tvg_canvas_sync(s->canvas);
}

static void read_rgba(void *opaque, const dl_scene *scene, uint8_t *out) {
    state *s = opaque;
    for (size_t k = 0; k < (size_t)scene->width * scene->height; k++, out += 4) {
        uint32_t p = s->buffer[k], a = p >> 24;
        uint32_t r = p & 0xFF, g = p >> 8 & 0xFF, b = p >> 16 & 0xFF;
        out[0] = unpremul_u8(r, a);
        out[1] = unpremul_u8(g, a);
        out[2] = unpremul_u8(b, a);
        out[3] = (uint8_t)a;
    }
}

int main(int argc, char **argv) {
    /* No PNG encoder in ThorVG: the end-to-end mode drives it through thorvg_frames.c and Pillow. */
    const player_backend backend = {"thorvg", version, prepare, render_frame, read_rgba, destroy, NULL};
    return player_main(argc, argv, &backend);
}
