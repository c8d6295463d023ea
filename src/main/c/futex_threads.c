/*
 * switchcost native baseline: futex ping-pong between two threads of one process, the C twin of
 * dev.switchcost.bench.FutexPingPong (same protocol as dev.switchcost.measure.workload.FutexTurn, with
 * FUTEX_WAIT_PRIVATE / FUTEX_WAKE_PRIVATE on a word in its own cache line).
 *
 * One round trip: the main thread (side A) passes the turn to side B and waits for it to come back;
 * the partner thread (side B) mirrors it. Switches are counted with getrusage(RUSAGE_THREAD) in each
 * thread around its measured round trips, and summed.
 *
 * WAIT: UNTIMED (default) waits with no timeout, as the classic ping-pong; nothing can leave a side
 * waiting for good, because the partner is a thread of this process (it cannot die or be stopped
 * alone) and every failed wait ends the process. TIMED bounds each wait by 5 s and reports itself as
 * mechanism "futex-threads-timed": TIMED - UNTIMED is what the timer costs.
 *
 * usage: futex_threads [--cpus A,B] UNPINNED|SAME_CPU|CROSS_CPU ROUND_TRIPS REPETITIONS [UNTIMED|TIMED]
 */
#define _GNU_SOURCE
#include "futex_turn.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static config_t cfg = {.mechanism = "futex-threads", .op = "round trip (two handoffs)"};

static struct {
    _Alignas(64) int word;
    _Alignas(64) long warmup;
    long measured;
    switches_t partner_switches;
    int partner_status;
} shared;

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
        int r = turn_await(&shared.word, SIDE_B, FUTEX_PRIVATE_FLAG, cfg.timed);
        if (r != TURN_OK) {
            shared.partner_status = r;
            return NULL;
        }
        turn_pass(&shared.word, SIDE_A, FUTEX_PRIVATE_FLAG);
    }
    shared.partner_switches = switches_minus(switches_of(RUSAGE_THREAD), before);
    return NULL;
}

int main(int argc, char **argv)
{
    parse_args(&cfg, argc, argv, ALLOW_CROSS_CPU | ALLOW_WAIT);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "main thread");
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        shared.word = SIDE_A;
        shared.warmup = warmup_round_trips(cfg.round_trips);
        shared.measured = cfg.round_trips;
        shared.partner_status = TURN_OK;
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
            turn_pass(&shared.word, SIDE_B, FUTEX_PRIVATE_FLAG);
            int r = turn_await(&shared.word, SIDE_A, FUTEX_PRIVATE_FLAG, cfg.timed);
            if (r != TURN_OK) {
                die(&cfg, EXIT_FAILURE_, r == TURN_ERROR, "main thread: %s after round trip %ld",
                    r == TURN_TIMED_OUT ? "partner did not pass the turn back within 5 s" : "futex wait failed", i);
            }
        }
        uint64_t t1 = now_ns();
        switches_t mine = switches_minus(switches_of(RUSAGE_THREAD), before);
        pthread_join(t, NULL);
        if (shared.partner_status != TURN_OK) {
            die(&cfg, EXIT_FAILURE_, 0, "partner thread: %s", shared.partner_status == TURN_TIMED_OUT
                ? "main thread did not pass the turn within 5 s" : "futex wait failed");
        }
        print_result(&cfg, rep, cfg.round_trips, t1 - t0, switches_plus(mine, shared.partner_switches));
    }
    return EXIT_OK;
}
