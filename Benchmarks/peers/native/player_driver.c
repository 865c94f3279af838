/* The command line and timing protocol shared by the native players (SCENES.md, "Timing protocol"):
 *   static scene:   W warm-up frames, then timed frames until at least N frames and S seconds, at most X frames
 *   animated scene: W warm-up frames, then P passes over every frame, each frame timed
 * Defaults are SCENES.md's (W=3, N=15, S=2, X=200; animated W=10, P=2); compare.py passes them explicitly.
 * A timed frame is one render_frame call: background fill plus every item, single-threaded, synchronous.
 * Times are CLOCK_MONOTONIC nanoseconds around that call only.
 * --png-dir DIR (end to end, README.md): W warm-up frames, then one timed pass in which each frame is drawn,
 * encoded by the backend's own PNG encoder and written to DIR/frame_%03d.png, all on this thread. */
#include "player_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    const char *scene_path, *png_path, *png_dir;
    long warmup, min_frames, max_frames, passes, frame_limit;
    double min_seconds;
} options;

static uint64_t clock_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t now_ns(void) { return clock_ns(CLOCK_MONOTONIC); }

/* Threads of this process, from /proc: the report shows the renderer stayed single-threaded. */
static long process_threads(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long threads = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "Threads:", 8) == 0) { threads = strtol(line + 8, NULL, 10); break; }
    fclose(f);
    return threads;
}

static int parse_long(const char *text, long low, long high, long *out) {
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (!end || *end || v < low || v > high) return 0;
    *out = v;
    return 1;
}

static void usage(const char *program) {
    fprintf(stderr,
            "usage: %s SCENE.dl [--warmup N] [--min-frames N] [--max-frames N] [--min-seconds S] [--passes N]\n"
            "       [--png OUT.png] [--png-dir DIR [--frame-limit N]]\n"
            "Renders a peer display list (scene_dl.py) with the SCENES.md timing protocol and prints per-frame\n"
            "nanoseconds as JSON on stdout. --png writes the reference frame as straight-alpha RGBA8.\n"
            "--png-dir DIR times one pass that draws, PNG-encodes and writes every frame to DIR/frame_%%03d.png.\n",
            program);
}

static int parse(int argc, char **argv, options *o) {
    memset(o, 0, sizeof *o);
    o->warmup = o->min_frames = o->max_frames = o->passes = o->frame_limit = -1;
    o->min_seconds = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        long *target = NULL;
        long low = 0, high = 1000000;
        if (strcmp(a, "--warmup") == 0) target = &o->warmup;
        else if (strcmp(a, "--min-frames") == 0) { target = &o->min_frames; low = 1; }
        else if (strcmp(a, "--max-frames") == 0) { target = &o->max_frames; low = 1; }
        else if (strcmp(a, "--passes") == 0) { target = &o->passes; low = 1; high = 1000; }
        else if (strcmp(a, "--frame-limit") == 0) { target = &o->frame_limit; low = 1; }
        if (target) {
            if (!has_value || !parse_long(argv[++i], low, high, target)) {
                fprintf(stderr, "bad value for %s\n", a);
                return 0;
            }
        } else if (strcmp(a, "--min-seconds") == 0 && has_value) {
            char *end = NULL;
            o->min_seconds = strtod(argv[++i], &end);
            if (!end || *end || !(o->min_seconds >= 0 && o->min_seconds <= 3600)) {
                fprintf(stderr, "bad value for --min-seconds\n");
                return 0;
            }
        } else if (strcmp(a, "--png") == 0 && has_value) {
            o->png_path = argv[++i];
        } else if (strcmp(a, "--png-dir") == 0 && has_value) {
            o->png_dir = argv[++i];
        } else if (a[0] == '-' || o->scene_path) {
            return 0;
        } else {
            o->scene_path = a;
        }
    }
    return o->scene_path != NULL;
}

static void print_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20) printf("\\u%04x", *s);
        else putchar(*s);
    }
    putchar('"');
}

/* Writes size bytes to path (created or truncated), with no fsync, as the other renderers' writers do. */
static int write_file(const char *path, const void *data, size_t size) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return 0;
    const uint8_t *p = data;
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { close(fd); return 0; }
        p += n;
        size -= (size_t)n;
    }
    return close(fd) == 0;
}

static void print_list(const char *key, const uint64_t *values, size_t count) {
    printf(", \"%s\": [", key);
    for (size_t i = 0; i < count; i++) printf(i ? ", %llu" : "%llu", (unsigned long long)values[i]);
    printf("]");
}

