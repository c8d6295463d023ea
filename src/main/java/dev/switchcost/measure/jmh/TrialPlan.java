package dev.switchcost.measure.jmh;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.Options;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The trials a JMH run was asked for: every selected benchmark × mode × {@code @Param} combination,
 * exploded as JMH's {@code Runner} does (its {@code -bm} and {@code -p} override the annotations), so
 * that what came back can be checked against what was requested. A trial is complete only when it
 * has every measurement iteration of every fork; JMH keeps the iterations done before a failure
 * (without {@code -foe}) and leaves out a trial whose fork died, so both cases are found here.
 */
public final class TrialPlan {

    /**
     * One requested trial.
     *
     * @param benchmark the benchmark's full name ({@code dev.switchcost.bench.FutexPingPong.roundTrip})
     * @param params    its {@code @Param} values, sorted by name
     */
    public record Trial(String benchmark, Mode mode, Map<String, String> params) {
        public Trial {
            params = Collections.unmodifiableMap(new TreeMap<>(params));
        }

        /** As people read it: {@code Class.method mode k=v ...}. */
        @Override
        public String toString() {
            String name = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
            StringBuilder b = new StringBuilder(name).append(' ').append(mode.shortLabel());
            params.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
            return b.toString();
        }
    }

    private final Set<Trial> keys;

    private TrialPlan(Set<Trial> keys) {
        this.keys = keys;
    }

    /** @return the trials {@code options} select from this build's benchmark list */
    public static TrialPlan of(Options options) {
        Set<Trial> keys = new LinkedHashSet<>();
        for (BenchmarkListEntry e : BenchmarkCatalog.matching(options.getIncludes(), options.getExcludes())) {
            List<Mode> modes = (options.getBenchModes().isEmpty() ? List.of(e.getMode()) : options.getBenchModes()).stream()
                    .flatMap(m -> m == Mode.All ? Stream.of(Mode.values()).filter(each -> each != Mode.All) : Stream.of(m)).toList();
            List<Map<String, String>> combos = List.of(Map.of());
            for (Map.Entry<String, String[]> p : new TreeMap<>(e.getParams().orElse(Map.of())).entrySet()) {
                Collection<String> values = options.getParameter(p.getKey()).orElse(List.of(p.getValue()));
                combos = combos.stream().flatMap(c -> values.stream().map(v -> {
                    Map<String, String> n = new TreeMap<>(c);
                    n.put(p.getKey(), v);
                    return n;
                })).toList();
            }
            for (Mode m : modes) {
                for (Map<String, String> c : combos) {
                    keys.add(new Trial(e.getUsername(), m, c));
                }
            }
        }
        return new TrialPlan(keys);
    }

    public int size() {
        return keys.size();
    }

    /** @return the requested trials, in JMH's order of discovery */
    public Set<Trial> keys() {
        return keys;
    }

    public static Trial key(BenchmarkParams params) {
        return new Trial(params.getBenchmark(), params.getMode(),
                params.getParamsKeys().stream().collect(Collectors.toMap(k -> k, params::getParam)));
    }

    /** @return whether {@code r} holds every measurement iteration of every fork it asked for */
    public static boolean isComplete(RunResult r) {
        BenchmarkParams p = r.getParams();
        int forks = r.getBenchmarkResults().size();
        int iterations = r.getBenchmarkResults().stream().mapToInt(br -> br.getIterationResults().size()).sum();
        int wantedForks = Math.max(1, p.getForks());
        return forks >= wantedForks && iterations >= wantedForks * p.getMeasurement().getCount();
    }
}
