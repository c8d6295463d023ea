/*
 * The working set that ws_threads, ws_pipe_processes and ws_single walk on every wake, after Li, Ding
 * and Shen, "Quantifying the Cost of Context Switch" (ExpCS 2007): each task owns a private array of
 * doubles and increments its elements between handoffs.
 *
 * Walks (the WALK argument):
 *   li      every element once per walk, in stride-major order, as the paper's programs do:
 *             for (m = 0; m < T; m++) for (j = m; j < n; j += T) f[j]++;
 *           T = STRIDE_BYTES / 8 (elements), n = SIZE_KIB * 1024 / 8 (elements). The stride sets the
 *           order (locality), not the amount of work: the same n increments at every stride.
 *   sparse  one element every STRIDE_BYTES: for (j = 0; j < n; j += T) f[j]++; (n / T increments: with a
 *           64-byte stride, one touch per cache line).
 *
 * The paired estimator: on every wake, t0 = now; walk; t1 = now; walk; t2 = now. The first walk runs
 * right after the partner ran (and evicted what it could); the second walks the same array at once,
 * with no switch between. indirect cost per switch = mean(t1 - t0) - mean(t2 - t1), measured in the
 * same thread on the same wake, so no baseline from another program is subtracted. The two walks are
 * two distinct out-of-line functions (ws_walk_first, ws_walk_second) so that a cachegrind profile
 * (scripts/simulate-native.sh) can count their misses apart; the clock reads stay outside them, and
 * each walk ends with a full fence so that its stores are done when the clock is read.
 * SIZE_KIB 0: no walk at all (the clock reads remain: t1 - t0 and t2 - t1 are then the cost of a
 * clock read, and the round trip is the direct cost of this program).
 */
#ifndef SWITCHCOST_WORKING_SET_H
#define SWITCHCOST_WORKING_SET_H

#define _GNU_SOURCE
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define WS_MAX_KIB (1024L * 1024L)        /* 1 GiB per array */
#define WS_MAX_STRIDE (1024L * 1024L)     /* bytes */

#define WS_EXTRA_USAGE "SIZE_KIB STRIDE_BYTES [li|sparse]"
#define WS_EXTRA_HELP                                                                                          \
    "  SIZE_KIB     each task's private array of doubles, in KiB (0..1048576; 0: no walk, the direct cost)\n"   \
    "  STRIDE_BYTES the walk's stride in bytes, a multiple of 8 in 8..1048576\n"                                \
    "  WALK         li (default: every element, stride-major, as Li et al.) | sparse (one element per stride)\n"

typedef enum { WALK_LI = 0, WALK_SPARSE = 1 } walk_t;

typedef struct {
    long size_kib;
    long stride_bytes;
    walk_t walk;
} ws_args_t;

typedef struct {
    double *f;
    size_t n;       /* elements */
    size_t t;       /* stride in elements, >= 1 */
    size_t mapped;  /* bytes mapped, 0 when none */
    walk_t walk;
} ws_array_t;

/* Per-thread sums of the paired estimator, kept in the walking thread's locals. */
typedef struct {
    uint64_t wakes;
    uint64_t first_ns;
    uint64_t second_ns;
    double diff_sq;  /* sum of (first - second)^2 over wakes, ns^2 */
    uint64_t cpu_ns; /* the walking thread's CPU time over its measured wakes (ws_cpu_ns), 0 when not read */
} ws_sums_t;

/*
 * The calling thread's CPU time, ns (CLOCK_THREAD_CPUTIME_ID: the kernel's sum_exec_runtime, what the JVM
 * side reads from schedstat), or 0 where it cannot be read. Read at the start and end of a side's measured
 * wakes, never per wake.
 */
static inline uint64_t ws_cpu_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) {
        return 0;
    }
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline const char *ws_walk_name(walk_t w)
{
    return w == WALK_SPARSE ? "sparse" : "li";
}

