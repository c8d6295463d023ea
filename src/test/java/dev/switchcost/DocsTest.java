package dev.switchcost;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README and docs/ as a reader meets them: every relative link leads somewhere, and no file names one machine's paths. */
class DocsTest {

    /** A path that only exists on the machine that wrote it: /tmp/..., /work/..., /root/..., /home/... */
    static final Pattern MACHINE_PATH = Pattern.compile("(?<![\\w.~/-])/(?:tmp|work|root|home)/[^\\s\"'`)<>]*");
    static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    static final Pattern ANCHOR_TAG = Pattern.compile("<a id=\"([^\"]+)\"");

    /** The pages and images; the committed evidence beside them is checked by .ci/run with grep (no test reads it). */
    /** Docs and comments speak to users: a study is named by what it found and when, not by a tracker's number. */
    @Test
    void theReadmeDocsAndSourcesNameNoIssueNumber() throws IOException {
        Pattern issue = Pattern.compile("\\b[Ii]ssues? \\d+");
        List<String> found = new ArrayList<>();
        // every page and text file under docs/, the evidence's READMEs and logs included, and the maintainers' notes
        try (Stream<Path> files = Stream.concat(Stream.of(Path.of("README.md")),
                Stream.concat(Files.walk(Path.of("docs")), Files.walk(Path.of("src/main/java"))))) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".md")
                    || f.toString().endsWith(".txt") || f.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                for (int n = 0; n < lines.size(); n++) {
                    if (issue.matcher(lines.get(n)).find()) {
                        found.add(f + ":" + (n + 1));
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void noFileUnderDocsNamesAMachinePath() throws IOException {
        assertEquals(List.of(), machinePaths(Path.of("docs")),
                "absolute machine paths under docs/: write them relative to the repository or as a placeholder such as <out>");
    }

    @Test
    void theScanNamesTheFileAndLineOfAMachinePath(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("run.txt"), "ok: results/x\nReport: /tmp/m10/quick/report.html\n");
        Files.write(tmp.resolve("chart.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, '/', 't', 'm', 'p', '/'});
        assertEquals(List.of(tmp.resolve("run.txt") + ":2: /tmp/m10/quick/report.html"), machinePaths(tmp));
    }

    @Test
    void everyRelativeLinkInTheReadmeAndDocsResolves() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> s = Files.walk(Path.of("docs"))) {
            s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertEquals(List.of(), brokenLinks(pages), "links to a missing file or heading");
    }

    @Test
    void everyFolderOfTheCommittedResultsIsInItsIndex() throws IOException {
        assertEquals(List.of(), unindexed(RESULTS), RESULTS.resolve("README.md")
                + ": a row per folder, linking it, with the claims it backs, its command, machine and date");
    }

    @Test
    void theIndexCheckNamesAFolderWithoutItsRow(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("2026-01-01-a"));
        Files.createDirectories(tmp.resolve("2026-01-02-b"));
        Files.writeString(tmp.resolve("README.md"), "| [`2026-01-01-a/`](2026-01-01-a/README.md) | ... |\n`2026-01-02-b/`\n");
        assertEquals(List.of("2026-01-02-b"), unindexed(tmp));
    }

    @Test
    void noTwoFilesOfTheCommittedResultsAreTheSame() throws IOException {
        assertEquals(List.of(), sameBytes(RESULTS), "keep one, link the other's readers to it");
    }

    @Test
    void theCopyCheckNamesBothFilesHoweverSmall(@TempDir Path tmp) throws IOException {
        byte[] rows = "[{\"benchmark\": \"x\"}]".repeat(100).getBytes(StandardCharsets.UTF_8);
        Files.write(Files.createDirectories(tmp.resolve("a")).resolve("jmh.json"), rows);
        Files.write(Files.createDirectories(tmp.resolve("b")).resolve("jmh-fixed.json"), rows);
        Files.writeString(tmp.resolve("a/status"), "complete\n");
        Files.writeString(tmp.resolve("b/status"), "complete\n");
        Files.writeString(tmp.resolve("b/build.txt"), "");
        Files.writeString(tmp.resolve("b/units.txt"), "");
        assertEquals(List.of(tmp.resolve("a/jmh.json") + " = " + tmp.resolve("b/jmh-fixed.json"),
                tmp.resolve("a/status") + " = " + tmp.resolve("b/status"),
                tmp.resolve("b/build.txt") + " = " + tmp.resolve("b/units.txt")), sameBytes(tmp));
    }

    @Test
    void aLinkToAMissingFileOrHeadingIsNamed(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("b.md"), "# Is the figure the switch? JVM against C, `same` run\n");
        Files.writeString(tmp.resolve("a.md"), "[ok](b.md#is-the-figure-the-switch-jvm-against-c-same-run) [gone](c.md)\n"
                + "[no heading](b.md#nothing) `[code](d.md)` [web](https://example.org/x)\n");
        assertEquals(List.of(tmp.resolve("a.md") + ": c.md", tmp.resolve("a.md") + ": b.md#nothing"), brokenLinks(List.of(tmp.resolve("a.md"))));
    }

