package dev.switchcost.measure.nativebaseline;

/**
 * One repetition of {@code spin_futex} (the spin-then-futex waiter): a {@link NativeResult} and the fields only that
 * program prints.
 *
 * @param result                 the fields every native program prints
 * @param strategy               PARK, SPIN or SPIN_THEN_PARK
 * @param budgetNs               the spin budget B, ns (0 for PARK and SPIN)
 * @param reply                  the partner's reply delay D as given: ns, or {@code exp:MEAN}
 * @param replyMeanNs            the mean of the reply delays used (of the whole fixed-seed table for {@code exp:MEAN})
 * @param cpuNsPerRoundTrip      CPU time of both threads per round trip ({@code CLOCK_THREAD_CPUTIME_ID})
 * @param futexWaitsPerRoundTrip {@code FUTEX_WAIT} calls per round trip, both threads
 * @param futexWakesPerRoundTrip {@code FUTEX_WAKE} calls per round trip, both threads
 */
public record NativeSpinResult(NativeResult result, String strategy, long budgetNs, String reply, double replyMeanNs,
                               double cpuNsPerRoundTrip,
                               double futexWaitsPerRoundTrip, double futexWakesPerRoundTrip) {
}
