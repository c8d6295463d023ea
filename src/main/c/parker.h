/*
 * A C replica of HotSpot's Parker, what LockSupport.park()/unpark() run for a platform thread on
 * Linux. Written from the OpenJDK source (openjdk/jdk, read at commit 000f9f13ed1e):
 *   src/hotspot/os/posix/os_posix.cpp  pthread_init_common(), os::Posix::init(),
 *                                      PlatformParker::PlatformParker(), Parker::park(), Parker::unpark()
 *   src/hotspot/os/posix/os_posix.hpp  class PlatformParker (REL_INDEX/ABS_INDEX, _cur_index,
 *                                      _mutex[1], _cond[2])
 * What is replicated, step for step:
 *   - the mutex is PTHREAD_MUTEX_NORMAL, set explicitly through a shared mutexattr (_mutexAttr in
 *     pthread_init_common: "not all systems (e.g. FreeBSD) map the default to normal");
 *   - two condition variables: _cond[REL_INDEX] with a condattr set to CLOCK_MONOTONIC by
 *     pthread_condattr_setclock (_condAttr in os::Posix::init), _cond[ABS_INDEX] with default
 *     attributes (CLOCK_REALTIME); _counter = 0, _cur_index = -1;
 *   - park: the fast path swaps _counter with 0 (Atomic::xchg, a full barrier) and returns if it was
 *     > 0; a negative time, or an absolute time of 0, returns at once; pthread_mutex_trylock, returning
 *     if the mutex is contended ("interference arises from unparking"); under the lock, if _counter > 0
 *     it is reset, unlocked, fenced and park returns; otherwise _cur_index is set (REL_INDEX for an
 *     untimed park, "arbitrary choice") and the thread waits once in pthread_cond_wait (or
 *     pthread_cond_timedwait): no loop, a spurious return is allowed; then _cur_index = -1,
 *     _counter = 0, unlock, full fence (OrderAccess::fence);
 *   - unpark: lock; s = _counter; _counter = 1; index = _cur_index (captured before unlocking);
 *     unlock; then, after dropping the lock, pthread_cond_signal(&_cond[index]) if s < 1 and
 *     index != -1 ("thread is definitely parked").
 * What is left out, being JVM bookkeeping with no system call: the interrupt check
 * (jt->is_interrupted), the thread-state transitions of ThreadBlockInVM (which may poll for a
 * safepoint) and OSThreadWaitState, the Java-level LockSupport/Unsafe call path, and the
 * ThreadsListHandle lookup of the target thread in Unsafe_Unpark.
 */
#ifndef SWITCHCOST_PARKER_H
#define SWITCHCOST_PARKER_H

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>

enum { PARKER_REL_INDEX = 0, PARKER_ABS_INDEX = 1 };

typedef struct {
    volatile int counter;   /* PlatformParker::_counter: the permit, 0 or 1 */
    int cur_index;          /* _cur_index: which cond a parked thread waits on, -1 when none */
    pthread_mutex_t mutex;  /* _mutex[1] */
    pthread_cond_t cond[2]; /* _cond[REL_INDEX], _cond[ABS_INDEX] */
} parker_t;

/* 0 or an errno value. */
static inline int parker_init(parker_t *p)
{
    pthread_condattr_t cond_attr;
    pthread_mutexattr_t mutex_attr;
    int status = pthread_condattr_init(&cond_attr);
    if (status == 0) {
        status = pthread_condattr_setclock(&cond_attr, CLOCK_MONOTONIC);
    }
    if (status == 0) {
        status = pthread_mutexattr_init(&mutex_attr);
    }
    if (status == 0) {
        status = pthread_mutexattr_settype(&mutex_attr, PTHREAD_MUTEX_NORMAL);
    }
    if (status == 0) {
        status = pthread_cond_init(&p->cond[PARKER_REL_INDEX], &cond_attr);
    }
    if (status == 0) {
        status = pthread_cond_init(&p->cond[PARKER_ABS_INDEX], NULL);
    }
    if (status == 0) {
        status = pthread_mutex_init(&p->mutex, &mutex_attr);
    }
    p->counter = 0;
    p->cur_index = -1;
    return status;
}

static inline void parker_destroy(parker_t *p)
{
    pthread_cond_destroy(&p->cond[PARKER_REL_INDEX]);
    pthread_cond_destroy(&p->cond[PARKER_ABS_INDEX]);
    pthread_mutex_destroy(&p->mutex);
}

/* OrderAccess::fence() (on x86 HotSpot emits a locked add to the stack; a seq_cst fence here). */
static inline void parker_fence(void)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/*
 * Parker::park(isAbsolute, time): time 0 = untimed; relative nanoseconds when !is_absolute; absolute
 * milliseconds since the epoch when is_absolute. Returns like HotSpot: on a permit, on contention, on
 * an unpark, on a timeout, or spuriously; the caller re-checks its condition.
 */
static inline void parker_park(parker_t *p, int is_absolute, int64_t time)
{
    if (__atomic_exchange_n(&p->counter, 0, __ATOMIC_SEQ_CST) > 0) {
        return;
    }
    struct timespec abs_time;
    if (time < 0 || (is_absolute && time == 0)) {
        return;
    }
    if (time > 0) {
        /* to_abstime: CLOCK_MONOTONIC for a relative time (the condattr's clock), the epoch otherwise */
        if (is_absolute) {
            abs_time.tv_sec = (time_t)(time / 1000);
            abs_time.tv_nsec = (long)(time % 1000) * 1000000L;
        } else {
            clock_gettime(CLOCK_MONOTONIC, &abs_time);
            int64_t ns = (int64_t)abs_time.tv_nsec + time % 1000000000LL;
            abs_time.tv_sec += (time_t)(time / 1000000000LL + ns / 1000000000LL);
            abs_time.tv_nsec = (long)(ns % 1000000000LL);
        }
    }
    if (pthread_mutex_trylock(&p->mutex) != 0) {
        return;
    }
    if (p->counter > 0) {
        p->counter = 0;
        pthread_mutex_unlock(&p->mutex);
        parker_fence();
        return;
    }
    if (time == 0) {
        p->cur_index = PARKER_REL_INDEX;
        pthread_cond_wait(&p->cond[p->cur_index], &p->mutex);
    } else {
        p->cur_index = is_absolute ? PARKER_ABS_INDEX : PARKER_REL_INDEX;
        pthread_cond_timedwait(&p->cond[p->cur_index], &p->mutex, &abs_time);
    }
    p->cur_index = -1;
    p->counter = 0;
    pthread_mutex_unlock(&p->mutex);
    parker_fence();
}

/* Parker::unpark(). */
static inline void parker_unpark(parker_t *p)
{
    pthread_mutex_lock(&p->mutex);
    const int s = p->counter;
    p->counter = 1;
    int index = p->cur_index;
    pthread_mutex_unlock(&p->mutex);
    if (s < 1 && index != -1) {
        pthread_cond_signal(&p->cond[index]);
    }
}

#endif
