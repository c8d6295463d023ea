package dev.switchcost.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.derive.PricedStacks;
import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.Estimate;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PricedStacksTextTest {

    private static final Path CAPTURE = Path.of("src/test/resources/fixtures/async-profiler/context-switches-threads.collapsed");
    private static final Estimate PRICE = new Estimate(3000, 150, 9);
    private static final String MIX = "75 % same-CPU / 25 % cross-CPU wake-ups (synthetic)";

    private static PricedStacks captured() throws IOException {
        return PricedStacks.of(CollapsedStacks.parse(Files.readAllLines(CAPTURE)), PRICE, MIX, 2e9);
    }

    /** The top stacks, most costly first, with count, ns ± error, share, thread and last Java frame. */
    @Test
    void theTableListsTheTopStacksByCost() throws IOException {
        PricedStacks p = captured();
        List<String> t = PricedStacksText.table(p, 3);
        assertEquals(2 + 3 + 1, t.size(), String.join("\n", t));
        assertTrue(t.get(0).contains(MIX) && t.get(0).contains("3,000 ± "), t.get(0));
        PricedStacks.Row top = p.rows().get(0);
        String row = t.get(2);
        assertTrue(row.contains(String.format("%,d", top.switches())) && row.contains(Fmt.pm(top.cost())), row);
        assertTrue(row.contains(String.format(java.util.Locale.ROOT, "%.2f %%", top.share() * 100)), row);
        assertTrue(row.contains("[" + top.stack().substring(1, top.stack().indexOf(']')) + "]"), "names the thread: " + row);
        assertTrue(row.contains("SynchronousQueue") || row.contains("LockSupport") || row.contains("Unsafe"), row);
        assertTrue(t.get(5).contains((p.rows().size() - 3) + " more stacks"), t.get(5));
    }

    @Test
    void aStackIsShortenedToItsThreadAndTheProgramsOwnDeepestFrame() {
        assertEquals("[ponger tid=2] PingPong.lambda$main$0 > java/util/concurrent/SynchronousQueue.take",
                PricedStacksText.shortStack("[ponger tid=2];java/lang/Thread.run;PingPong.lambda$main$0;"
                        + "java/util/concurrent/SynchronousQueue.take;jdk/internal/misc/Unsafe.park;futex_wait"));
        assertEquals("[C2 CompilerThre tid=7] __futex_wait", PricedStacksText.shortStack("[C2 CompilerThre tid=7];start_thread;__futex_wait"));
        assertEquals("[main tid=1] com/example/Server.serve > java/lang/Object.wait0",
                PricedStacksText.shortStack("[main tid=1];com/example/Server.serve;java/lang/Object.wait0;__futex_wait"));
    }

    /** The JSON has every stack with switches, ns and its 99.9 % half-width, and the share of the process's CPU. */
    @Test
    void theJsonHasEveryStackPriced() throws IOException {
        PricedStacks p = captured();
        JsonObject o = JsonParser.parseString(PricedStacksText.json(p)).getAsJsonObject();
        assertEquals(MIX, o.get("placementMix").getAsString());
        assertEquals(p.switches(), o.get("switches").getAsLong());
        assertEquals(PRICE.halfWidth(), o.getAsJsonObject("pricePerSwitchNs").get("halfWidth999").getAsDouble(), 1e-9);
        JsonArray stacks = o.getAsJsonArray("stacks");
        assertEquals(p.rows().size(), stacks.size());
        JsonObject first = stacks.get(0).getAsJsonObject();
        PricedStacks.Row top = p.rows().get(0);
        assertEquals(top.stack(), first.get("stack").getAsString());
        assertEquals(top.switches(), first.get("switches").getAsLong());
        assertEquals(top.cost().value(), first.getAsJsonObject("ns").get("value").getAsDouble(), 1e-6);
        assertEquals(top.cost().halfWidth(), first.getAsJsonObject("ns").get("halfWidth999").getAsDouble(), 1e-6);
        assertEquals(top.share(), first.get("shareOfProcessCpu").getAsDouble(), 1e-12);
    }

    /**
     * async-profiler's converter draws the weighted stacks; the title is short (the total in ms and its share), the
     * price and the mix are a note of their own between the template's buttons and the graph, escaped; tooltips say ns.
     */
    @Test
    void theConverterDrawsThePricedGraphWithItsNoteBelowTheButtons() throws IOException {
        PricedStacks p = captured();
        String html = PricedStacksText.flameGraph(p.collapsed(), PricedStacksText.title(p), PricedStacksText.note(p), "ns");
        assertTrue(html.startsWith("<!DOCTYPE html>"), html.substring(0, 40));
        String title = PricedStacksText.title(p);
        assertTrue(title.matches("CPU time context switches cost, by stack: [0-9.,]+ ± [0-9.,]+ ms \\([0-9.]+ % of the process's CPU time\\)"),
                title);
        assertTrue(html.contains(PricedStacksText.HEADING + title + "</h1>"), "the title is the heading, clear of the buttons");
        int buttons = html.indexOf("<header style='text-align: right'>");
        int note = html.indexOf(PricedStacksText.NOTE_OPEN);
        int canvas = html.indexOf("<canvas id='canvas'>");
        assertTrue(buttons > 0 && buttons < note && note < canvas, "the note is after the buttons, before the graph");
        String noted = html.substring(note + PricedStacksText.NOTE_OPEN.length(), html.indexOf("</div>", note));
        assertTrue(noted.contains(MIX) && noted.contains(String.format("%,d switches × 3,000 ± ", p.switches())), noted);
        assertTrue(html.contains("' ns'") && !html.contains("' samples'"), "tooltips in ns");
        assertTrue(html.contains("SynchronousQueue"), "the frames are drawn");
        String counts = PricedStacksText.flameGraph(Files.readString(CAPTURE), "counts", null, "switches");
        assertTrue(counts.contains("' switches'"));
        assertFalse(counts.contains(MIX) || counts.contains(PricedStacksText.NOTE_OPEN));
        String escaped = PricedStacksText.flameGraph(Files.readString(CAPTURE), "t", "a <b> & c", "switches");
        assertTrue(escaped.contains(">a &lt;b&gt; &amp; c</div>"), "the note is text, not markup");
    }
}
