package dev.switchcost.measure.sample;

import java.util.List;

/**
 * The context-switch lines of a {@code /proc/<pid>/task/<tid>/status} file.
 *
 * <p>Note that {@code /proc/<pid>/status} describes the thread-group leader only (Linux
 * {@code fs/proc/array.c} prints {@code p->nvcsw} of that task): per-thread figures need the
 * {@code task/<tid>} files, read while the threads are alive.
 *
 * @param name        the {@code Name:} line (the thread's comm, at most 15 characters)
 * @param voluntary   {@code voluntary_ctxt_switches}
 * @param involuntary {@code nonvoluntary_ctxt_switches}
 */
public record ProcStatus(String name, long voluntary, long involuntary) {

    /** @throws IllegalArgumentException naming what is missing when the switch counters are absent */
    public static ProcStatus parse(List<String> lines) {
        String name = null;
        long vol = -1;
        long invol = -1;
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon);
            String value = line.substring(colon + 1).trim();
            switch (key) {
                // not trim(): a name may begin with ESC, which trim() would drop unseen
                case "Name" -> name = ProcText.name(line.substring(colon + 1).replaceFirst("^\t", ""));
                case "voluntary_ctxt_switches" -> vol = Long.parseLong(value);
                case "nonvoluntary_ctxt_switches" -> invol = Long.parseLong(value);
                default -> {
                }
            }
        }
        if (vol < 0 || invol < 0) {
            throw new IllegalArgumentException("no voluntary_ctxt_switches/nonvoluntary_ctxt_switches lines in status ("
                    + lines.size() + " lines; name " + name + ")");
        }
        return new ProcStatus(name == null ? "?" : name, vol, invol);
    }

    /** The {@code Cpus_allowed_list} line of a status file ({@code 0-1}, {@code 3}), or null when absent. */
    public static String cpusAllowed(List<String> lines) {
        return ProcText.field(lines, "Cpus_allowed_list:");
    }
}
