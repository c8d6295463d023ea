package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One CPU's line of {@code /proc/stat} ({@code cpuN user nice system idle iowait irq softirq steal guest
 * guest_nice}), in clock ticks ({@code USER_HZ}, 100 per second on every Linux architecture switchcost
 * runs on). {@code guest} and {@code guest_nice} are already inside {@code user} and {@code nice}, so they
 * are not added again.
 *
 * @param total  user + nice + system + idle + iowait + irq + softirq + steal
 * @param idle   idle + iowait: time the CPU had nothing to run
 * @param steal  time the hypervisor gave this virtual CPU's turn to someone else
 * @param irq    irq + softirq: time spent in interrupts, charged to no task
 */
public record CpuTicks(int cpu, long total, long idle, long steal, long irq) {

    /** Clock ticks per second in {@code /proc/stat} and {@code /proc/<pid>/stat} ({@code USER_HZ}). */
    public static final long TICKS_PER_SECOND = 100;
    public static final long NS_PER_TICK = 1_000_000_000L / TICKS_PER_SECOND;

    /** Time the CPU was busy: neither idle nor stolen. */
    public long busy() {
        return total - idle - steal;
    }

    public static Map<Integer, CpuTicks> read() {
        Path p = Path.of("/proc/stat");
        try {
            return parse(ProcText.lines(p));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }

    /**
     * The {@code cpuN} lines of a {@code /proc/stat}; the aggregate {@code cpu} line and every other line
     * are skipped.
     *
     * @throws IllegalArgumentException naming the line when a {@code cpuN} line has fewer than 8 numbers
     */
    public static Map<Integer, CpuTicks> parse(List<String> lines) {
        Map<Integer, CpuTicks> out = new TreeMap<>();
        for (String line : lines) {
            if (!line.startsWith("cpu") || line.length() < 4 || !Character.isDigit(line.charAt(3))) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (f.length < 9) {
                throw new IllegalArgumentException("/proc/stat line with fewer than 8 fields: '" + line + "'");
            }
            long[] v = Arrays.stream(f, 1, 9).mapToLong(Long::parseLong).toArray();
            int cpu = Integer.parseInt(f[0].substring(3));
            out.put(cpu, new CpuTicks(cpu, Arrays.stream(v).sum(), v[3] + v[4], v[7], v[5] + v[6]));
        }
        return out;
    }
}
