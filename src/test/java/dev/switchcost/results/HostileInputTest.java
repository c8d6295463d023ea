package dev.switchcost.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Results files of the wrong shape, size or kind: each refused with one line naming the file and the field. */
class HostileInputTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");

    @TempDir
    Path tmp;

    int copies;

    Path copy() throws IOException {
        Path d = tmp.resolve("in" + copies++);
        Files.createDirectories(d);
        try (Stream<Path> s = Files.list(FIXTURE)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".json")).toList()) {
                Files.copy(f, d.resolve(f.getFileName()));
            }
        }
        return d;
    }

    /** Edits one file of a copy of the fixture and returns the message Results.load refuses it with. */
    String refused(String file, Consumer<JsonElement> edit) throws IOException {
        Path d = copy();
        Path f = d.resolve(file);
        JsonElement root = JsonParser.parseString(Files.readString(f));
        edit.accept(root);
        Files.writeString(f, root.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(d));
        String m = e.getMessage();
        assertFalse(m.contains("\n"), m);
        assertTrue(m.startsWith(f.toString()), m);
        assertFalse(m.contains("Exception") || m.contains("com.google"), m);
        return m;
    }

    static JsonObject row(JsonElement root, int i) {
        return root.getAsJsonArray().get(i).getAsJsonObject();
    }

    @Test
    void machineJsonWithoutVirtualization() throws IOException {
        String m = refused("machine.json", r -> r.getAsJsonObject().remove("virtualization"));
        assertTrue(m.endsWith("field virtualization is missing"), m);
        m = refused("machine.json", r -> r.getAsJsonObject().getAsJsonObject("cpu").add("logicalCpus", new JsonPrimitive("two")));
        assertTrue(m.endsWith("field cpu.logicalCpus expected a number, found a string"), m);
    }

    @Test
    void jmhJsonWithANullParamOrJvmArgOrRawDataOfNumbers() throws IOException {
        String m = refused("jmh.json", r -> row(r, 0).getAsJsonObject("params").add("placement", JsonNull.INSTANCE));
        assertTrue(m.endsWith("entry 0, field params.placement expected a string, found null"), m);
        m = refused("jmh.json", r -> row(r, 1).getAsJsonArray("jvmArgs").add(JsonNull.INSTANCE));
        assertTrue(m.contains("entry 1, field jvmArgs["), m);
        m = refused("jmh.json", r -> {
            JsonArray raw = new JsonArray();
            raw.add(1);
            row(r, 2).getAsJsonObject("primaryMetric").add("rawData", raw);
        });
        assertTrue(m.endsWith("entry 2, field primaryMetric.rawData[0] expected an array of numbers, found a number"), m);
    }

    @Test
    void hugeOrInfiniteScores() throws IOException {
        for (String v : List.of("1e308", "-1e308", "Infinity")) {
            String m = refused("jmh.json", r -> row(r, 0).getAsJsonObject("primaryMetric").add("score", new JsonPrimitive(v)));
            assertTrue(m.endsWith("entry 0, field primaryMetric.score is out of range ("
                    + (v.equals("Infinity") ? "infinite" : "magnitude over 1e15") + ")"), m);
        }
        String m = refused("compare.json", r -> r.getAsJsonObject().getAsJsonArray("cells").get(0).getAsJsonObject()
                .getAsJsonArray("samples").get(0).getAsJsonObject().add("nsPerRoundTrip", new JsonPrimitive(-1e308)));
        assertTrue(m.endsWith("field cells[0].samples[0].nsPerRoundTrip is out of range (magnitude over 1e15)"), m);
    }

    @Test
    void compareJsonWithANullCellOrGroup() throws IOException {
        String m = refused("compare.json", r -> r.getAsJsonObject().getAsJsonArray("cells").set(3, JsonNull.INSTANCE));
        assertTrue(m.endsWith("field cells[3] is null"), m);
        m = refused("compare.json", r -> r.getAsJsonObject().getAsJsonArray("cells").get(4).getAsJsonObject().add("group", JsonNull.INSTANCE));
        assertTrue(m.endsWith("field cells[4].group is null"), m);
        m = refused("compare.json", r -> r.getAsJsonObject().add("placements", new JsonPrimitive(3)));
        assertTrue(m.endsWith("field placements expected an array, found a number"), m);
    }

    @Test
    void aDeviceADirectoryOrAFifoIsNoResultsFile() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(Path.of("/dev/zero")));
        assertEquals("/dev/zero is not a regular file (a FIFO, socket or device): give a results directory or a JMH JSON file", e.getMessage());
        Path fifo = tmp.resolve("fifo.json");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo");
        e = assertThrows(IllegalArgumentException.class, () -> Results.load(fifo)); // read, it would wait for a writer forever
        assertTrue(e.getMessage().startsWith(fifo + " is not a regular file"), e.getMessage());
    }

    @Test
    void aFileOverTheLimitIsRefusedUnread() throws IOException {
        Path big = tmp.resolve("jmh.json");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(InputFiles.MAX_BYTES + 1); // sparse: no disk used
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(big));
        assertEquals(big + " is larger than 64 MiB, the limit for one results file: not a results file", e.getMessage());
    }

    @Test
    void aCarriageReturnOrEscInAFailureReasonKeepsTheStatusFileReadable() throws IOException {
        Path d = tmp.resolve("run");
        ResultsDir.claim(d, "--results-dir").fail("child said\r\u001b]0;owned\u0007 then\nstopped");
        RunStatus s = ResultsDir.readStatus(d);
        assertEquals(RunStatus.State.FAILED, s.state());
        assertEquals("child said  ]0;owned  then stopped", s.reason());
        RunStatus.FailedTrial t = new RunStatus.FailedTrial("dev.switchcost.bench.X.y", Map.of("k", "v"), "a\rb\tc", false);
        assertEquals("a b c", t.reason());
    }

    /** A 100,000-row JMH file (under the size limit) is refused by its row count before anything renders. */
    @Test
    void aHundredThousandRowsAreRefused() throws IOException {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 100_000; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"benchmark\":\"dev.switchcost.bench.FutexPingPong.roundTrip\",\"mode\":\"avgt\","
                    + "\"params\":{\"placement\":\"P").append(i).append("\"},\"primaryMetric\":{\"score\":1.5,\"scoreUnit\":\"ns/op\"}}");
        }
        Path f = tmp.resolve("jmh.json");
        Files.writeString(f, sb.append(']'));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(f));
        assertEquals(f + " holds 100000 JMH rows, over the limit of 2000 per input (a switchcost run holds under 100): give one run's"
                + " results", e.getMessage());
    }
}
