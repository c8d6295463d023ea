package dev.switchcost.measure.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * The partner's reply delay D in {@code SpinOrPark} ({@code @Param replyNs}): how long the partner works
 * before it hands the turn back. Spelled as a number of ns ({@code "0"}, {@code "10000"}),
 * {@code exp:MEAN} ({@code "exp:20000"}: a random mix, exponential with that mean in ns), or
 * {@code bimodal:PCT:NS} ({@code "bimodal:5:500000"}: PCT % of the replies take NS, the others come at once —
 * a cache that mostly hits, a server that mostly answers from memory; the textbook case where spinning for a
 * while, then parking, beats both parking at once and spinning forever).
 *
 * <p>The work is busy work polled against {@code System.nanoTime()}: the program's work, the same as the C
 * twin's CLOCK_MONOTONIC loop, not harness bookkeeping. D = 0 does nothing (no clock read). The random mix
 * is drawn once, from a fixed seed, into a table of {@value #TABLE} delays that {@link #next()} walks in
 * order: no RNG call on the hot path, and every fork sees the same delays. The bimodal table holds exactly
 * round(PCT × {@value #TABLE} / 100) long delays, shuffled with the same seed (Fisher–Yates on
 * {@code nextDouble()}, which the C twin {@code spin_futex.c} repeats draw for draw).
 */
public final class ReplyDelay implements Runnable {

    /** Delays in the random mix's table (a power of two). */
    public static final int TABLE = 4096;
    /** The longest delay accepted, ns (1 s): longer is a typo, not a reply time. */
    public static final long MAX_NS = 1_000_000_000L;
    private static final long SEED = 31;
    private static final String EXP = "exp:";
    private static final String BIMODAL = "bimodal:";

    /** How a reply delay is spelled: a constant, an exponential mix or a bimodal mix. */
    public enum Kind { FIXED, EXP, BIMODAL }

    /**
     * A reply delay's spelling, read: what the table is made of, for whoever validates or labels one.
     *
     * @param kind    constant, exponential or bimodal
     * @param ns      the constant, the exponential's mean, or the bimodal's long delay, ns
     * @param percent the share of long delays in a bimodal mix (1..99), 0 otherwise
     */
    public record Shape(Kind kind, long ns, int percent) {

        /** @return the canonical spelling ({@code 10000}, {@code exp:20000}, {@code bimodal:5:500000}) */
        public String spec() {
            return switch (kind) {
                case FIXED -> Long.toString(ns);
                case EXP -> EXP + ns;
                case BIMODAL -> BIMODAL + percent + ":" + ns;
            };
        }
    }

    private final String spec;
    private final long[] delays;
    private int next;

    private ReplyDelay(String spec, long[] delays) {
        this.spec = spec;
        this.delays = delays;
    }

    /**
     * @param spec {@code N} (ns, 0 to {@value #MAX_NS}), {@code exp:MEAN} (MEAN ns, 1 to {@value #MAX_NS}) or
     *             {@code bimodal:PCT:NS} (PCT 1 to 99, NS 1 to {@value #MAX_NS})
     * @throws IllegalArgumentException naming the spelling that is wrong and the ones that are right
     */
    public static ReplyDelay parse(String spec) {
        Shape shape = shape(spec);
        return new ReplyDelay(shape.spec(), switch (shape.kind()) {
            case FIXED -> new long[] {shape.ns()};
            case EXP -> exponential(shape.ns());
            case BIMODAL -> bimodal(shape.percent(), shape.ns());
        });
    }

    /**
     * @return the spelling read, without building the table
     * @throws IllegalArgumentException as {@link #parse}
     */
    public static Shape shape(String spec) {
        String s = spec == null ? "" : spec.strip().toLowerCase(Locale.ROOT);
        if (s.startsWith(EXP)) {
            long mean = number(s.substring(EXP.length()), spec);
            if (mean < 1) {
                throw bad(spec, "an exponential mix needs a mean of at least 1 ns");
            }
            return new Shape(Kind.EXP, mean, 0);
        }
        if (s.startsWith(BIMODAL)) {
            String[] parts = s.substring(BIMODAL.length()).split(":", -1);
            if (parts.length != 2) {
                throw bad(spec, "a bimodal mix is bimodal:PCT:NS");
            }
            long pct = number(parts[0], spec);
            long ns = number(parts[1], spec);
            if (pct < 1 || pct > 99 || ns < 1) {
                throw bad(spec, "a bimodal mix needs PCT in 1..99 and NS of at least 1");
            }
            return new Shape(Kind.BIMODAL, ns, (int) pct);
        }
        return new Shape(Kind.FIXED, number(s, spec), 0);
    }

    private static long[] exponential(long mean) {
        Random r = new Random(SEED);
        long[] table = new long[TABLE];
        for (int i = 0; i < TABLE; i++) {
            table[i] = Math.min(MAX_NS, Math.round(-mean * Math.log(1 - r.nextDouble())));
        }
        return table;
    }

    private static long[] bimodal(int percent, long ns) {
        long[] table = new long[TABLE];
        int longOnes = (int) Math.round(TABLE * percent / 100.0);
        Arrays.fill(table, 0, longOnes, ns);
        Random r = new Random(SEED);
        for (int i = TABLE - 1; i > 0; i--) {
            int j = (int) (r.nextDouble() * (i + 1));
            long t = table[i];
            table[i] = table[j];
            table[j] = t;
        }
        return table;
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
        return new IllegalArgumentException("replyNs '" + spec + "': " + why + "; write a number of ns (-p replyNs=10000),"
                + " an exponential mix with that mean (-p replyNs=exp:20000) or PCT % of replies after NS, the rest at once"
                + " (-p replyNs=bimodal:5:500000)");
    }

    /** @return the mean delay of the table, ns */
    public double meanNs() {
        return Arrays.stream(delays).average().orElseThrow();
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
