/* Shared parts of the native peer players: the display-list reader, the SCENES.md timing protocol, the JSON
 * report and a dependency-free PNG writer.
 *
 * Coordinates are device pixels, origin top-left, y down; transforms are the scene's 4x4 row-vector matrices
 * (p' = p·M, translation in m41 m42), stored row-major as 16 doubles. Colours are straight-alpha floats 0..1.
 * The display list is written by scene_dl.py (format described there); every count in it is checked against
 * the file size before anything is allocated, so a damaged file gives an error, never a huge allocation. */
#ifndef PEER_PLAYER_COMMON_H
#define PEER_PLAYER_COMMON_H

#include <stddef.h>
#include <stdint.h>

enum { DL_ITEM_SHAPE = 0, DL_ITEM_IMAGE = 1 };
enum { DL_PAINT_FILL = 0, DL_PAINT_STROKE = 1 };
enum { DL_RULE_NONZERO = 0, DL_RULE_EVENODD = 1 };
enum { DL_CAP_BUTT = 0, DL_CAP_ROUND = 1, DL_CAP_SQUARE = 2 };
enum { DL_JOIN_MITER = 0, DL_JOIN_ROUND = 1, DL_JOIN_BEVEL = 2 };
enum { DL_PRIM_NONE = 0, DL_PRIM_RECT = 1, DL_PRIM_RRECT = 2 };
/* Each animated frame holds, per item, the 16 transform numbers then the opacity. */
enum { DL_FRAME_ENTRY = 17 };

typedef struct {
    uint32_t width, height;
    uint8_t *rgba; /* straight-alpha RGBA8, row-major, width*height*4 bytes */
} dl_image;

typedef struct {
    uint32_t kind;
    double transform[16];
    double opacity;
    /* shapes */
    uint32_t paint, rule, cap, join, prim;
    double color[4];
    double stroke_width, miter_limit;
    double prim_values[5]; /* rect: x y w h; rrect: x y w h r */
    uint32_t verb_count;
    char *verbs;           /* 'M' 'L' 'C' 'Z' */
    uint32_t coord_count;
    double *coords;        /* x, y pairs in order */
    /* images */
    uint32_t image;
    double rect[4];        /* x y w h in local coordinates */
} dl_item;

typedef struct {
    char name[128];
    uint32_t width, height;
    double background[4];
    int projective; /* some matrix has m14, m24 != 0 or m44 != 1 */
    uint32_t image_count, item_count, frame_count, reference_frame;
    dl_image *images;
    dl_item *items;
    double *frames; /* frame_count * item_count * DL_FRAME_ENTRY, or NULL for a static scene */
} dl_scene;

/* Loads a display list; on failure returns 0 and writes a message into error. */
int dl_load(const char *path, dl_scene *scene, char *error, size_t error_size);
void dl_free(dl_scene *scene);

/* The per-frame transform and opacity of item i: the item's own for a static scene (frame < 0). */
const double *dl_item_transform(const dl_scene *scene, int frame, uint32_t i);
double dl_item_opacity(const dl_scene *scene, int frame, uint32_t i);

/* A renderer plugged into the shared driver. prepare builds every retained structure (outside timing) and
 * returns NULL with a message when the scene needs something the renderer lacks; render_frame draws one
 * complete frame (background fill + every item) synchronously; read_rgba writes straight-alpha RGBA8. */
typedef struct {
    const char *name;
    const char *(*version)(void);
    void *(*prepare)(const dl_scene *scene, char *error, size_t error_size);
    void (*render_frame)(void *state, const dl_scene *scene, int frame);
    void (*read_rgba)(void *state, const dl_scene *scene, uint8_t *out);
    void (*destroy)(void *state);
    /* Optional, for --png-dir: encodes the frame just drawn as a PNG with the renderer's own encoder and returns
     * the bytes (owned by the backend, valid until the next call), or NULL with a message. */
    const void *(*encode_png)(void *state, const dl_scene *scene, size_t *size, char *error, size_t error_size);
} player_backend;

/* Parses the command line shared by every player (see README.md), runs the timing protocol and prints the
 * JSON report on stdout. With --png-dir DIR (animated scenes, backends with encode_png) it runs the end-to-end
 * mode instead: one timed pass in which every frame is drawn, encoded and written to DIR/frame_%03d.png. Returns the process exit code: 0 ok, 1 error, 3 scene unsupported by this renderer. */
int player_main(int argc, char **argv, const player_backend *backend);

/* Writes straight RGBA8 as a PNG (stored deflate blocks: large but needs no zlib). Returns 0 on failure. */
int png_write_rgba(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height);

/* 8-bit helpers shared by the players: round(v * 255) clamped, and premultiplication with rounding. */
uint8_t unit_to_u8(double v);
static inline uint8_t premul_u8(uint32_t c, uint32_t a) {
    uint32_t t = c * a + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

/* Inverse with rounding, clamped: a renderer may leave a channel one step above its alpha. */
static inline uint8_t unpremul_u8(uint32_t c, uint32_t a) {
    if (a == 0) return 0;
    uint32_t v = (c * 255 + a / 2) / a;
    return (uint8_t)(v > 255 ? 255 : v);
}

#endif
