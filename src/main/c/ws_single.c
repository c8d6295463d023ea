/*
 * switchcost native baseline: Li, Ding and Shen's one-process baseline (their measureSingle.c). One
 * process does ws_pipe_processes's step with no switch: walk its array (working_set.h), here the same
 * paired walk (t0; walk; t1; walk; t2), then write one byte into a pipe and read it back from the same
 * pipe (the read never blocks). One "round trip" here is one such step, i.e. what one side of
 * ws_pipe_processes does per wake minus the switch. The paper's estimator of the total cost of a switch,
 *   c2 = time2 / (2N) - time1 / N,
 * is ws_pipe_processes's ns_per_round_trip / 2 - this program's ns_per_round_trip, with the same
 * SIZE_KIB, STRIDE_BYTES and walk. Its paired_indirect_ns_per_switch is a control: there is no switch
 * between the walks of consecutive steps, only the pipe calls, so it should be near 0.
 *
 * Output: print_result's fields (mechanism "ws-single-process") plus working_set_kib, stride_bytes,
 * walk, wakes, first_walk_ns, second_walk_ns, paired_indirect_ns_per_switch, paired_indirect_sd_ns.
 *
 * usage: ws_single [--cpus A,B] UNPINNED|SAME_CPU ROUND_TRIPS REPETITIONS SIZE_KIB STRIDE_BYTES [li|sparse]
 */
#define _GNU_SOURCE
#include "working_set.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

static config_t cfg = {.mechanism = "ws-single-process", .op = "one step (paired walk, pipe write and read, no switch)"};
static ws_args_t ws;

WS_DEFINE_WALKS

int main(int argc, char **argv)
{
    ws_prepare_args(&cfg);
    parse_args(&cfg, argc, argv, ALLOW_EXTRA);
    ws_parse_args(&cfg, &ws);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "process");
    int p[2];
    if (pipe(p) != 0) {
        die(&cfg, EXIT_FAILURE_, 1, "pipe");
    }
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        ws_array_t w;
        if (!ws_alloc(&w, &ws)) {
            die(&cfg, EXIT_FAILURE_, 1, "mmap of %ld KiB", ws.size_kib);
        }
        long warmup = warmup_round_trips(cfg.round_trips);
        long total = warmup + cfg.round_trips;
        switches_t before = {0, 0};
        ws_sums_t sums = {0, 0, 0, 0.0, 0};
        uint64_t t0 = 0;
        char c = 'x';
        for (long i = 0; i < total; i++) {
            if (i == warmup) {
                sums = (ws_sums_t){0, 0, 0, 0.0, 0};
                before = switches_of(RUSAGE_SELF);
                t0 = now_ns();
            }
            ws_wake(&w, &sums);
            if (write(p[1], &c, 1) != 1 || read(p[0], &c, 1) != 1) {
                die(&cfg, EXIT_FAILURE_, 1, "pipe write/read at step %ld", i);
            }
        }
        uint64_t t1 = now_ns();
        switches_t sw = switches_minus(switches_of(RUSAGE_SELF), before);
        ws_free(&w);
        char fields[512];
        ws_fields(fields, sizeof fields, &ws, sums);
        print_result_with(&cfg, rep, cfg.round_trips, t1 - t0, sw, fields);
    }
    return EXIT_OK;
}
