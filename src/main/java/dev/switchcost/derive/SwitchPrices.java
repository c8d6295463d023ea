package dev.switchcost.derive;

import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.workload.CompensatedBlocks;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Param;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * This machine's CPU time per switch, from one results input: what {@code sample}'s cost line and {@code forecast} price
 * switches with. A price is CPU time the threads spend, never a round trip's latency (which on two CPUs is mostly the
 * wait for an idle CPU to wake).
 *
 * <ul>
 *   <li>platform threads, same CPU and cross CPU: the pair's CPU time per switch read from schedstat
 *       ({@code switch.beyond} of {@code WorkingSetHandoff.roundTripPaired}, futex handoff, private arrays, size 0:
 *       nothing to walk, so all of it is the switch);</li>
 *   <li>virtual threads on one carrier: the {@code VirtualThreadHandoffOneCarrier} VT↔VT round trip / 2. One carrier
 *       never idles inside that round trip, so its time is the carrier's CPU time.</li>
 *   <li>a virtual thread's start, on one carrier: {@code VirtualThreadStartOneCarrier}'s start, run and join less the
 *       joiner's one virtual switch (the virtual price): the start, the new thread's mount and unmount, and its end.
 *       What a server on virtual threads spends per task beyond the task's own switches.</li>
 *   <li>a blocking call's compensation: {@code VirtualThreadBlockingCall}'s CPU time per call ({@code cpu.pair}: the
 *       carriers' and the caller's) with the JDK's blocking-call bracket less without it, the
 *       other carrier idle. What a virtual thread spends beyond the call itself on a file-system call that blocks its
 *       carrier, when the scheduler wakes an idle carrier to stand in for it.</li>
 * </ul>
 *
 * @param sameCpu    platform threads, one CPU; null when not measured
 * @param crossCpu   platform threads, two CPUs; null when not measured
 * @param virtual    virtual threads, one carrier; null when not measured
 * @param start      a virtual thread's start, per start; null when it or the virtual price was not measured
 * @param compensation a blocking call's compensation on a virtual thread, per call, an idle carrier woken; null when
 *                   not measured
 * @param missing    for each price that is null, the {@code switchcost run ...} that measures it
 */
public record SwitchPrices(Price sameCpu, Price crossCpu, Price virtual, Price start, Price compensation, List<String> missing) {

    /** Prices without a blocking call's compensation. */
    public SwitchPrices(Price sameCpu, Price crossCpu, Price virtual, Price start, List<String> missing) {
        this(sameCpu, crossCpu, virtual, start, null, missing);
    }

    /** Prices without a virtual thread's start or a blocking call's compensation. */
    public SwitchPrices(Price sameCpu, Price crossCpu, Price virtual, List<String> missing) {
        this(sameCpu, crossCpu, virtual, null, null, missing);
    }

    /**
     * @param what      what was measured, for people
     * @param perSwitch CPU time per switch, ns, with its error
     * @param source    the row it comes from
     * @param disturbed it comes from a disturbed trial the run kept ({@code run --allow-disturbed}): said wherever it prices
     */
    public record Price(String what, Estimate perSwitch, String source, boolean disturbed) {

        public Price(String what, Estimate perSwitch, String source) {
            this(what, perSwitch, source, false);
        }
    }

    /** The platform rows' parameters: the paired round trip at size 0 on one and on two CPUs. */
    private static final List<String> PLATFORM_PARAMS = List.of("-p", Param.PLACEMENT.key() + "=SAME_CPU,CROSS_CPU",
            "-p", Param.HANDOFF.key() + "=FUTEX", "-p", Param.SHARING.key() + "=PRIVATE", "-p", Param.WALK.key() + "=LI",
            "-p", Param.STRIDE_BYTES.key() + "=64", "-p", Param.WORKING_SET_KIB.key() + "=0");
    /** The virtual handoff the virtual price and the start's are net of: two virtual threads, park and unpark. */
    private static final List<String> VIRTUAL_PARAMS = List.of("-p", Param.PAIR.key() + "=VT_VT", "-p", Param.PRIMITIVE.key() + "=LOCK_SUPPORT");

    /** The run that measures the platform prices. */
    public static final String PLATFORM_RUN = run(PLATFORM_PARAMS, Bench.WORKING_SET_PAIRED);
    /** The run that measures the virtual-thread price. */
    public static final String VIRTUAL_RUN = run(List.of(), Bench.VIRTUAL_ONE_CARRIER);
    /** The run that measures a virtual thread's start with the virtual price it is net of. */
    public static final String START_RUN = run(VIRTUAL_PARAMS, Bench.VIRTUAL_ONE_CARRIER, Bench.VIRTUAL_START);
    /** The run that measures a blocking call's compensation (both sides of the difference). */
    public static final String COMPENSATION_RUN = run(List.of(), Bench.VIRTUAL_BLOCKING_CALL);

    /**
     * The arguments of one {@code switchcost run} that measures every price (JMH ignores a {@code -p} a benchmark does
     * not declare): what {@code scripts/studies/measure-forecast.sh} runs when it is given no prices.
     */
    public static final List<String> RUN_ARGS = java.util.stream.Stream.of(PLATFORM_PARAMS, VIRTUAL_PARAMS,
            List.of(Bench.include(Bench.WORKING_SET_PAIRED, Bench.VIRTUAL_ONE_CARRIER, Bench.VIRTUAL_START, Bench.VIRTUAL_BLOCKING_CALL)))
            .flatMap(List::stream).toList();

    private static String run(List<String> params, Bench... benches) {
        return "switchcost run " + (params.isEmpty() ? "" : String.join(" ", params) + " ") + "'" + Bench.include(benches) + "'";
    }