/* Draws, encodes and writes one frame; the phases' nanoseconds and the file size go to the arrays at k. */
static int png_frame(const player_backend *backend, void *state, const dl_scene *scene, int frame, const char *path,
                     uint64_t *draw, uint64_t *encode, uint64_t *write_ns, uint64_t *bytes, size_t k) {
    char error[256] = {0};
    uint64_t t0 = now_ns();
    backend->render_frame(state, scene, frame);
    uint64_t t1 = now_ns();
    size_t size = 0;
    const void *data = backend->encode_png(state, scene, &size, error, sizeof error);
    uint64_t t2 = now_ns();
    if (!data) { fprintf(stderr, "%s: PNG encoding failed: %s\n", backend->name, error); return 0; }
    if (!write_file(path, data, size)) {
        fprintf(stderr, "%s: cannot write %s: %s\n", backend->name, path, strerror(errno));
        return 0;
    }
    uint64_t t3 = now_ns();
    draw[k] = t1 - t0;
    encode[k] = t2 - t1;
    write_ns[k] = t3 - t2;
    bytes[k] = size;
    return 1;
}

/* The end-to-end mode: warm-up frames go to DIR/warmup.png (removed afterwards), the timed pass to
 * DIR/frame_%03d.png. A frame's time is the span from the previous frame's file being complete to its own. */
static int run_png_frames(const options *o, const player_backend *backend, void *state, const dl_scene *scene) {
    if (!backend->encode_png) { fprintf(stderr, "%s: no PNG encoder for --png-dir\n", backend->name); return 1; }
    if (scene->frame_count == 0) { fprintf(stderr, "%s: --png-dir needs an animated scene\n", backend->name); return 1; }
    size_t count = o->frame_limit > 0 && (size_t)o->frame_limit < scene->frame_count ? (size_t)o->frame_limit
                                                                                     : scene->frame_count;
    size_t path_size = strlen(o->png_dir) + 32;
    uint64_t *values = calloc(6 * count, sizeof *values);
    char *path = malloc(path_size);
    if (!values || !path) { fprintf(stderr, "out of memory\n"); return 1; }
    uint64_t *draw = values, *encode = draw + count, *write_ns = encode + count, *bytes = write_ns + count,
             *finished = bytes + count, *frame_ns = finished + count;
    snprintf(path, path_size, "%s/warmup.png", o->png_dir);
    for (long i = 0; i < o->warmup; i++)
        if (!png_frame(backend, state, scene, (int)(i % scene->frame_count), path, draw, encode, write_ns, bytes, 0))
            return 1;
    if (o->warmup > 0) unlink(path);

    long threads_before = process_threads();
    uint64_t cpu_start = clock_ns(CLOCK_PROCESS_CPUTIME_ID), start = now_ns();
    for (size_t k = 0; k < count; k++) {
        snprintf(path, path_size, "%s/frame_%03zu.png", o->png_dir, k);
        if (!png_frame(backend, state, scene, (int)k, path, draw, encode, write_ns, bytes, k)) return 1;
        finished[k] = now_ns();
        frame_ns[k] = finished[k] - (k ? finished[k - 1] : start);
    }
    uint64_t wall_total = now_ns() - start, cpu_total = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    long threads = process_threads();

    printf("{\"renderer\": ");
    print_json_string(backend->name);
    printf(", \"version\": ");
    print_json_string(backend->version());
    printf(", \"scene\": ");
    print_json_string(scene->name);
    printf(", \"mode\": \"png-files\", \"overlapped\": false, \"width\": %u, \"height\": %u, \"threads\": 1"
           ", \"threads_before\": %ld, \"threads_after\": %ld, \"timed_wall_ns\": %llu, \"timed_cpu_ns\": %llu"
           ", \"protocol\": {\"warmup\": %ld, \"passes\": 1, \"frames\": %zu}",
           scene->width, scene->height, threads_before, threads, (unsigned long long)wall_total,
           (unsigned long long)cpu_total, o->warmup, count);
    print_list("frame_ns", frame_ns, count);
    print_list("draw_ns", draw, count);
    print_list("encode_ns", encode, count);
    print_list("write_ns", write_ns, count);
    print_list("png_bytes", bytes, count);
    printf("}\n");
    free(values);
    free(path);
    return 0;
}

