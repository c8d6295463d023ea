package dev.switchcost.measure.footprint;

import dev.switchcost.measure.sample.ProcText;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The limits that bound how many tasks one JVM can hold, and how close the system is to each, read
 * from /proc and /sys at one moment: the one reader of these files ({@code machine.json}'s limits come from
 * here too). Values this machine does not expose are -1. Its parsers take the files' text, so tests feed
 * captured copies ({@code src/test/resources/fixtures/proc-memory/}).
 *
 * @param pidMax          {@code kernel.pid_max}: highest thread id, so at most this many threads system-wide
 * @param threadsMax      {@code kernel.threads-max}
 * @param maxMapCount     {@code vm.max_map_count}: mappings per process (each thread stack and its guard take some)
 * @param nprocSoft       {@code ulimit -u}: threads per user (not enforced for root)
 * @param nofileSoft      {@code ulimit -n}: open files per process
 * @param cgroupPidsMax   the cgroup's {@code pids.max}
 * @param cgroupPids      the cgroup's {@code pids.current}
 * @param systemThreads   threads on the system now ({@code /proc/loadavg})
 * @param processThreads  threads of this process now
 * @param processMaps     mappings of this process now
 * @param memAvailable    {@code MemAvailable}, bytes
 * @param memTotal        {@code MemTotal}, bytes
 * @param heapUsed        Java heap in use, bytes
 * @param heapMax         Java heap limit ({@code -Xmx}), bytes
 * @param root            whether this process runs as root (then {@code ulimit -u} is not enforced)
 */
public record SystemLimits(long pidMax, long threadsMax, long maxMapCount, long nprocSoft, long nofileSoft,
                           long cgroupPidsMax, long cgroupPids,
                           long systemThreads, long processThreads, long processMaps, long memAvailable, long memTotal,
                           long heapUsed, long heapMax, boolean root) {

    public static SystemLimits read() {
        return read(Path.of("/"));
    }

    /**
     * Reads the {@code /proc} and {@code /sys} under {@code root} (a captured tree in tests); the heap is
     * this JVM's.
     */
    public static SystemLimits read(Path root) {
        Map<String, Long> meminfo = kibLinesAsBytes(lines(root.resolve("proc/meminfo")));
        List<String> status = lines(root.resolve("proc/self/status"));
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        Path cgroup = cgroupDir(root);
        List<String> limits = lines(root.resolve("proc/self/limits"));
        return new SystemLimits(
                number(root.resolve("proc/sys/kernel/pid_max")),
                number(root.resolve("proc/sys/kernel/threads-max")),
                number(root.resolve("proc/sys/vm/max_map_count")),
                softLimit(limits, "Max processes").orElse(-1),
                softLimit(limits, "Max open files").orElse(-1),
                cgroup == null ? -1 : number(cgroup.resolve("pids.max")),
                cgroup == null ? -1 : number(cgroup.resolve("pids.current")),
                readSystemThreads(root),
                threadsLine(status),
                countLines(root.resolve("proc/self/maps")),
                meminfo.getOrDefault("MemAvailable", -1L),
                meminfo.getOrDefault("MemTotal", -1L),
                heap.getUsed(),
                heap.getMax(),
                uidZero(status));
    }

    private static long readSystemThreads(Path root) {
        try {
            return systemThreads(String.join(" ", lines(root.resolve("proc/loadavg"))));
        } catch (RuntimeException e) {
            return -1;
        }
    }

    static long threadsLine(List<String> status) {
        String v = ProcText.field(status, "Threads:");
        return v == null ? -1 : Long.parseLong(v);
    }

    /** Whether this process runs as root (effective uid 0, from /proc/self/status). */
    public static boolean runningAsRoot() {
        return uidZero(lines(Path.of("/proc/self/status")));
    }

    static boolean uidZero(List<String> status) {
        String uids = ProcText.field(status, "Uid:");
        return uids != null && uids.split("\\s+")[1].equals("0"); // effective uid
    }

    /** The cgroup v2 directory of this process where it has a {@code pids.max} ({@link Cgroups}), or null. */
    private static Path cgroupDir(Path root) {
        try {
            return Cgroups.v2(root, "self").map(Cgroups.Place::dir).filter(p -> Files.isReadable(p.resolve("pids.max"))).orElse(null);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static List<String> lines(Path path) {
        try {
            return Files.readAllLines(path);
        } catch (IOException e) {
            return List.of();
        }
    }

    private static long number(Path path) {
        // not Files.readString: on procfs/sysfs (size 0) it can return a short read ("3" for "32768" on JDK 25)
        try (BufferedReader r = Files.newBufferedReader(path)) {
            String s = r.readLine();
            return s == null ? -1 : s.trim().equals("max") ? -1 : Long.parseLong(s.trim());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    private static long countLines(Path path) {
        try (Stream<String> s = Files.lines(path)) {
            return s.count();
        } catch (IOException e) {
            return -1;
        }
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
        return limitsLines.stream().filter(line -> line.startsWith(name + " ")).findFirst()
                .map(line -> line.substring(name.length()).trim().split("\\s+")[0])
                .filter(soft -> !soft.equals("unlimited")).map(soft -> OptionalLong.of(Long.parseLong(soft)))
                .orElse(OptionalLong.empty());
    }

    /** The number of scheduling entities (threads) on the system: the denominator of {@code /proc/loadavg}'s 4th field. */
    public static long systemThreads(String loadavg) {
        String[] f = loadavg.trim().split("\\s+");
        if (f.length < 4 || f[3].indexOf('/') < 0) {
            throw new IllegalArgumentException("not a /proc/loadavg line: '" + loadavg.trim() + "'");
        }
        return Long.parseLong(f[3].substring(f[3].indexOf('/') + 1));
    }

    /** @return one line with every limit and how much of it is used */
    public String describe() {
        return "kernel.pid_max " + of(systemThreads, pidMax) + ", kernel.threads-max " + of(systemThreads, threadsMax)
                + ", ulimit -u " + of(processThreads, nprocSoft) + (root ? " (not enforced: root)" : "")
                + ", vm.max_map_count " + of(processMaps, maxMapCount)
                + ", cgroup pids.max " + of(cgroupPids, cgroupPidsMax)
                + ", MemAvailable " + mib(memAvailable) + " of " + mib(memTotal)
                + ", Java heap " + mib(heapUsed) + " of " + mib(heapMax);
    }

    private static String of(long used, long limit) {
        return (used < 0 ? "?" : Long.toString(used)) + "/" + (limit < 0 ? "unlimited" : Long.toString(limit));
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "?" : (bytes >> 20) + " MiB";
    }
}
