package dev.switchcost.results;

import dev.switchcost.measure.workload.DrivenPingPong;

import java.util.List;

/**
 * Benchmark classes that answer one kind of question together: part of the catalog ({@link Bench}). A row belongs to a
 * family by its benchmark class.
 */
public enum Family {
    /** The futex ping-pong through FFM or JNA. */
    FUTEX(Bench.Names.FUTEX),
    /** Two threads handing a turn over with a {@code HandoffPrimitive}: virtual or platform, one carrier or two. */
    VIRTUAL_HANDOFF(Bench.Names.VIRTUAL_ONE_CARRIER, Bench.Names.VIRTUAL_TWO_CARRIERS),
    /** The handoff with a working set walked between handoffs: platform or virtual threads. */
    WORKING_SET(Bench.Names.WORKING_SET, Bench.Names.WORKING_SET_VIRTUAL),
    /** The virtual-thread working-set handoff, which fixes handoff and placement instead of taking them as parameters. */
    WORKING_SET_VIRTUAL(Bench.Names.WORKING_SET_VIRTUAL),
    /** A thread pair against a process pair. */
    PROCESS_VS_THREAD(Bench.Names.PROCESS_VS_THREAD),
    /** Every {@code HandoffPrimitive} between two placed platform threads: time, switches and CPU per round trip. */
    PRIMITIVE_HANDOFF(Bench.Names.PRIMITIVE),
    /** Wait strategies against the partner's reply time: latency, CPU and switches per round trip. */
    SPIN_OR_PARK(Bench.Names.SPIN_OR_PARK);

    /** Round trips per invocation of a {@link #VIRTUAL_HANDOFF} benchmark: one op is one round trip, this many per invocation. */
    public static final int VIRTUAL_HANDOFF_ROUND_TRIPS_PER_OP = DrivenPingPong.BENCHMARK_ROUND_TRIPS_PER_DRIVE;

    private final List<String> classes;

    Family(String... classes) {
        this.classes = List.of(classes);
    }

    /** The simple names of the family's benchmark classes. */
    public List<String> classes() {
        return classes;
    }

    /** Whether {@code r} is a row of one of the family's classes. */
    public boolean has(JmhRow r) {
        return has(r.benchmarkClass());
    }

    /** Whether {@code benchmarkClass} (a simple name) is one of the family's classes. */
    public boolean has(String benchmarkClass) {
        return classes.contains(benchmarkClass);
    }
}
