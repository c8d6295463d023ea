package dev.switchcost.results;

import com.google.gson.GsonBuilder;
import dev.switchcost.measure.footprint.CpuLimit;

/**
 * {@code sample -o DIR}'s {@value #FILE}: the CPU limit of the sampled process's cgroup and how it throttled over the
 * sampled window. A field that could not be read is null, and {@code unknown} says why.
 *
 * @param cgroupVersion    1 or 2; null when no cgroup with the cpu controller was found
 * @param cgroup           the cgroup whose quota binds (the tightest), else the process's own
 * @param quotaUs          CPU time per period, µs; null without a quota
 * @param periodUs         the period, µs; null without a quota
 * @param cpus             the quota as CPUs; null without a quota
 * @param windowSeconds    the sampled window, s
 * @param periods          enforcement periods that elapsed in the window with the cgroup's tasks running
 * @param throttledPeriods of those, the periods in which the quota stopped them
 * @param throttledSeconds how long they were stopped in the window, s
 * @param unknown          why the limit or its throttling could not be read, else null
 */
public record SampleCpuLimit(Integer cgroupVersion, String cgroup, Long quotaUs, Long periodUs, Double cpus, double windowSeconds,
                             Long periods, Long throttledPeriods, Double throttledSeconds, String unknown) {

    public static final String FILE = "cpu-limit.json";

    /** The fields of what {@code sample} watched. */
    public static SampleCpuLimit of(CpuLimit.Watched w) {
        CpuLimit l = w.limit();
        Integer version = l.version() == 0 ? null : l.version();
        String unknown = l.unknown() != null ? l.unknown() : w.unseen();
        CpuLimit.Quota q = l.binding().orElse(null);
        if (q == null) {
            return new SampleCpuLimit(version, l.cgroup(), null, null, null, w.seconds(), null, null, null, unknown);
        }
        CpuLimit.Throttling t = w.throttling().orElse(null);
        if (t == null && unknown == null) {
            unknown = "cpu.stat of " + q.cgroup() + " was not read at both ends of the window";
        }
        return new SampleCpuLimit(version, q.cgroup(), q.quotaUs(), q.periodUs(), q.cpus(), w.seconds(),
                t == null ? null : t.periods(), t == null ? null : t.throttled(), t == null ? null : t.throttledNs() / 1e9, unknown);
    }

    public String json() {
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(this) + "\n";
    }
}
