package dev.switchcost.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The questions the answer card asks, each with the benchmark rows that answer it, how its figure is derived, its unit
 * and its label: part of the catalog ({@link Bench}). {@code derive.Headline} answers them, the card prints them, and
 * {@link QuickSet} runs exactly the benchmarks they need. Where two questions answer one line (a platform pair of the
 * virtual-thread classes, else the parked pair), the first that has a row wins.
 */
public enum Question {
    FUTEX_ONE_CPU("futex handoff, both on one CPU", Derivation.MEAN, Bench.FUTEX_ROUND_TRIP, null, "SAME_CPU",
            Param.PLACEMENT.is("SAME_CPU")),
    FUTEX_TWO_CPUS("futex handoff, on two CPUs", Derivation.MEAN, Bench.FUTEX_ROUND_TRIP, null, "CROSS_CPU",
            Param.PLACEMENT.is("CROSS_CPU")),
    VIRTUAL_ONE_CPU("virtual ↔ virtual, 1 carrier (one CPU)", Derivation.MEAN, Bench.VIRTUAL_ONE_CARRIER, Family.VIRTUAL_HANDOFF,
            Question.ONE_CPU, Param.PAIR.is("VT_VT")),
    PLATFORM_ONE_CPU("platform ↔ platform, one CPU", Derivation.MEAN, Bench.VIRTUAL_ONE_CARRIER, Family.VIRTUAL_HANDOFF,
            Question.ONE_CPU, Param.PAIR.is("PT_PT")),
    PLATFORM_ONE_CPU_PARK("platform ↔ platform, one CPU (park)", Derivation.MEAN, Bench.PARK_ROUND_TRIP, null, Question.ONE_CPU),
    VIRTUAL_UNPINNED("virtual ↔ virtual, 2 carriers, unpinned", Derivation.MEAN, Bench.VIRTUAL_TWO_CARRIERS,
            Family.VIRTUAL_HANDOFF, Question.UNPINNED, Param.PAIR.is("VT_VT")),
    PLATFORM_UNPINNED("platform ↔ platform, unpinned", Derivation.MEAN, Bench.VIRTUAL_ONE_CARRIER, Family.VIRTUAL_HANDOFF,
            Question.UNPINNED, Param.PAIR.is("PT_PT")),
    PLATFORM_UNPINNED_PARK("platform ↔ platform, unpinned (park)", Derivation.MEAN, Bench.PARK_ROUND_TRIP, null, Question.UNPINNED),
    /** The card's cache line: the paired working-set round trip against its size-0 row, Li et al.'s walk. */
    CACHE("through the caches", Derivation.WHOLE_COST, Bench.WORKING_SET_PAIRED, null, "SAME_CPU",
            Param.PLACEMENT.is("SAME_CPU"), Param.SHARING.is("PRIVATE"), Param.STRIDE_BYTES.is("64"), Param.WALK.is("LI")),
    /** The syscall floor: a mode switch, no context switch. */
    SYSCALL_FLOOR("gettid, a syscall without a switch", Derivation.MEAN, Bench.GETTID, null, null),
    /** The timer's own cost per sampled value (two nanoTime reads around an empty op), a row of its own. */
    TIMER("timer: an empty op sampled", Derivation.SAMPLED_PERCENTILES, Bench.EMPTY_OP, null, null);

    /** The placement of a pair on one CPU, as {@code derive.Like} names it. */
    public static final String ONE_CPU = "SAME_CPU";
    /** The placement of a pair left to the scheduler. */
    public static final String UNPINNED = "UNPINNED";

    /** How a question's figure is made from its rows. */
    public enum Derivation {
        /** The row's mean time per op, per switch (round trip / 2); the sample-mode row of the trial gives its tail. */
        MEAN,
        /** Percentiles of JMH's sample mode. */
        SAMPLED_PERCENTILES,
        /** The pair's CPU time per switch at a size, less the same at size 0 (else the paired walks' difference). */
        WHOLE_COST
    }

    private final String label;
    private final Derivation derivation;
    private final Bench runs;
    private final Family family;
    private final String placement;
    private final Map<Param, String> where;

    Question(String label, Derivation derivation, Bench runs, Family family, String placement, Param.Value... where) {
        this.label = label;
        this.derivation = derivation;
        this.runs = runs;
        this.family = family;
        this.placement = placement;
        Map<Param, String> w = new LinkedHashMap<>();
        for (Param.Value v : where) {
            w.put(v.param(), v.value());
        }
        this.where = java.util.Collections.unmodifiableMap(w);
    }

    /** What was measured, for people: the card's and the report's label of the figure. */
    public String label() {
        return label;
    }

    public Derivation derivation() {
        return derivation;
    }

    /** The benchmark a run asks for to answer it ({@link QuickSet}). */
    public Bench runs() {
        return runs;
    }

    /**
     * Where the pair ran, as {@code derive.Like} names it ({@code SAME_CPU}, {@code CROSS_CPU}, {@code UNPINNED}), or null
     * when the question is not about a pair.
     */
    public String placement() {
        return placement;
    }

    /** The parameters a row must have, in order. */
    public Map<Param, String> where() {
        return where;
    }

    /**
     * Whether {@code r} is of the benchmark (or, for a question a whole family answers, of the family) with every
     * parameter of {@link #where()}; the placement of a family's row is the caller's to judge (it is derived, not a
     * parameter, for virtual pairs).
     */
    public boolean matches(JmhRow r) {
        boolean of = family != null ? family.has(r) : runs.is(r);
        return of && where.entrySet().stream().allMatch(e -> e.getValue().equals(r.param(e.getKey())));
    }
}
