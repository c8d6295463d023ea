/*
 * switchcost native baseline: LockSupport park/unpark ping-pong between two threads, in C, on a
 * replica of HotSpot's Parker (parker.h). The protocol of dev.switchcost.bench.ParkUnparkPingPong /
 * dev.switchcost.measure.workload.UntimedParkTurn: a turn word; passing stores the receiver's side, then
 * unparks the receiver (always, no "is it parked" shortcut beyond Parker's own); awaiting parks
 * (untimed) while the word holds the other side, re-checking after every return of park.
 *
 * Comparing it with futex_threads shows what Parker's mutex, condition variable and atomics cost over
 * a bare futex, without the JVM; comparing it with ParkUnparkPingPong shows what the JVM adds.
 * Untimed: the partner is a thread of this process, so neither side can be left waiting for good.
 *
 * usage: parker_threads [--cpus A,B] UNPINNED|SAME_CPU|CROSS_CPU ROUND_TRIPS REPETITIONS
 *        parker_threads SELFTEST   (checks the permit semantics, prints one JSON line, exit 0 or 1)
 */
#define _GNU_SOURCE
#include "common.h"
#include "parker.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

enum { SIDE_A = 0, SIDE_B = 1 };

static config_t cfg = {.mechanism = "parker-threads", .op = "round trip (two handoffs)"};

static struct {
    _Alignas(64) int turn;
    _Alignas(64) parker_t parker[2];
    long warmup;
    long measured;
    switches_t partner_switches;
} shared;

static inline void turn_pass(int to)
{
    __atomic_store_n(&shared.turn, to, __ATOMIC_SEQ_CST);
    parker_unpark(&shared.parker[to]);
}

static inline void turn_await(int side)
{
    while (__atomic_load_n(&shared.turn, __ATOMIC_SEQ_CST) != side) {
        parker_park(&shared.parker[side], 0, 0);
    }
}

static void *partner(void *arg)
{
    (void)arg;
    pin_self(cfg.cpu_b, "partner thread");
    long total = shared.warmup + shared.measured;
    switches_t before = {0, 0};
    for (long i = 0; i < total; i++) {
        if (i == shared.warmup) {
            before = switches_of(RUSAGE_THREAD);
        }
        turn_await(SIDE_B);
        turn_pass(SIDE_A);
    }
    shared.partner_switches = switches_minus(switches_of(RUSAGE_THREAD), before);
    return NULL;
}

static void init_parkers(void)
{
    for (int s = 0; s < 2; s++) {
        int err = parker_init(&shared.parker[s]);
        if (err != 0) {
            errno = err;
            die(&cfg, EXIT_FAILURE_, 1, "parker_init");
        }
    }
}

/* ---- SELFTEST: Parker's permit semantics ---- */

static int checks, failures;

static void check(int ok, const char *what)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "parker_threads: SELFTEST failed: %s\n", what);
    }
}

static double ms_since(uint64_t t0)
{
    return (double)(now_ns() - t0) / 1e6;
}

static struct {
    parker_t parker;
    volatile int go;
} waiter;

static void *park_until_go(void *arg)
{
    (void)arg;
    while (!__atomic_load_n(&waiter.go, __ATOMIC_SEQ_CST)) {
        parker_park(&waiter.parker, 0, 0);
    }
    return NULL;
}

