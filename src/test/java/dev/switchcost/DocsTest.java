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

/** docs/ as a reader meets it: no file names one machine's paths. */
class DocsTest {

    /** A path that only exists on the machine that wrote it: /tmp/..., /work/..., /root/..., /home/... */
    static final Pattern MACHINE_PATH = Pattern.compile("(?<![\\w.~/-])/(?:tmp|work|root|home)/[^\\s\"'`)<>]*");

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

    static List<String> machinePaths(Path dir) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                byte[] bytes = Files.readAllBytes(f);
                if (new String(bytes, 0, Math.min(bytes.length, 8000), StandardCharsets.ISO_8859_1).indexOf('\0') >= 0) {
                    continue; // binary
                }
                String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
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
}
