package dev.switchcost.measure.nativebaseline;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counts in one valgrind output file: {@code --cachegrind-out-file} (cachegrind) or
 * {@code --callgrind-out-file} (callgrind), as valgrind 3.x writes them. Read: the {@code cmd:} line,
 * the {@code events:} line (e.g. {@code Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw}) and the
 * {@code summary:} line (callgrind: {@code totals:} when there is no summary). For cachegrind files
 * also the counts of each function ({@code fn=} blocks, every {@code fl=} file summed; a count line is
 * {@code LINE COUNT...}, missing trailing counts are 0). Callgrind's per-function lines are compressed
 * and carry inclusive call costs, so its functions are not read ({@link #functions()} is empty).
 *
 * @param tool      {@code cachegrind} or {@code callgrind}
 * @param command   the profiled command line, as valgrind wrote it
 * @param events    event names, in file order
 * @param totals    event -> whole-program count
 * @param functions cachegrind only: function name -> event -> count
 */
public record ValgrindProfile(String tool, String command, List<String> events, Map<String, Long> totals,
                              Map<String, Map<String, Long>> functions) {

    public static ValgrindProfile parse(List<String> lines) {
        boolean callgrind = !lines.isEmpty() && lines.get(0).startsWith("# callgrind format")
                || lines.stream().limit(20).anyMatch(l -> l.startsWith("creator: callgrind"));
        String command = "";
        List<String> events = null;
        long[] summary = null;
        long[] totalsLine = null;
        Map<String, long[]> fns = new LinkedHashMap<>();
        long[] current = null;
        int n = 0;
        for (String raw : lines) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("cmd:")) {
                command = line.substring(4).strip();
            } else if (line.startsWith("events:")) {
                events = List.of(line.substring(7).strip().split("\\s+"));
            } else if (line.startsWith("summary:")) {
                summary = counts(line.substring(8), events, n);
            } else if (line.startsWith("totals:")) {
                totalsLine = counts(line.substring(7), events, n);
            } else if (!callgrind && line.startsWith("fn=")) {
                if (events == null) {
                    throw new IllegalArgumentException("line " + n + ": fn= before the events: line");
                }
                int size = events.size();
                current = fns.computeIfAbsent(line.substring(3), k -> new long[size]);
            } else if (!callgrind && current != null && Character.isDigit(line.charAt(0))) {
                String[] f = line.split("\\s+");
                if (f.length - 1 > current.length) {
                    throw new IllegalArgumentException("line " + n + ": " + (f.length - 1) + " counts for " + current.length + " events");
                }
                for (int i = 1; i < f.length; i++) {
                    current[i - 1] += parseCount(f[i], n);
                }
            }
        }
        if (events == null) {
            throw new IllegalArgumentException("no events: line (not a cachegrind or callgrind output file?)");
        }
        long[] whole = summary != null ? summary : totalsLine;
        if (whole == null) {
            throw new IllegalArgumentException("no summary: line (did valgrind finish?)");
        }
        Map<String, Long> totals = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            totals.put(events.get(i), whole[i]);
        }
        Map<String, Map<String, Long>> functions = new LinkedHashMap<>();
        for (Map.Entry<String, long[]> e : fns.entrySet()) {
            Map<String, Long> m = new LinkedHashMap<>();
            for (int i = 0; i < events.size(); i++) {
                m.put(events.get(i), e.getValue()[i]);
            }
            functions.put(e.getKey(), Map.copyOf(m));
        }
        return new ValgrindProfile(callgrind ? "callgrind" : "cachegrind", command, events, totals, functions);
    }

    private static long[] counts(String text, List<String> events, int n) {
        if (events == null) {
            throw new IllegalArgumentException("line " + n + ": counts before the events: line");
        }
        String[] f = text.strip().split("\\s+");
        if (f.length != events.size()) {
            throw new IllegalArgumentException("line " + n + ": " + f.length + " counts for " + events.size() + " events " + events);
        }
        return Arrays.stream(f).mapToLong(c -> parseCount(c, n)).toArray();
    }

    private static long parseCount(String s, int n) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + n + ": not a count: " + s, e);
        }
    }

    /** The whole-program count of some events, summed (e.g. D1mr and D1mw). */
    public long total(String... eventNames) {
        return Arrays.stream(eventNames).mapToLong(e -> totals.get(known(e))).sum();
    }

    /** A function's count of some events, summed; 0 when the function ran no instruction (it has no fn= block). */
    public long function(String fn, String... eventNames) {
        Map<String, Long> m = functions.getOrDefault(fn, Map.of());
        return Arrays.stream(eventNames).mapToLong(e -> m.getOrDefault(known(e), 0L)).sum();
    }

    private String known(String event) {
        if (!totals.containsKey(event)) {
            throw new IllegalArgumentException("no event " + event + " in " + events);
        }
        return event;
    }

    /** Adds the counts of several files of one run (e.g. one per process, {@code %p}); the first file's command and tool. */
    public static ValgrindProfile sum(List<ValgrindProfile> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no profiles to add");
        }
        ValgrindProfile first = parts.get(0);
        Map<String, Long> totals = new LinkedHashMap<>();
        Map<String, Map<String, Long>> functions = new LinkedHashMap<>();
        for (ValgrindProfile p : parts) {
            if (!p.events().equals(first.events())) {
                throw new IllegalArgumentException("different events: " + p.events() + " and " + first.events());
            }
            p.totals().forEach((k, v) -> totals.merge(k, v, Long::sum));
            p.functions().forEach((fn, m) -> {
                Map<String, Long> acc = functions.computeIfAbsent(fn, k -> new LinkedHashMap<>());
                m.forEach((k, v) -> acc.merge(k, v, Long::sum));
            });
        }
        return new ValgrindProfile(first.tool(), first.command(), first.events(), totals, functions);
    }
}
