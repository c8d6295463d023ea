/*
 * switchcost native baseline: the spin-then-futex waiter, the C twin of dev.switchcost.bench.SpinOrPark.handoff.
 *
 * One round trip: side A (the main thread) passes the turn to side B and waits for it back; side B waits
 * for the turn, does REPLY ns of busy work (polling CLOCK_MONOTONIC, as the JVM side polls System.nanoTime),
 * and passes it back. Both sides wait with the same STRATEGY:
 *   PARK            no spinning: one look at the word, then FUTEX_WAIT (BUDGET_NS must be 0)
 *   SPIN            spin with the pause instruction until the turn comes, never FUTEX_WAIT (BUDGET_NS ignored, 0)
 *   SPIN_THEN_PARK  spin up to BUDGET_NS, then FUTEX_WAIT
 * A spinning side reads the clock only once every SPIN_CHECK_EVERY pauses (to end its budget, and to bound
 * a wait at 5 s), never per pause.
 *
 * The turn word: bit 0 says "a waiter may be asleep", bits 1..31 count handoffs; whose turn it is is the
 * count's parity (even: A, odd: B). Lost wake-ups are avoided as in Drepper's "Futexes Are Tricky"
 * (mutex2): a waiter that has spent its budget sets bit 0 with a compare-and-swap from the exact value it
 * saw, then FUTEX_WAITs for that value with the bit set; the passer replaces the whole word with the next
 * count (bit 0 clear) by an atomic exchange and calls FUTEX_WAKE only if the old value had bit 0 set. If
 * the pass comes before the CAS, the CAS fails and the waiter sees its turn; if it comes between the CAS
 * and FUTEX_WAIT, the kernel finds the word changed and FUTEX_WAIT returns EAGAIN; if after, the
 * exchange sees bit 0 and wakes. So a side that is (or may be) asleep is always woken, and a spinning
 * side that never set the bit costs its partner no system call.
 *
 * Switches: getrusage(RUSAGE_THREAD) in each thread around its measured round trips, summed. CPU time:
 * CLOCK_THREAD_CPUTIME_ID of each thread around the same round trips, summed ("cpu_ns_per_round_trip").
 * "reply_mean_ns" is the mean of the delays (of the whole table for exp:MEAN). Also counted: FUTEX_WAIT and FUTEX_WAKE calls per round trip, both sides (plain per-thread counters, in
 * registers or the thread's own cache line: no shared write per op).
 *
 * REPLY: a number of ns (0..1000000000), or exp:MEAN, delays drawn from an exponential distribution with
 * that mean (ns), from a table of REPLY_TABLE_SIZE values computed before the run with a fixed seed, the
 * JVM side's table (dev.switchcost.measure.workload.ReplyDelay): java.util.Random(31) reproduced here,
 * round(-MEAN * ln(1 - nextDouble())), capped at 1 s; walked in order and cyclically, across repetitions.
 * Or bimodal:PCT:NS, PCT % of the delays NS and the rest 0: round(PCT * REPLY_TABLE_SIZE / 100) delays of NS
 * shuffled by Fisher-Yates with j = (int)(nextDouble() * (i + 1)) from the same seed, as ReplyDelay does.
 *
 * Never hangs: the futex waits are untimed (the partner is a thread of this process, it cannot die alone),
 * a spinning wait ends the process after 5 s, and a watchdog thread (outside the hot path, one wake-up a
 * second) ends it, exit 1, when the turn word has not changed for WATCHDOG_SECONDS.
 *
 * usage: spin_futex [--cpus A,B] UNPINNED|SAME_CPU|CROSS_CPU ROUND_TRIPS REPETITIONS [STRATEGY [BUDGET_NS [REPLY]]]
 *        (defaults: PARK 0 0, so that it runs with the arguments every native program takes)
 */
#define _GNU_SOURCE
#include "futex_turn.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Pauses between two clock reads of a spinning side. */
#define SPIN_CHECK_EVERY 64
#define REPLY_TABLE_SIZE 4096
#define REPLY_SEED 31ULL
#define REPLY_MAX_NS 1000000000L
#define BUDGET_MAX_NS 10000000L
#define WATCHDOG_SECONDS 10
#define SLEEPER 1u

typedef enum { STRATEGY_PARK, STRATEGY_SPIN, STRATEGY_SPIN_THEN_PARK } strategy_t;
static const char *const STRATEGY_NAMES[] = {"PARK", "SPIN", "SPIN_THEN_PARK"};