    /** The committed evidence: not a page, and no test reads it (FixturesTest). */
    static final Path RESULTS = Path.of("docs").resolve("results");

    /** The folders directly under {@code results} that its README.md does not link. */
    static List<String> unindexed(Path results) throws IOException {
        Set<String> linked = new HashSet<>();
        Path index = results.resolve("README.md");
        Matcher m = LINK.matcher(Files.exists(index) ? prose(Files.readString(index)) : "");
        while (m.find()) {
            linked.add(m.group(1).split("/")[0]);
        }
        try (Stream<Path> s = Files.list(results)) {
            return s.filter(Files::isDirectory).map(d -> d.getFileName().toString()).filter(n -> !linked.contains(n))
                    .sorted().toList();
        }
    }

    /**
     * The files under {@code root} whose bytes another file there has, as {@code first = other}, sorted by the first:
     * every size, the one-word status and the empty file included. The trial directories of a study are packed in one
     * archive per study (the index, README.md there), so the small files every run writes alike are not files here.
     */
    static List<String> sameBytes(Path root) throws IOException {
        Map<String, Path> first = new HashMap<>();
        List<String> same = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                String hash;
                try (var in = Files.newInputStream(f)) {
                    var sha = java.security.MessageDigest.getInstance("SHA-256");
                    byte[] buf = new byte[1 << 16];
                    for (int n; (n = in.read(buf)) > 0; ) {
                        sha.update(buf, 0, n);
                    }
                    hash = java.util.HexFormat.of().formatHex(sha.digest());
                } catch (java.security.NoSuchAlgorithmException e) {
                    throw new AssertionError(e);
                }
                Path seen = first.putIfAbsent(hash, f);
                if (seen != null) {
                    same.add(seen + " = " + f);
                }
            }
        }
        return same.stream().sorted().toList();
    }

    static List<String> machinePaths(Path dir) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.filter(p -> Files.isRegularFile(p) && !p.startsWith(RESULTS)).sorted().toList()) {
                byte[] bytes = Files.readAllBytes(f);
                if (new String(bytes, 0, Math.min(bytes.length, 8000), StandardCharsets.ISO_8859_1).indexOf('\0') >= 0) {
                    continue; // binary
                }
                String text = new String(bytes, StandardCharsets.UTF_8);
                if (!MACHINE_PATH.matcher(text).find()) {
                    continue; // most files: one scan of the whole text, not one per line
                }
                String[] lines = text.split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    Matcher m = MACHINE_PATH.matcher(lines[i]);
                    if (m.find()) {
                        found.add(f + ":" + (i + 1) + ": " + m.group());
                    }
                }
            }
        }
        return found;
    }

    static List<String> brokenLinks(List<Path> pages) throws IOException {
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            Matcher m = LINK.matcher(prose(Files.readString(page)));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                Path file = hash == 0 ? page : page.resolveSibling(hash < 0 ? target : target.substring(0, hash)).normalize();
                boolean ok = Files.exists(file) && (hash < 0 || Files.isRegularFile(file)
                        && anchors.computeIfAbsent(file, DocsTest::anchorsOf).contains(target.substring(hash + 1)));
                if (!ok) {
                    broken.add(page + ": " + target);
                }
            }
        }
        return broken;
    }

    /** The text with code blocks and code spans taken out: a link there is shown, not followed. */
    static String prose(String markdown) {
        return markdown.replaceAll("(?ms)^```.*?^```", "").replaceAll("`[^`\n]*`", "");
    }

    /** GitHub's heading ids: lower case, punctuation dropped, spaces as hyphens, repeats numbered; and explicit ids. */
    static Set<String> anchorsOf(Path file) {
        Set<String> ids = new HashSet<>();
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            return ids;
        }
        Matcher tags = ANCHOR_TAG.matcher(text);
        while (tags.find()) {
            ids.add(tags.group(1));
        }
        Map<String, Integer> seen = new HashMap<>();
        for (String line : text.replaceAll("(?ms)^```.*?^```", "").split("\n")) {
            if (line.matches("#{1,6} .*")) {
                String id = line.replaceFirst("#+ ", "").trim().toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                int n = seen.merge(id, 1, Integer::sum) - 1;
                ids.add(n == 0 ? id : id + "-" + n);
            }
        }
        return ids;
    }
}
