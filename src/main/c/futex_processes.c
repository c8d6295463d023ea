/*
 * switchcost native baseline: futex ping-pong between two processes (parent and forked child), as
 * in the classic timectxsw: the turn word lives in a MAP_SHARED anonymous mapping and uses the
 * shared (non-private) FUTEX_WAIT / FUTEX_WAKE, with the protocol of
 * dev.switchcost.measure.workload.FutexTurn. Each switch here also changes address space.
 *
 * Switches: the parent counts its own with getrusage(RUSAGE_THREAD) (its watchdog thread sleeps in
 * waitpid); the child counts its own with RUSAGE_SELF and reports them through the shared mapping.
 *
 * WAIT: UNTIMED (default) waits with no timeout, as the classic timectxsw. A watchdog thread in the
 * parent blocks in waitpid(child, WUNTRACED), nothing per round trip: a child that dies or is stopped
 * (then killed) makes it cancel the turn word and wake the parent, which fails at once instead of
 * hanging. The child gets SIGKILL if the parent dies (PR_SET_PDEATHSIG). TIMED bounds each wait by
 * 5 s (mechanism "futex-processes-timed").
 *
 * usage: futex_processes [--cpus A,B] UNPINNED|SAME_CPU|CROSS_CPU ROUND_TRIPS REPETITIONS [UNTIMED|TIMED]
 */
#define _GNU_SOURCE
#include "futex_turn.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>

typedef struct {
    _Alignas(64) int word;
    _Alignas(64) switches_t child_switches;
    int child_status;
} shared_t;

static config_t cfg = {.mechanism = "futex-processes", .op = "round trip (two handoffs)"};

static void child(shared_t *sh, pid_t parent, long warmup, long measured)
{
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) {
        _exit(EXIT_FAILURE_);
    }
    pin_self(cfg.cpu_b, "child process");
    switches_t before = {0, 0};
    for (long i = 0; i < warmup + measured; i++) {
        if (i == warmup) {
            before = switches_of(RUSAGE_SELF);
        }
        int r = turn_await(&sh->word, SIDE_B, 0, cfg.timed);
        if (r != TURN_OK) {
            sh->child_status = r;
            _exit(EXIT_FAILURE_);
        }
        turn_pass(&sh->word, SIDE_A, 0);
    }
    sh->child_switches = switches_minus(switches_of(RUSAGE_SELF), before);
    _exit(EXIT_OK);
}

int main(int argc, char **argv)
{
    parse_args(&cfg, argc, argv, ALLOW_CROSS_CPU | ALLOW_WAIT);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "parent process");
    shared_t *sh = mmap(NULL, sizeof(shared_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        die(&cfg, EXIT_FAILURE_, 1, "mmap");
    }
    pid_t self = getpid();
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        long warmup = warmup_round_trips(cfg.round_trips);
        sh->word = SIDE_A;
        sh->child_status = TURN_OK;
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            die(&cfg, EXIT_FAILURE_, 1, "fork");
        }
        if (pid == 0) {
            child(sh, self, warmup, cfg.round_trips);
        }
        watch_child_start(pid, &sh->word, 0);
        switches_t before = {0, 0};
        uint64_t t0 = 0;
        for (long i = 0; i < warmup + cfg.round_trips; i++) {
            if (i == warmup) {
                before = switches_of(RUSAGE_THREAD);
                t0 = now_ns();
            }
            turn_pass(&sh->word, SIDE_B, 0);
            int r = turn_await(&sh->word, SIDE_A, 0, cfg.timed);
            if (r != TURN_OK) {
                kill(pid, SIGKILL);
                die(&cfg, EXIT_FAILURE_, r == TURN_ERROR, "parent: %s after round trip %ld",
                    r == TURN_TIMED_OUT ? "child did not pass the turn back within 5 s"
                    : r == TURN_CANCELLED ? "child died or was stopped (watchdog)" : "futex wait failed", i);
            }
        }
        uint64_t t1 = now_ns();
        switches_t mine = switches_minus(switches_of(RUSAGE_THREAD), before);
        int status = watch_child_finish();
        if (!WIFEXITED(status) || WEXITSTATUS(status) != EXIT_OK) {
            die(&cfg, EXIT_FAILURE_, 0, "child process failed (%s)", sh->child_status == TURN_TIMED_OUT
                ? "parent did not pass the turn within 5 s" : "exit status or signal");
        }
        print_result(&cfg, rep, cfg.round_trips, t1 - t0, switches_plus(mine, sh->child_switches));
    }
    return EXIT_OK;
}
