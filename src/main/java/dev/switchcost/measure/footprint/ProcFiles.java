package dev.switchcost.measure.footprint;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Parsers for the /proc files the footprint command reads, apart from reading them, so tests feed
 * captured copies ({@code src/test/resources/fixtures/proc-memory/}).
 */
public final class ProcFiles {

    private ProcFiles() {
    }

    /**
     * {@code Key:   123 kB} lines ({@code /proc/meminfo}, {@code /proc/<pid>/status}) as bytes; lines
     * without a {@code kB} unit are skipped.
     */
    public static Map<String, Long> kibLinesAsBytes(List<String> lines) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] v = line.substring(colon + 1).trim().split("\\s+");
            if (v.length == 2 && v[1].equals("kB")) {
                try {
                    out.put(line.substring(0, colon).trim(), Long.parseLong(v[0]) * 1024);
                } catch (NumberFormatException ignored) {
                    // not a size line
                }
            }
        }
        return out;
    }

    /**
     * The soft limit of one resource in {@code /proc/<pid>/limits}, e.g. "Max processes".
     *
     * @return empty when the line is absent or the limit is {@code unlimited}
     */
    public static OptionalLong softLimit(List<String> limitsLines, String name) {
        for (String line : limitsLines) {
            if (line.startsWith(name + " ")) {
                String[] f = line.substring(name.length()).trim().split("\\s+");
                if (f.length >= 1 && !f[0].equals("unlimited")) {
                    return OptionalLong.of(Long.parseLong(f[0]));
                }
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    /** The number of scheduling entities (threads) on the system: the denominator of {@code /proc/loadavg}'s 4th field. */
    public static long systemThreads(String loadavg) {
        String[] f = loadavg.trim().split("\\s+");
        if (f.length < 4 || f[3].indexOf('/') < 0) {
            throw new IllegalArgumentException("not a /proc/loadavg line: '" + loadavg.trim() + "'");
        }
        return Long.parseLong(f[3].substring(f[3].indexOf('/') + 1));
    }
}
