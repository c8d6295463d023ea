/*
 * Shared code of switchcost's native baseline programs: argument parsing, pinning to the CPUs given
 * with --cpus (switchcost chooses them with dev.switchcost.measure.affinity.Placement.assign), clocks,
 * rusage and result lines.
 *
 * Every program prints one JSON object per repetition on stdout, one line each, and diagnostics on
 * stderr. Exit codes follow dev.switchcost.cli.ExitCodes: 0 ok, 1 failure (e.g. a partner died or a
 * wait timed out), 2 usage, 3 environment (a CPU given outside this process's affinity mask).
 */
#ifndef SWITCHCOST_COMMON_H
#define SWITCHCOST_COMMON_H

#define _GNU_SOURCE
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

enum { EXIT_OK = 0, EXIT_FAILURE_ = 1, EXIT_USAGE = 2, EXIT_ENVIRONMENT = 3 };

/* The bound of a TIMED wait, as on the JVM side (dev.switchcost.measure.workload.PingPong.DEFAULT_TIMEOUT_NANOS). */
#define WAIT_TIMEOUT_SEC 5

/* Warm-up round trips before each measured repetition (not timed, not counted). */
#define WARMUP_DIVISOR 10
#define WARMUP_MAX 10000

typedef enum { UNPINNED, SAME_CPU, CROSS_CPU } placement_t;

typedef struct {
    const char *program;
    const char *mechanism;   /* e.g. "futex-threads" */
    const char *op;          /* what one round trip is, for the output */
    placement_t placement;
    long round_trips;
    int repetitions;
    int cpu_a, cpu_b;        /* from --cpus; -1 when unpinned */
    int timed;               /* 1: WAIT=TIMED, a timeout on every blocking wait; 0: UNTIMED (default) */
    /* With ALLOW_EXTRA: the program's own arguments after REPETITIONS (set before parse_args). */
    const char *extra_usage; /* appended to the usage line, e.g. "SIZE_KIB STRIDE_BYTES [li|sparse]" */
    const char *extra_help;  /* their explanation, whole lines each ending in '\n' */
    int min_extra, max_extra;
    /* Set by parse_args: what it left for the program, and the flags it was given (for usage_exit). */
    int extra_argc;
    char **extra_argv;
    int allow;
} config_t;

/* Which optional arguments a program takes (ALLOW_EXTRA excludes ALLOW_WAIT). */
enum { ALLOW_CROSS_CPU = 1, ALLOW_WAIT = 2, ALLOW_EXTRA = 4 };

/*
 * Parses "[--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS [UNTIMED|TIMED]" (the wait kind only with
 * ALLOW_WAIT; --cpus A for both sides on A): the CPUs are required unless UNPINNED, one for SAME_CPU,
 * two different ones for CROSS_CPU; prints usage and exits 2 on bad input. With TIMED, appends "-timed" to cfg->mechanism.
 */
void parse_args(config_t *cfg, int argc, char **argv, int allow);

/* Prints why and the usage (the program's extra arguments included) on stderr and exits 2. */
void usage_exit(const config_t *cfg, const char *why) __attribute__((noreturn));

/* Parses a decimal integer in lo..hi; 1 on success. */
int parse_long(const char *s, long lo, long hi, long *out);

/*
 * Hang protection for a parent whose partner is a child process, costing nothing per round trip: a
 * watchdog thread blocks in waitpid(child, WUNTRACED). If the child exits, is killed or is stopped
 * before watch_child_finish() is called, it kills the child (a stopped one too), and, when word is not
 * NULL, stores TURN_CANCELLED_WORD there and wakes every futex waiter, so the parent's untimed wait
 * ends; a pipe reader gets end-of-file by itself. watch_child_finish() waits for the child to end and
 * returns its wait status.
 */
void watch_child_start(pid_t child, int *word, int private_flag);
int watch_child_finish(void);
/* 1 once the watchdog has seen the child end or stop early. */
int watch_child_fired(void);

/* The turn word's value once the watchdog has cancelled it: neither side's. */
#define TURN_CANCELLED_WORD 2

/* Checks the CPUs given with --cpus are in this process's affinity mask (exits 3 naming the CPU otherwise). */
void check_cpus(const config_t *cfg);

/* Pins the calling thread to cpu (no-op for -1) and checks sched_getcpu(); exits 1 on failure. */
void pin_self(int cpu, const char *side);

/* Warm-up round trips for a measured count. */
long warmup_round_trips(long round_trips);

uint64_t now_ns(void);

/* Voluntary and involuntary context switches. */
typedef struct {
    long voluntary;
    long involuntary;
} switches_t;

switches_t switches_of(int who); /* RUSAGE_SELF or RUSAGE_THREAD */
switches_t switches_minus(switches_t after, switches_t before);
switches_t switches_plus(switches_t a, switches_t b);

/*
 * One result line (JSON) for one repetition. Its last field, process_cpu_ns, is the CPU time this
 * process and its waited-for children took since the program started (getrusage SELF + CHILDREN).
 */
void print_result(const config_t *cfg, int repetition, long round_trips, uint64_t elapsed_ns, switches_t sw);

/* The same line with more fields: extra_fields (e.g. ",\"a\":1") goes before the closing brace; NULL for none. */
void print_result_with(const config_t *cfg, int repetition, long round_trips, uint64_t elapsed_ns, switches_t sw,
                       const char *extra_fields);

/* Prints "PROGRAM: message" (plus strerror(errno) when with_errno) and exits with code. */
void die(const config_t *cfg, int code, int with_errno, const char *fmt, ...) __attribute__((format(printf, 4, 5), noreturn));

#endif
