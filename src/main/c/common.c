#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const PLACEMENT_NAMES[] = {"UNPINNED", "SAME_CPU", "CROSS_CPU"};

static __attribute__((noreturn)) void usage(const config_t *cfg, int allow, const char *why)
{
    int allow_cross_cpu = allow & ALLOW_CROSS_CPU;
    int extra = (allow & ALLOW_EXTRA) && cfg->extra_usage != NULL;
    fprintf(stderr, "%s: %s\n", cfg->program, why);
    fprintf(stderr, "usage: %s [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS%s%s%s\n", cfg->program,
            allow & ALLOW_WAIT ? " [WAIT]" : "", extra ? " " : "", extra ? cfg->extra_usage : "");
    fprintf(stderr, "  --cpus A,B   CPU of side A and of side B, in this process's affinity mask; required unless UNPINNED\n");
    fprintf(stderr, "               (SAME_CPU: one CPU, e.g. --cpus 3; CROSS_CPU: two, e.g. --cpus 2,3)\n");
    fprintf(stderr, "  PLACEMENT    UNPINNED | SAME_CPU%s (the name in the output; switchcost chooses the CPUs with Placement.assign)\n",
            allow_cross_cpu ? " | CROSS_CPU" : "");
    fprintf(stderr, "  ROUND_TRIPS  round trips measured per repetition, 1..1000000000 (one round trip = %s)\n", cfg->op);
    fprintf(stderr, "  REPETITIONS  repetitions, one JSON line each (1..1000)\n");
    if (allow & ALLOW_WAIT) {
        fprintf(stderr, "  WAIT         UNTIMED (default: FUTEX_WAIT with no timeout) | TIMED (a %d s timeout on every wait)\n",
                WAIT_TIMEOUT_SEC);
    }
    if (extra && cfg->extra_help != NULL) {
        fputs(cfg->extra_help, stderr);
    }
    exit(EXIT_USAGE);
}

void usage_exit(const config_t *cfg, const char *why)
{
    usage(cfg, cfg->allow, why);
}

int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi) {
        return 0;
    }
    *out = v;
    return 1;
}

/* Parses "A,B" or "A" (both sides on A) into two CPU numbers; 1 on success. */
static int parse_cpus(const char *s, int *a, int *b)
{
    char first[32];
    const char *comma = strchr(s, ',');
    long x, y;
    if (comma == NULL) {
        if (!parse_long(s, 0, CPU_SETSIZE - 1, &x)) {
            return 0;
        }
        y = x;
    } else {
        size_t len = (size_t)(comma - s);
        if (len == 0 || len >= sizeof first) {
            return 0;
        }
        memcpy(first, s, len);
        first[len] = '\0';
        if (!parse_long(first, 0, CPU_SETSIZE - 1, &x) || !parse_long(comma + 1, 0, CPU_SETSIZE - 1, &y)) {
            return 0;
        }
    }
    *a = (int)x;
    *b = (int)y;
    return 1;
}

