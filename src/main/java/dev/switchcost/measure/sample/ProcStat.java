package dev.switchcost.measure.sample;

import java.util.List;

/**
 * The machine-wide counters of {@code /proc/stat} that {@code vmstat} prints as {@code cs}, {@code in},
 * {@code r} and the CPU split, read directly so that any interval works (vmstat counts whole seconds).
 *
 * @param contextSwitches the {@code ctxt} line: context switches since boot, all CPUs
 * @param interrupts      the first field of the {@code intr} line: interrupts since boot
 * @param running         {@code procs_running}: runnable tasks now (vmstat's {@code r})
 * @param cpuTicks        the aggregate {@code cpu} line in clock ticks: user, nice, system, idle, iowait,
 *                        irq, softirq, steal (missing trailing fields are 0)
 */
public record ProcStat(long contextSwitches, long interrupts, long running, long[] cpuTicks) {

    /** Indexes into {@link #cpuTicks}. */
    public static final int USER = 0, NICE = 1, SYSTEM = 2, IDLE = 3, IOWAIT = 4, IRQ = 5, SOFTIRQ = 6, STEAL = 7;

    /**
     * @param lines the file's lines
     * @throws IllegalArgumentException naming the line that is missing or malformed
     */
    public static ProcStat parse(List<String> lines) {
        long ctxt = -1;
        long intr = -1;
        long running = -1;
        long[] cpu = null;
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            try {
                switch (f[0]) {
                    case "ctxt" -> ctxt = Long.parseLong(f[1]);
                    case "intr" -> intr = Long.parseLong(f[1]);
                    case "procs_running" -> running = Long.parseLong(f[1]);
                    case "cpu" -> {
                        cpu = new long[8];
                        for (int i = 0; i < cpu.length && i + 1 < f.length; i++) {
                            cpu[i] = Long.parseLong(f[i + 1]);
                        }
                    }
                    default -> {
                    }
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new IllegalArgumentException("malformed /proc/stat line: " + line);
            }
        }
        if (ctxt < 0 || cpu == null) {
            throw new IllegalArgumentException("no " + (ctxt < 0 ? "ctxt" : "cpu") + " line in /proc/stat (" + lines.size() + " lines)");
        }
        return new ProcStat(ctxt, intr, running, cpu);
    }

    /** Ticks of all CPU states. */
    public long totalTicks() {
        long s = 0;
        for (long t : cpuTicks) {
            s += t;
        }
        return s;
    }
}
