package dev.switchcost.cli;

import dev.switchcost.launch.Jdk;
import dev.switchcost.launch.JdkDiscovery;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.machine.Hsdis;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.sample.Interference;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.render.DisturbanceText;
import dev.switchcost.render.Export;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code switchcost doctor}: checks what switchcost needs and what it can use, and says what each
 * missing piece means. Exit 3 when a required check fails (not Linux, JDK older than 21, JNA/libc
 * unusable), else 0, with warnings for the optional ones.
 */
@Command(name = "doctor",
        footer = {
            "  switchcost doctor",
            "  switchcost doctor --format json"},
        versionProvider = VersionProvider.class,
        header = "Check this machine: JDKs found and what each enables, JNA, CPUs per placement, perf, PMU, hsdis, limits.",
        description = {"Checks what switchcost needs (Linux, JDK 21+, JNA) and what it can use (perf, a PMU, hsdis, "
                + "CPUs for each placement) and explains what each missing piece means.",
                "",
                "--format json|csv writes one record per check: name, level (ok, info, warn, fail), message and fix (null or"
                        + " empty when there is nothing to do).",
                "",
                "Exit codes: 0 all required checks pass (warnings may remain), 3 a required check failed."})
public final class DoctorCommand extends BaseCommand {

    @Mixin
    FormatMixin format;

    /** The fields of a check in {@code --format json|csv}. */
    static final List<String> COLUMNS = List.of("name", "level", "message", "fix");

    /** How bad a failed check is. */
    enum Level {
        OK, INFO, WARN, FAIL;

        /** How the text report tags it: in lower case, but a failure shouts. */
        String tag() {
            return this == FAIL ? name() : name().toLowerCase(Locale.ROOT);
        }
    }

    /** One line of the report, with an optional explanation printed under it. */
    record Check(Level level, String name, String detail, String explanation) {
    }

    /**
     * The native baseline: its directory, why its programs cannot run (null when they can), the compiler that
     * built them ({@code target/native/COMPILER}, null when unknown) and the C compiler on PATH now (null: none).
     */
    record NativeBaseline(Path dir, String unavailable, String builtWith, String compilerOnPath) {

        static NativeBaseline probe() {
            NativeRunner r = NativeRunner.locate();
            return new NativeBaseline(r.dir(), r.unavailableReason().orElse(null), r.builtWith().orElse(null),
                    NativeRunner.compilerOnPath().map(Path::toString).orElse(null));
        }
    }

