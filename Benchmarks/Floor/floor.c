/* quartz-floor: the physical floor for a frame on this machine. Measures how fast one RGBA8 frame buffer
 * (4 bytes per pixel, row-major, no padding) can be filled with a pixel value and copied, single-threaded and
 * across all cores, and prints medians as JSON. A renderer's frame can never beat the fill: every frame starts
 * by filling the target with the background.
 *
 *   quartz-floor [--runs N] [WIDTHxHEIGHT ...]      default sizes: 1920x1080 512x512
 *
 * Parallel runs use OpenMP when compiled with it (gcc -fopenmp, as Benchmarks/peers/setup.sh does) and
 * otherwise a small persistent pthread pool with the same static split (the SwiftPM target: Swift's clang
 * ships no OpenMP runtime). Either way the worker threads exist before timing starts.
 * Rates: fill GB/s = bytes / time; copy GB/s = 2 * bytes / time (it reads and writes every byte). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

typedef struct {
    uint32_t *dst;
    const uint32_t *src;
    size_t count; /* pixels */
} job;

/* Fill methods: vector stores (what a compiled loop reaches), `rep stosd` (x86 fast strings: no read for
 * ownership, so about memset's speed for any 32-bit pixel), memset (byte patterns only, e.g. opaque white).
 * The reported fill is the fastest pixel fill; copy is memcpy. */
enum { OP_FILL_VECTOR, OP_FILL_REP_STOS, OP_MEMSET, OP_COPY, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"vector_store_fill", "rep_stos_fill", "memset", "memcpy"};

/* Opaque white premultiplied is 0xFFFFFFFF; a mixed value keeps the u32 fill honest (memset cannot do it). */
static const uint32_t fill_pixel = 0xFF3366CCu;

static void run_slice(int op, const job *j, size_t begin, size_t end) {
#if defined(__x86_64__)
    if (op == OP_FILL_REP_STOS) {
        void *d = j->dst + begin;
        size_t n = end - begin;
        /* rep stosl stores EAX to [RDI], RCX times; the direction flag is clear per the SysV ABI. */
        __asm__ volatile("rep stosl" : "+D"(d), "+c"(n) : "a"(fill_pixel) : "memory");
        return;
    }
#else
    if (op == OP_FILL_REP_STOS) op = OP_FILL_VECTOR; /* no string-store instruction elsewhere */
#endif
    if (op == OP_FILL_VECTOR) {
        /* Sixteen pixels per iteration as four 16-byte vector stores (SSE2, the x86-64 baseline): gcc -O2
         * leaves the plain loop scalar (about 10 GB/s here). may_alias + aligned(4): a legal unaligned store. */
        typedef uint32_t pixels4 __attribute__((vector_size(16), aligned(4), may_alias));
        const pixels4 v = {fill_pixel, fill_pixel, fill_pixel, fill_pixel};
        uint32_t *d = j->dst;
        size_t k = begin;
        for (; k + 16 <= end; k += 16) {
            *(pixels4 *)(d + k) = v;
            *(pixels4 *)(d + k + 4) = v;
            *(pixels4 *)(d + k + 8) = v;
            *(pixels4 *)(d + k + 12) = v;
        }
        for (; k < end; k++) d[k] = fill_pixel;
    } else if (op == OP_MEMSET) {
        memset(j->dst + begin, 0xFF, (end - begin) * 4);
    } else {
        memcpy(j->dst + begin, j->src + begin, (end - begin) * 4);
    }
}

/* Slice t of n over count pixels, split on 16-pixel (64-byte cache line) boundaries. */
static void slice_bounds(size_t count, int t, int n, size_t *begin, size_t *end) {
    size_t lines = (count + 15) / 16;
    size_t b = lines * (size_t)t / (size_t)n * 16, e = lines * (size_t)(t + 1) / (size_t)n * 16;
    *begin = b < count ? b : count;
    *end = e < count ? e : count;
}

#ifndef _OPENMP
/* Persistent pool: worker t waits on the start barrier, runs its slice, waits on the done barrier. */
typedef struct {
    pthread_barrier_t start, done;
    int threads, op, quit;
    const job *work;
} pool;

