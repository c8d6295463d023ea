/*
 * The turn protocol of dev.switchcost.measure.workload.FutexTurn, in C. The word holds whose turn it is
 * (SIDE_A or SIDE_B). Passing the turn stores the receiver's number and then always calls
 * FUTEX_WAKE (no "is anyone waiting" shortcut); awaiting sleeps in FUTEX_WAIT while the word holds
 * the other side's number. UNTIMED (the default): FUTEX_WAIT with a NULL timeout, the classic
 * program; hang protection comes from outside the hot path (a partner thread cannot die alone, a
 * partner process is watched by watch_child_start). TIMED: every wait carries WAIT_TIMEOUT_SEC, so
 * the kernel arms and cancels an hrtimer per wait: the measured cost of a bounded wait. No sched_yield
 * retry loop: a wait that finds the turn elsewhere blocks.
 */
#ifndef SWITCHCOST_FUTEX_TURN_H
#define SWITCHCOST_FUTEX_TURN_H

#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { SIDE_A = 0, SIDE_B = 1 };

/* Result of turn_await. */
enum { TURN_OK = 0, TURN_TIMED_OUT = 1, TURN_ERROR = 2, TURN_CANCELLED = 3 };

static inline long futex_call(int *word, int op, int val, const struct timespec *timeout)
{
    return syscall(SYS_futex, word, op, val, timeout, NULL, 0);
}

/* Gives the turn to side `to`. `private_flag` is FUTEX_PRIVATE_FLAG for threads, 0 for processes. */
static inline void turn_pass(int *word, int to, int private_flag)
{
    __atomic_store_n(word, to, __ATOMIC_SEQ_CST);
    futex_call(word, FUTEX_WAKE | private_flag, 1, NULL);
}

/* Waits until the word holds `side`; `timed` bounds each wait by WAIT_TIMEOUT_SEC. */
static inline int turn_await(int *word, int side, int private_flag, int timed)
{
    static const struct timespec timeout = {WAIT_TIMEOUT_SEC, 0};
    for (int v = __atomic_load_n(word, __ATOMIC_SEQ_CST); v != side; v = __atomic_load_n(word, __ATOMIC_SEQ_CST)) {
        if (v == TURN_CANCELLED_WORD) {
            return TURN_CANCELLED;
        }
        if (futex_call(word, FUTEX_WAIT | private_flag, v, timed ? &timeout : NULL) == -1) {
            if (errno == ETIMEDOUT) {
                if (__atomic_load_n(word, __ATOMIC_SEQ_CST) != side) {
                    return TURN_TIMED_OUT;
                }
            } else if (errno != EAGAIN && errno != EINTR) {
                return TURN_ERROR;
            }
        }
    }
    return TURN_OK;
}

#endif
