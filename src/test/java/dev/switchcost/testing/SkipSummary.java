package dev.switchcost.testing;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Lists, at the end of a test run, the tests that were skipped, grouped by why: one line a reader sees in the build
 * log ({@code "switchcost tests: 12 skipped: 5 needs valgrind (apt-get install valgrind); ..."}), and every skipped
 * test with its reason in {@code target/test-skips.tsv} (class, method, reason), which {@code .ci/run} reads to run
 * them again where the tools are installed. A skip's group is its message up to the first ": " (so every
 * {@link Needs} of one kind is one group); registered through {@code META-INF/services}.
 */
public final class SkipSummary implements TestExecutionListener {

    static final Path TSV = Path.of("target", "test-skips.tsv");

    private final ConcurrentMap<String, AtomicInteger> groups = new ConcurrentHashMap<>();
    private final StringBuffer rows = new StringBuffer();

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        skipped(test, reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            skipped(test, result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
        }
    }

    private void skipped(TestIdentifier test, String reason) {
        String why = reason == null || reason.isBlank() ? "no reason given"
                : reason.strip().replaceAll("\\s+", " ").replaceFirst("^Assumption failed: ", "");
        // a Needs message's group ends after its install hint, which may itself hold ": "
        int colon = why.startsWith("needs ") && why.contains("): ") ? why.indexOf("): ") + 1 : why.indexOf(": ");
        groups.computeIfAbsent(colon > 0 ? why.substring(0, colon) : why, g -> new AtomicInteger()).incrementAndGet();
        String[] where = where(test);
        rows.append(where[0]).append('\t').append(where[1]).append('\t').append(why).append('\n');
    }

    /** The test's class and method, from its unique id ({@code [class:C]/[method:m(...)]} or a template's). */
    private static String[] where(TestIdentifier test) {
        String id = test.getUniqueId();
        String cls = segment(id, "[class:").orElse("?");
        String method = segment(id, "[method:").or(() -> segment(id, "[test-template:")).map(m -> m.replaceAll("\\(.*", ""))
                .orElse("");
        return new String[]{cls, method};
    }

    private static Optional<String> segment(String id, String start) {
        int i = id.indexOf(start);
        return i < 0 ? Optional.empty() : Optional.of(id.substring(i + start.length(), id.indexOf(']', i)));
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        Map<String, Integer> sorted = new TreeMap<>();
        groups.forEach((g, n) -> sorted.put(g, n.get()));
        int total = sorted.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("switchcost tests: " + (total == 0 ? "none skipped" : total + " skipped: "
                + sorted.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining("; "))));
        try {
            Files.createDirectories(TSV.getParent());
            Files.writeString(TSV, rows);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + TSV, e);
        }
    }
}
