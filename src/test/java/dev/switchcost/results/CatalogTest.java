package dev.switchcost.results;

import dev.switchcost.bench.HandoffTasks;
import dev.switchcost.measure.jmh.BenchmarkCatalog;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The catalog ({@link Bench}, {@link Family}, {@link Param}, {@link Question}, {@link QuickSet}) names only benchmarks,
 * parameters and values the build has, and no code outside it and {@code src/jmh} spells a benchmark's name.
 */
class CatalogTest {

    /** What in the catalog does not resolve against {@code list}, one line each; empty when all does. */
    static List<String> problems(Collection<BenchmarkListEntry> list) {
        Set<String> names = list.stream().map(BenchmarkListEntry::getUsername).collect(Collectors.toSet());
        Set<String> classes = names.stream().map(n -> n.substring(0, n.lastIndexOf('.'))).map(c -> c.substring(c.lastIndexOf('.') + 1))
                .collect(Collectors.toSet());
        List<String> out = new ArrayList<>();
        for (Bench b : Bench.values()) {
            if (!names.contains(b.fullName())) {
                out.add("Bench." + b + ": no benchmark " + b.fullName());
            }
        }
        for (Family f : Family.values()) {
            f.classes().stream().filter(c -> !classes.contains(c)).forEach(c -> out.add("Family." + f + ": no benchmark class " + c));
        }
        for (Param p : Param.values()) {
            if (list.stream().noneMatch(e -> e.getParams().hasValue() && e.getParams().get().containsKey(p.key()))) {
                out.add("Param." + p + ": no benchmark declares " + p.key());
            }
        }
        for (Question q : Question.values()) {
            Optional<BenchmarkListEntry> e = list.stream().filter(x -> x.getUsername().equals(q.runs().fullName())).findFirst();
            if (e.isEmpty()) {
                out.add("Question." + q + ": its benchmark " + q.runs().fullName() + " is not built");
                continue;
            }
            q.where().forEach((p, v) -> {
                String[] values = e.get().getParams().hasValue() ? e.get().getParams().get().get(p.key()) : null;
                if (values == null || !List.of(values).contains(v)) {
                    out.add("Question." + q + ": " + q.runs().shortName() + " has no " + p.key() + "=" + v);
                }
            });
        }
        return out;
    }

    static List<BenchmarkListEntry> built() {
        return BenchmarkCatalog.entries();
    }

    @Test
    void everyEntryResolvesAgainstTheBuiltBenchmarkList() {
        assertEquals(List.of(), problems(built()));
    }

    @Test
    void aRenamedBenchmarkOrParameterFails() throws IOException {
        List<String> lines;
        try (InputStream in = CatalogTest.class.getResourceAsStream("/META-INF/BenchmarkList")) {
            assertNotNull(in, "the build's benchmark list");
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
        // JMH's list is length-prefixed ("S 12 FutexPingPong"): rename within the same length so it still parses
        List<BenchmarkListEntry> method = lines.stream().map(l -> l.replace("S 9 roundTrip ", "S 9 roundTrap "))
                .map(BenchmarkListEntry::new).toList();
        assertTrue(problems(method).stream().anyMatch(p -> p.startsWith("Bench.FUTEX_ROUND_TRIP:")), problems(method).toString());
        List<BenchmarkListEntry> param = lines.stream().map(l -> l.replace(" 9 placement ", " 9 placemant "))
                .map(BenchmarkListEntry::new).toList();
        assertTrue(problems(param).stream().anyMatch(p -> p.startsWith("Param.PLACEMENT:")), problems(param).toString());
        assertTrue(problems(param).stream().anyMatch(p -> p.startsWith("Question.FUTEX_ONE_CPU:")), problems(param).toString());
    }

    @Test
    void theQuickSetRunsTheCardsBenchmarks() {
        assertEquals("\\.(FutexPingPong\\.roundTrip|VirtualThreadHandoffOneCarrier\\.roundTrip"
                + "|ParkUnparkPingPong\\.roundTrip_park|SyscallBaseline\\.gettid)$", QuickSet.INCLUDE);
        assertEquals("\\.WorkingSetHandoff\\.roundTripPaired$", QuickSet.CACHE_INCLUDE);
        assertEquals("\\.(FutexPingPong\\.roundTrip|VirtualThreadHandoffOneCarrier\\.roundTrip|SyscallBaseline\\.baseline)$",
                QuickSet.DISTRIBUTION_INCLUDE);
        for (Question q : QuickSet.MEANS) {
            assertTrue(BenchmarkCatalog.matching(List.of(QuickSet.INCLUDE), List.of()).stream()
                    .anyMatch(e -> e.getUsername().equals(q.runs().fullName())), q.toString());
        }
    }

    @Test
    void theVirtualHandoffsRoundTripsPerOpAreTheBenchmarks() {
        assertEquals(HandoffTasks.ROUND_TRIPS_PER_OP, Family.VIRTUAL_HANDOFF_ROUND_TRIPS_PER_OP);
    }

    static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
    static final Set<Path> CATALOG = Set.of(Path.of("src/main/java/dev/switchcost/results/Bench.java"));

    /** No string literal in src/main names a benchmark class, and no row parameter is looked up by a literal name. */
    @Test
    void noBenchmarkNameIsSpelledOutsideTheCatalog() throws IOException {
        Set<String> classes = built().stream().map(BenchmarkListEntry::getUserClassQName)
                .map(c -> c.substring(c.lastIndexOf('.') + 1)).collect(Collectors.toSet());
        assertTrue(classes.contains(Bench.Names.FUTEX), classes.toString());
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).filter(p -> !CATALOG.contains(p)).toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String code = lines.get(i).strip();
                    if (code.startsWith("*") || code.startsWith("//") || code.startsWith("/*")) {
                        continue;
                    }
                    Matcher m = STRING.matcher(code);
                    while (m.find()) {
                        for (String c : classes) {
                            if (Pattern.compile("\\b" + c + "\\b").matcher(m.group()).find()) {
                                found.add(f + ":" + (i + 1) + ": " + m.group());
                            }
                        }
                    }
                    if (code.contains(".param(\"")) {
                        found.add(f + ":" + (i + 1) + ": a parameter by literal name (use Param)");
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }
}
