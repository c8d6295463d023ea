/*
 * switchcost native baseline: pipe ping-pong between two processes, as lmbench lat_ctx and
 * `perf bench sched pipe` do: one byte goes parent -> child through one pipe and back through
 * another. A round trip is two handoffs, each with a write and a blocking read.
 *
 * Switches: getrusage in each process around its measured round trips (RUSAGE_THREAD in the parent,
 * whose watchdog thread sleeps in waitpid; RUSAGE_SELF in the child); the child reports its own
 * through a MAP_SHARED mapping. Reads and writes have no timeout. A dead partner shows as end-of-file
 * (read returns 0) or EPIPE on the other side, which then fails instead of hanging; a stopped child is
 * killed by the parent's watchdog thread (waitpid WUNTRACED, nothing per round trip), which turns it
 * into a dead one; the child gets SIGKILL if the parent dies (PR_SET_PDEATHSIG).
 *
 * usage: pipe_processes [--cpus A,B] UNPINNED|SAME_CPU|CROSS_CPU ROUND_TRIPS REPETITIONS
 */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static config_t cfg = {.mechanism = "pipe-processes", .op = "round trip (two handoffs)"};

/* 1 on success, 0 on EOF or error (errno says which; 0 for EOF). */
static int send_byte(int fd)
{
    char c = 'x';
    ssize_t n;
    do {
        n = write(fd, &c, 1);
    } while (n < 0 && errno == EINTR);
    return n == 1;
}

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
    parse_args(&cfg, argc, argv, ALLOW_CROSS_CPU);
    check_cpus(&cfg);
    pin_self(cfg.cpu_a, "parent process");
    signal(SIGPIPE, SIG_IGN);
    switches_t *child_switches = mmap(NULL, sizeof(switches_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (child_switches == MAP_FAILED) {
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
            switches_t before = {0, 0};
            for (long i = 0; i < total; i++) {
                if (i == warmup) {
                    before = switches_of(RUSAGE_SELF);
                }
                if (!recv_byte(to_child[0]) || !send_byte(to_parent[1])) {
                    _exit(EXIT_FAILURE_);
                }
            }
            *child_switches = switches_minus(switches_of(RUSAGE_SELF), before);
            _exit(EXIT_OK);
        }
        close(to_child[0]);
        close(to_parent[1]);
        watch_child_start(pid, NULL, 0);
        switches_t before = {0, 0};
        uint64_t t0 = 0;
        for (long i = 0; i < total; i++) {
            if (i == warmup) {
                before = switches_of(RUSAGE_THREAD);
                t0 = now_ns();
            }
            if (!send_byte(to_child[1]) || !recv_byte(to_parent[0])) {
                int saved = errno;
                kill(pid, SIGKILL);
                errno = saved;
                die(&cfg, EXIT_FAILURE_, saved != 0, "parent: child %s after round trip %ld",
                    saved == 0 ? "closed its pipe (died)" : "pipe I/O failed", i);
            }
        }
        uint64_t t1 = now_ns();
        switches_t mine = switches_minus(switches_of(RUSAGE_THREAD), before);
        close(to_child[1]);
        close(to_parent[0]);
        int status = watch_child_finish();
        if (!WIFEXITED(status) || WEXITSTATUS(status) != EXIT_OK) {
            die(&cfg, EXIT_FAILURE_, 0, "child process failed");
        }
        print_result(&cfg, rep, cfg.round_trips, t1 - t0, switches_plus(mine, *child_switches));
    }
    return EXIT_OK;
}
