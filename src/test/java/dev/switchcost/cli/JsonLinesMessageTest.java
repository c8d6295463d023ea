package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JSON Lines file (one JSON value per line, as the native programs print) given where one JSON document
 * belongs gets its own one-line message, never Gson's hint to developers (issue 30).
 */
class JsonLinesMessageTest {

    private static final String LINES = "{\"benchmark\":\"a\",\"primaryMetric\":{}}\n{\"benchmark\":\"b\",\"primaryMetric\":{}}\n";

    @TempDir
    Path tmp;

    private static void assertOneLine(CliResult r, String file) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains(file + " is JSON Lines (one JSON value on each line), not a"), r.err());
        assertFalse(r.err().contains("JsonReader") || r.err().contains("LENIENT") || r.err().contains("\tat "), r.err());
    }

    @Test
    void reportAndIndirectNameJsonLinesAsSuch() throws IOException {
        Files.writeString(tmp.resolve("jmh.json"), LINES);
        assertOneLine(CliResult.run("report", tmp.toString()), tmp.resolve("jmh.json").toString());
        Path file = Files.writeString(tmp.resolve("x.jsonl"), LINES);
        assertOneLine(CliResult.run("indirect", file.toString()), file.toString());
    }

    @Test
    void otherMalformedJsonKeepsItsReasonWithoutGsonsHint() throws IOException {
        Files.writeString(tmp.resolve("jmh.json"), "[]\nxx");
        CliResult r = CliResult.run("report", tmp.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("is not valid JSON (truncated?): malformed JSON at line 2"), r.err());
    }
}
