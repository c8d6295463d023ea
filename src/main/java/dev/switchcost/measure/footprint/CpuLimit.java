package dev.switchcost.measure.footprint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU limit of a process's cgroup (a CFS bandwidth quota: so much CPU time per period) and how often it throttled
 * the cgroup: the one reader of {@code cpu.max}, {@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us} and
 * {@code cpu.stat}, for both cgroup versions. Where the cgroup is comes from {@link Cgroups}: the {@code cpu}
 * controller's v1 hierarchy when one is mounted, else cgroup v2.
 *
 * <ul>
 *   <li>v2: {@code cpu.max} is {@code max 100000} (no limit) or {@code 50000 100000} (quota and period, µs);
 *       {@code cpu.stat} has {@code nr_periods}, {@code nr_throttled} and {@code throttled_usec}.</li>
 *   <li>v1: {@code cpu.cfs_quota_us} is -1 (no limit) or the quota, {@code cpu.cfs_period_us} the period;
 *       {@code cpu.stat} has {@code nr_periods}, {@code nr_throttled} and {@code throttled_time} (ns).</li>
 * </ul>
 *
 * <p>A quota can sit on any ancestor, not only the process's own cgroup: every cgroup up to the mount's root is read,
 * and each one with a quota is kept ({@link #quotas}). The one that binds is the tightest ({@link #binding}); nothing is
 * summed. Each keeps its own throttling counters (a leaf without a quota under a throttled parent reads
 * {@code nr_throttled 0}), so throttling is read on every cgroup that has a quota ({@link #counters}).
 *
 * @param version 1 or 2; 0 when no cgroup with the cpu controller was found (then there is no quota to read)
 * @param cgroup  the process's cgroup in that hierarchy ({@code /} for the root), null when none was found
 * @param quotas  the cgroups from the process's own up to the mount's root that set a quota, leaf first
 * @param unknown why the limit could not be read (a file that is not what the kernel writes), else null
 */
public record CpuLimit(int version, String cgroup, List<Quota> quotas, String unknown) {

    public CpuLimit {
        quotas = List.copyOf(quotas);
    }

    /**
     * One cgroup's quota.
     *
     * @param cgroup   its path in the hierarchy
     * @param quotaUs  CPU time per period, µs
     * @param periodUs the period, µs
     * @param dir      its directory, where its {@code cpu.stat} is
     */
    public record Quota(String cgroup, long quotaUs, long periodUs, Path dir) {

        /** The quota as CPUs: 0.5 for 50000 µs per 100000 µs. */
        public double cpus() {
            return (double) quotaUs / periodUs;
        }
    }

    /**
     * A cgroup's throttling counters ({@code cpu.stat}), since it was made.
     *
     * @param periods     {@code nr_periods}: enforcement periods in which its tasks ran
     * @param throttled   {@code nr_throttled}: periods in which it ran out of quota, its tasks stopped for the rest
     * @param throttledNs {@code throttled_time} (v1, ns) or {@code throttled_usec} (v2) in ns: how long they were stopped
     */
    public record Counters(long periods, long throttled, long throttledNs) {
    }

    /**
     * Throttling between two readings of {@link #counters}, on the cgroup that throttled most.
     *
     * @param quota       that cgroup's quota
     * @param periods     periods that elapsed with its tasks running
     * @param throttled   periods in which it was throttled
     * @param throttledNs how long its tasks were stopped, ns
     */
    public record Throttling(Quota quota, long periods, long throttled, long throttledNs) {
    }

    /** This process's limit, read from {@code /}. */
    public static CpuLimit ofThisProcess() {
        return read(Path.of("/"), "self");
    }

    /**
     * The CPU limit of process {@code pid} ({@code self} or a number) as the files under {@code root} show it (a captured
     * tree in tests). Never throws: a file that cannot be read or parsed makes the limit {@link #unknown}, naming it.
     */
    public static CpuLimit read(Path root, String pid) {
        Optional<Cgroups.Place> place;
        try {
            place = Cgroups.v1(root, pid, "cpu").or(() -> Cgroups.v2(root, pid));
        } catch (IllegalArgumentException e) {
            return new CpuLimit(0, null, List.of(), e.getMessage());
        }
        if (place.isEmpty()) {
            return new CpuLimit(0, null, List.of(), null);
        }
        Cgroups.Place p = place.get();
        List<Quota> quotas = new ArrayList<>();
        try {
            for (Cgroups.Level level : p.levels()) {
                quota(p.version(), level).ifPresent(quotas::add);
            }
        } catch (IllegalArgumentException e) {
            return new CpuLimit(p.version(), p.path(), List.of(), e.getMessage());
        }
        return new CpuLimit(p.version(), p.path(), quotas, null);
    }

    /** The quota set on one cgroup, or empty when it sets none (no file: the root, or no cpu controller there). */
    static Optional<Quota> quota(int version, Cgroups.Level level) {
        if (version == 2) {
            Path max = level.dir().resolve("cpu.max");
            List<String> lines = Cgroups.lines(max);
            if (lines.isEmpty()) {
                return Optional.empty();
            }
            String[] f = lines.get(0).trim().split("\\s+");
            if (f.length != 2) {
                throw new IllegalArgumentException(max + " is not 'max PERIOD' or 'QUOTA PERIOD': '" + lines.get(0) + "'");
            }
            long period = positive(max, f[1]);
            return f[0].equals("max") ? Optional.empty() : Optional.of(new Quota(level.cgroup(), positive(max, f[0]), period, level.dir()));
        }
        Path quotaFile = level.dir().resolve("cpu.cfs_quota_us");
        List<String> lines = Cgroups.lines(quotaFile);
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        String q = lines.get(0).trim();
        if (q.equals("-1")) {
            return Optional.empty();
        }
        Path periodFile = level.dir().resolve("cpu.cfs_period_us");
        List<String> period = Cgroups.lines(periodFile);
        if (period.isEmpty()) {
            throw new IllegalArgumentException(periodFile + " is missing beside a quota of " + q);
        }
        return Optional.of(new Quota(level.cgroup(), positive(quotaFile, q), positive(periodFile, period.get(0).trim()), level.dir()));
    }

    private static long positive(Path file, String value) {
        try {
            long v = Long.parseLong(value);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException(file + ": '" + value + "' is not a positive number of µs");
    }

    /** The tightest quota: the fewest CPUs; empty when no cgroup in the chain sets one. */
    public Optional<Quota> binding() {
        return quotas.stream().min(Comparator.comparingDouble(Quota::cpus));
    }

    /**
     * The throttling counters of every cgroup with a quota now, by cgroup path (empty without a quota).
     *
     * @throws IllegalArgumentException naming the file when a {@code cpu.stat} cannot be read or lacks its counters
     */
    public Map<String, Counters> counters() {
        Map<String, Counters> out = new LinkedHashMap<>();
        for (Quota q : quotas) {
            Path stat = q.dir().resolve("cpu.stat");
            out.put(q.cgroup(), counters(Cgroups.lines(stat), version, stat));
        }
        return out;
    }

    /**
     * One {@code cpu.stat}'s throttling counters.
     *
     * @param version 1 ({@code throttled_time}, ns) or 2 ({@code throttled_usec})
     * @throws IllegalArgumentException naming {@code file} when a counter is missing or not a number
     */
    public static Counters counters(List<String> statLines, int version, Path file) {
        Map<String, String> kv = new LinkedHashMap<>();
        for (String line : statLines) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2) {
                kv.put(f[0], f[1]);
            }
        }
        String time = version == 2 ? "throttled_usec" : "throttled_time";
        return new Counters(counter(kv, "nr_periods", file), counter(kv, "nr_throttled", file),
                counter(kv, time, file) * (version == 2 ? 1000 : 1));
    }

    private static long counter(Map<String, String> kv, String key, Path file) {
        String v = kv.get(key);
        if (v == null) {
            throw new IllegalArgumentException(file + " has no " + key + " line");
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": " + key + " '" + v + "' is not a number");
        }
    }

    /**
     * The throttling between two readings of {@link #counters}: the cgroup that was throttled in the most periods (of
     * equal ones, the tightest quota); empty when no cgroup sets a quota. A cgroup missing from either reading is left
     * out.
     */
    public Optional<Throttling> between(Map<String, Counters> before, Map<String, Counters> after) {
        Throttling best = null;
        for (Quota q : quotas.stream().sorted(Comparator.comparingDouble(Quota::cpus)).toList()) {
            Counters b = before.get(q.cgroup());
            Counters a = after.get(q.cgroup());
            if (a == null || b == null) {
                continue;
            }
            Throttling t = new Throttling(q, Math.max(0, a.periods() - b.periods()), Math.max(0, a.throttled() - b.throttled()),
                    Math.max(0, a.throttledNs() - b.throttledNs()));
            if (best == null || t.throttled() > best.throttled()) {
                best = t;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * A window over which a process's limit is watched: the limit and its cgroups' counters read at {@link #start}, the
     * counters again at {@link Window#end}. What cannot be read is named, never thrown.
     *
     * @param limit  the limit read at the start
     * @param before the counters at the start, empty when they could not be read
     * @param unseen why the counters could not be read at the start, else null
     */
    public record Window(CpuLimit limit, Map<String, Counters> before, String unseen) {

        /** Starts watching process {@code pid} ({@code self} or a number) as the files under {@code root} show it. */
        public static Window start(Path root, String pid) {
            CpuLimit limit = read(root, pid);
            try {
                return new Window(limit, limit.counters(), null);
            } catch (IllegalArgumentException e) {
                return new Window(limit, Map.of(), e.getMessage());
            }
        }

        /** Reads the counters again: the limit and its throttling over the window of {@code seconds}. */
        public Watched end(double seconds) {
            if (unseen != null) {
                return new Watched(limit, Optional.empty(), seconds, unseen);
            }
            try {
                return new Watched(limit, limit.between(before, limit.counters()), seconds, null);
            } catch (IllegalArgumentException e) {
                return new Watched(limit, Optional.empty(), seconds, e.getMessage());
            }
        }
    }

    /**
     * A limit and how it throttled over a window.
     *
     * @param limit      the limit ({@link #unknown} says why it could not be read)
     * @param throttling the throttling of the cgroup that throttled most; empty without a quota or when {@code unseen}
     * @param seconds    the window's length, s
     * @param unseen     why the throttling counters could not be read, else null
     */
    public record Watched(CpuLimit limit, Optional<Throttling> throttling, double seconds, String unseen) {
    }
}
