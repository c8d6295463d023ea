// Classic futex thread ping-pong, untimed FUTEX_WAIT, no yields; run under taskset -c N.
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
static const int iterations = 500000;
static volatile int word = 0; // whose turn: 0 main, 1 thread
static void side(int me) {
  __atomic_store_n(&word, 1 - me, __ATOMIC_SEQ_CST);
  syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
  while (__atomic_load_n(&word, __ATOMIC_SEQ_CST) != me)
    syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 1 - me, NULL, NULL, 0);
}
static void* thread(void* arg) {
  (void) arg;
  for (int i = 0; i < iterations; i++) {
    while (__atomic_load_n(&word, __ATOMIC_SEQ_CST) != 1)
      syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
    __atomic_store_n(&word, 0, __ATOMIC_SEQ_CST);
    syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
  }
  return NULL;
}
int main(void) {
  struct timespec ts, te;
  pthread_t thd;
  if (pthread_create(&thd, NULL, thread, NULL)) return 1;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  for (int i = 0; i < iterations; i++) side(0);
  clock_gettime(CLOCK_MONOTONIC, &te);
  pthread_join(thd, NULL);
  long long d = (te.tv_sec - ts.tv_sec) * 1000000000LL + (te.tv_nsec - ts.tv_nsec);
  printf("%d round trips in %lld ns (%.1f ns/round trip)\n", iterations, d, (double) d / iterations);
  return 0;
}