    /** What doctor looks at, gathered once so that the verdicts can be tested on made-up machines. */
    record Facts(String osName, int jdkFeature, String jdkDescription, boolean libcAvailable, String libcReason,
                 List<Placement.Assignment> placements, PerfSupport perf, Path hsdis, MachineInfo machine,
                 List<Jdk> jdks, NativeBaseline nativeBaseline) {

        static Facts collect() {
            boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
            Topology topology = linux ? Topology.current() : null;
            CpuSet allowed = linux ? CpuPinning.allowedCpus() : null;
            List<Placement.Assignment> placements = linux
                    ? Arrays.stream(Placement.values()).map(p -> p.assign(topology, allowed)).toList() : List.of();
            return new Facts(System.getProperty("os.name"), Runtime.version().feature(),
                    Runtime.version() + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.home") + ")",
                    LibC.isAvailable(), LibC.unavailableReason(), placements, PerfSupport.probe(), Hsdis.find(),
                    linux ? MachineProbe.collect(Path.of("/")) : null, JdkDiscovery.discover(), NativeBaseline.probe());
        }
    }

    @Override
    protected int doCall() {
        List<Check> checks = new ArrayList<>(evaluate(Facts.collect()));
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            checks.add(loadCheck(measureLoad(LOAD_MILLIS), LOAD_MILLIS));
        }
        switch (format.format()) {
            case json -> out().print(Export.json(COLUMNS, records(checks)));
            case csv -> out().print(Export.csv(COLUMNS, records(checks)));
            case text -> print(checks);
        }
        return exitCode(checks);
    }

    /** Each check as {@link #COLUMNS}: its name, its level in lower case, what was found, and what to do (null: nothing). */
    static List<List<Object>> records(List<Check> checks) {
        return checks.stream().map(c -> Arrays.<Object>asList(c.name(), c.level().name().toLowerCase(Locale.ROOT), c.detail(),
                c.explanation())).toList();
    }

    void print(List<Check> checks) {
        for (Check c : checks) {
            out().printf("[%-4s] %-22s %s%n", c.level().tag(), c.name(), c.detail());
            if (c.explanation() != null) {
                out().println("       " + " ".repeat(22) + " " + c.explanation());
            }
        }
        long fails = checks.stream().filter(c -> c.level() == Level.FAIL).count();
        long warns = checks.stream().filter(c -> c.level() == Level.WARN).count();
        out().println(fails > 0 ? "switchcost cannot run here: " + fails + " required check(s) failed (exit 3)."
                : warns > 0 ? "switchcost can run; " + warns + " optional feature(s) degraded (see warn lines)."
                : "switchcost can run; everything optional is available too.");
    }

    static final long LOAD_MILLIS = 500;

    /**
     * The machine's load now: what tasks outside this JVM took of the allowed CPUs over {@code millis}, and
     * steal, by the arithmetic of the interference profiler (every allowed CPU measured, no benchmark threads).
     */
    static Interference.Figures measureLoad(long millis) {
        Set<Integer> cpus = new TreeSet<>();
        CpuPinning.allowedCpus().stream().forEach(cpus::add);
        Interference.Snapshot before = Interference.Snapshot.machine();
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Interference.between(before, Interference.Snapshot.machine(), cpus, Set.of(),
                ProcessHandle.current().pid(), Set.of(), 0);
    }

    /**
     * The load line: warn when the rule that calls a trial disturbed ({@link Disturbance}) would call this window so:
     * the processes counted by their own run time, the ticks no task accounts for beyond their bound, steal. It names
     * the busiest other processes.
     */
    static Check loadCheck(Interference.Figures f, long millis) {
        String busiest = f.intruders().stream().map(i -> String.format(Locale.ROOT, "%s (pid %d) %.1f%%", i.comm(), i.pid(),
                Math.min(f.percent(i.ns()), 100))).reduce((x, y) -> x + ", " + y).orElse("none");
        String detail = String.format(Locale.ROOT, "other processes took %.1f%% of the allowed CPUs over %d ms by their own run time "
                + "(busiest: %s); all others by ticks %.0f%%; steal %.0f%%", f.namedPercent(), millis, busiest, f.othersPercent(),
                f.percent(f.stealNs()));
        boolean busy = Disturbance.reading(f).disturbed();
        return new Check(busy ? Level.WARN : Level.OK, "load", detail, busy
                ? "trials now would likely be called disturbed (exit 1): stop these tasks, or run with --allow-disturbed to keep marked rows"
                : null);
    }

    static int exitCode(List<Check> checks) {
        return checks.stream().anyMatch(c -> c.level() == Level.FAIL) ? ExitCodes.ENVIRONMENT : ExitCodes.OK;
    }

    /** Which CPU this is: the name, and the revision a VM's short name leaves out; logical CPUs and SMT. */
    static Check cpuCheck(MachineInfo.Cpu cpu) {
        String revision = cpu.revision() == null ? "" : " (" + cpu.revision() + ")";
        String smt = cpu.threadsPerCore() > 1 ? cpu.threadsPerCore() + " hardware threads per core (SMT)" : "no SMT";
        return new Check(Level.INFO, "cpu", cpu.model() + revision + ", " + cpu.logicalCpus() + " logical CPUs, " + smt, null);
    }

    static List<Check> evaluate(Facts f) {
        List<Check> out = new ArrayList<>();
        boolean linux = f.osName() != null && f.osName().toLowerCase(Locale.ROOT).contains("linux");
        out.add(linux ? new Check(Level.OK, "os", f.osName(), null)
                : new Check(Level.FAIL, "os", f.osName(), "switchcost reads /proc and calls Linux syscalls; run it on Linux."));
        if (f.machine() != null) {
            out.add(cpuCheck(f.machine().cpu()));
            if (f.machine().tuning() != null) {
                out.add(new Check(Level.INFO, "kernel", f.machine().tuning().describe(), null));
            }
        }
        out.add(f.jdkFeature() >= JdkPolicy.min() ? new Check(Level.OK, "jdk", f.jdkDescription(), null)
                : new Check(Level.FAIL, "jdk", f.jdkDescription(), "needs JDK " + JdkPolicy.min() + "+ (virtual threads); set JAVA_HOME to one."));
        jdkChecks(f.jdks(), out);
        out.add(f.libcAvailable() ? new Check(Level.OK, "jna/libc", "libc bound through JNA direct mapping", null)
                : new Check(Level.FAIL, "jna/libc", "unavailable: " + f.libcReason(),
                "JNA binds futex, gettid and sched_getcpu; without it no benchmark runs. Run with "
                        + "--enable-native-access=ALL-UNNAMED and a writable java.io.tmpdir (JNA unpacks its native part there)."));
        f.placements().forEach(a -> out.add(a.isAvailable()
                ? new Check(Level.OK, "placement " + a.placement(), a.toString(), null)
                : new Check(Level.INFO, "placement " + a.placement(), "unavailable: " + a.unavailable(),
                "benchmarks skip this placement with one line; the others still run.")));
        if (f.nativeBaseline() != null) {
            nativeChecks(f.nativeBaseline(), out);
        }
        perfChecks(f.perf(), SystemLimits.runningAsRoot(), out);
        out.add(f.hsdis() != null ? new Check(Level.OK, "hsdis", f.hsdis().toString(), null)
                : new Check(Level.WARN, "hsdis", "not built (looked for " + Hsdis.LIBRARY + " in " + Hsdis.searchPath() + ")",
                "perfasm shows hot regions as hex only; scripts/perfasm.sh builds it (needs gcc and libcapstone-dev)."));
        MachineInfo m = f.machine();
        if (m != null) {
            String hv = m.virtualization().hypervisor();
            out.add(new Check(Level.INFO, "hypervisor", hv == null ? "none detected (bare metal or hidden)" : hv,
                    hv == null ? null : "a guest's switches include the hypervisor's scheduling; compare figures across hosts with care."));
            MachineInfo.Limits l = m.limits();
            out.add(limit("ulimit -n", l.openFiles(), 4096, "each platform thread in a footprint run may hold descriptors; raise with ulimit -n"));
            out.add(limit("kernel.pid_max", l.pidMax(), 32768, "bounds how many threads can exist at once; raise with sysctl kernel.pid_max"));
            out.add(limit("kernel.threads-max", l.threadsMax(), 32768, "bounds threads system-wide; raise with sysctl kernel.threads-max"));
            out.add(cpuQuotaCheck(l.cpuQuota(), m.cpu().logicalCpus()));
        }
        return out;
    }

    /**
     * The CPU quota of the cgroup this shell runs in ({@code machine.json}'s {@code limits.cpuQuota}): as a share of CPUs
     * and where it is set, or {@code no CPU quota}. A quota below the machine's CPUs warns: a trial it throttles is
     * disturbed.
     */
    static Check cpuQuotaCheck(MachineInfo.CpuQuota q, int logicalCpus) {
        if (q == null) {
            return new Check(Level.INFO, "cpu quota", "unknown", null);
        }
        String where = q.cgroupVersion() == null ? "" : " (cgroup v" + q.cgroupVersion() + " " + q.cgroup() + ")";
        if (q.unknown() != null) {
            return new Check(Level.WARN, "cpu quota", "unknown: " + q.unknown(),
                    "a trial a CPU quota throttles is called disturbed; here that cannot be judged, so check the cgroup by hand");
        }
        if (q.cpus() == null) {
            return new Check(Level.OK, "cpu quota", "no CPU quota" + where, null);
        }
        String detail = DisturbanceText.quota(q.cpus()) + " (" + q.quotaUs() + " µs per " + q.periodUs() + " µs), set on cgroup "
                + q.cgroup() + " (cgroup v" + q.cgroupVersion() + ")";
        return q.cpus() >= logicalCpus ? new Check(Level.OK, "cpu quota", detail + ": no fewer than the " + logicalCpus + " CPUs", null)
                : new Check(Level.WARN, "cpu quota", detail, "trials the quota throttles are called disturbed (exit 1): run outside "
                + "this cgroup, or raise its quota (" + (q.cgroupVersion() == 2 ? "cpu.max" : "cpu.cfs_quota_us") + ")");
    }

    /** Every JDK found ({@link JdkDiscovery#discover()}), what it enables, and what is missing across them. */
    static void jdkChecks(List<Jdk> jdks, List<Check> out) {
        jdks.forEach(j -> out.add(new Check(j.runsSwitchcost() ? Level.OK : Level.INFO, "jdk found " + j.feature,
                j.version + " " + j.home + ": " + String.join(", ", j.enables()) + (j.runsSwitchcost() ? ""
                        : "; too old for switchcost (needs " + JdkPolicy.min() + "+)"), null)));
        if (jdks.isEmpty()) {
            return;
        }
        boolean pinning = jdks.stream().anyMatch(j -> j.runsSwitchcost() && !j.synchronizedUnpinned());
        boolean unpinned = jdks.stream().anyMatch(Jdk::synchronizedUnpinned);
        if (!(pinning && unpinned)) {
            out.add(new Check(Level.INFO, "jdk pinning study", "needs a JDK " + JdkPolicy.min() + "-" + (JdkPolicy.NO_PINNING - 1)
                    + " and a JDK " + JdkPolicy.NO_PINNING + "+; found " + (pinning ? "only pinning ones" : "only JEP 491 ones"),
                    pinning ? "install a JDK " + JdkPolicy.NO_PINNING + "+ to see synchronized without pinning."
                            : "scripts/jdk21.sh fetches a JDK 21 runtime (pinning) into " + JdkDiscovery.cacheDir() + "."));
        }
    }

    /** The C programs (the JVM-vs-C line, compare, working-set's C curve) and the compiler that builds them. */
    static void nativeChecks(NativeBaseline n, List<Check> out) {
        out.add(n.unavailable() == null
                ? new Check(Level.OK, "native baseline", n.dir() + (n.builtWith() == null ? "" : ", built with " + n.builtWith()), null)
                : new Check(Level.WARN, "native baseline", n.unavailable(), "without it run --quick has no JVM-vs-C line and compare"
                        + " and working-set have no C cells; " + (n.compilerOnPath() == null
                        ? "install a C compiler (apt-get install gcc, or set CC) and rebuild: mvn -B package -DskipTests"
                        : "rebuild: mvn -B package -DskipTests")));
        out.add(n.compilerOnPath() != null ? new Check(Level.OK, "c compiler", n.compilerOnPath(), null)
                : new Check(n.unavailable() == null ? Level.INFO : Level.WARN, "c compiler",
                        "none on PATH (" + NativeRunner.compilerName() + ")",
                        "the native baseline cannot be rebuilt here; install gcc or clang, or set CC"));
    }

    /** What {@code perf_event_paranoid} means for {@code sample} and its {@code --flamegraph}, for this user, in one line. */
    static String paranoidMeaning(Integer par, boolean root) {
        if (root) {
            return par + ": running as root, so sample's perf columns and --flamegraph work whatever the value";
        }
        if (par == null) {
            return "unreadable: sample and --flamegraph say at start whether perf events are allowed";
        }
        if (par <= 1) {
            return par + ": sample's perf columns and --flamegraph work for this user (no root needed)";
        }
        if (par == 2) {
            return "2: sample counts this user's processes with perf (user space only); --flamegraph needs root or <= 1";
        }
        return par + ": perf events refused to non-root users: sample has no perf columns, --flamegraph is refused"
                + " (root, or sysctl kernel.perf_event_paranoid=1)";
    }

    private static void perfChecks(PerfSupport p, boolean root, List<Check> out) {
        if (p.version() == null) {
            out.add(new Check(Level.WARN, "perf", "not found", "the perf-stat profiler reports NaN, sample has no "
                    + "perf columns, perfasm cannot run; " + p.problem().replaceFirst("^.*fix: ", "fix: ")));
            return;
        }
        out.add(new Check(Level.OK, "perf", p.version(), null));
        Integer par = p.paranoid();
        out.add(new Check(p.problem() != null ? Level.WARN : root || (par != null && par <= 1) ? Level.OK : Level.INFO,
                "perf_event_paranoid", paranoidMeaning(par, root), p.problem()));
        if (p.problem() == null) {
            out.add(p.hasPmu() ? new Check(Level.OK, "pmu", "hardware counters available", null)
                    : new Check(Level.WARN, "pmu", "none: cycles, instructions and cache events are <not supported>",
                    "cache-miss counters are unavailable (the perf-stat profiler reports them as NaN; software events "
                            + "such as context-switches still count); perfasm samples cpu-clock instead of cycles. "
                            + "Fix: " + "run on bare metal or give the VM a PMU (KVM/QEMU: -cpu host,pmu=on)."));
        }
    }

    private static Check limit(String name, Long value, long advised, String why) {
        if (value == null) {
            return new Check(Level.INFO, name, "unknown", null);
        }
        String shown = value == Long.MAX_VALUE ? "unlimited" : value.toString();
        return value >= advised ? new Check(Level.OK, name, shown, null)
                : new Check(Level.WARN, name, shown + " (below " + advised + ")", why);
    }
}
