package dev.switchcost.derive;

import dev.switchcost.render.PinningTable;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.render.PinningTable;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.RunStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pinning study from a real two-JDK run (fixture: see its README.md). */
class PinningStudyTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/pinning-jdk21-jdk25");

    static PinningStudy.Row cell(PinningStudy s, String jdk, int carriers, String primitive) {
        return s.rows().stream().filter(r -> r.jdk().equals(jdk) && r.carriers() == carriers && r.primitive().equals(primitive))
                .findFirst().orElseThrow();
    }

    @Test
    void everyJdkCarrierAndPrimitiveHasACell() {
        PinningStudy s = PinningStudy.derive(Results.load(FIXTURE));
        assertEquals(List.of("21.0.8", "25.0.3"), s.jdks());
        assertEquals(2 * 2 * PinningStudy.PRIMITIVES.size(), s.rows().size());
    }

    @Test
    void synchronizedPinsOnJdk21AndGoesThroughTheUnblockerOnJdk25() {
        PinningStudy s = PinningStudy.derive(Results.load(FIXTURE));
        PinningStudy.Row pinned = cell(s, "21.0.8", 2, "SYNCHRONIZED");
        assertEquals(2.0, pinned.carrierSwitches(), 0.1);
        assertTrue(pinned.helperSwitches() < 0.01, "no unblocker on 21: " + pinned.helperSwitches());
        assertTrue(PinningTable.reading(pinned).startsWith("pins: the carrier itself blocks"), PinningTable.reading(pinned));
        assertNotNull(pinned.vsLock(), "compared with ReentrantLock on the same JDK and carriers");

        PinningStudy.Row unpinned = cell(s, "25.0.3", 1, "SYNCHRONIZED");
        assertTrue(unpinned.helperSwitches() > 1.5, "the unblocker wakes the waiter: " + unpinned.helperSwitches());
        assertTrue(PinningTable.reading(unpinned).startsWith("does not pin (JEP 491), but every notify wakes its waiter"), PinningTable.reading(unpinned));
    }

    @Test
    void theRefusedCellSaysWhyInsteadOfAFigure() {
        PinningStudy.Row r = cell(PinningStudy.derive(Results.load(FIXTURE)), "21.0.8", 1, "SYNCHRONIZED");
        assertNull(r.nsPerRoundTrip());
        assertEquals("refused: deadlocks", r.missing());
        assertTrue(PinningTable.reading(r).contains("holds the only carrier"), PinningTable.reading(r));
    }

    @Test
    void lockSupportOnOneCarrierStaysInUserSpace() {
        PinningStudy.Row r = cell(PinningStudy.derive(Results.load(FIXTURE)), "25.0.3", 1, "LOCK_SUPPORT");
        assertTrue(r.carrierSwitches() < 0.2 && PinningTable.reading(r).startsWith("stays on the carrier"), PinningTable.reading(r));
    }

    @Test
    void theMarkdownTableHasOneLinePerCell() {
        PinningStudy s = PinningStudy.derive(Results.load(FIXTURE));
        String md = PinningTable.table(s).markdown();
        List<String> lines = md.strip().lines().toList();
        assertEquals(2 + s.rows().size(), lines.size(), md);
        assertTrue(lines.get(0).startsWith("|JDK|carriers|primitive|ns/switch (round trip ÷ 2)|"), lines.get(0));
        assertTrue(md.contains("|JDK 21.0.8|1|synchronized + wait/notify|refused: deadlocks|"), md);
    }

    /** A run of part of the study shows that part: no cells for carriers or primitives that did not run. */
    @Test
    void aPartialRunShowsOnlyWhatRan(@TempDir Path tmp) throws IOException {
        for (String f : List.of("jmh-jdk21.json", "jmh-jdk25.json")) {
            JsonArray rows = JsonParser.parseString(Files.readString(FIXTURE.resolve(f))).getAsJsonArray();
            JsonArray keep = new JsonArray();
            for (JsonElement e : rows) {
                JsonObject o = e.getAsJsonObject();
                if (o.get("benchmark").getAsString().contains("TwoCarriers")
                        && o.getAsJsonObject("params").get("primitive").getAsString().equals("SYNCHRONIZED")) {
                    keep.add(o);
                }
            }
            Files.writeString(tmp.resolve(f), keep.toString());
        }
        PinningStudy s = PinningStudy.derive(Results.load(tmp));
        assertEquals(2, s.rows().size(), s.rows().toString());
        assertTrue(s.rows().stream().allMatch(r -> r.carriers() == 2 && r.primitive().equals("SYNCHRONIZED") && r.missing() == null));
    }

    /** run --jdk records the refused trial in the status, with its JDK: the cell says so. */
    @Test
    void aRefusalRecordedInTheStatusIsShown(@TempDir Path tmp) throws IOException {
        Path dir;
        try (ResultsDir run = ResultsDir.create(tmp, "host", null)) {
            dir = run.dir();
            Files.copy(FIXTURE.resolve("jmh-jdk25.json"), dir.resolve("jmh-jdk25.0.3.json"));
            run.recordTrial(new RunStatus.FailedTrial("dev.switchcost.bench.VirtualThreadHandoffOneCarrier.roundTrip", Map.of("carriers",
                    "1", "pair", "VT_VT", "placement", "UNPINNED", "primitive", "SYNCHRONIZED", "jdk", "21.0.8"), "on JDK 21 ... would deadlock",
                    false));
            run.complete();
        }
        PinningStudy s = PinningStudy.derive(Results.load(dir));
        assertEquals(List.of("21.0.8", "25.0.3"), s.jdks());
        assertEquals("refused: deadlocks", cell(s, "21.0.8", 1, "SYNCHRONIZED").missing());
        assertEquals("not run", cell(s, "21.0.8", 2, "SYNCHRONIZED").missing());
        assertNull(cell(s, "25.0.3", 1, "SYNCHRONIZED").missing());
    }

    @Test
    void anInputWithoutVirtualHandoffsHasNoStudy() {
        assertTrue(PinningStudy.derive(Results.load(Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25"))).isEmpty());
    }
}
