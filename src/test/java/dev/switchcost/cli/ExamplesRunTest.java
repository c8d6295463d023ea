package dev.switchcost.cli;

import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every example a user is shown — README.md's ```bash blocks and its command table's Example column, and the
 * "Examples:" of every command's --help — is run, with the committed fixtures standing in for its results
 * directories and a history store of them standing in for the user's, and must exit 0. Examples that measure (run,
 * compare and ab without --from, working-set, working-set-sizes, footprint, simulate-native), that watch a live process
 * (sample, forecast --jfr with a sample of it) or that read this machine (doctor, machine) are only parsed by picocli:
 * running them here would run benchmarks or depend on the machine the build runs on.
 */
@ResourceLock(Measures.HISTORY)
class ExamplesRunTest {

    static final Path FIXTURES = Path.of("src/test/resources/fixtures/results");

    /** What a results directory of an example stands for: the placeholder, then the fixture copied in its place. */
    static final Map<String, String> DIRS = Map.of(
            "results/quick", "epyc-kvm-2vcpu-jdk25", "results/<dir>", "epyc-kvm-2vcpu-jdk25",
            "results/a", "epyc-kvm-2vcpu-jdk25", "results/<a>", "epyc-kvm-2vcpu-jdk25",
            "results/b", "quick-avgt-only-epyc-kvm-jdk25", "results/<b>", "quick-avgt-only-epyc-kvm-jdk25",
            "results/compare", "compare-same-cpu-epyc-kvm-jdk25");

    /** indirect reads WorkingSetHandoff rows: its results directory is a paired working-set run. */
    static final String INDIRECT_DIR = "workingset-paired-epyc-kvm-2vcpu-jdk25";

    /** Options whose value is a file or directory an example writes: it goes to a fresh directory. */
    static final Set<String> OUTPUTS = Set.of("-o", "--parquet", "--bencher", "--json", "--csv", "--chart", "--flamegraph",
            "--markdown");

    @TempDir
    static Path shared;

    @TempDir
    Path out;

    static Path store;

    record Example(String where, String line) {
        @Override
        public String toString() {
            return where + ": " + line;
        }
    }

    @BeforeAll
    static void aHistoryOfTheFixtures() throws IOException {
        for (String f : Stream.concat(DIRS.values().stream(), Stream.of(INDIRECT_DIR)).distinct().toList()) {
            copy(FIXTURES.resolve(f), shared.resolve(f));
        }
        store = shared.resolve("history.duckdb");
        CliResult imported = CliResult.run("history", "import", "--store", store.toString(),
                shared.resolve("epyc-kvm-2vcpu-jdk25").toString(), FIXTURES.resolve("pinning-gc-pinned-jdk21-jdk25").toString());
        assertEquals(ExitCodes.OK, imported.exit(), imported.err());
        CliResult saved = CliResult.run("history", "--store", store.toString(), "--save-baseline", "before");
        assertEquals(ExitCodes.OK, saved.exit(), saved.err());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    static Stream<Example> examples() throws IOException {
        List<Example> all = new ArrayList<>();
        HelpExamplesTest.commands().forEach(c -> HelpExamplesTest.examples(c).forEach(l -> all.add(new Example(c + " --help", l))));
        readme().forEach(l -> all.add(new Example("README.md", l)));
        return all.stream();
    }

    /** The switchcost command lines of README.md's ```bash blocks and of its command table's Example column. */
    static List<String> readme() throws IOException {
        List<String> found = new ArrayList<>();
        boolean bash = false;
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            if (line.startsWith("```")) {
                bash = line.equals("```bash");
            } else if (bash && line.contains("scripts/switchcost ")) {
                found.add(line.substring(line.indexOf("scripts/switchcost ")).split(" && | \\| | #")[0].strip());
            } else if (line.startsWith("| `") && line.endsWith("` |")) {
                String cell = line.substring(line.lastIndexOf("| `") + 3, line.length() - 3);
                if (cell.contains("switchcost")) {
                    found.add(cell);
                }
            }
        }
        return found;
    }

    @Test
    void theReadmeHasExamplesToCheck() throws IOException {
        List<String> r = readme();
        assertTrue(r.size() >= 15 && r.stream().anyMatch(l -> l.startsWith("scripts/switchcost history --figure")), r.toString());
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleParsesAndThoseThatReadFixturesRun(Example e) {
        List<String> args = args(e.line());
        try {
            CommandLine.ParseResult r = HelpExamplesTest.root().parseArgs(args.toArray(String[]::new));
            assertTrue(r.hasSubcommand(), e + ": names a command");
        } catch (ParameterException x) {
            fail(e + ": does not parse: " + x.getMessage());
        }
        if (parsedOnly(args)) {
            return;
        }
        CliResult r = CliResult.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.OK, r.exit(), e + " (run as " + args + ") exits " + r.exit() + ": " + r.err());
    }

    /** Measures, watches a live process, or reads this machine: not run here (see the class comment). */
    static boolean parsedOnly(List<String> args) {
        String command = args.get(0);
        return switch (command) {
            case "run", "working-set", "working-set-sizes", "footprint", "simulate-native", "sample", "doctor", "machine" -> true;
            case "compare", "ab" -> !args.contains("--from");
            case "forecast" -> args.contains("--sample");
            default -> false;
        };
    }

    /** The example's words after "switchcost", its results directories the fixtures', its outputs in a fresh directory. */
    List<String> args(String line) {
        String l = line.startsWith("source <(") ? line.substring("source <(".length(), line.lastIndexOf(')')) : line;
        List<String> words = HelpExamplesTest.shellWords(l);
        String first = words.get(0);
        assertTrue(first.equals("switchcost") || first.equals("scripts/switchcost"), "a switchcost command line: " + line);
        int redirect = words.indexOf(">");
        List<String> in = words.subList(1, redirect < 0 ? words.size() : redirect);
        List<String> args = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            String w = in.get(i);
            if (i > 0 && OUTPUTS.contains(in.get(i - 1)) && !in.get(0).equals("sample")) {
                args.add(out.resolve(Path.of(w).getFileName()).toString());
            } else if (w.equals("results/ab")) {
                args.add(AbCommandTest.FIXTURE.toString());
            } else if (DIRS.containsKey(w)) {
                args.add(shared.resolve(in.get(0).equals("indirect") ? INDIRECT_DIR : DIRS.get(w)).toString());
            } else if (w.equals("rec.jfr")) {
                args.add("src/test/resources/fixtures/jfr/handoffs-jdk25.jfr");
            } else {
                args.add(w);
            }
            if (i == 0 && w.equals("history")) {
                args.addAll(List.of("--store", store.toString()));
            }
        }
        return args;
    }
}
