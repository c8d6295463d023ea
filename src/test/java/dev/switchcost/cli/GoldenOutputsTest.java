package dev.switchcost.cli;

import dev.switchcost.results.Build;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The outputs a user reads from committed results — the report (Markdown and HTML), {@code indirect} in each format,
 * {@code diff} — are the same bytes as in {@code src/test/resources/golden}, but for the rendering build and the output
 * directory, and for the HTML's embedded chart images, each kept as a digest of its bytes (a chart that changes by one
 * byte still fails). A refactor must leave them alone; a change meant to alter them rewrites the golden files in the
 * same commit ({@code -Dswitchcost.golden.write=true}), so the diff shows what a reader will see change. A failure
 * names the first lines that differ, with the lines around them.
 */
class GoldenOutputsTest {

    static final Path GOLDEN = Path.of("src/test/resources/golden");
    static final Path FIX = Path.of("src/test/resources/fixtures/results");
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
                new Case("report-quick-23f", List.of(FIX.resolve("quick-whole-cache-144s-epyc-kvm-jdk25").toString())),
                new Case("report-placements-23f", List.of(FIX.resolve("workingset-placements-epyc-kvm-jdk25").toString())),
                new Case("report-process-thread", List.of(FIX.resolve("process-vs-thread-epyc-kvm-jdk25").toString())),
                new Case("report-two-quick", List.of(FIX.resolve("quick-whole-cache-170s-epyc-kvm-jdk25").toString(),
                        FIX.resolve("quick-whole-cache-144s-epyc-kvm-jdk25").toString())));
    }

    static List<Case> commands() {
        String paired = FIX.resolve("workingset-paired-epyc-kvm-2vcpu-jdk25").toString();
        String placements = FIX.resolve("workingset-placements-epyc-kvm-jdk25").toString();
        String processes = FIX.resolve("process-vs-thread-epyc-kvm-jdk25").toString();
        return List.of(
                new Case("indirect-paired-text", List.of("indirect", paired)),
                new Case("indirect-paired-tsv", List.of("indirect", "--format", "tsv", paired)),
                new Case("indirect-paired-json", List.of("indirect", "--format", "json", paired)),
                new Case("indirect-placements-text", List.of("indirect", placements)),
                new Case("indirect-placements-json", List.of("indirect", "--format", "json", placements)),
                new Case("indirect-processes-text", List.of("indirect", processes)),
                new Case("diff-quick-23e-23f", List.of("diff", FIX.resolve("quick-whole-cache-170s-epyc-kvm-jdk25").toString(),
                        FIX.resolve("quick-whole-cache-144s-epyc-kvm-jdk25").toString())),
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
        check(c.name() + ".html", digestImages(html));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void commandOutputIsUnchanged(Case c) throws Exception {
        CliResult r = CliResult.run(c.args().toArray(String[]::new));
        check(c.name() + ".txt", "exit " + r.exit() + "\n" + r.out() + (r.err().isEmpty() ? "" : "--- stderr\n" + r.err()));
    }

    @Test
    void aDifferenceIsShownAsTheLinesThatDiffer() {
        String golden = "a\nb\nc\nd\ne\nf\ng\n";
        assertEquals("""
                --- golden
                +++ output
                @@ -4 +4 @@
                  a
                  b
                  c
                - d
                + D
                  e
                  f
                  g
                """, firstDifference(golden, golden.replace("d", "D")));
        assertEquals("""
                --- golden
                +++ output
                @@ -3 +3 @@
                  a
                  b
                + x
                  c
                  d
                  e
                """, firstDifference(golden, golden.replace("c\n", "x\nc\n")));
        assertEquals("the lines are the same; the line endings or the final newline differ", firstDifference("a\n", "a"));
    }

    @Test
    void aLongLineIsShownAroundItsFirstDifference() {
        String line = "x".repeat(1000) + "word" + "y".repeat(1000);
        String hunk = firstDifference(line, line.replace("word", "w0rd"));
        assertEquals(List.of("--- golden", "+++ output", "@@ -1 +1 @@",
                "- [941 chars]…" + "x".repeat(59) + "word" + "y".repeat(177) + "…[823 chars]",
                "+ [941 chars]…" + "x".repeat(59) + "w0rd" + "y".repeat(177) + "…[823 chars]"), hunk.lines().toList());
    }

    @Test
    void anEmbeddedImageIsKeptAsADigestOfItsBytes() {
        String html = "<img src=\"data:image/svg+xml;base64," + Base64.getEncoder().encodeToString("<svg/>".getBytes()) + "\"/>";
        assertEquals("<img src=\"data:image/svg+xml;sha256=" + sha256("<svg/>".getBytes()).substring(0, 16) + "\"/>",
                digestImages(html));
        String other = "<img src=\"data:image/svg+xml;base64," + Base64.getEncoder().encodeToString("<svg></svg>".getBytes()) + "\"/>";
        assertNotEquals(digestImages(html), digestImages(other));
    }

    static final Pattern RENDERED_BY = Pattern.compile("rendered by switchcost [^()]*\\([^)]*\\)", Pattern.CASE_INSENSITIVE);

    static String normalise(String text, Path tmp) {
        String s = text.replace(Build.describe(), "<this build>");
        s = RENDERED_BY.matcher(s).replaceAll("rendered by switchcost <this build>");
        return s.replace(tmp.toString(), "<out>");
    }

    static final Pattern BASE64_IMAGE = Pattern.compile("data:(image/[\\w.+-]+);base64,([A-Za-z0-9+/=]*)");

    /**
     * The HTML with each embedded {@code data:image/...;base64,...} image (the charts, hundreds of kilobytes of one line
     * each) replaced by {@code data:image/...;sha256=} and the first 16 hex digits of the SHA-256 of its decoded bytes.
     */
    static String digestImages(String html) {
        return BASE64_IMAGE.matcher(html).replaceAll(m -> "data:" + m.group(1) + ";sha256="
                + sha256(Base64.getDecoder().decode(m.group(2))).substring(0, 16));
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void check(String file, String actual) throws IOException {
        Path f = GOLDEN.resolve(file);
        if (WRITE) {
            Files.createDirectories(GOLDEN);
            Files.writeString(f, actual);
            return;
        }
        String expected = Files.readString(f);
        if (!expected.equals(actual)) {
            throw new AssertionFailedError(file + " changed; if meant, rewrite with -Dswitchcost.golden.write=true\n"
                    + firstDifference(expected, actual), expected, actual);
        }
    }

    static final int CONTEXT = 3;
    static final int MOST_LINES = 12;
    static final int WIDE = 240;

    /**
     * Where two texts first differ, as a unified diff's one hunk: the lines both share before and after cut off (at most
     * {@value #CONTEXT} of each kept as context), the golden's lines in between marked {@code -}, the output's {@code +}
     * (at most {@value #MOST_LINES} of each). A line longer than {@value #WIDE} characters is shown around the first
     * character where it differs from its counterpart.
     */
    static String firstDifference(String expected, String actual) {
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        int head = 0;
        while (head < e.size() && head < a.size() && e.get(head).equals(a.get(head))) {
            head++;
        }
        int tail = 0;
        while (tail < e.size() - head && tail < a.size() - head
                && e.get(e.size() - 1 - tail).equals(a.get(a.size() - 1 - tail))) {
            tail++;
        }
        if (head == e.size() && head == a.size()) {
            return "the lines are the same; the line endings or the final newline differ";
        }
        StringBuilder sb = new StringBuilder("--- golden\n+++ output\n@@ -%d +%d @@\n".formatted(head + 1, head + 1));
        for (int i = Math.max(0, head - CONTEXT); i < head; i++) {
            sb.append("  ").append(clip(e.get(i), 0)).append('\n');
        }
        List<String> gone = e.subList(head, e.size() - tail);
        List<String> come = a.subList(head, a.size() - tail);
        int at = gone.isEmpty() || come.isEmpty() ? 0 : firstDifferingChar(gone.get(0), come.get(0));
        appendMarked(sb, "- ", gone, at);
        appendMarked(sb, "+ ", come, at);
        for (int i = e.size() - tail; i < Math.min(e.size(), e.size() - tail + CONTEXT); i++) {
            sb.append("  ").append(clip(e.get(i), 0)).append('\n');
        }
        return sb.toString();
    }

    static void appendMarked(StringBuilder sb, String mark, List<String> lines, int at) {
        lines.stream().limit(MOST_LINES).forEach(l -> sb.append(mark).append(clip(l, at)).append('\n'));
        if (lines.size() > MOST_LINES) {
            sb.append(mark).append("... ").append(lines.size() - MOST_LINES).append(" more lines\n");
        }
    }

    static int firstDifferingChar(String x, String y) {
        int i = 0;
        while (i < x.length() && i < y.length() && x.charAt(i) == y.charAt(i)) {
            i++;
        }
        return i;
    }

    /** The line, or when longer than {@value #WIDE} characters the {@value #WIDE} of them from a little before {@code at}. */
    static String clip(String line, int at) {
        if (line.length() <= WIDE) {
            return line;
        }
        int from = Math.max(0, Math.min(at - WIDE / 4, line.length() - WIDE));
        return (from > 0 ? "[" + from + " chars]…" : "") + line.substring(from, from + WIDE)
                + (from + WIDE < line.length() ? "…[" + (line.length() - from - WIDE) + " chars]" : "");
    }
}
