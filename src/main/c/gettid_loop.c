/*
 * switchcost native baseline: the cost of one plain syscall, gettid(2), called through syscall(2)
 * exactly as the JVM side (dev.switchcost.bench.SyscallBaseline.gettid) does through JNA. A mode
 * switch, not a context switch: switches per call should be about 0.
 *
 * usage: gettid_loop [--cpus A,B] UNPINNED|SAME_CPU CALLS REPETITIONS
 * One JSON line per repetition; "round_trips" counts calls (one round trip = one syscall).
 */
#define _GNU_SOURCE
#include "common.h"

#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    config_t cfg = {.mechanism = "gettid", .op = "gettid syscall"};
    parse_args(&cfg, argc, argv, 0);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "caller");
    volatile long sink = 0;
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        for (long i = warmup_round_trips(cfg.round_trips); i > 0; i--) {
            sink += syscall(SYS_gettid);
        }
        switches_t before = switches_of(RUSAGE_THREAD);
        uint64_t t0 = now_ns();
        for (long i = 0; i < cfg.round_trips; i++) {
            sink += syscall(SYS_gettid);
        }
        uint64_t t1 = now_ns();
        switches_t sw = switches_minus(switches_of(RUSAGE_THREAD), before);
        print_result(&cfg, rep, cfg.round_trips, t1 - t0, sw);
    }
    return sink == 0 ? EXIT_FAILURE_ : EXIT_OK;
}
