package dev.switchcost.render;

import dev.switchcost.session.SampleRecording;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code sample}'s live view: one line per reading of the columns a reader follows (the CSV has all), right-aligned,
 * under a header repeated every {@link #HEADER_EVERY} rows.
 */
public final class SampleLiveView {

    /** Rows of the live view between repeated headers. */
    static final int HEADER_EVERY = 20;
    /** The live view's columns: what a reader follows; the CSV has all. */
    private static final List<String> LIVE = List.of("machine.cs/s", "machine.r", "machine.us%", "machine.sy%", "tree.vol/s",
            "tree.invol/s", "tree.wait-ms/s", "tree.cpus", "tree.threads", "perf.context-switches/s");

    private final SampleRecording recording;
    private int rows;

    public SampleLiveView(SampleRecording recording) {
        this.recording = recording;
    }

    /** The lines that show {@code r}: its own, after the header when one is due. */
    public List<String> lines(SampleRecording.Row r) {
        List<String> lines = new ArrayList<>(2);
        if (rows++ % HEADER_EVERY == 0) {
            lines.add(line(String.format(Locale.ROOT, "%8s", "t(s)"), c -> String.format(Locale.ROOT, "%" + width(c) + "s", c)));
        }
        lines.add(line(String.format(Locale.ROOT, "%8.1f", r.elapsed()), c -> {
            int i = recording.column(c);
            return String.format(Locale.ROOT, "%" + width(c) + "s", SampleRecording.format(r.values().get(i)));
        }));
        return lines;
    }

    private String line(String first, Function<String, String> cell) {
        StringBuilder b = new StringBuilder(first);
        for (String c : LIVE) {
            if (recording.hasColumn(c)) {
                b.append(' ').append(cell.apply(c));
            }
        }
        return b.toString();
    }

    private static int width(String column) {
        return Math.max(9, column.length());
    }
}