void parse_args(config_t *cfg, int argc, char **argv, int allow)
{
    int allow_cross_cpu = allow & ALLOW_CROSS_CPU;
    char why[256];
    const char *slash = strrchr(argv[0], '/');
    cfg->program = slash ? slash + 1 : argv[0];
    cfg->cpu_a = cfg->cpu_b = -1;
    int given_cpus = argc >= 2 && strcmp(argv[1], "--cpus") == 0;
    if (given_cpus) {
        if (argc < 3 || !parse_cpus(argv[2], &cfg->cpu_a, &cfg->cpu_b)) {
            snprintf(why, sizeof why, "--cpus takes A,B or A (CPU numbers 0..%d), got '%s'", CPU_SETSIZE - 1,
                     argc < 3 ? "" : argv[2]);
            usage(cfg, allow, why);
        }
        argc -= 2;
        argv += 2; /* argv[0] is no longer the program: only argv[1..] is read below */
    }
    cfg->timed = 0;
    cfg->allow = allow;
    cfg->extra_argc = 0;
    cfg->extra_argv = argv + (argc < 4 ? argc : 4);
    if (allow & ALLOW_EXTRA) {
        if (argc < 4 + cfg->min_extra || argc > 4 + cfg->max_extra) {
            char expected[64];
            snprintf(expected, sizeof expected, "expected %d to %d arguments", 3 + cfg->min_extra, 3 + cfg->max_extra);
            usage(cfg, allow, expected);
        }
        cfg->extra_argc = argc - 4;
    } else if (argc != 4 && !(argc == 5 && (allow & ALLOW_WAIT))) {
        usage(cfg, allow, (allow & ALLOW_WAIT) ? "expected 3 or 4 arguments" : "expected 3 arguments");
    }
    if (argc == 5 && !(allow & ALLOW_EXTRA)) {
        if (strcmp(argv[4], "TIMED") == 0) {
            static char timed_name[64];
            cfg->timed = 1;
            snprintf(timed_name, sizeof timed_name, "%s-timed", cfg->mechanism);
            cfg->mechanism = timed_name;
        } else if (strcmp(argv[4], "UNTIMED") != 0) {
            snprintf(why, sizeof why, "unknown wait '%s' (UNTIMED or TIMED)", argv[4]);
            usage(cfg, allow, why);
        }
    }
    int found = 0;
    for (int i = 0; i < 3; i++) {
        if (strcmp(argv[1], PLACEMENT_NAMES[i]) == 0 && (i != CROSS_CPU || allow_cross_cpu)) {
            cfg->placement = (placement_t)i;
            found = 1;
        }
    }
    if (!found) {
        snprintf(why, sizeof why, "unknown placement '%s'", argv[1]);
        usage(cfg, allow, why);
    }
    if (cfg->placement == UNPINNED && given_cpus) {
        usage(cfg, allow, "UNPINNED takes no --cpus");
    }
    if (cfg->placement != UNPINNED && !given_cpus) {
        snprintf(why, sizeof why, "%s needs --cpus (the CPUs of side A and side B)", argv[1]);
        usage(cfg, allow, why);
    }
    if (cfg->placement == SAME_CPU && cfg->cpu_a != cfg->cpu_b) {
        usage(cfg, allow, "SAME_CPU runs both sides on one CPU: --cpus A or A,A");
    }
    if (cfg->placement == CROSS_CPU && cfg->cpu_a == cfg->cpu_b) {
        usage(cfg, allow, "CROSS_CPU runs the sides on two CPUs: --cpus A,B with A != B");
    }
    long n, r;
    if (!parse_long(argv[2], 1, 1000000000L, &n)) {
        snprintf(why, sizeof why, "ROUND_TRIPS must be an integer in 1..1000000000, got '%s'", argv[2]);
        usage(cfg, allow, why);
    }
    if (!parse_long(argv[3], 1, 1000, &r)) {
        snprintf(why, sizeof why, "REPETITIONS must be an integer in 1..1000, got '%s'", argv[3]);
        usage(cfg, allow, why);
    }
    cfg->round_trips = n;
    cfg->repetitions = (int)r;
}

void die(const config_t *cfg, int code, int with_errno, const char *fmt, ...)
{
    int saved = errno;
    va_list ap;
    fprintf(stderr, "%s: ", cfg->program);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (with_errno) {
        fprintf(stderr, ": %s", strerror(saved));
    }
    fputc('\n', stderr);
    exit(code);
}

void check_cpus(const config_t *cfg)
{
    if (cfg->cpu_a < 0) {
        return;
    }
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof mask, &mask) != 0) {
        die(cfg, EXIT_ENVIRONMENT, 1, "sched_getaffinity");
    }
    int cpus[2] = {cfg->cpu_a, cfg->cpu_b};
    for (int i = 0; i < 2; i++) {
        if (!CPU_ISSET(cpus[i], &mask)) {
            die(cfg, EXIT_ENVIRONMENT, 0, "cpu %d (--cpus %d,%d) is outside this process's affinity mask (%d CPUs allowed)",
                cpus[i], cfg->cpu_a, cfg->cpu_b, CPU_COUNT(&mask));
        }
    }
}

void pin_self(int cpu, const char *side)
{
    if (cpu < 0) {
        return;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) {
        fprintf(stderr, "switchcost native: %s: sched_setaffinity(cpu %d): %s\n", side, cpu, strerror(errno));
        exit(EXIT_FAILURE_);
    }
    int now = sched_getcpu();
    if (now != cpu) {
        fprintf(stderr, "switchcost native: %s: pinned to cpu %d but sched_getcpu() says %d\n", side, cpu, now);
        exit(EXIT_FAILURE_);
    }
}

long warmup_round_trips(long round_trips)
{
    long w = round_trips / WARMUP_DIVISOR;
    return w > WARMUP_MAX ? WARMUP_MAX : w;
}

uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

switches_t switches_of(int who)
{
    struct rusage ru;
    switches_t s = {0, 0};
    if (getrusage(who, &ru) == 0) {
        s.voluntary = ru.ru_nvcsw;
        s.involuntary = ru.ru_nivcsw;
    }
    return s;
}

switches_t switches_minus(switches_t after, switches_t before)
{
    switches_t d = {after.voluntary - before.voluntary, after.involuntary - before.involuntary};
    return d;
}

switches_t switches_plus(switches_t a, switches_t b)
{
    switches_t s = {a.voluntary + b.voluntary, a.involuntary + b.involuntary};
    return s;
}

/*
 * CPU time (user + system) of this process since it started, all its threads, plus its children that
 * were waited for (a process pair's partner): what the program itself took of the CPUs it ran on, so
 * the caller can tell others' time on them from its own (dev.switchcost.measure.sample.Interference).
 */
