package dev.switchcost.cli;

import dev.switchcost.results.Build;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The outputs a user reads from committed results — the report (Markdown, and the HTML by digest), {@code indirect} in
 * each format, {@code diff} — are the same bytes as in {@code src/test/resources/golden}, but for the rendering build and
 * the output directory. A refactor must leave them alone; a change meant to alter them rewrites the golden files in the
 * same commit ({@code -Dswitchcost.golden.write=true}), so the diff shows what a reader will see change.
 */
class GoldenOutputsTest {

    static final Path GOLDEN = Path.of("src/test/resources/golden");
    static final Path FIX = Path.of("src/test/resources/fixtures/results");
    static final Path DOCS = Path.of("docs/results");
    static final boolean WRITE = Boolean.getBoolean("switchcost.golden.write");

    record Case(String name, List<String> args) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> reports() {
        return List.of(
                new Case("report-quick-fixture", List.of(FIX.resolve("epyc-kvm-2vcpu-jdk25").toString())),
                new Case("report-pinning", List.of(FIX.resolve("pinning-gc-pinned-jdk21-jdk25").toString())),
                new Case("report-paired", List.of(FIX.resolve("workingset-paired-epyc-kvm-2vcpu-jdk25").toString())),
                new Case("report-sweep", List.of(FIX.resolve("working-set-sweep-epyc-kvm-2vcpu-jdk25").toString())),
                new Case("report-quick-23f", List.of(DOCS.resolve("2026-11-23f-epyc-kvm/quick").toString())),
                new Case("report-placements-23f", List.of(DOCS.resolve("2026-11-23f-epyc-kvm/placements").toString())),
                new Case("report-process-thread", List.of(DOCS.resolve("2026-11-23b-epyc-kvm/process-vs-thread").toString())),
                new Case("report-two-quick", List.of(DOCS.resolve("2026-11-23e-epyc-kvm/quick").toString(),
                        DOCS.resolve("2026-11-23f-epyc-kvm/quick").toString())));
    }

    static List<Case> commands() {
        String paired = FIX.resolve("workingset-paired-epyc-kvm-2vcpu-jdk25").toString();
        String placements = DOCS.resolve("2026-11-23f-epyc-kvm/placements").toString();
        String processes = DOCS.resolve("2026-11-23b-epyc-kvm/process-vs-thread").toString();
        return List.of(
                new Case("indirect-paired-text", List.of("indirect", paired)),
                new Case("indirect-paired-tsv", List.of("indirect", "--format", "tsv", paired)),
                new Case("indirect-paired-json", List.of("indirect", "--json", paired)),
                new Case("indirect-placements-text", List.of("indirect", placements)),
                new Case("indirect-placements-json", List.of("indirect", "--format", "json", placements)),
                new Case("indirect-processes-text", List.of("indirect", processes)),
                new Case("diff-quick-23e-23f", List.of("diff", DOCS.resolve("2026-11-23e-epyc-kvm/quick").toString(),
                        DOCS.resolve("2026-11-23f-epyc-kvm/quick").toString())),
                new Case("diff-pinning-fixture", List.of("diff", FIX.resolve("pinning-jdk21-jdk25/jmh-jdk21.json").toString(),
                        FIX.resolve("pinning-jdk21-jdk25/jmh-jdk25.json").toString())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reports")
    void reportIsUnchanged(Case c, @TempDir Path tmp) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("report", "-o", tmp.toString()));
        args.addAll(c.args());
        CliResult r = CliResult.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        String md = normalise(Files.readString(tmp.resolve("report.md")), tmp);
        String html = normalise(Files.readString(tmp.resolve("report.html")), tmp);
        check(c.name() + ".md", md);
        check(c.name() + ".html.sha256", sha256(html) + "\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void commandOutputIsUnchanged(Case c) throws Exception {
        CliResult r = CliResult.run(c.args().toArray(String[]::new));
        check(c.name() + ".txt", "exit " + r.exit() + "\n" + r.out() + (r.err().isEmpty() ? "" : "--- stderr\n" + r.err()));
    }

    static final Pattern RENDERED_BY = Pattern.compile("rendered by switchcost [^()]*\\([^)]*\\)", Pattern.CASE_INSENSITIVE);

    static String normalise(String text, Path tmp) {
        String s = text.replace(Build.describe(), "<this build>");
        s = RENDERED_BY.matcher(s).replaceAll("rendered by switchcost <this build>");
        return s.replace(tmp.toString(), "<out>");
    }

    static String sha256(String s) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    static void check(String file, String actual) throws IOException {
        Path f = GOLDEN.resolve(file);
        if (WRITE) {
            Files.createDirectories(GOLDEN);
            Files.writeString(f, actual);
            return;
        }
        assertEquals(Files.readString(f), actual, file + " changed; if meant, rewrite with -Dswitchcost.golden.write=true");
    }
}
