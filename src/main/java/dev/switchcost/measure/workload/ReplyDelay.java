package dev.switchcost.measure.workload;

import java.util.Random;

/**
 * The partner's reply delay D in {@code SpinOrPark} ({@code @Param replyNs}): how long the partner works
 * before it hands the turn back. Spelled as a number of ns ({@code "0"}, {@code "10000"}) or
 * {@code exp:MEAN} ({@code "exp:20000"}): a random mix, exponential with that mean in ns.
 *
 * <p>The work is busy work polled against {@code System.nanoTime()}: the program's work, the same as the C
 * twin's CLOCK_MONOTONIC loop, not harness bookkeeping. D = 0 does nothing (no clock read). The random mix
 * is drawn once, from a fixed seed, into a table of {@value #TABLE} delays that {@link #next()} walks in
 * order: no RNG call on the hot path, and every fork sees the same delays.
 */
public final class ReplyDelay implements Runnable {

    /** Delays in the random mix's table (a power of two). */
    public static final int TABLE = 4096;
    /** The longest delay accepted, ns (1 s): longer is a typo, not a reply time. */
    public static final long MAX_NS = 1_000_000_000L;
    private static final long SEED = 31;
    private static final String EXP = "exp:";

    private final String spec;
    private final long[] delays;
    private int next;

    private ReplyDelay(String spec, long[] delays) {
        this.spec = spec;
        this.delays = delays;
    }

    /**
     * @param spec {@code N} (ns, 0 to {@value #MAX_NS}) or {@code exp:MEAN} (MEAN ns, 1 to {@value #MAX_NS})
     * @throws IllegalArgumentException naming the spelling that is wrong and the two that are right
     */
    public static ReplyDelay parse(String spec) {
        String s = spec == null ? "" : spec.strip();
        boolean exp = s.startsWith(EXP);
        long ns = number(exp ? s.substring(EXP.length()) : s, spec);
        if (exp && ns < 1) {
            throw bad(spec, "an exponential mix needs a mean of at least 1 ns");
        }
        if (!exp) {
            return new ReplyDelay(s, new long[] {ns});
        }
        Random r = new Random(SEED);
        long[] table = new long[TABLE];
        for (int i = 0; i < TABLE; i++) {
            table[i] = Math.min(MAX_NS, Math.round(-ns * Math.log(1 - r.nextDouble())));
        }
        return new ReplyDelay(s, table);
    }

    private static long number(String digits, String spec) {
        long ns;
        try {
            ns = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw bad(spec, "not a number of ns");
        }
        if (ns < 0 || ns > MAX_NS) {
            throw bad(spec, "out of range 0.." + MAX_NS + " ns");
        }
        return ns;
    }

    private static IllegalArgumentException bad(String spec, String why) {
        return new IllegalArgumentException("replyNs '" + spec + "': " + why + "; write a number of ns (-p replyNs=10000) or"
                + " an exponential mix with that mean (-p replyNs=exp:20000)");
    }

    /** @return the mean delay of the table, ns */
    public double meanNs() {
        double sum = 0;
        for (long d : delays) {
            sum += d;
        }
        return sum / delays.length;
    }

    /** @return the next delay, ns */
    public long next() {
        long d = delays[next];
        next = (next + 1) & (delays.length - 1);
        return d;
    }

    /** Busy work for the next delay: polls {@code System.nanoTime()} until it has passed; nothing for 0. */
    @Override
    public void run() {
        long d = next();
        if (d == 0) {
            return;
        }
        long end = System.nanoTime() + d;
        while (System.nanoTime() - end < 0) {
            // the partner's work
        }
    }

    @Override
    public String toString() {
        return spec;
    }
}