static config_t cfg = {
    .mechanism = "spin-futex",
    .op = "round trip (two handoffs, reply work between)",
    .extra_usage = "[STRATEGY [BUDGET_NS [REPLY]]]",
    .extra_help = "  STRATEGY     PARK (futex at once) | SPIN (pause loop, no futex) | SPIN_THEN_PARK (spin BUDGET_NS, then futex)\n"
                  "  BUDGET_NS    spin budget in ns, 0..10000000 (0 for PARK and SPIN; > 0 for SPIN_THEN_PARK)\n"
                  "  REPLY        side B's busy work per round trip: ns (0..1000000000) or exp:MEAN (exponential, fixed-seed table)\n"
                  "               or bimodal:PCT:NS (PCT % of the replies take NS, the rest 0; fixed-seed shuffle)\n",
    .min_extra = 0,
    .max_extra = 3,
};

static strategy_t strategy;
static long budget_ns;
static char reply_text[48];
static long reply_fixed = -1;      /* >= 0: a fixed delay; -1: the table */
static long reply_table[REPLY_TABLE_SIZE];
static double reply_mean_ns;      /* the delay's mean: the fixed one, or the table's */
static unsigned reply_next;        /* the partner's place in the table, across repetitions */

typedef struct {
    long futex_waits;
    long futex_wakes;
    int failed;                    /* 1: a spinning wait passed 5 s */
} counts_t;

static struct {
    _Alignas(64) unsigned word;
    _Alignas(64) long warmup;
    long measured;
    switches_t partner_switches;
    uint64_t partner_cpu_ns;
    counts_t partner_counts;
    volatile int running;
} shared;

static uint64_t thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Gives the turn on: the next count, sleeper bit clear; wakes the partner only if it may be asleep. */
static inline void pass(unsigned seen, counts_t *c)
{
    unsigned old = __atomic_exchange_n(&shared.word, (seen & ~SLEEPER) + 2u, __ATOMIC_SEQ_CST);
    if (old & SLEEPER) {
        futex_call((int *)&shared.word, FUTEX_WAKE_PRIVATE, 1, NULL);
        c->futex_wakes++;
    }
}

static inline int mine(unsigned w, int side)
{
    return (int)((w >> 1) & 1u) == side;
}

/* Waits until it is `side`'s turn, by the strategy; returns the word seen. */
static inline unsigned await_turn(int side, counts_t *c)
{
    unsigned w = __atomic_load_n(&shared.word, __ATOMIC_ACQUIRE);
    if (mine(w, side)) {
        return w;
    }
    if (strategy != STRATEGY_PARK) {
        uint64_t start = now_ns();
        uint64_t limit = strategy == STRATEGY_SPIN ? (uint64_t)WAIT_TIMEOUT_SEC * 1000000000ULL : (uint64_t)budget_ns;
        for (;;) {
            for (int i = 0; i < SPIN_CHECK_EVERY; i++) {
                __builtin_ia32_pause();
                w = __atomic_load_n(&shared.word, __ATOMIC_ACQUIRE);
                if (mine(w, side)) {
                    return w;
                }
            }
            if (now_ns() - start >= limit) {
                break;
            }
        }
        if (strategy == STRATEGY_SPIN) {
            c->failed = 1;
            return w;
        }
    }
    for (;;) {
        w = __atomic_load_n(&shared.word, __ATOMIC_ACQUIRE);
        if (mine(w, side)) {
            return w;
        }
        if (!(w & SLEEPER) && !__atomic_compare_exchange_n(&shared.word, &w, w | SLEEPER, 0, __ATOMIC_SEQ_CST,
                                                           __ATOMIC_ACQUIRE)) {
            continue; /* the word changed: look again */
        }
        c->futex_waits++;
        if (futex_call((int *)&shared.word, FUTEX_WAIT_PRIVATE, (int)(w | SLEEPER), NULL) == -1
            && errno != EAGAIN && errno != EINTR) {
            die(&cfg, EXIT_FAILURE_, 1, "futex wait");
        }
    }
}

/* Busy work for d ns, polling CLOCK_MONOTONIC. */
static inline void reply_work(long d)
{
    if (d <= 0) {
        return;
    }
    uint64_t end = now_ns() + (uint64_t)d;
    while (now_ns() < end) {
    }
}

static void *partner(void *arg)
{
    (void)arg;
    pin_self(cfg.cpu_b, "partner thread");
    long total = shared.warmup + shared.measured;
    counts_t c = {0, 0, 0};
    switches_t before = {0, 0};
    uint64_t cpu0 = 0;
    for (long i = 0; i < total; i++) {
        if (i == shared.warmup) {
            before = switches_of(RUSAGE_THREAD);
            cpu0 = thread_cpu_ns();
            c.futex_waits = c.futex_wakes = 0;
        }
        unsigned w = await_turn(SIDE_B, &c);
        if (c.failed) {
            die(&cfg, EXIT_FAILURE_, 0, "partner thread: main thread did not pass the turn within %d s (SPIN)", WAIT_TIMEOUT_SEC);
        }
        reply_work(reply_fixed >= 0 ? reply_fixed : reply_table[reply_next++ % REPLY_TABLE_SIZE]);
        pass(w, &c);
    }
    shared.partner_cpu_ns = thread_cpu_ns() - cpu0;
    shared.partner_switches = switches_minus(switches_of(RUSAGE_THREAD), before);
    shared.partner_counts = c;
    return NULL;
}

