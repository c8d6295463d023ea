package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every benchmark in the build goes through the one trial life cycle ({@link CountedTrial}: the JMH
 * thread registered for counting, partners checked per iteration, everything stopped per trial), so
 * a new benchmark cannot silently count 0 switches; and {@code placement} is declared only by
 * classes that can run at every placement.
 */
@Measures
class BenchmarkStatesTest {

    /** The classes that declare placement; each runs at every value (unavailable ones are narrowed away before JMH). */
    static final Set<String> PLACED = Set.of("FutexPingPong", "ParkUnparkPingPong", "ProcessVsThreadSwitch", "WorkingSetHandoff", "BindingAfterSwitch",
            "PrimitiveHandoff", "SpinOrPark");

    static List<BenchmarkListEntry> benchmarks() {
        List<BenchmarkListEntry> all = new ArrayList<>(BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT), List.of()));
        assertFalse(all.isEmpty(), "no META-INF/BenchmarkList on the test class path");
        return all;
    }

    @Test
    void everyBenchmarkMethodTakesACountedTrialState() throws Exception {
        List<String> missing = new ArrayList<>();
        for (BenchmarkListEntry e : benchmarks()) {
            Class<?> c = Class.forName(e.getUserClassQName());
            Method m = Arrays.stream(c.getMethods()).filter(x -> x.getName().equals(e.getUsername().substring(e.getUsername().lastIndexOf(".") + 1))).findFirst().orElseThrow();
            boolean counted = CountedTrial.class.isAssignableFrom(c)
                    || Arrays.stream(m.getParameterTypes()).anyMatch(CountedTrial.class::isAssignableFrom);
            if (!counted) {
                missing.add(e.getUsername());
            }
        }
        assertEquals(List.of(), missing, "benchmarks whose states do not extend CountedTrial (their JMH thread is never counted)");
    }

    @Test
    void onlyClassesThatCanBePlacedDeclarePlacementAndTheyTakeEveryValue() {
        Map<String, Set<String>> declaring = benchmarks().stream()
                .filter(e -> e.getParams().orElse(Map.of()).containsKey("placement"))
                .collect(Collectors.groupingBy(e -> e.getUserClassQName().replaceAll(".*\\.", ""),
                        Collectors.mapping(BenchmarkListEntry::getUsername, Collectors.toSet())));
        assertEquals(PLACED, declaring.keySet(), "classes declaring placement");
        for (BenchmarkListEntry e : benchmarks()) {
            String[] values = e.getParams().orElse(Map.of()).get("placement");
            if (values != null) {
                for (String v : values) {
                    assertTrue(Arrays.stream(Placement.values()).anyMatch(p -> p.name().equals(v)), e.getUsername() + ": " + v);
                }
            }
        }
    }
}
