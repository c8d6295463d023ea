package dev.switchcost;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The tests read their results from src/test/resources/fixtures/results, never from the committed measurement
 * evidence under docs (which may be pruned or reorganised), and every results directory there has its line in the
 * README beside them, naming where it comes from.
 */
class FixturesTest {

    static final Path TESTS = Path.of("src/test/java");
    static final Path RESULTS = Path.of("src/test/resources/fixtures/results");
    /** The evidence's path, as a path string or as {@code Path.of}'s parts; written so that this file does not match. */
    static final Pattern EVIDENCE = Pattern.compile("docs" + "/results|\"docs\"\\s*,\\s*\"results\"");

    @Test
    void noTestReadsTheCommittedResults() throws IOException {
        assertEquals(List.of(), naming(TESTS), "a test reads the committed results: give it a fixture under " + RESULTS
                + " instead (its README says how)");
    }

    /** The rule can fail: a file naming the evidence either way is reported with its line. */
    @Test
    void theScanNamesTheFileAndLineThatNameTheCommittedResults(@TempDir Path tmp) throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a")).resolve("ATest.java");
        Files.writeString(a, "class ATest {\n    Path p = Path.of(\"" + "docs" + "/results" + "/x\");\n}\n");
        Path b = tmp.resolve("BTest.java");
        Files.writeString(b, "class BTest {\n\n    Path p = Path.of(\"docs\", " + "\"results\");\n}\n");
        Files.writeString(tmp.resolve("CTest.java"), "class CTest {\n    Path p = Path.of(\"docs\", \"img\");\n}\n");
        assertEquals(List.of(b + ":3", a + ":2"), naming(tmp), "sorted by path");
    }

    @Test
    void everyResultsFixtureHasItsLineInTheReadme() throws IOException {
        String readme = Files.readString(RESULTS.resolve("README.md"));
        List<String> missing;
        try (Stream<Path> s = Files.list(RESULTS)) {
            missing = s.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted()
                    .filter(n -> !readme.contains("- `" + n + "/`")).toList();
        }
        assertEquals(List.of(), missing, RESULTS + "/README.md: a line per directory, \"- `name/`: where it comes from\"");
        Matcher named = Pattern.compile("(?m)^- `([^`/]+)/`").matcher(readme);
        List<String> gone = new ArrayList<>();
        while (named.find()) {
            if (!Files.isDirectory(RESULTS.resolve(named.group(1)))) {
                gone.add(named.group(1));
            }
        }
        assertEquals(List.of(), gone, "the README names directories that are not there");
    }

    /** Every file under {@code root} with a line that names the evidence, as {@code file:line}, sorted. */
    static List<String> naming(Path root) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                String[] lines = Files.readString(f, StandardCharsets.UTF_8).split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    if (EVIDENCE.matcher(lines[i]).find()) {
                        found.add(f + ":" + (i + 1));
                    }
                }
            }
        }
        return found;
    }
}