/* Ends the process when the turn word has stood still for WATCHDOG_SECONDS during a repetition. */
static void *watchdog(void *arg)
{
    (void)arg;
    unsigned last = __atomic_load_n(&shared.word, __ATOMIC_RELAXED);
    int still = 0;
    for (;;) {
        sleep(1);
        unsigned now = __atomic_load_n(&shared.word, __ATOMIC_RELAXED);
        still = (now == last && shared.running) ? still + 1 : 0;
        last = now;
        if (still >= WATCHDOG_SECONDS) {
            fprintf(stderr, "%s: watchdog: no handoff for %d s (word %u); a wake-up was lost\n", cfg.program,
                    WATCHDOG_SECONDS, now);
            _exit(EXIT_FAILURE_);
        }
    }
    return NULL;
}

/* java.util.Random's generator (the JVM side's ReplyDelay draws its table with new Random(REPLY_SEED)). */
static uint64_t java_random_seed;

static int java_random_next(int bits)
{
    java_random_seed = (java_random_seed * 0x5DEECE66DULL + 0xBULL) & ((1ULL << 48) - 1);
    return (int)(int64_t)(java_random_seed >> (48 - bits));
}

static double java_random_next_double(void)
{
    return (double)(((int64_t)java_random_next(26) << 27) + java_random_next(27)) * 0x1.0p-53;
}

/* bimodal:PCT:NS: the table holds round(PCT * size / 100) delays of NS, the rest 0, shuffled from the seed. */
static void parse_bimodal(const char *r, char *why, size_t why_size)
{
    char pct_text[24];
    const char *colon = strchr(r + 8, ':');
    size_t len = colon ? (size_t)(colon - (r + 8)) : 0;
    long pct, ns;
    if (colon == NULL || len == 0 || len >= sizeof pct_text) {
        snprintf(why, why_size, "REPLY bimodal:PCT:NS needs PCT and NS, got '%s'", r);
        usage_exit(&cfg, why);
    }
    memcpy(pct_text, r + 8, len);
    pct_text[len] = '\0';
    if (!parse_long(pct_text, 1, 99, &pct) || !parse_long(colon + 1, 1, REPLY_MAX_NS, &ns)) {
        snprintf(why, why_size, "REPLY bimodal:PCT:NS needs PCT in 1..99 and NS in 1..%ld, got '%s'", REPLY_MAX_NS, r);
        usage_exit(&cfg, why);
    }
    long long_ones = (long)floor((double)pct * REPLY_TABLE_SIZE / 100.0 + 0.5); /* Math.round */
    for (int i = 0; i < REPLY_TABLE_SIZE; i++) {
        reply_table[i] = i < long_ones ? ns : 0;
    }
    java_random_seed = (REPLY_SEED ^ 0x5DEECE66DULL) & ((1ULL << 48) - 1);
    for (int i = REPLY_TABLE_SIZE - 1; i > 0; i--) {
        int j = (int)(java_random_next_double() * (i + 1));
        long t = reply_table[i];
        reply_table[i] = reply_table[j];
        reply_table[j] = t;
    }
    reply_mean_ns = (double)ns * long_ones / REPLY_TABLE_SIZE;
}

