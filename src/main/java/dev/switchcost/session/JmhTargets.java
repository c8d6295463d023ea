package dev.switchcost.session;

import dev.switchcost.measure.jmh.BenchmarkCatalog;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Column;
import dev.switchcost.results.Param;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Looks JVM columns up in JMH's {@code META-INF/BenchmarkList}, so compare runs only what this build has.
 *
 * @param entries the benchmarks of the build
 */
public record JmhTargets(List<BenchmarkListEntry> entries) {

    /** A JMH benchmark and the parameters compare fixes for it. */
    public record Target(String benchmark, Map<String, String> params) {
        @Override
        public String toString() {
            return params.isEmpty() ? benchmark : benchmark + " " + params;
        }
    }

    /**
     * Candidates for the virtual-thread column, in order: a handoff between two virtual threads with
     * park/unpark. A parameter is fixed only where the benchmark declares it with that value.
     */
    static final List<Target> VIRTUAL_CANDIDATES = List.of(
            new Target(Bench.VIRTUAL_ONE_CARRIER.fullName(),
                    Map.of(Param.PAIR.key(), "VT_VT", Param.PRIMITIVE.key(), "LOCK_SUPPORT")));

    /** The benchmarks compiled into this build. */
    public static JmhTargets current() {
        return new JmhTargets(BenchmarkCatalog.entries());
    }

    /** The fixed JVM column's target, if this build has it. */
    public Optional<Target> fixed(Column c) {
        return find(new Target(c.benchmark(), c.params()));
    }

    /** The virtual-thread column's target, if this build has one. */
    public Optional<Target> virtual() {
        return VIRTUAL_CANDIDATES.stream().map(this::find).flatMap(Optional::stream).findFirst();
    }

    /** Matches a full name exactly, or by prefix when it ends with '.'; keeps only declared parameter values. */
    Optional<Target> find(Target wanted) {
        String b = wanted.benchmark();
        return entries.stream().filter(e -> b.endsWith(".") ? e.getUsername().startsWith(b) : e.getUsername().equals(b))
                .findFirst().map(e -> {
                    Map<String, String[]> declared = e.getParams().orElse(Map.of());
                    Map<String, String> params = new LinkedHashMap<>();
                    wanted.params().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(p -> {
                        String[] values = declared.get(p.getKey());
                        if (values != null && (values.length == 0 || Arrays.asList(values).contains(p.getValue()))) {
                            params.put(p.getKey(), p.getValue());
                        }
                    });
                    return new Target(e.getUsername(), params);
                });
    }
}
