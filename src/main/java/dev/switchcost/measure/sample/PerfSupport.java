package dev.switchcost.measure.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code perf stat} can count on this machine: is {@code perf} there, which version, does the
 * kernel let us count ({@code perf_event_paranoid}), and is there a PMU (hardware counters)?
 *
 * <p>{@link #probe(List)} runs {@code perf --version} and one {@code perf stat -x, -e EVENTS true};
 * {@link #from} does the reading, apart from the processes, so tests feed captured output. Used by
 * {@code dev.switchcost.measure.jmh.PerfStatProfiler}, {@code switchcost doctor}, {@code switchcost sample}
 * and {@code machine.json}.
 *
 * @param perf        the perf command used ({@code $SWITCHCOST_PERF} or {@code perf})
 * @param version     {@code perf --version} output, or null when perf could not be run
 * @param paranoid    {@code /proc/sys/kernel/perf_event_paranoid}, or null when unreadable
 * @param events      per asked event: supported, not supported (no counter), or forbidden/unknown
 * @param problem     why counting is impossible altogether (perf missing, forbidden), or null
 */
public record PerfSupport(String perf, String version, Integer paranoid, Map<String, EventStatus> events,
                          String problem) {

    /** The events switchcost asks for: cache and TLB misses, instructions and cycles, then software events. */
    public static final List<String> DEFAULT_EVENTS = List.of("cache-misses", "cache-references", "LLC-load-misses",
            "L1-dcache-load-misses", "dTLB-load-misses", "instructions", "cycles", "context-switches", "cpu-migrations",
            "page-faults", "task-clock");

    /** Software events the kernel counts without a PMU. */
    public static final List<String> SOFTWARE_EVENTS = List.of("context-switches", "cpu-migrations", "page-faults",
            "task-clock", "cpu-clock", "minor-faults", "major-faults");

    static final String INSTALL_FIX = "install perf (Debian: apt-get install linux-perf; Ubuntu: apt-get install "
            + "linux-tools-$(uname -r); Fedora/RHEL: dnf install perf) or point SWITCHCOST_PERF at it";
    static final String NO_PMU_WHY = "no hardware counters (no PMU visible: typical of a VM without a virtual PMU)";
    static final String NO_PMU_FIX = "run on bare metal, or give the VM a PMU (KVM/QEMU: -cpu host,pmu=on; "
            + "libvirt: <pmu state='on'/>; cloud: a metal or PMU-enabled instance type)";

    public enum EventStatus {
        SUPPORTED, NOT_SUPPORTED, UNAVAILABLE
    }

    /** The perf command: {@code $SWITCHCOST_PERF}, else {@code perf} from the PATH. */
    public static String perfCommand() {
        String env = System.getenv("SWITCHCOST_PERF");
        return env == null || env.isBlank() ? "perf" : env;
    }

    public static PerfSupport probe() {
        return probe(DEFAULT_EVENTS);
    }

    /** Runs perf to see which of {@code events} it can count; never throws for a missing or refusing perf. */
    public static PerfSupport probe(List<String> events) {
        String perf = perfCommand();
        Integer paranoid = readParanoid();
        // probes bounded to 10 s (Jcmd.run); one that cannot start or does not end is null
        Jcmd.Answer version = Jcmd.tryRun(List.of(perf, "--version"), 10).orElse(null);
        if (version == null || version.exit() != 0) {
            return from(perf, null, paranoid, events, -1, List.of());
        }
        Jcmd.Answer stat = Jcmd.tryRun(List.of(perf, "stat", "-x,", "-e", String.join(",", events), "true"), 10).orElse(null);
        if (stat != null && stat.exit() != 0 && events.size() > 1 && !forbidden(stat.output().lines().toList())) {
            // One unknown event name fails the whole command: ask event by event.
            List<String> lines = events.stream()
                    .map(e -> Jcmd.tryRun(List.of(perf, "stat", "-x,", "-e", e, "true"), 10)).flatMap(Optional::stream)
                    .filter(one -> one.exit() == 0).flatMap(one -> one.output().lines()).toList();
            return from(perf, version.output().strip(), paranoid, events, 0, lines);
        }
        return from(perf, version.output().strip(), paranoid, events, stat == null ? -1 : stat.exit(),
                stat == null ? List.of() : stat.output().lines().toList());
    }

    /**
     * Reads probe output.
     *
     * @param version   {@code perf --version} output, or null when perf did not run
     * @param statExit  exit code of {@code perf stat -x, -e EVENTS true}
     * @param statLines its output (stderr)
     */
    public static PerfSupport from(String perf, String version, Integer paranoid, List<String> events, int statExit,
                                   List<String> statLines) {
        Map<String, EventStatus> status = new LinkedHashMap<>();
        String problem = version == null ? "perf not found ('" + perf + " --version' did not run); fix: " + INSTALL_FIX
                : statExit != 0 && forbidden(statLines) ? "perf_event_paranoid=" + paranoid + " forbids counting for this"
                        + " user (not root, no CAP_PERFMON); fix: sudo sysctl kernel.perf_event_paranoid=1 (or run as root)"
                : null;
        if (problem != null) {
            events.forEach(e -> status.put(e, EventStatus.UNAVAILABLE));
            return new PerfSupport(perf, version, paranoid, status, problem);
        }
        Map<String, PerfStatParser.Status> seen = PerfStatParser.statusByEvent(PerfStatParser.parse(statLines, false));
        for (String e : events) {
            PerfStatParser.Status s = seen.get(PerfStatParser.baseEvent(e));
            status.put(e, s == null ? EventStatus.UNAVAILABLE
                    : s == PerfStatParser.Status.NOT_SUPPORTED ? EventStatus.NOT_SUPPORTED : EventStatus.SUPPORTED);
        }
        return new PerfSupport(perf, version, paranoid, status, null);
    }

    /** @return whether perf runs and counts at least one event */
    public boolean available() {
        return problem == null && events.containsValue(EventStatus.SUPPORTED);
    }

    /** @return whether a hardware counter (instructions or cycles, else any non-software event) can be counted */
    public boolean hasPmu() {
        return problem == null && events.entrySet().stream().anyMatch(e -> e.getValue() == EventStatus.SUPPORTED
                && !SOFTWARE_EVENTS.contains(PerfStatParser.baseEvent(e.getKey())));
    }

    /** @return the asked events perf can count, in the order asked */
    public List<String> supported() {
        return events.entrySet().stream().filter(e -> e.getValue() == EventStatus.SUPPORTED).map(Map.Entry::getKey).toList();
    }

    public List<String> unsupported() {
        return events.entrySet().stream().filter(e -> e.getValue() != EventStatus.SUPPORTED).map(Map.Entry::getKey).toList();
    }

    /** One line saying which events are unavailable, why and how to fix it; null when every event is supported. */
    public String unavailableLine() {
        List<String> missing = unsupported();
        if (missing.isEmpty()) {
            return null;
        }
        if (problem != null) {
            return "perf counters unavailable (" + String.join(", ", missing) + " reported as NaN): " + problem;
        }
        boolean hardwareMissing = missing.stream().anyMatch(e -> !SOFTWARE_EVENTS.contains(PerfStatParser.baseEvent(e)));
        if (hardwareMissing && !hasPmu()) {
            return "perf: " + String.join(", ", missing) + " not supported (reported as NaN): " + NO_PMU_WHY
                    + "; software events are still counted; fix: " + NO_PMU_FIX;
        }
        return "perf: " + String.join(", ", missing) + " not supported by this CPU's PMU or this perf "
                + "(reported as NaN); see 'perf list' for the events it has";
    }

    /** A one-line summary for doctor and machine.json. */
    public String summary() {
        return problem != null ? problem : "perf " + version.replaceFirst("^perf version ", "")
                + ", perf_event_paranoid=" + paranoid + ", "
                + (hasPmu() ? "hardware counters available" : "no hardware counters (software events only)");
    }

    static boolean forbidden(List<String> lines) {
        return lines.stream().anyMatch(l -> l.contains("perf_event_paranoid") || l.contains("Permission denied")
                || l.contains("Access to performance monitoring"));
    }

    /** @return {@code /proc/sys/kernel/perf_event_paranoid}, or null when unreadable */
    public static Integer readParanoid() {
        return readParanoid(Path.of("/proc/sys/kernel/perf_event_paranoid"));
    }

    static Integer readParanoid(Path f) {
        try {
            return Integer.parseInt(String.join("", Files.readAllLines(f)).strip());
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
