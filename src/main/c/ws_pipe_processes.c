/*
 * switchcost native baseline: the indirect cost of a switch between two processes, as Li, Ding and
 * Shen measure it (their measureSwitch.c): one byte goes parent -> child through one pipe and back
 * through another, and on every wake each process walks its own private array (working_set.h), here
 * twice, with the paired estimator (first walk after the partner ran, second walk at once).
 *
 * One round trip: the parent writes, reads (blocks), walks; the child reads (blocks), walks, writes.
 * Two wakes per round trip. The child reports its switches and walk sums through a MAP_SHARED page.
 * ws_single is the one-process baseline of the paper (measureSingle.c): the same step with no switch,
 * so that c2 = (this ns_per_round_trip) / 2 - (ws_single's ns_per_round_trip) is the paper's
 * estimator time2/(2N) - time1/N with the same walks, pipe calls and clock reads on both sides.
 *
 * Hang protection as pipe_processes: a dead child shows as end-of-file, a stopped one is killed by the
 * parent's watchdog thread (watch_child_start), the child dies with its parent (PR_SET_PDEATHSIG).
 *
 * Output: print_result's fields (mechanism "ws-pipe-processes") plus working_set_kib, stride_bytes,
 * walk, wakes, first_walk_ns, second_walk_ns, paired_indirect_ns_per_switch, paired_indirect_sd_ns and
 * beyond_ns_per_switch (each process's CPU time over its measured wakes, read before and after them).
 *
 * usage: ws_pipe_processes [--cpus A,B] UNPINNED|SAME_CPU|CROSS_CPU ROUND_TRIPS REPETITIONS SIZE_KIB STRIDE_BYTES [li|sparse]
 */
#define _GNU_SOURCE
#include "working_set.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static config_t cfg = {.mechanism = "ws-pipe-processes", .op = "round trip (two handoffs, a paired walk after each)"};
static ws_args_t ws;

WS_DEFINE_WALKS

typedef struct {
    switches_t switches;
    ws_sums_t sums;
} child_report_t;

static int send_byte(int fd)
{
    char c = 'x';
    ssize_t n;
    do {
        n = write(fd, &c, 1);
    } while (n < 0 && errno == EINTR);
    return n == 1;
}

/* 1 on success, 0 on EOF (errno 0) or error. */
static int recv_byte(int fd)
{
    char c;
    ssize_t n;
    do {
        n = read(fd, &c, 1);
    } while (n < 0 && errno == EINTR);
    if (n == 0) {
        errno = 0;
    }
    return n == 1;
}

int main(int argc, char **argv)
{
    ws_prepare_args(&cfg);
    parse_args(&cfg, argc, argv, ALLOW_CROSS_CPU | ALLOW_EXTRA);
    ws_parse_args(&cfg, &ws);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "parent process");
    signal(SIGPIPE, SIG_IGN);
    child_report_t *report = mmap(NULL, sizeof(child_report_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (report == MAP_FAILED) {
        die(&cfg, EXIT_FAILURE_, 1, "mmap");
    }
    pid_t self = getpid();
    for (int rep = 1; rep <= cfg.repetitions; rep++) {
        long warmup = warmup_round_trips(cfg.round_trips);
        long total = warmup + cfg.round_trips;
        int to_child[2], to_parent[2];
        if (pipe(to_child) != 0 || pipe(to_parent) != 0) {
            die(&cfg, EXIT_FAILURE_, 1, "pipe");
        }
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            die(&cfg, EXIT_FAILURE_, 1, "fork");
        }
        if (pid == 0) {
            if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != self) {
                _exit(EXIT_FAILURE_);
            }
            close(to_child[1]);
            close(to_parent[0]);
            pin_self(cfg.cpu_b, "child process");
            ws_array_t w;
            if (!ws_alloc(&w, &ws)) {
                fprintf(stderr, "%s: child: mmap of %ld KiB failed\n", cfg.program, ws.size_kib);
                _exit(EXIT_FAILURE_);
            }
            switches_t before = {0, 0};
            ws_sums_t sums = {0, 0, 0, 0.0, 0};
            uint64_t cpu0 = 0;
            for (long i = 0; i < total; i++) {
                if (i == warmup) {
                    before = switches_of(RUSAGE_SELF);
                    sums = (ws_sums_t){0, 0, 0, 0.0, 0};
                    cpu0 = ws_cpu_ns();
                }
                if (!recv_byte(to_child[0])) {
                    _exit(EXIT_FAILURE_);
                }
                ws_wake(&w, &sums);
                if (!send_byte(to_parent[1])) {
                    _exit(EXIT_FAILURE_);
                }
            }
            uint64_t cpu1 = ws_cpu_ns();
            report->switches = switches_minus(switches_of(RUSAGE_SELF), before);
            sums.cpu_ns = cpu0 > 0 && cpu1 > cpu0 ? cpu1 - cpu0 : 0;
            report->sums = sums;
            _exit(EXIT_OK);
        }
        close(to_child[0]);
        close(to_parent[1]);
        watch_child_start(pid, NULL, 0);
        ws_array_t w;
        if (!ws_alloc(&w, &ws)) {
            kill(pid, SIGKILL);
            die(&cfg, EXIT_FAILURE_, 1, "parent: mmap of %ld KiB", ws.size_kib);
        }
        switches_t before = {0, 0};
        ws_sums_t sums = {0, 0, 0, 0.0, 0};
        uint64_t t0 = 0, cpu0 = 0;
        for (long i = 0; i < total; i++) {
            if (i == warmup) {
                sums = (ws_sums_t){0, 0, 0, 0.0, 0};
                before = switches_of(RUSAGE_THREAD);
                cpu0 = ws_cpu_ns();
                t0 = now_ns();
            }
            if (!send_byte(to_child[1]) || !recv_byte(to_parent[0])) {
                int saved = errno;
                kill(pid, SIGKILL);
                errno = saved;
                die(&cfg, EXIT_FAILURE_, saved != 0, "parent: child %s after round trip %ld",
                    saved == 0 ? "closed its pipe (died)" : "pipe I/O failed", i);
            }
            ws_wake(&w, &sums);
        }
        uint64_t t1 = now_ns();
        uint64_t cpu1 = ws_cpu_ns();
        sums.cpu_ns = cpu0 > 0 && cpu1 > cpu0 ? cpu1 - cpu0 : 0;
        switches_t mine = switches_minus(switches_of(RUSAGE_THREAD), before);
        close(to_child[1]);
        close(to_parent[0]);
        int status = watch_child_finish();
        if (!WIFEXITED(status) || WEXITSTATUS(status) != EXIT_OK) {
            die(&cfg, EXIT_FAILURE_, 0, "child process failed");
        }
        ws_free(&w);
        char fields[512];
        ws_fields(fields, sizeof fields, &ws, ws_sums_plus(sums, report->sums));
        print_result_with(&cfg, rep, cfg.round_trips, t1 - t0, switches_plus(mine, report->switches), fields);
    }
    return EXIT_OK;
}