static void parse_extra(void)
{
    char why[160];
    int n = cfg.extra_argc;
    const char *s = n > 0 ? cfg.extra_argv[0] : "PARK";
    const char *b = n > 1 ? cfg.extra_argv[1] : "0";
    const char *r = n > 2 ? cfg.extra_argv[2] : "0";
    int found = 0;
    for (int i = 0; i < 3; i++) {
        if (strcmp(s, STRATEGY_NAMES[i]) == 0) {
            strategy = (strategy_t)i;
            found = 1;
        }
    }
    if (!found) {
        snprintf(why, sizeof why, "unknown STRATEGY '%s' (PARK, SPIN or SPIN_THEN_PARK)", s);
        usage_exit(&cfg, why);
    }
    if (!parse_long(b, 0, BUDGET_MAX_NS, &budget_ns)) {
        snprintf(why, sizeof why, "BUDGET_NS must be an integer in 0..%ld, got '%s'", BUDGET_MAX_NS, b);
        usage_exit(&cfg, why);
    }
    if (strategy == STRATEGY_SPIN_THEN_PARK ? budget_ns == 0 : budget_ns != 0) {
        usage_exit(&cfg, strategy == STRATEGY_SPIN_THEN_PARK ? "SPIN_THEN_PARK needs BUDGET_NS > 0 (0 is PARK)"
                                                              : "PARK and SPIN take BUDGET_NS 0");
    }
    long mean;
    if (strncmp(r, "exp:", 4) == 0) {
        if (!parse_long(r + 4, 1, REPLY_MAX_NS, &mean)) {
            snprintf(why, sizeof why, "REPLY exp:MEAN needs MEAN in 1..%ld ns, got '%s'", REPLY_MAX_NS, r);
            usage_exit(&cfg, why);
        }
        java_random_seed = (REPLY_SEED ^ 0x5DEECE66DULL) & ((1ULL << 48) - 1);
        for (int i = 0; i < REPLY_TABLE_SIZE; i++) {
            double d = floor(-(double)mean * log(1 - java_random_next_double()) + 0.5); /* Math.round */
            reply_table[i] = d > (double)REPLY_MAX_NS ? REPLY_MAX_NS : (long)d;
            reply_mean_ns += (double)reply_table[i] / REPLY_TABLE_SIZE;
        }
    } else if (strncmp(r, "bimodal:", 8) == 0) {
        parse_bimodal(r, why, sizeof why);
    } else if (!parse_long(r, 0, REPLY_MAX_NS, &reply_fixed)) {
        snprintf(why, sizeof why, "REPLY must be ns in 0..%ld, exp:MEAN or bimodal:PCT:NS, got '%s'", REPLY_MAX_NS, r);
        usage_exit(&cfg, why);
    } else {
        reply_mean_ns = (double)reply_fixed;
    }
    snprintf(reply_text, sizeof reply_text, "%s", r);
}

int main(int argc, char **argv)
{
    parse_args(&cfg, argc, argv, ALLOW_CROSS_CPU | ALLOW_EXTRA);
    parse_extra();
    check_cpus(&cfg);
    pthread_t dog;
    int err = pthread_create(&dog, NULL, watchdog, NULL);
    if (err != 0) {
        errno = err;
        die(&cfg, EXIT_FAILURE_, 1, "pthread_create (watchdog)");
    }
    pthread_detach(dog);
    pin_self(cfg.cpu_a, "main thread");
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        __atomic_store_n(&shared.word, 0u, __ATOMIC_SEQ_CST); /* count 0: A's turn */
        shared.warmup = warmup_round_trips(cfg.round_trips);
        shared.measured = cfg.round_trips;
        shared.running = 1;
        pthread_t t;
        err = pthread_create(&t, NULL, partner, NULL);
        if (err != 0) {
            errno = err;
            die(&cfg, EXIT_FAILURE_, 1, "pthread_create");
        }
        counts_t c = {0, 0, 0};
        switches_t before = {0, 0};
        uint64_t t0 = 0, cpu0 = 0;
        unsigned w = 0;
        long total = shared.warmup + shared.measured;
        for (long i = 0; i < total; i++) {
            if (i == shared.warmup) {
                before = switches_of(RUSAGE_THREAD);
                c.futex_waits = c.futex_wakes = 0;
                cpu0 = thread_cpu_ns();
                t0 = now_ns();
            }
            pass(w, &c);
            w = await_turn(SIDE_A, &c);
            if (c.failed) {
                die(&cfg, EXIT_FAILURE_, 0, "main thread: partner did not pass the turn back within %d s (SPIN) after round trip %ld",
                    WAIT_TIMEOUT_SEC, i);
            }
        }
        uint64_t t1 = now_ns();
        uint64_t cpu = thread_cpu_ns() - cpu0;
        switches_t sw = switches_minus(switches_of(RUSAGE_THREAD), before);
        pthread_join(t, NULL);
        shared.running = 0;
        double n = (double)cfg.round_trips;
        char extra[512];
        snprintf(extra, sizeof extra,
                 ",\"strategy\":\"%s\",\"budget_ns\":%ld,\"reply\":\"%s\",\"reply_mean_ns\":%.3f,\"cpu_ns_per_round_trip\":%.3f,"
                 "\"futex_waits_per_round_trip\":%.4f,\"futex_wakes_per_round_trip\":%.4f",
                 STRATEGY_NAMES[strategy], budget_ns, reply_text, reply_mean_ns, (double)(cpu + shared.partner_cpu_ns) / n,
                 (double)(c.futex_waits + shared.partner_counts.futex_waits) / n,
                 (double)(c.futex_wakes + shared.partner_counts.futex_wakes) / n);
        print_result_with(&cfg, rep, cfg.round_trips, t1 - t0, switches_plus(sw, shared.partner_switches), extra);
    }
    return EXIT_OK;
}