typedef struct { pool *p; int index; } worker_arg;

static void *worker(void *opaque) {
    worker_arg *arg = opaque;
    pool *p = arg->p;
    for (;;) {
        pthread_barrier_wait(&p->start);
        if (p->quit) return NULL;
        size_t b, e;
        slice_bounds(p->work->count, arg->index, p->threads, &b, &e);
        run_slice(p->op, p->work, b, e);
        pthread_barrier_wait(&p->done);
    }
}
#endif

typedef struct {
    int threads;
#ifndef _OPENMP
    pool pool;
    pthread_t *ids;
    worker_arg *args;
#endif
} parallel;

static int parallel_start(parallel *par) {
#ifdef _OPENMP
    par->threads = omp_get_max_threads();
#pragma omp parallel
    { (void)0; } /* create the team before timing */
    return 1;
#else
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    par->threads = cores < 1 ? 1 : cores > 256 ? 256 : (int)cores;
    pool *p = &par->pool;
    p->threads = par->threads;
    p->quit = 0;
    if (pthread_barrier_init(&p->start, NULL, (unsigned)par->threads) != 0 ||
        pthread_barrier_init(&p->done, NULL, (unsigned)par->threads) != 0)
        return 0;
    par->ids = calloc((size_t)par->threads, sizeof *par->ids);
    par->args = calloc((size_t)par->threads, sizeof *par->args);
    if (!par->ids || !par->args) return 0;
    for (int t = 1; t < par->threads; t++) {
        par->args[t] = (worker_arg){p, t};
        if (pthread_create(&par->ids[t], NULL, worker, &par->args[t]) != 0) return 0;
    }
    return 1;
#endif
}

static void parallel_run(parallel *par, int op, const job *j) {
#ifdef _OPENMP
    int n = par->threads;
#pragma omp parallel num_threads(n)
    {
        size_t b, e;
        slice_bounds(j->count, omp_get_thread_num(), omp_get_num_threads(), &b, &e);
        run_slice(op, j, b, e);
    }
#else
    pool *p = &par->pool;
    p->op = op;
    p->work = j;
    pthread_barrier_wait(&p->start);
    size_t b, e;
    slice_bounds(j->count, 0, p->threads, &b, &e);
    run_slice(op, j, b, e);
    pthread_barrier_wait(&p->done);
#endif
}