/* Sets up cfg for parse_args(..., ALLOW_EXTRA): call before it. */
static inline void ws_prepare_args(config_t *cfg)
{
    cfg->extra_usage = WS_EXTRA_USAGE;
    cfg->extra_help = WS_EXTRA_HELP;
    cfg->min_extra = 2;
    cfg->max_extra = 3;
}

/* Reads SIZE_KIB STRIDE_BYTES [WALK] from what parse_args left; usage and exit 2 on bad input. */
static inline void ws_parse_args(const config_t *cfg, ws_args_t *a)
{
    char why[256];
    long v;
    if (!parse_long(cfg->extra_argv[0], 0, WS_MAX_KIB, &v)) {
        snprintf(why, sizeof why, "SIZE_KIB must be an integer in 0..%ld, got '%s'", WS_MAX_KIB, cfg->extra_argv[0]);
        usage_exit(cfg, why);
    }
    a->size_kib = v;
    if (!parse_long(cfg->extra_argv[1], 8, WS_MAX_STRIDE, &v) || v % (long)sizeof(double) != 0) {
        snprintf(why, sizeof why, "STRIDE_BYTES must be a multiple of 8 in 8..%ld, got '%s'", WS_MAX_STRIDE,
                 cfg->extra_argv[1]);
        usage_exit(cfg, why);
    }
    a->stride_bytes = v;
    a->walk = WALK_LI;
    if (cfg->extra_argc == 3) {
        if (strcmp(cfg->extra_argv[2], "sparse") == 0) {
            a->walk = WALK_SPARSE;
        } else if (strcmp(cfg->extra_argv[2], "li") != 0) {
            snprintf(why, sizeof why, "unknown walk '%s' (li or sparse)", cfg->extra_argv[2]);
            usage_exit(cfg, why);
        }
    }
}

/* Maps and touches (zeroes) the array, so no page fault falls in a measured walk; 0 on failure. */
static inline int ws_alloc(ws_array_t *w, const ws_args_t *a)
{
    w->n = (size_t)a->size_kib * 1024 / sizeof(double);
    w->t = (size_t)a->stride_bytes / sizeof(double);
    w->walk = a->walk;
    w->f = NULL;
    w->mapped = 0;
    if (w->n == 0) {
        return 1;
    }
    size_t bytes = w->n * sizeof(double);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        return 0;
    }
    memset(p, 0, bytes);
    w->f = p;
    w->mapped = bytes;
    return 1;
}

static inline void ws_free(ws_array_t *w)
{
    if (w->mapped != 0) {
        munmap(w->f, w->mapped);
    }
    w->f = NULL;
    w->mapped = 0;
}

/*
 * One walk. The empty asm with a memory clobber keeps the compiler from dropping the stores; the full
 * fence at the end (a locked instruction on x86) waits for the walk's stores to leave the store buffer,
 * so that the clock read after a walk sees its whole cost: without it, the tail of the first walk's
 * stores drained inside the second walk's interval and biased the paired estimate low (ws_single's
 * control came out at minus 1-3 % of a walk for arrays past L2 on the 2-vCPU EPYC VM; with it, within
 * noise of 0).
 */
