/* Reader for the peer display list written by scene_dl.py (little-endian; layout documented there).
 * Every count is checked against the bytes that remain before anything is allocated, every number must be
 * finite, so a truncated or damaged file gives a clear error and never a huge allocation. */
#include "player_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size, offset;
    int failed;
    char *error;
    size_t error_size;
} reader;

static void fail(reader *r, const char *what) {
    if (!r->failed) snprintf(r->error, r->error_size, "display list: %s at byte %zu", what, r->offset);
    r->failed = 1;
}

static int have(reader *r, size_t bytes) {
    if (r->failed) return 0;
    if (bytes > r->size - r->offset) { fail(r, "truncated"); return 0; }
    return 1;
}

static uint32_t read_u32(reader *r) {
    if (!have(r, 4)) return 0;
    const uint8_t *p = r->data + r->offset;
    r->offset += 4;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static double read_f64(reader *r) {
    if (!have(r, 8)) return 0;
    uint64_t bits = 0;
    for (int i = 7; i >= 0; i--) bits = bits << 8 | r->data[r->offset + (size_t)i];
    r->offset += 8;
    double value;
    memcpy(&value, &bits, sizeof value);
    if (!isfinite(value)) fail(r, "non-finite number");
    return value;
}

static void read_f64s(reader *r, double *out, size_t count) {
    for (size_t i = 0; i < count && !r->failed; i++) out[i] = read_f64(r);
}

/* Bounded enum: values outside [0, limit] are an error, not a silent default. */
static uint32_t read_enum(reader *r, uint32_t limit, const char *what) {
    uint32_t v = read_u32(r);
    if (v > limit) fail(r, what);
    return v;
}

static void read_item(reader *r, dl_item *item, uint32_t image_count) {
    item->kind = read_enum(r, DL_ITEM_IMAGE, "bad item kind");
    read_f64s(r, item->transform, 16);
    item->opacity = read_f64(r);
    if (item->kind == DL_ITEM_IMAGE) {
        item->image = read_u32(r);
        if (item->image >= image_count) fail(r, "image index out of range");
        read_f64s(r, item->rect, 4);
        return;
    }
    item->paint = read_enum(r, DL_PAINT_STROKE, "bad paint");
    read_f64s(r, item->color, 4);
    item->rule = read_enum(r, DL_RULE_EVENODD, "bad fill rule");
    item->stroke_width = read_f64(r);
    item->miter_limit = read_f64(r);
    item->cap = read_enum(r, DL_CAP_SQUARE, "bad cap");
    item->join = read_enum(r, DL_JOIN_BEVEL, "bad join");
    item->prim = read_enum(r, DL_PRIM_RRECT, "bad prim");
    read_f64s(r, item->prim_values, 5);
    item->verb_count = read_u32(r);
    if (!have(r, item->verb_count)) return;
    item->verbs = malloc(item->verb_count + 1u);
    if (!item->verbs) { fail(r, "out of memory"); return; }
    memcpy(item->verbs, r->data + r->offset, item->verb_count);
    item->verbs[item->verb_count] = 0;
    r->offset += item->verb_count;
    uint32_t needed = 0;
    for (uint32_t v = 0; v < item->verb_count; v++) {
        switch (item->verbs[v]) {
        case 'M': case 'L': needed += 2; break;
        case 'C': needed += 6; break;
        case 'Z': break;
        default: fail(r, "unknown path verb"); return;
        }
    }
    item->coord_count = read_u32(r);
    if (item->coord_count != needed) { fail(r, "path point count does not match its verbs"); return; }
    if (!have(r, (size_t)item->coord_count * 8)) return;
    item->coords = malloc((size_t)item->coord_count * sizeof(double) + 1);
    if (!item->coords) { fail(r, "out of memory"); return; }
    read_f64s(r, item->coords, item->coord_count);
}

static int is_projective(const double *m) { return m[3] != 0 || m[7] != 0 || m[15] != 1; }

int dl_load(const char *path, dl_scene *scene, char *error, size_t error_size) {
    memset(scene, 0, sizeof *scene);
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(error, error_size, "cannot open %s", path); return 0; }
    uint8_t *data = NULL;
    long size = -1;
    if (fseek(file, 0, SEEK_END) == 0) size = ftell(file);
    /* 1 GiB is far beyond any scene (scene g at 1080p is about 5 MB). */
    if (size <= 0 || size > (1L << 30) || fseek(file, 0, SEEK_SET) != 0 ||
        !(data = malloc((size_t)size)) || fread(data, 1, (size_t)size, file) != (size_t)size) {
        snprintf(error, error_size, "cannot read %s", path);
        fclose(file);
        free(data);
        return 0;
    }
    fclose(file);

    reader r = {data, (size_t)size, 0, 0, error, error_size};
    if (!have(&r, 8) || memcmp(data, "OQPEERDL", 8) != 0) { fail(&r, "bad magic (not a peer display list)"); }
    r.offset = 8;
    if (read_u32(&r) != 1) fail(&r, "unsupported version");
    uint32_t name_length = read_u32(&r);
    if (name_length >= sizeof scene->name) fail(&r, "name too long");
    if (have(&r, name_length)) { memcpy(scene->name, data + r.offset, name_length); r.offset += name_length; }
    scene->width = read_u32(&r);
    scene->height = read_u32(&r);
    if (!r.failed && (scene->width == 0 || scene->height == 0 || scene->width > 16384 || scene->height > 16384))
        fail(&r, "frame size out of range (1..16384)");
    read_f64s(&r, scene->background, 4);
    scene->image_count = read_u32(&r);
    scene->item_count = read_u32(&r);
    scene->frame_count = read_u32(&r);
    scene->reference_frame = read_u32(&r);
    if (!r.failed && scene->frame_count > 0 && scene->reference_frame >= scene->frame_count)
        fail(&r, "reference frame out of range");
    /* Each image needs at least 8 bytes and each item at least 140, so these bound the allocations. */
    if (!r.failed && (scene->image_count > (r.size - r.offset) / 8 || scene->item_count > (r.size - r.offset) / 140))
        fail(&r, "counts exceed the file size");
    if (!r.failed) {
        scene->images = calloc(scene->image_count + 1u, sizeof(dl_image));
        scene->items = calloc(scene->item_count + 1u, sizeof(dl_item));
        if (!scene->images || !scene->items) fail(&r, "out of memory");
    }
    for (uint32_t i = 0; i < scene->image_count && !r.failed; i++) {
        dl_image *image = &scene->images[i];
        image->width = read_u32(&r);
        image->height = read_u32(&r);
        if (image->width == 0 || image->height == 0 || image->width > 16384 || image->height > 16384) {
            fail(&r, "image size out of range");
            break;
        }
        size_t bytes = (size_t)image->width * image->height * 4;
        if (!have(&r, bytes)) break;
        if (!(image->rgba = malloc(bytes))) { fail(&r, "out of memory"); break; }
        memcpy(image->rgba, data + r.offset, bytes);
        r.offset += bytes;
    }
    for (uint32_t i = 0; i < scene->item_count && !r.failed; i++) {
        read_item(&r, &scene->items[i], scene->image_count);
        if (is_projective(scene->items[i].transform)) scene->projective = 1;
    }
    if (!r.failed && scene->frame_count > 0) {
        size_t entries = (size_t)scene->frame_count * scene->item_count * DL_FRAME_ENTRY;
        if (have(&r, entries * 8)) {
            if (!(scene->frames = malloc(entries * sizeof(double) + 1))) fail(&r, "out of memory");
            read_f64s(&r, scene->frames, entries);
            for (size_t e = 0; e < entries && !r.failed; e += DL_FRAME_ENTRY)
                if (is_projective(scene->frames + e)) scene->projective = 1;
        }
    }
    if (!r.failed && r.offset != r.size) fail(&r, "trailing bytes");
    free(data);
    if (r.failed) { dl_free(scene); return 0; }
    return 1;
}

void dl_free(dl_scene *scene) {
    for (uint32_t i = 0; scene->images && i < scene->image_count; i++) free(scene->images[i].rgba);
    for (uint32_t i = 0; scene->items && i < scene->item_count; i++) {
        free(scene->items[i].verbs);
        free(scene->items[i].coords);
    }
    free(scene->images);
    free(scene->items);
    free(scene->frames);
    memset(scene, 0, sizeof *scene);
}

const double *dl_item_transform(const dl_scene *scene, int frame, uint32_t i) {
    if (frame < 0 || !scene->frames) return scene->items[i].transform;
    return scene->frames + ((size_t)frame * scene->item_count + i) * DL_FRAME_ENTRY;
}

double dl_item_opacity(const dl_scene *scene, int frame, uint32_t i) {
    if (frame < 0 || !scene->frames) return scene->items[i].opacity;
    return scene->frames[((size_t)frame * scene->item_count + i) * DL_FRAME_ENTRY + 16];
}

uint8_t unit_to_u8(double v) {
    if (!(v > 0)) return 0;
    if (v >= 1) return 255;
    return (uint8_t)lround(v * 255.0);
}