static void parallel_stop(parallel *par) {
#ifndef _OPENMP
    par->pool.quit = 1;
    pthread_barrier_wait(&par->pool.start);
    for (int t = 1; t < par->threads; t++) pthread_join(par->ids[t], NULL);
    free(par->ids);
    free(par->args);
#else
    (void)par;
#endif
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Median of `runs` timed runs after 3 warm-up runs (the fastest run goes to *min_ms). The sink read keeps the
 * stores observable. On a shared machine the all-threads median can jump when another process holds a core;
 * the minimum shows what the hardware does when it gets every core. */
static double median_ms(parallel *par, int op, const job *j, int runs, uint64_t *times, volatile uint32_t *sink,
                        double *min_ms) {
    for (int r = -3; r < runs; r++) {
        uint64_t t0 = now_ns();
        if (par) parallel_run(par, op, j);
        else run_slice(op, j, 0, j->count);
        uint64_t t1 = now_ns();
        *sink += j->dst[(size_t)(r + 3) * 7919 % j->count];
        if (r >= 0) times[r] = t1 - t0;
    }
    qsort(times, (size_t)runs, sizeof *times, compare_u64);
    *min_ms = (double)times[0] * 1e-6;
    uint64_t mid = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
    return (double)mid * 1e-6;
}

static double min2(double a, double b) { return a < b ? a : b; }

static void print_set(const char *label, double ms[OP_COUNT], double min_ms[OP_COUNT], size_t bytes) {
    double fill = min2(ms[OP_FILL_VECTOR], ms[OP_FILL_REP_STOS]);
    double gb = (double)bytes * 1e-9;
    printf("      \"%s\": {\"fill_ms\": %.5f, \"fill_gbps\": %.1f, \"copy_ms\": %.5f, \"copy_gbps\": %.1f,\n"
           "        \"methods_ms\": {", label, fill, gb / (fill * 1e-3), ms[OP_COPY], 2 * gb / (ms[OP_COPY] * 1e-3));
    for (int op = 0; op < OP_COUNT; op++) printf("%s\"%s\": %.5f", op ? ", " : "", op_names[op], ms[op]);
    printf("}, \"fill_min_ms\": %.5f, \"copy_min_ms\": %.5f}",
           min2(min_ms[OP_FILL_VECTOR], min_ms[OP_FILL_REP_STOS]), min_ms[OP_COPY]);
}

int main(int argc, char **argv) {
    int runs = 101;
    unsigned sizes[16][2];
    int size_count = 0;
    for (int i = 1; i < argc; i++) {
        unsigned w = 0, h = 0;
        char tail = 0;
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
            if (runs < 1 || runs > 100000) { fprintf(stderr, "quartz-floor: --runs must be 1..100000\n"); return 1; }
        } else if (sscanf(argv[i], "%ux%u%c", &w, &h, &tail) == 2 && w >= 1 && h >= 1 && w <= 16384 && h <= 16384 &&
                   size_count < 16) {
            sizes[size_count][0] = w;
            sizes[size_count++][1] = h;
        } else {
            fprintf(stderr, "usage: quartz-floor [--runs N] [WIDTHxHEIGHT ...] (sizes 1..16384, at most 16)\n");
            return 1;
        }
    }
    if (size_count == 0) {
        sizes[0][0] = 1920; sizes[0][1] = 1080;
        sizes[1][0] = 512; sizes[1][1] = 512;
        size_count = 2;
    }

    parallel par;
    memset(&par, 0, sizeof par);
    if (!parallel_start(&par)) { fprintf(stderr, "quartz-floor: cannot start threads\n"); return 1; }
    uint64_t *times = malloc((size_t)runs * sizeof *times);
    volatile uint32_t sink = 0;
#ifdef _OPENMP
    const char *mode = "openmp";
#else
    const char *mode = "pthreads";
#endif
    printf("{\"tool\": \"quartz-floor\", \"compiler\": \"%s\", \"parallel\": \"%s\", \"threads\": %d, "
           "\"runs\": %d, \"fill_pixel\": \"0x%08X\",\n  \"sizes\": [\n",
           __VERSION__, mode, par.threads, runs, fill_pixel);
    int ok = times != NULL;
    for (int s = 0; ok && s < size_count; s++) {
        size_t count = (size_t)sizes[s][0] * sizes[s][1], bytes = count * 4;
        job j = {aligned_alloc(64, (bytes + 63) / 64 * 64), aligned_alloc(64, (bytes + 63) / 64 * 64), count};
        if (!j.dst || !j.src) { ok = 0; free(j.dst); free((void *)j.src); break; }
        memset(j.dst, 0, bytes); /* fault every page in before timing */
        memset((void *)j.src, 0x5A, bytes);
        double single[OP_COUNT], multi[OP_COUNT], single_min[OP_COUNT], multi_min[OP_COUNT];
        for (int op = 0; op < OP_COUNT; op++) {
            single[op] = median_ms(NULL, op, &j, runs, times, &sink, &single_min[op]);
            multi[op] = median_ms(&par, op, &j, runs, times, &sink, &multi_min[op]);
        }
        printf("    {\"width\": %u, \"height\": %u, \"bytes\": %zu,\n", sizes[s][0], sizes[s][1], bytes);
        print_set("single_thread", single, single_min, bytes);
        printf(",\n");
        print_set("all_threads", multi, multi_min, bytes);
        printf("}%s\n", s + 1 < size_count ? "," : "");
        free(j.dst);
        free((void *)j.src);
    }
    printf("  ]}\n");
    parallel_stop(&par);
    free(times);
    if (!ok) { fprintf(stderr, "quartz-floor: out of memory\n"); return 1; }
    return 0;
}
