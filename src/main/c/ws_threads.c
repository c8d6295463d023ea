/*
 * switchcost native baseline: the indirect cost of a switch between two threads. futex_threads's
 * ping-pong (dev.switchcost.measure.workload.FutexTurn's protocol, untimed FUTEX_WAIT_PRIVATE/FUTEX_WAKE_PRIVATE)
 * where on every wake each thread walks its own private array (working_set.h: Li et al.'s walk or the
 * sparse one) twice, with the paired estimator: first walk after the partner ran, second walk at once.
 *
 * One round trip: side A (main thread) passes the turn, waits for it, then walks; side B (partner
 * thread) waits, walks, passes it back. Two wakes per round trip, one per side, each followed by a
 * paired measurement; the sums are kept in each thread's locals and added after the run. Each thread
 * maps and touches its own array on its own CPU before the warm-up.
 *
 * Output: print_result's fields (mechanism "ws-futex-threads") plus working_set_kib, stride_bytes,
 * walk, wakes, first_walk_ns, second_walk_ns, paired_indirect_ns_per_switch, paired_indirect_sd_ns and
 * beyond_ns_per_switch (both threads' CPU time over their measured wakes, read before and after them).
 * ns_per_round_trip includes the four walks and six clock reads of a round trip.
 *
 * usage: ws_threads [--cpus A,B] UNPINNED|SAME_CPU|CROSS_CPU ROUND_TRIPS REPETITIONS SIZE_KIB STRIDE_BYTES [li|sparse]
 */
#define _GNU_SOURCE
#include "futex_turn.h"
#include "working_set.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static config_t cfg = {.mechanism = "ws-futex-threads", .op = "round trip (two handoffs, a paired walk after each)"};
static ws_args_t ws;

WS_DEFINE_WALKS

static struct {
    _Alignas(64) int word;
    _Alignas(64) long warmup;
    long measured;
    switches_t partner_switches;
    ws_sums_t partner_sums;
    int partner_status;
} shared;

static void *partner(void *arg)
{
    (void)arg;
    pin_self(cfg.cpu_b, "partner thread");
    ws_array_t w;
    if (!ws_alloc(&w, &ws)) {
        die(&cfg, EXIT_FAILURE_, 1, "partner thread: mmap of %ld KiB", ws.size_kib); /* ends the process */
    }
    long total = shared.warmup + shared.measured;
    switches_t before = {0, 0};
    ws_sums_t sums = {0, 0, 0, 0.0, 0};
    uint64_t cpu0 = 0;
    for (long i = 0; i < total; i++) {
        if (i == shared.warmup) {
            before = switches_of(RUSAGE_THREAD);
            sums = (ws_sums_t){0, 0, 0, 0.0, 0};
            cpu0 = ws_cpu_ns();
        }
        int r = turn_await(&shared.word, SIDE_B, FUTEX_PRIVATE_FLAG, 0);
        if (r != TURN_OK) {
            shared.partner_status = r;
            ws_free(&w);
            return NULL;
        }
        ws_wake(&w, &sums);
        turn_pass(&shared.word, SIDE_A, FUTEX_PRIVATE_FLAG);
    }
    uint64_t cpu1 = ws_cpu_ns();
    shared.partner_switches = switches_minus(switches_of(RUSAGE_THREAD), before);
    sums.cpu_ns = cpu0 > 0 && cpu1 > cpu0 ? cpu1 - cpu0 : 0;
    shared.partner_sums = sums;
    ws_free(&w);
    return NULL;
}

int main(int argc, char **argv)
{
    ws_prepare_args(&cfg);
    parse_args(&cfg, argc, argv, ALLOW_CROSS_CPU | ALLOW_EXTRA);
    ws_parse_args(&cfg, &ws);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "main thread");
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        ws_array_t w;
        if (!ws_alloc(&w, &ws)) {
            die(&cfg, EXIT_FAILURE_, 1, "mmap of %ld KiB", ws.size_kib);
        }
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
        ws_sums_t sums = {0, 0, 0, 0.0, 0};
        uint64_t t0 = 0, cpu0 = 0;
        long total = shared.warmup + shared.measured;
        for (long i = 0; i < total; i++) {
            if (i == shared.warmup) {
                sums = (ws_sums_t){0, 0, 0, 0.0, 0};
                before = switches_of(RUSAGE_THREAD);
                cpu0 = ws_cpu_ns();
                t0 = now_ns();
            }
            turn_pass(&shared.word, SIDE_B, FUTEX_PRIVATE_FLAG);
            int r = turn_await(&shared.word, SIDE_A, FUTEX_PRIVATE_FLAG, 0);
            if (r != TURN_OK) {
                die(&cfg, EXIT_FAILURE_, r == TURN_ERROR, "main thread: futex wait failed after round trip %ld", i);
            }
            ws_wake(&w, &sums);
        }
        uint64_t t1 = now_ns();
        uint64_t cpu1 = ws_cpu_ns();
        sums.cpu_ns = cpu0 > 0 && cpu1 > cpu0 ? cpu1 - cpu0 : 0;
        switches_t mine = switches_minus(switches_of(RUSAGE_THREAD), before);
        pthread_join(t, NULL);
        if (shared.partner_status != TURN_OK) {
            die(&cfg, EXIT_FAILURE_, 0, "partner thread: futex wait failed");
        }
        ws_free(&w);
        char fields[512];
        ws_fields(fields, sizeof fields, &ws, ws_sums_plus(sums, shared.partner_sums));
        print_result_with(&cfg, rep, cfg.round_trips, t1 - t0, switches_plus(mine, shared.partner_switches), fields);
    }
    return EXIT_OK;
}
