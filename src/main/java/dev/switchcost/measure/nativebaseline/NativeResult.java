package dev.switchcost.measure.nativebaseline;

/**
 * One repetition of a native baseline program: one line of its output.
 *
 * @param mechanism      e.g. {@code futex-threads}
 * @param op             what one round trip is (e.g. "round trip (two handoffs)", "gettid syscall")
 * @param placement      UNPINNED, SAME_CPU or CROSS_CPU
 * @param cpus           the CPUs used ("1", "0,1"), empty when unpinned
 * @param repetition     1-based
 * @param roundTrips     measured round trips
 * @param elapsedNanos   wall time of the measured round trips (CLOCK_MONOTONIC)
 * @param nsPerRoundTrip elapsed / round trips
 * @param voluntaryPerRoundTrip   voluntary context switches of both sides per round trip (getrusage)
 * @param involuntaryPerRoundTrip involuntary context switches of both sides per round trip
 * @param switchesPerRoundTrip    their sum
 * @param processCpuNanos         CPU time the program (all its threads, and its waited-for children) took from its
 *                                start to this line ({@code process_cpu_ns}: getrusage SELF + CHILDREN); -1 in output
 *                                of programs built before the field existed
 */
public record NativeResult(String mechanism, String op, String placement, String cpus, int repetition, long roundTrips,
                           long elapsedNanos, double nsPerRoundTrip, double voluntaryPerRoundTrip,
                           double involuntaryPerRoundTrip, double switchesPerRoundTrip, long processCpuNanos) {
}