    /** Prints {@link #RUN_ARGS}, one per line, for scripts. */
    public static void main(String[] args) {
        RUN_ARGS.forEach(System.out::println);
    }

    public static SwitchPrices of(Findings found) {
        Price same = platform(found, "SAME_CPU").orElse(null);
        Price cross = platform(found, "CROSS_CPU").orElse(null);
        Headline h = found.headlines().stream().filter(x -> x.virtual() != null).findFirst().orElse(null);
        Price virt = h == null ? null : new Price(h.virtual().what() + " (one carrier: its CPU time)", h.virtual().perSwitch(),
                h.virtual().source(), h.virtual().disturbed());
        Price start = virt == null ? null : start(found, virt, h.jdk());
        List<String> missing = new ArrayList<>();
        if (same == null || cross == null) {
            missing.add(PLATFORM_RUN);
        }
        if (virt == null) {
            missing.add(VIRTUAL_RUN);
        }
        if (start == null) {
            missing.add(START_RUN);
        }
        Price compensation = compensation(found, h == null ? null : h.jdk());
        if (compensation == null) {
            missing.add(COMPENSATION_RUN);
        }
        return new SwitchPrices(same, cross, virt, start, compensation, List.copyOf(missing));
    }

    /**
     * {@code VirtualThreadBlockingCall}'s CPU time per call with the bracket less without it, on the virtual price's JDK
     * (any one JDK when there is none); the two come from different trials, so their errors add.
     */
    private static Price compensation(Findings found, String jdk) {
        List<JmhRow> rows = found.input().usable().stream()
                .filter(r -> Bench.VIRTUAL_BLOCKING_CALL.is(r) && (jdk == null || r.jdk().equals(jdk))).toList();
        Optional<JmhRow> with = side(rows, CompensatedBlocks.COMPENSATED);
        Optional<JmhRow> without = with.flatMap(w -> side(rows.stream().filter(r -> r.jdk().equals(w.jdk())).toList(),
                CompensatedBlocks.PLAIN)); // both sides of one JDK
        if (with.isEmpty() || without.isEmpty()) {
            return null;
        }
        Metric a = with.get().secondary().get(PairedWalkProfiler.CPU);
        Metric b = without.get().secondary().get(PairedWalkProfiler.CPU);
        return new Price("a blocking call's compensation on a virtual thread, an idle carrier woken: its CPU time",
                a.estimate().minus(b.estimate()), with.get().key() + " less " + without.get().key(),
                with.get().disturbed() || without.get().disturbed());
    }

    private static Optional<JmhRow> side(List<JmhRow> rows, String call) {
        return rows.stream().filter(r -> call.equals(r.params().get(Param.CALL.key())) && r.secondary().get(PairedWalkProfiler.CPU) != null
                && Double.isFinite(r.secondary().get(PairedWalkProfiler.CPU).estimate().value())).findFirst();
    }

    /**
     * The start row of the virtual price's JDK less the joiner's virtual switch; the two come from different trials, so
     * their errors add.
     */
    private static Price start(Findings found, Price virt, String jdk) {
        return found.input().usable().stream()
                .filter(r -> Bench.VIRTUAL_START.is(r) && r.jdk().equals(jdk) && Double.isFinite(r.estimate().value()))
                .findFirst()
                .map(r -> new Price("a virtual thread's start, mount, unmount and end, one carrier: its CPU time",
                        r.estimate().minus(virt.perSwitch()), r.key() + " less the virtual price", r.disturbed() || virt.disturbed()))
                .orElse(null);
    }

    private static Optional<Price> platform(Findings found, String placement) {
        return found.workingSet().stream()
                .filter(r -> r.workingSetKiB() == 0 && r.handoff().equals("FUTEX") && r.placement().equals(placement)
                        && "PRIVATE".equals(r.sharing()) && r.paired() != null && r.paired().beyond() != null
                        && Double.isFinite(r.paired().beyond().value()))
                .min(java.util.Comparator.comparingInt(IndirectCost.Row::strideBytes))
                .map(r -> new Price("platform threads, " + (placement.equals("SAME_CPU") ? "one CPU" : "two CPUs")
                        + ": the pair's CPU time per futex switch", r.paired().beyond(),
                        r.paired().benchmark() + " " + r.paired().params(), found.input().usable().stream()
                        .anyMatch(x -> x.disturbed() && x.shortName().equals(r.paired().benchmark())
                                && x.params().equals(r.paired().params()))));
    }

    /** True when no price was measured. */
    public boolean none() {
        return sameCpu == null && crossCpu == null && virtual == null;
    }

    /** True when a price comes from a disturbed trial the run kept. */
    public boolean anyDisturbed() {
        return java.util.stream.Stream.of(sameCpu, crossCpu, virtual, start, compensation).anyMatch(p -> p != null && p.disturbed());
    }

    /**
     * The platform-thread price at a placement mix: same × share + cross × (1 − share). The two are measured in
     * different trials, so their errors add in quadrature.
     *
     * @param sameShare the share of wake-ups on the waker's CPU, 0 to 1
     * @return empty when a price the mix needs is missing
     */
    public Optional<Estimate> platform(double sameShare) {
        if (!(sameShare >= 0 && sameShare <= 1)) {
            throw new IllegalArgumentException("same-CPU share " + sameShare + " is not within 0..1");
        }
        if ((sameShare > 0 && sameCpu == null) || (sameShare < 1 && crossCpu == null)) {
            return Optional.empty();
        }
        Estimate same = sameShare > 0 ? sameCpu.perSwitch().times(sameShare) : null;
        Estimate cross = sameShare < 1 ? crossCpu.perSwitch().times(1 - sameShare) : null;
        return Optional.of(same == null ? cross : cross == null ? same : same.plus(cross));
    }
}
