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
    REPLY_NS("replyNs");

    private final String key;

    Param(String key) {
        this.key = key;
    }

    /** The name as JMH's {@code -p} and result files spell it. */
    public String key() {
        return key;
    }
}
