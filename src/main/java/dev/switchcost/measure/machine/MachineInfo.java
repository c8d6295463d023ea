package dev.switchcost.measure.machine;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.switchcost.measure.affinity.CpuSet;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The machine a result came from: written as {@code machine.json} beside every result file, and
 * printed at the head of every report. A plain record: {@link MachineProbe} reads one from the running
 * machine (a value that cannot be read is null, never guessed), {@code results.Results} from a results directory.
 *
 * @param schema      format version of this record (1)
 * @param capturedAt  when it was read (ISO-8601, UTC)
 * @param cpu         model and topology
 * @param caches      cpu0's caches, from {@code cpu0/cache/index*}
 * @param kernel      {@code uname -r} and the full version string
 * @param mitigations {@code /sys/devices/system/cpu/vulnerabilities/*}, by file name
 * @param virtualization hypervisor vendor (from lscpu) and container type, where detectable
 * @param power       cpuidle driver/governor and cpufreq governor
 * @param jdk         the JVM that ran the benchmarks' host process
 * @param limits      limits that bound thread and task counts, and the CPU quota of the run's cgroup ({@link Limits})
 * @param perf        what {@code perf stat} can count here (added in schema 1 without a bump: absent, i.e. null,
 *                    in files written before it, and for captured trees read with {@link MachineProbe#collect(Path)})
 * @param cpusAllowed the CPUs every thread of a trial may run on, as a CPU list ({@code 0-1}, {@code 1}): the
 *                    process's inherited affinity mask, narrowed by {@code SWITCHCOST_CPUS} when set (added in
 *                    schema 1 without a bump, like perf: null in files written before it and for captured trees)
 * @param cpuSelection how the CPUs were narrowed, e.g. {@code SWITCHCOST_CPUS=1}, or null when no selection was
 *                    set (then the inherited mask alone applies) or the file predates it
 * @param tuning      kernel and memory settings that move a switch's cost ({@link Tuning}; added in schema 1 without
 *                    a bump: null in files written before it)
 */
public record MachineInfo(int schema, String capturedAt, String hostname, Cpu cpu, List<Cache> caches, Kernel kernel,
                          Map<String, String> mitigations, Virtualization virtualization, Power power, Jdk jdk,
                          Limits limits, Perf perf, String cpusAllowed, String cpuSelection, Tuning tuning) {

    /**
     * Settings that move the figures, each null when this machine does not expose it.
     *
     * @param clocksource       {@code clocksource0/current_clocksource}: tsc, kvm-clock, hpet (a clock read's cost)
     * @param commandLine       {@code /proc/cmdline} (isolcpus, nohz_full, mitigations=, preempt=, idle=, ...)
     * @param preemption        the preemption model: none, voluntary, full, lazy or rt
     * @param preemptionSource  where {@code preemption} was read: {@code /sys/kernel/debug/sched/preempt} (the
     *                          mode in force), {@code preempt= on the command line}, {@code /proc/config.gz} (the
     *                          build's default) or {@code uname -v} (only what the build allows)
     * @param transparentHugepages the selected mode of {@code transparent_hugepage/enabled}: always, madvise, never
     * @param numaNodes         online NUMA nodes ({@code /sys/devices/system/node/online})
     * @param memTotalKiB       MemTotal from {@code /proc/meminfo}
     * @param smt               simultaneous multithreading active ({@code cpu/smt/active}, else more than one thread per core)
     * @param schedPolicy       the scheduling policy of the process that ran the trials, which their forks and
     *                          programs inherit ({@code SCHED_OTHER}, {@code SCHED_BATCH}, ...: {@code /proc/self/stat});
     *                          null when not recorded. Under {@code SCHED_BATCH} a woken thread does not preempt its
     *                          waker, so a same-CPU handoff is two blocks, not a preemption and a block (docs/method.md)
     */
    public record Tuning(String clocksource, String commandLine, String preemption, String preemptionSource,
                         String transparentHugepages, Integer numaNodes, Long memTotalKiB, Boolean smt, String schedPolicy) {

        /** The policy every process starts with. */
        public static final String DEFAULT_POLICY = "SCHED_OTHER";

        /** @return the policy when it is recorded and not the default, else null: what a card and a summary must say */
        public String unusualPolicy() {
            return schedPolicy == null || schedPolicy.equals(DEFAULT_POLICY) ? null : schedPolicy;
        }

        /** Command-line parameters that move a switch's cost (CPU isolation, ticks, idle, mitigations, preemption, SMT). */
        static final java.util.regex.Pattern MOVING = java.util.regex.Pattern.compile(
                "(?:^|\\s)((?:isolcpus|nohz_full|nohz|rcu_nocbs|irqaffinity|mitigations|preempt|idle|nosmt|threadirqs|skew_tick"
                        + "|intel_idle\\.max_cstate|processor\\.max_cstate|intel_pstate|amd_pstate|cpuidle\\.off|tsc|clocksource)"
                        + "(?:=\\S*)?)");

        /** The command line's parameters that move figures, space-separated, or null when none (or unknown). */
        public String movingParameters() {
            if (commandLine == null) {
                return null;
            }
            List<String> found = MOVING.matcher(commandLine.split(" -- ", 2)[0]).results().map(r -> r.group(1)).toList();
            return found.isEmpty() ? null : String.join(" ", found);
        }

        /** One line: {@code clocksource tsc, preemption none (from ...), THP madvise, 1 NUMA node, 23.5 GiB, no SMT; mitigations=auto}. */
        public String describe() {
            List<String> parts = new java.util.ArrayList<>();
            parts.add("clocksource " + (clocksource == null ? "unknown" : clocksource));
            parts.add("preemption " + (preemption == null ? "unknown" : preemption + " (" + preemptionSource + ")"));
            parts.add("THP " + (transparentHugepages == null ? "unknown" : transparentHugepages));
            if (numaNodes != null) {
                parts.add(numaNodes + " NUMA node" + (numaNodes == 1 ? "" : "s"));
            }
            if (memTotalKiB != null) {
                parts.add(String.format(java.util.Locale.ROOT, "%.1f GiB", memTotalKiB / 1024.0 / 1024.0));
            }
            if (smt != null) {
                parts.add(smt ? "SMT on" : "no SMT");
            }
            if (unusualPolicy() != null) {
                parts.add("scheduling policy " + unusualPolicy() + " (the trials inherit it)");
            }
            String moving = movingParameters();
            return String.join(", ", parts) + "; kernel parameters: " + (moving == null ? "none that move figures" : moving);
        }
    }

    /**
     * perf availability.
     *
     * @param available         perf runs and counts at least one event
     * @param version           {@code perf --version}, or null when perf is missing
     * @param paranoid          {@code kernel.perf_event_paranoid}, or null when unreadable
     * @param hardwareCounters  a PMU is visible (instructions/cycles/cache events count)
     * @param unsupportedEvents switchcost's default events perf cannot count here
     * @param note              why counting is impossible or partial, or null when everything counts
     */
    public record Perf(boolean available, String version, Integer paranoid, boolean hardwareCounters,
                       List<String> unsupportedEvents, String note) {
    }

    public static final String FILE_NAME = "machine.json";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();

    /**
     * @param model       "model name" from /proc/cpuinfo (a VM may show only "AMD EPYC")
     * @param family      "cpu family", {@code modelNumber} "model", {@code stepping}, {@code microcode}: which
     *                    microarchitecture and revision, where the name does not say (null in files written before)
     */
    public record Cpu(String model, String vendor, String online, int logicalCpus, int threadsPerCore,
                      String family, String modelNumber, String stepping, String microcode) {

        /**
         * What CPUs of one kind share, the one identity the history's machine types, the fleet and diff use: the model
         * name with vendor, family and model ({@code AMD EPYC (AuthenticAMD; family 23, model 1)}), since a name alone
         * ("AMD EPYC" in a VM) is shared by Zen 1 and Zen 4. The name alone when cpuinfo gave no family or model.
         */
        public String identity() {
            return family == null && modelNumber == null ? model
                    : model + " (" + (vendor == null ? "" : vendor + "; ") + "family " + family + ", model " + modelNumber + ")";
        }

        /** {@code family 25, model 17, stepping 1, microcode 0x1000065}, or null when cpuinfo did not say. */
        public String revision() {
            return family == null && modelNumber == null ? null : "family " + family + ", model " + modelNumber
                    + (stepping == null ? "" : ", stepping " + stepping)
                    + (microcode == null ? "" : ", microcode " + microcode);
        }
    }

    /** One cache level as sysfs describes it. */
    public record Cache(int level, String type, long sizeBytes, String sharedCpuList) {
    }

    public record Kernel(String release, String version) {
    }

    /** @param hypervisor e.g. "KVM", null on bare metal or when unknown; @param container e.g. "docker", or null */
    public record Virtualization(String hypervisor, String container) {
    }

    public record Power(String cpuidleDriver, String cpuidleGovernor, String cpufreqGovernor) {
    }

    public record Jdk(String version, String vendor, String vmName, String home) {
    }

    /**
     * @param cpuQuota the CPU quota of the cgroup the run's shell ran in (added in schema 1 without a bump: null in files
     *                 written before it)
     */
    public record Limits(Long openFiles, Long pidMax, Long threadsMax, Long maxMapCount, CpuQuota cpuQuota) {
    }

    /**
     * The tightest CPU quota (a CFS bandwidth limit) on the cgroup the run's shell ran in or any cgroup above it: its
     * trials ran in it, and a trial the quota throttled is disturbed ({@code measure.jmh.Disturbance}).
     *
     * @param quotaUs       CPU time per period, µs; null when no cgroup up to the hierarchy's root sets a quota
     * @param periodUs      the period, µs; null without a quota
     * @param cgroup        the cgroup that sets it (its path in the hierarchy); without a quota, the run's own cgroup
     *                      (null when none was found)
     * @param cgroupVersion 1 or 2 (null when no cgroup with the cpu controller was found)
     * @param unknown       why the quota could not be read, else null
     */
    public record CpuQuota(Long quotaUs, Long periodUs, String cgroup, Integer cgroupVersion, String unknown) {

        /** The quota as CPUs (0.5 for 50000 µs per 100000 µs), or null without one. */
        public Double cpus() {
            return quotaUs == null || periodUs == null ? null : (double) quotaUs / periodUs;
        }
    }

    /** @return the cache of a level and type ("Data", "Unified"), if listed */
    public Optional<Cache> cache(int level, String... types) {
        return caches.stream().filter(c -> c.level() == level && List.of(types).contains(c.type())).findFirst();
    }

    /** One line for logs and report headers: CPU, the CPUs trials were allowed (when recorded), kernel, JDK, virtualization. */
    public String summary() {
        String virt = virtualization.hypervisor() == null ? "bare metal or unknown hypervisor" : virtualization.hypervisor() + " guest";
        // the cpuidle driver moves a cross-CPU wakeup (a haltpoll guest polls before it exits to the hypervisor)
        String idle = power == null || power.cpuidleDriver() == null ? "" : ", cpuidle " + power.cpuidleDriver();
        String policy = tuning == null || tuning.unusualPolicy() == null ? "" : ", " + tuning.unusualPolicy();
        return cpu.model() + " (" + cpu.logicalCpus() + " logical CPUs" + (narrowed() ? "; " + allowedText() : "")
                + "), Linux " + kernel.release() + ", JDK " + jdk.version() + ", " + virt + idle + policy;
    }

    /**
     * The card's host line: what makes two cards differ, the hardware and its setting first — CPU model with
     * family and model number (Zen 1 against Zen 4 share a brand name), logical CPUs, SMT, virtualisation, the cpuidle
     * driver, the PMU — then the kernel. The JDK is in the card's column header.
     */
    public String cardLine() {
        String fm = cpu.family() == null && cpu.modelNumber() == null ? "" : " (family " + cpu.family() + " model " + cpu.modelNumber() + ")";
        String smt = cpu.threadsPerCore() > 1 ? ", SMT on" : cpu.threadsPerCore() == 1 ? ", no SMT" : "";
        String virt = virtualization.hypervisor() == null ? "no hypervisor seen" : virtualization.hypervisor() + " guest";
        String idle = power == null || power.cpuidleDriver() == null ? "" : ", cpuidle " + power.cpuidleDriver();
        String pmu = perf == null ? "" : perf.hardwareCounters() ? ", PMU" : ", no PMU";
        String policy = tuning == null || tuning.unusualPolicy() == null ? "" : ", " + tuning.unusualPolicy();
        return cpu.model() + fm + ", " + cpu.logicalCpus() + " CPUs" + (narrowed() ? " (" + allowedText() + ")" : "") + smt + ", "
                + virt + idle + pmu + ", Linux " + kernel.release() + policy;
    }

    /**
     * @return true when trials were allowed fewer CPUs than the machine has, or a selection was set: the
     *         one-line summary says so then, and only then (it must fit a card's line)
     */
    private boolean narrowed() {
        if (cpusAllowed == null) {
            return false;
        }
        if (cpuSelection != null) {
            return true;
        }
        try {
            return CpuSet.parse(cpusAllowed).size() < cpu.logicalCpus();
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** {@code trials allowed CPU 1 by SWITCHCOST_CPUS=1}, {@code trials allowed CPU 0 by the inherited mask}. */
    private String allowedText() {
        boolean one = !cpusAllowed.contains(",") && !cpusAllowed.contains("-");
        return "trials allowed CPU" + (one ? " " : "s ") + cpusAllowed + " by "
                + (cpuSelection == null ? "the inherited mask" : cpuSelection);
    }

    public String toJson() {
        return GSON.toJson(this);
    }

    public static MachineInfo fromJson(String json) {
        MachineInfo m = GSON.fromJson(json, MachineInfo.class);
        if (m == null || m.cpu() == null || m.kernel() == null || m.jdk() == null) {
            throw new IllegalArgumentException("not a switchcost machine.json (missing cpu, kernel or jdk)");
        }
        return m;
    }
}
