package dev.switchcost.render;

import dev.switchcost.measure.footprint.CpuLimit;
import dev.switchcost.measure.sample.ProcText;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** {@code sample}'s line on where the sampled process runs: the CPU limit of its cgroup and how it throttled. */
public final class SampleLimits {

    private SampleLimits() {
    }

    /**
     * One line: {@code CPU limit 0.5 CPU (50000/100000 us); throttled in 754 of 760 periods, held off 3.1 s in 10.0 s
     * (summed over CPUs; cgroup /x, cgroup v2)}, or what could not be seen and why, with the rest that could.
     */
    public static String cpuLimit(CpuLimit.Watched w) {
        CpuLimit l = w.limit();
        if (l.unknown() != null) {
            return "CPU limit: could not be seen: " + l.unknown();
        }
        if (l.version() == 0) {
            return "CPU limit: none seen (no cgroup with the cpu controller in the process's /proc/PID/cgroup)";
        }
        String where = "cgroup " + ProcText.name(l.cgroup()) + ", cgroup v" + l.version();
        if (l.binding().isEmpty()) {
            return "CPU limit: none (" + where + ")";
        }
        CpuLimit.Quota q = l.binding().get();
        String limit = "CPU limit " + cpus(q.cpus()) + " (" + q.quotaUs() + "/" + q.periodUs() + " us)";
        if (w.unseen() != null) {
            return limit + "; throttling could not be seen: " + w.unseen() + " (" + where + ")";
        }
        if (w.throttling().isEmpty()) {
            return limit + "; throttling could not be seen: its cgroup's cpu.stat was not read at both ends (" + where + ")";
        }
        CpuLimit.Throttling t = w.throttling().get();
        double ms = t.throttledNs() / 1e6;
        String stopped = ms < 999.5 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.1f s", ms / 1000);
        // the kernel sums the time each CPU's queue of the group was held off, so it can exceed the window
        return limit + String.format(Locale.ROOT, "; throttled in %d of %d periods, held off %s in %.1f s (summed over CPUs;"
                        + " cgroup %s, cgroup v%d)",
                t.throttled(), t.periods(), stopped, w.seconds(), ProcText.name(t.quota().cgroup()), l.version());
    }

    /** {@code 0.5 CPU}, {@code 1.5 CPUs}, {@code 2 CPUs}: at most three decimals, none trailing. */
    static String cpus(double cpus) {
        String n = BigDecimal.valueOf(cpus).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        return n + (cpus <= 1 ? " CPU" : " CPUs");
    }
}
