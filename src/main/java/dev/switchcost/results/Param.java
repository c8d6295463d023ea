package dev.switchcost.results;

import dev.switchcost.measure.jmh.ForkOptions;

/**
 * The benchmark parameters ({@code @Param} fields) that switchcost's figures select on: part of the catalog
 * ({@link Bench}). {@code CatalogTest} checks each is declared by a built benchmark.
 */
public enum Param {
    PLACEMENT(ForkOptions.PLACEMENT_PARAM),
    PAIR("pair"),
    PRIMITIVE("primitive"),
    BINDING(ForkOptions.BINDING_PARAM),
    WAIT("wait"),
    HANDOFF("handoff"),
    SHARING("sharing"),
    STRIDE_BYTES("strideBytes"),
    WALK("walk"),
    WORKING_SET_KIB("workingSetKiB"),
    BEFORE("before"),
    EXTRA("extra"),
    CARRIERS("carriers"),
    STRATEGY("strategy"),
    BUDGET_NS("budgetNs"),
    REPLY_NS("replyNs"),
    /** {@code VirtualThreadBlockingCall}: the blocking-call bracket ({@code COMPENSATED}) or none ({@code PLAIN}). */
    CALL("call");

    private final String key;

    Param(String key) {
        this.key = key;
    }

    /** The name as JMH's {@code -p} and result files spell it. */
    public String key() {
        return key;
    }

    /** This parameter at {@code value}: what a row must have, e.g. {@code PLACEMENT.is("SAME_CPU")}. */
    public Value is(String value) {
        return new Value(this, value);
    }

    /** A parameter and the value a row must have of it. */
    public record Value(Param param, String value) {
    }
}