int player_main(int argc, char **argv, const player_backend *backend) {
    options o;
    if (!parse(argc, argv, &o)) { usage(argv[0]); return 1; }
    dl_scene scene;
    char error[512] = {0};
    if (!dl_load(o.scene_path, &scene, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", backend->name, error);
        return 1;
    }
    int animated = scene.frame_count > 0;
    if (o.warmup < 0) o.warmup = animated ? 10 : 3;
    if (o.min_frames < 0) o.min_frames = 15;
    if (o.max_frames < 0) o.max_frames = 200;
    if (o.passes < 0) o.passes = 2;
    if (o.min_seconds < 0) o.min_seconds = 2.0;
    if (o.max_frames < o.min_frames) o.max_frames = o.min_frames;

    void *state = backend->prepare(&scene, error, sizeof error);
    if (!state) {
        /* Not an error of the harness: this renderer cannot draw the scene (e.g. perspective). */
        printf("{\"renderer\": ");
        print_json_string(backend->name);
        printf(", \"scene\": ");
        print_json_string(scene.name);
        printf(", \"unsupported\": ");
        print_json_string(error);
        printf("}\n");
        dl_free(&scene);
        return 3;
    }

    if (o.png_dir) {
        int status = run_png_frames(&o, backend, state, &scene);
        backend->destroy(state);
        dl_free(&scene);
        return status;
    }

    size_t capacity = animated ? (size_t)o.passes * scene.frame_count : (size_t)o.max_frames;
    uint64_t *times = malloc((capacity + 1) * sizeof *times), *cpu_times = malloc((capacity + 1) * sizeof *times);
    if (!times || !cpu_times) { fprintf(stderr, "out of memory\n"); return 1; }
    for (long i = 0; i < o.warmup; i++)
        backend->render_frame(state, &scene, animated ? (int)(i % scene.frame_count) : -1);

    size_t count = 0;
    long threads_before = process_threads();
    /* CPU time of the whole process over the timed loop: about equal to the wall time when one thread works. */
    uint64_t cpu_start = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
    uint64_t start = now_ns();
    /* Each frame also gets the process CPU time it used: on a shared machine that stolen time inflates the
     * wall clock, the CPU time of a single-threaded renderer does not. */
    while (count < capacity) {
        int frame = animated ? (int)(count % scene.frame_count) : -1;
        uint64_t c0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID), t0 = now_ns();
        backend->render_frame(state, &scene, frame);
        uint64_t t1 = now_ns(), c1 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
        times[count] = t1 - t0;
        cpu_times[count++] = c1 - c0;
        if (!animated && count >= (size_t)o.min_frames && (double)(t1 - start) * 1e-9 >= o.min_seconds) break;
    }
    uint64_t wall_total = now_ns() - start, cpu_total = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    long threads = process_threads();

    int status = 0;
    if (o.png_path) {
        backend->render_frame(state, &scene, animated ? (int)scene.reference_frame : -1);
        uint8_t *rgba = malloc((size_t)scene.width * scene.height * 4);
        if (!rgba) { fprintf(stderr, "out of memory\n"); return 1; }
        backend->read_rgba(state, &scene, rgba);
        if (!png_write_rgba(o.png_path, rgba, scene.width, scene.height)) {
            fprintf(stderr, "%s: cannot write %s\n", backend->name, o.png_path);
            status = 1;
        }
        free(rgba);
    }

    printf("{\"renderer\": ");
    print_json_string(backend->name);
    printf(", \"version\": ");
    print_json_string(backend->version());
    printf(", \"scene\": ");
    print_json_string(scene.name);
    printf(", \"width\": %u, \"height\": %u, \"threads_before\": %ld, \"threads\": %ld", scene.width, scene.height,
           threads_before, threads);
    printf(", \"timed_wall_ns\": %llu, \"timed_cpu_ns\": %llu", (unsigned long long)wall_total,
           (unsigned long long)cpu_total);
    printf(", \"protocol\": {\"warmup\": %ld", o.warmup);
    if (animated) printf(", \"passes\": %ld, \"frames\": %u}", o.passes, scene.frame_count);
    else printf(", \"min_frames\": %ld, \"max_frames\": %ld, \"min_seconds\": %g}", o.min_frames, o.max_frames,
                o.min_seconds);
    printf(", \"frame_ns\": [");
    for (size_t i = 0; i < count; i++) printf(i ? ", %llu" : "%llu", (unsigned long long)times[i]);
    printf("], \"frame_cpu_ns\": [");
    for (size_t i = 0; i < count; i++) printf(i ? ", %llu" : "%llu", (unsigned long long)cpu_times[i]);
    printf("]}\n");

    free(times);
    free(cpu_times);
    backend->destroy(state);
    dl_free(&scene);
    return status;
}