static uint64_t process_cpu_ns(void)
{
    static const int who[] = {RUSAGE_SELF, RUSAGE_CHILDREN};
    uint64_t ns = 0;
    for (int i = 0; i < 2; i++) {
        struct rusage ru;
        if (getrusage(who[i], &ru) == 0) {
            ns += ((uint64_t)ru.ru_utime.tv_sec + (uint64_t)ru.ru_stime.tv_sec) * 1000000000ULL
                  + ((uint64_t)ru.ru_utime.tv_usec + (uint64_t)ru.ru_stime.tv_usec) * 1000ULL;
        }
    }
    return ns;
}

void print_result(const config_t *cfg, int repetition, long round_trips, uint64_t elapsed_ns, switches_t sw)
{
    print_result_with(cfg, repetition, round_trips, elapsed_ns, sw, NULL);
}

void print_result_with(const config_t *cfg, int repetition, long round_trips, uint64_t elapsed_ns, switches_t sw,
                       const char *extra_fields)
{
    char cpus[32];
    if (cfg->cpu_a < 0) {
        cpus[0] = '\0';
    } else if (cfg->cpu_a == cfg->cpu_b) {
        snprintf(cpus, sizeof cpus, "%d", cfg->cpu_a);
    } else {
        snprintf(cpus, sizeof cpus, "%d,%d", cfg->cpu_a, cfg->cpu_b);
    }
    double n = (double)round_trips;
    printf("{\"mechanism\":\"%s\",\"op\":\"%s\",\"placement\":\"%s\",\"cpus\":\"%s\",\"repetition\":%d,"
           "\"round_trips\":%ld,\"elapsed_ns\":%llu,\"ns_per_round_trip\":%.3f,"
           "\"voluntary_per_round_trip\":%.4f,\"involuntary_per_round_trip\":%.4f,\"switches_per_round_trip\":%.4f,"
           "\"process_cpu_ns\":%llu%s}\n",
           cfg->mechanism, cfg->op, PLACEMENT_NAMES[cfg->placement], cpus, repetition, round_trips,
           (unsigned long long)elapsed_ns, (double)elapsed_ns / n, (double)sw.voluntary / n,
           (double)sw.involuntary / n, (double)(sw.voluntary + sw.involuntary) / n, (unsigned long long)process_cpu_ns(),
           extra_fields ? extra_fields : "");
    fflush(stdout);
}

static struct {
    pid_t child;
    int *word;
    int private_flag;
    pthread_t thread;
    int status;
    volatile int finishing;
    volatile int fired;
} watch;

static void *watch_child(void *arg)
{
    (void)arg;
    for (;;) {
        int status;
        pid_t r = waitpid(watch.child, &status, WUNTRACED);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r < 0) {
            watch.status = -1;
            break;
        }
        if (WIFSTOPPED(status)) {
            /* a stopped partner would leave the parent waiting untimed: end it */
            if (!watch.finishing) {
                __atomic_store_n(&watch.fired, 1, __ATOMIC_SEQ_CST);
            }
            kill(watch.child, SIGKILL);
            continue;
        }
        watch.status = status;
        /* a child that exits 0 has done all its round trips; anything else is a lost partner */
        if (!watch.finishing && !(WIFEXITED(status) && WEXITSTATUS(status) == EXIT_OK)) {
            __atomic_store_n(&watch.fired, 1, __ATOMIC_SEQ_CST);
        }
        break;
    }
    /* Cancel until the parent notices: it may overwrite the word once with a pass it was making. */
    while (__atomic_load_n(&watch.fired, __ATOMIC_SEQ_CST) && watch.word != NULL && !watch.finishing) {
        __atomic_store_n(watch.word, TURN_CANCELLED_WORD, __ATOMIC_SEQ_CST);
        syscall(SYS_futex, watch.word, FUTEX_WAKE | watch.private_flag, INT_MAX, NULL, NULL, 0);
        usleep(100000);
    }
    return NULL;
}

void watch_child_start(pid_t child, int *word, int private_flag)
{
    watch.child = child;
    watch.word = word;
    watch.private_flag = private_flag;
    watch.status = 0;
    watch.finishing = 0;
    watch.fired = 0;
    int err = pthread_create(&watch.thread, NULL, watch_child, NULL);
    if (err != 0) {
        kill(child, SIGKILL);
        fprintf(stderr, "switchcost native: pthread_create (watchdog): %s\n", strerror(err));
        exit(EXIT_FAILURE_);
    }
}

int watch_child_finish(void)
{
    watch.finishing = 1; /* the child finishes its last round trip and exits by itself */
    pthread_join(watch.thread, NULL);
    return watch.status;
}

int watch_child_fired(void)
{
    return __atomic_load_n(&watch.fired, __ATOMIC_SEQ_CST);
}