static int selftest(void)
{
    /* An untimed park that should return at once but does not must not hang the test: SIGALRM ends it. */
    alarm(60);
    parker_t p;
    if (parker_init(&p) != 0) {
        die(&cfg, EXIT_FAILURE_, 0, "SELFTEST: parker_init failed");
    }
    /* 1. an unpark before the park: the next (untimed) park returns at once, consuming the permit */
    parker_unpark(&p);
    check(p.counter == 1, "unpark did not set the permit (_counter = 1)");
    uint64_t t0 = now_ns();
    parker_park(&p, 0, 0);
    check(ms_since(t0) < 1000.0, "park after unpark did not return at once");
    check(p.counter == 0, "park did not consume the permit");
    /* 2. the permit is gone: a relative timed park now waits its 50 ms */
    t0 = now_ns();
    parker_park(&p, 0, 50 * 1000000LL);
    check(ms_since(t0) >= 40.0, "a park with no permit returned before its 50 ms relative timeout");
    /* 3. permits do not add up: two unparks, then one park returns at once and the next one waits */
    parker_unpark(&p);
    parker_unpark(&p);
    t0 = now_ns();
    parker_park(&p, 0, 0);
    check(ms_since(t0) < 1000.0, "park after two unparks did not return at once");
    t0 = now_ns();
    parker_park(&p, 0, 50 * 1000000LL);
    check(ms_since(t0) >= 40.0, "a second park after two unparks found a second permit");
    /* 4. an absolute deadline (milliseconds since the epoch, CLOCK_REALTIME condition) 50 ms ahead */
    struct timespec rt;
    clock_gettime(CLOCK_REALTIME, &rt);
    int64_t deadline_ms = (int64_t)rt.tv_sec * 1000 + rt.tv_nsec / 1000000 + 50;
    t0 = now_ns();
    parker_park(&p, 1, deadline_ms);
    check(ms_since(t0) >= 30.0, "an absolute park returned long before its deadline");
    check(p.cur_index == -1, "_cur_index not reset after a park");
    /* 5. a negative time and an absolute 0 do not wait at all */
    t0 = now_ns();
    parker_park(&p, 0, -1);
    parker_park(&p, 1, 0);
    check(ms_since(t0) < 1000.0, "park with a negative time or absolute 0 waited");
    parker_destroy(&p);
    /* 6. another thread parked untimed is woken by an unpark (the signal after the unlock reaches it) */
    if (parker_init(&waiter.parker) != 0) {
        die(&cfg, EXIT_FAILURE_, 0, "SELFTEST: parker_init failed");
    }
    waiter.go = 0;
    pthread_t t;
    if (pthread_create(&t, NULL, park_until_go, NULL) != 0) {
        die(&cfg, EXIT_FAILURE_, 0, "SELFTEST: pthread_create failed");
    }
    usleep(50000);
    __atomic_store_n(&waiter.go, 1, __ATOMIC_SEQ_CST);
    parker_unpark(&waiter.parker);
    pthread_join(t, NULL);
    check(1, "parked thread woken");
    parker_destroy(&waiter.parker);
    /* 7. no lost wakeup: 100000 unpinned round trips of the ping-pong finish (SIGALRM if one is lost) */
    init_parkers();
    shared.turn = SIDE_A;
    shared.warmup = 0;
    shared.measured = 100000;
    cfg.cpu_a = cfg.cpu_b = -1;
    if (pthread_create(&t, NULL, partner, NULL) != 0) {
        die(&cfg, EXIT_FAILURE_, 0, "SELFTEST: pthread_create failed");
    }
    for (long i = 0; i < shared.measured; i++) {
        turn_pass(SIDE_B);
        turn_await(SIDE_A);
    }
    pthread_join(t, NULL);
    check(1, "100000 round trips without a lost wakeup");
    alarm(0);
    printf("{\"selftest\":\"parker\",\"checks\":%d,\"failures\":%d,\"passed\":%s}\n", checks, failures,
           failures == 0 ? "true" : "false");
    return failures == 0 ? EXIT_OK : EXIT_FAILURE_;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "SELFTEST") == 0) {
        cfg.program = "parker_threads";
        return selftest();
    }
    parse_args(&cfg, argc, argv, ALLOW_CROSS_CPU);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "main thread");
    init_parkers();
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        shared.turn = SIDE_A;
        shared.warmup = warmup_round_trips(cfg.round_trips);
        shared.measured = cfg.round_trips;
        pthread_t t;
        int err = pthread_create(&t, NULL, partner, NULL);
        if (err != 0) {
            errno = err;
            die(&cfg, EXIT_FAILURE_, 1, "pthread_create");
        }
        switches_t before = {0, 0};
        uint64_t t0 = 0;
        long total = shared.warmup + shared.measured;
        for (long i = 0; i < total; i++) {
            if (i == shared.warmup) {
                before = switches_of(RUSAGE_THREAD);
                t0 = now_ns();
            }
            turn_pass(SIDE_B);
            turn_await(SIDE_A);
        }
        uint64_t t1 = now_ns();
        switches_t mine = switches_minus(switches_of(RUSAGE_THREAD), before);
        pthread_join(t, NULL);
        print_result(&cfg, rep, cfg.round_trips, t1 - t0, switches_plus(mine, shared.partner_switches));
    }
    return EXIT_OK;
}
