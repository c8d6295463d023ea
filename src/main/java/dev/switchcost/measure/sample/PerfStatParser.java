package dev.switchcost.measure.sample;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code perf stat -x,} output (CSV), with or without {@code -I} interval timestamps. Pure
 * text in, records out: no process handling here, so tests feed captured output.
 *
 * <p>Line format (perf's {@code tools/perf/Documentation/perf-stat.txt}, "CSV FORMAT"):
 * {@code [time,]value,unit,event,run-time,run-percent,metric-value,metric-unit}. The value is a
 * number, {@code <not supported>} (no such counter here: no PMU, or the PMU lacks the event) or
 * {@code <not counted>} (the counter existed but did not run). Lines that are not counter lines
 * (blank, {@code #} comments, metric-only continuation lines such as
 * {@code ,,,,,0.00,stalled cycles per insn}, and whatever else shares the stream, e.g. a JVM's
 * stderr) are skipped.
 */
public final class PerfStatParser {

    public enum Status {
        COUNTED, NOT_SUPPORTED, NOT_COUNTED
    }

    /**
     * One counter line.
     *
     * @param time   seconds since perf started (interval mode), NaN otherwise
     * @param event  the event as perf printed it, e.g. {@code cycles}, {@code instructions:u},
     *               {@code cpu_core/cycles/}
     * @param value  the count (or msec for {@code task-clock}); NaN unless {@link Status#COUNTED}
     * @param unit   perf's unit column, e.g. {@code msec}, or empty
     * @param status counted, not supported or not counted
     */
    public record Count(double time, String event, double value, String unit, Status status) {

        /** The event without PMU prefix or modifiers: {@code cpu_core/cycles/u} and {@code cycles:u} → {@code cycles}. */
        public String baseEvent() {
            return PerfStatParser.baseEvent(event);
        }
    }

    private PerfStatParser() {
    }

    /**
     * @param lines    perf's output lines (other lines may be interleaved; they are skipped)
     * @param interval whether perf ran with {@code -I} (each line starts with a timestamp)
     */
    public static List<Count> parse(List<String> lines, boolean interval) {
        return lines.stream().map(raw -> parseLine(raw, interval)).filter(Objects::nonNull).toList();
    }

    /** Parses one line, or returns null when it is not a counter line. */
    static Count parseLine(String raw, boolean interval) {
        String line = raw.strip();
        if (line.isEmpty() || line.startsWith("#")) {
            return null;
        }
        String[] f = line.split(",", -1);
        int base = interval ? 1 : 0;
        if (f.length < base + 3) {
            return null;
        }
        double time = interval ? number(f[0]) : Double.NaN;
        if (interval && Double.isNaN(time)) {
            return null;
        }
        String value = f[base].strip();
        String unit = f[base + 1].strip();
        String event = f[base + 2].strip();
        if (event.isEmpty() || !Character.isLetter(event.charAt(0)) && event.charAt(0) != '_') {
            return null;
        }
        Status status = status(value);
        double v = status == Status.COUNTED ? number(value) : Double.NaN;
        return status == Status.COUNTED && Double.isNaN(v) ? null : new Count(time, event, v, unit, status);
    }

    /** What a counter line's value says: {@code <not supported>}, {@code <not counted>}, else counted. */
    private static Status status(String value) {
        return value.equals("<not supported>") ? Status.NOT_SUPPORTED : value.equals("<not counted>") ? Status.NOT_COUNTED
                : Status.COUNTED;
    }

    /**
     * Reads perf's human-readable output (without {@code -x}), as people paste it: optional interval
     * timestamp, the value with thousands separators (or {@code <not supported>}/{@code <not counted>}),
     * an optional unit ({@code msec}), the event; perf's metric ({@code # ...}) and multiplexing share
     * ({@code (30.77%)}) after it are ignored (perf has already scaled the value). A leading {@code >}
     * quote marker or {@code ^C} is ignored too.
     *
     * @param lines    perf's output lines (other lines are skipped)
     * @param interval whether perf ran with {@code -I} (each counter line starts with a timestamp)
     */
    public static List<Count> parsePlain(List<String> lines, boolean interval) {
        Pattern form = Pattern.compile(
                (interval ? "(?<time>\\d+\\.\\d+)\\s+" : "")
                        + "(?<value><not supported>|<not counted>|[0-9][0-9,]*(?:\\.[0-9]+)?)\\s+"
                        + "(?:(?<unit>msec)\\s+)?(?<event>[A-Za-z_][\\w.:/=,-]*?)(?:\\s+#.*|\\s+\\(\\d+\\.\\d+%\\))*\\s*");
        List<Count> out = new ArrayList<>();
        for (String raw : lines) {
            String line = raw.replaceFirst("^[>\\s]*", "").replaceFirst("^\\^C\\s*", "");
            Matcher m = form.matcher(line);
            if (!m.matches()) {
                continue;
            }
            double time = interval ? Double.parseDouble(m.group("time")) : Double.NaN;
            String unit = m.group("unit") == null ? "" : m.group("unit");
            String value = m.group("value");
            String event = m.group("event");
            Status status = status(value);
            out.add(new Count(time, event, status == Status.COUNTED ? Double.parseDouble(value.replace(",", "")) : Double.NaN,
                    unit, status));
        }
        return out;
    }

    /** Per base event: the status over all lines (counted wins over not counted wins over not supported). */
    public static Map<String, Status> statusByEvent(List<Count> counts) {
        Map<String, Status> out = new LinkedHashMap<>();
        counts.forEach(c -> out.merge(c.baseEvent(), c.status(), PerfStatParser::better));
        return out;
    }

    /** Per base event: the sum of counted values (lines of several PMUs or intervals add up). */
    public static Map<String, Double> totals(List<Count> counts) {
        Map<String, Double> out = new LinkedHashMap<>();
        counts.stream().filter(c -> c.status() == Status.COUNTED)
                .forEach(c -> out.merge(c.baseEvent(), c.value(), Double::sum));
        return out;
    }

    /**
     * {@code cpu_core/cycles/u} and {@code cycles:u} → {@code cycles}; a tracepoint keeps its
     * subsystem ({@code syscalls:sys_enter_futex}), since only a suffix of modifier letters is dropped.
     */
    public static String baseEvent(String event) {
        String e = event;
        int slash = e.indexOf('/');
        if (slash >= 0) {
            int end = e.indexOf('/', slash + 1);
            e = end > slash ? e.substring(slash + 1, end) : e.substring(slash + 1);
        }
        return MODIFIERS.matcher(e).replaceFirst("");
    }

    /** perf's event modifiers (perf-list(1)): a trailing {@code :} and letters from this set only. */
    private static final Pattern MODIFIERS = Pattern.compile(":[ukhIGHpPSDWeb]+$");

    private static Status better(Status a, Status b) {
        return a.ordinal() <= b.ordinal() ? a : b;
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s.strip().toLowerCase(Locale.ROOT)); // an empty field too is NaN
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