static inline void ws_walk(const ws_array_t *w)
{
    double *f = w->f;
    size_t n = w->n, t = w->t;
    if (n == 0) {
        return;
    }
    if (w->walk == WALK_LI) {
        for (size_t m = 0; m < t; m++) {
            for (size_t j = m; j < n; j += t) {
                f[j]++;
            }
        }
    } else {
        for (size_t j = 0; j < n; j += t) {
            f[j]++;
        }
    }
    __asm__ volatile("" : : "r"(f) : "memory");
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/*
 * Two out-of-line copies with their own symbols (not merged by identical-code folding), each starting on a
 * 64-byte boundary, so that their loops lie alike across cache lines and fetch windows and run at one speed.
 * Without it the paired estimate measured code layout: on 2026-11-23 a change elsewhere in the file moved
 * ws_walk_second's inner loop across a 64-byte line while ws_walk_first's stayed inside one, and on AMD
 * family 23 the second walk took one cycle more per element (16 KiB: 1,668 against 993 ns, the paired
 * estimate -675 ns; docs/results/2026-11-23f-epyc-kvm/c-alignment).
 */
#if defined(__GNUC__) && !defined(__clang__)
#define WS_OUT_OF_LINE __attribute__((noinline, noipa, aligned(64)))
#else
#define WS_OUT_OF_LINE __attribute__((noinline, aligned(64)))
#endif

WS_OUT_OF_LINE void ws_walk_first(const ws_array_t *w);
WS_OUT_OF_LINE void ws_walk_second(const ws_array_t *w);

/* Defines ws_walk_first and ws_walk_second: use once per program, at file scope. */
#define WS_DEFINE_WALKS                                  \
    WS_OUT_OF_LINE void ws_walk_first(const ws_array_t *w) \
    {                                                    \
        ws_walk(w);                                      \
    }                                                    \
    WS_OUT_OF_LINE void ws_walk_second(const ws_array_t *w) \
    {                                                    \
        ws_walk(w);                                      \
        __asm__ volatile("");                            \
    }

/* One wake's paired measurement: t0; first walk; t1; second walk; t2. */
static inline void ws_wake(const ws_array_t *w, ws_sums_t *s)
{
    uint64_t t0 = now_ns();
    ws_walk_first(w);
    uint64_t t1 = now_ns();
    ws_walk_second(w);
    uint64_t t2 = now_ns();
    uint64_t a = t1 - t0, b = t2 - t1;
    double d = (double)a - (double)b;
    s->wakes++;
    s->first_ns += a;
    s->second_ns += b;
    s->diff_sq += d * d;
}

static inline ws_sums_t ws_sums_plus(ws_sums_t x, ws_sums_t y)
{
    /* the CPU time only when both sides read theirs: one side's alone would halve the figure */
    ws_sums_t s = {x.wakes + y.wakes, x.first_ns + y.first_ns, x.second_ns + y.second_ns, x.diff_sq + y.diff_sq,
                   x.cpu_ns > 0 && y.cpu_ns > 0 ? x.cpu_ns + y.cpu_ns : 0};
    return s;
}

/*
 * The extra JSON fields of a working-set line: working_set_kib, stride_bytes, walk, wakes,
 * first_walk_ns and second_walk_ns (means per wake), paired_indirect_ns_per_switch (their difference)
 * and paired_indirect_sd_ns (standard deviation of the per-wake difference); where the sides' CPU time was
 * read (cpu_ns > 0), beyond_ns_per_switch: the CPU time per wake (one switch in each) less two walks at the
 * second walk's speed, the switch's direct cost plus all it costs through the caches, in the switch and
 * after it (WorkingSetHandoff's switch.beyond; less its value at size 0, the whole cost through the caches).
 */
static inline void ws_fields(char *buf, size_t len, const ws_args_t *a, ws_sums_t s)
{
    double n = s.wakes > 0 ? (double)s.wakes : 1.0;
    double first = (double)s.first_ns / n, second = (double)s.second_ns / n;
    double mean_d = first - second;
    double var = s.wakes > 1 ? (s.diff_sq - n * mean_d * mean_d) / (n - 1.0) : 0.0;
    snprintf(buf, len,
             ",\"working_set_kib\":%ld,\"stride_bytes\":%ld,\"walk\":\"%s\",\"wakes\":%llu,\"first_walk_ns\":%.3f,"
             "\"second_walk_ns\":%.3f,\"paired_indirect_ns_per_switch\":%.3f,\"paired_indirect_sd_ns\":%.3f",
             a->size_kib, a->stride_bytes, ws_walk_name(a->walk), (unsigned long long)s.wakes, first, second, mean_d,
             var > 0 ? sqrt(var) : 0.0);
    if (s.cpu_ns > 0 && s.wakes > 0) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, ",\"beyond_ns_per_switch\":%.3f", (double)s.cpu_ns / n - 2.0 * second);
    }
}

#endif
