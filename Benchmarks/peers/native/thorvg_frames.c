/* The ThorVG player as a shared library, for the end-to-end mode (end_to_end.py): ThorVG has no PNG encoder,
 * so Python draws each frame through these calls and hands the frame buffer to Pillow's PNG encoder. The
 * drawing is thorvg_player.c's own (included here, its main renamed): same paints, same per-frame updates.
 *
 *   void *tvgf_open(const char *dl_path, char *error, size_t error_size)  NULL on failure or unsupported
 *   void tvgf_size(void *, uint32_t *width, uint32_t *height, uint32_t *frames)
 *   void tvgf_render(void *, int frame)     background fill + every item, synchronous
 *   const void *tvgf_pixels(void *)         premultiplied RGBA8 bytes (ABGR8888 words), rows top to bottom
 *   const char *tvgf_version(void)
 *   void tvgf_close(void *) */
#define main thorvg_player_main
#include "thorvg_player.c"
#undef main

typedef struct {
    dl_scene scene;
    state *renderer;
} tvgf;

void *tvgf_open(const char *dl_path, char *error, size_t error_size) {
    tvgf *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    if (!dl_load(dl_path, &f->scene, error, error_size)) { free(f); return NULL; }
    f->renderer = prepare(&f->scene, error, error_size);
    if (!f->renderer) { dl_free(&f->scene); free(f); return NULL; }
    return f;
}

void tvgf_size(void *opaque, uint32_t *width, uint32_t *height, uint32_t *frames) {
    tvgf *f = opaque;
    *width = f->scene.width;
    *height = f->scene.height;
    *frames = f->scene.frame_count;
}

void tvgf_render(void *opaque, int frame) {
    tvgf *f = opaque;
    render_frame(f->renderer, &f->scene, frame);
}

const void *tvgf_pixels(void *opaque) { return ((tvgf *)opaque)->renderer->buffer; }

const char *tvgf_version(void) { return version(); }

void tvgf_close(void *opaque) {
    tvgf *f = opaque;
    destroy(f->renderer);
    dl_free(&f->scene);
    free(f);
}
