package dev.switchcost.measure.machine;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.switchcost.launch.Jdk;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.sample.PerfSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The machine a result came from: written as {@code machine.json} beside every result file, and
 * printed at the head of every report. Everything is read from {@code /proc} and {@code /sys}
 * (roots injectable for tests) or from the running JVM; a value that cannot be read is null, never
 * guessed.
 *
 * @param schema      format version of this record (1)
 * @param capturedAt  when it was read (ISO-8601, UTC)
 * @param hostname    the host name
 * @param cpu         model and topology
 * @param caches      cpu0's caches, from {@code cpu0/cache/index*}
 * @param kernel      {@code uname -r} and the full version string
 * @param mitigations {@code /sys/devices/system/cpu/vulnerabilities/*}, by file name
 * @param virtualization hypervisor vendor (from lscpu) and container type, where detectable
 * @param power       cpuidle driver/governor and cpufreq governor
 * @param jdk         the JVM that ran the benchmarks' host process
 * @param limits      limits that bound thread and task counts
 * @param perf        what {@code perf stat} can count here (added in schema 1 without a bump: absent, i.e. null,
 *                    in files written before it, and for captured trees read with {@link #collect(Path)})
 */
public record MachineInfo(int schema, String capturedAt, String hostname, Cpu cpu, List<Cache> caches, Kernel kernel,
                          Map<String, String> mitigations, Virtualization virtualization, Power power, Jdk jdk,
                          Limits limits, Perf perf) {

    /** The record without perf information (as written before the {@code perf} field existed). */
    public MachineInfo(int schema, String capturedAt, String hostname, Cpu cpu, List<Cache> caches, Kernel kernel,
                       Map<String, String> mitigations, Virtualization virtualization, Power power, Jdk jdk,
                       Limits limits) {
        this(schema, capturedAt, hostname, cpu, caches, kernel, mitigations, virtualization, power, jdk, limits, null);
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

        public static Perf of(PerfSupport s) {
            return new Perf(s.available(), s.version(), s.paranoid(), s.hasPmu(), s.unsupported(), s.unavailableLine());
        }
    }

    public static final String FILE_NAME = "machine.json";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().create();

    /**
     * @param model       "model name" from /proc/cpuinfo (a VM may show only "AMD EPYC")
     * @param online      online CPU list
     * @param logicalCpus count
     * @param family      "cpu family", {@code modelNumber} "model", {@code stepping}, {@code microcode}: which
     *                    microarchitecture and revision, where the name does not say (null in files written before)
     */
    public record Cpu(String model, String vendor, String online, int logicalCpus, int threadsPerCore,
                      String family, String modelNumber, String stepping, String microcode) {

        /** A CPU as files written before family, model number, stepping and microcode existed describe it. */
        public Cpu(String model, String vendor, String online, int logicalCpus, int threadsPerCore) {
            this(model, vendor, online, logicalCpus, threadsPerCore, null, null, null, null);
        }

        /** {@code family 25, model 17, stepping 1, microcode 0x1000065}, or null when cpuinfo did not say. */
        public String revision() {
            if (family == null && modelNumber == null) {
                return null;
            }
            StringBuilder b = new StringBuilder("family " + family + ", model " + modelNumber);
            if (stepping != null) {
                b.append(", stepping ").append(stepping);
            }
            if (microcode != null) {
                b.append(", microcode ").append(microcode);
            }
            return b.toString();
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

    public record Limits(Long openFiles, Long pidMax, Long threadsMax, Long maxMapCount) {
    }

    /** Reads this machine. */
    public static MachineInfo collect() {
        MachineInfo m = collect(Path.of("/"));
        return m.withPerf(Perf.of(PerfSupport.probe()));
    }

    /** This record with {@code perf} replaced. */
    public MachineInfo withPerf(Perf p) {
        return new MachineInfo(schema, capturedAt, hostname, cpu, caches, kernel, mitigations, virtualization, power, jdk,
                limits, p);
    }

    /** Reads a machine whose {@code /proc} and {@code /sys} live under {@code root} (tests use captured trees). */
    public static MachineInfo collect(Path root) {
        Path sysCpu = root.resolve("sys/devices/system/cpu");
        Map<String, String> cpuinfo = firstCpuinfoBlock(root.resolve("proc/cpuinfo"));
        String online = text(sysCpu.resolve("online"));
        int logical = online == null ? Runtime.getRuntime().availableProcessors() : CpuSet.parse(online).size();
        int threadsPerCore = 1;
        try {
            threadsPerCore = Topology.read(sysCpu).threadSiblings(0).size();
        } catch (RuntimeException e) {
            // leave 1: topology unreadable
        }
        Cpu cpu = new Cpu(cpuinfo.get("model name"), cpuinfo.get("vendor_id"), online, logical, threadsPerCore,
                cpuinfo.get("cpu family"), cpuinfo.get("model"), cpuinfo.get("stepping"), cpuinfo.get("microcode"));
        return new MachineInfo(1, Instant.now().toString(), hostname(root), cpu, caches(sysCpu.resolve("cpu0/cache")),
                new Kernel(text(root.resolve("proc/sys/kernel/osrelease")), text(root.resolve("proc/version"))),
                mitigations(sysCpu.resolve("vulnerabilities")),
                new Virtualization(hypervisor(cpuinfo), container(root)),
                new Power(text(sysCpu.resolve("cpuidle/current_driver")), text(sysCpu.resolve("cpuidle/current_governor")),
                        text(sysCpu.resolve("cpu0/cpufreq/scaling_governor"))),
                new Jdk(System.getProperty("java.version"), System.getProperty("java.vendor"),
                        System.getProperty("java.vm.name"), System.getProperty("java.home")),
                new Limits(openFilesLimit(root), readLong(root.resolve("proc/sys/kernel/pid_max")),
                        readLong(root.resolve("proc/sys/kernel/threads-max")), readLong(root.resolve("proc/sys/vm/max_map_count"))));
    }

    /** @return the cache of a level and type ("Data", "Unified"), if listed */
    public Optional<Cache> cache(int level, String... types) {
        return caches.stream().filter(c -> c.level() == level && List.of(types).contains(c.type())).findFirst();
    }

    /** One line for logs and report headers: CPU, kernel, JDK, virtualization. */
    public String summary() {
        String virt = virtualization.hypervisor() == null ? "bare metal or unknown hypervisor" : virtualization.hypervisor() + " guest";
        return cpu.model() + " (" + cpu.logicalCpus() + " logical CPUs), Linux " + kernel.release() + ", JDK "
                + jdk.version() + ", " + virt;
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

    /** Reads {@code dir/machine.json}. */
    public static MachineInfo read(Path dir) {
        return readFile(dir.resolve(FILE_NAME));
    }

    /**
     * Reads a machine.json file of any name.
     *
     * @throws IllegalArgumentException naming the file when it is not a machine.json
     * @throws UncheckedIOException     when it cannot be read
     */
    public static MachineInfo readFile(Path f) {
        try {
            return fromJson(Files.readString(f));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(f + ": " + e.getMessage(), e);
        }
    }

    static Map<String, String> firstCpuinfoBlock(Path cpuinfo) {
        Map<String, String> out = new LinkedHashMap<>();
        String text = text(cpuinfo);
        if (text == null) {
            return out;
        }
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                break;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                out.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            }
        }
        return out;
    }

    static List<Cache> caches(Path cacheDir) {
        List<Cache> out = new ArrayList<>();
        if (!Files.isDirectory(cacheDir)) {
            return out;
        }
        try (Stream<Path> s = Files.list(cacheDir)) {
            s.filter(p -> p.getFileName().toString().startsWith("index")).sorted().forEach(idx -> {
                String level = text(idx.resolve("level"));
                String size = text(idx.resolve("size"));
                if (level != null && size != null) {
                    out.add(new Cache(Integer.parseInt(level), text(idx.resolve("type")), parseSize(size),
                            text(idx.resolve("shared_cpu_list"))));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + cacheDir, e);
        }
        return out;
    }

    /** sysfs cache sizes: "48K", "1024K", "32768K", "2M". */
    static long parseSize(String size) {
        String s = size.trim().toUpperCase(Locale.ROOT);
        long mult = 1;
        if (s.endsWith("K")) {
            mult = 1024;
        } else if (s.endsWith("M")) {
            mult = 1024 * 1024;
        } else if (s.endsWith("G")) {
            mult = 1024L * 1024 * 1024;
        }
        String digits = mult == 1 ? s : s.substring(0, s.length() - 1);
        return Long.parseLong(digits.trim()) * mult;
    }

    static Map<String, String> mitigations(Path dir) {
        Map<String, String> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(f -> out.put(f.getFileName().toString(), text(f)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        return out;
    }

    /** The CPUID hypervisor vendor as lscpu reports it; "unknown (cpuinfo hypervisor flag)" when only the flag says so. */
    static String hypervisor(Map<String, String> cpuinfo) {
        String flags = cpuinfo.getOrDefault("flags", "");
        if (!(" " + flags + " ").contains(" hypervisor ")) {
            return null;
        }
        String fromLscpu = lscpuField("Hypervisor vendor");
        return fromLscpu != null ? fromLscpu : "unknown (cpuinfo hypervisor flag)";
    }

    private static String lscpuField(String field) {
        try {
            Process p = new ProcessBuilder("lscpu").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            for (String line : out.split("\n")) {
                if (line.startsWith(field + ":")) {
                    return line.substring(field.length() + 1).trim();
                }
            }
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    static String container(Path root) {
        if (Files.exists(root.resolve(".dockerenv"))) {
            return "docker";
        }
        String env = text(root.resolve("run/systemd/container"));
        if (env != null) {
            return env;
        }
        String cgroup = text(root.resolve("proc/1/cgroup"));
        if (cgroup != null && (cgroup.contains("docker") || cgroup.contains("kubepods"))) {
            return cgroup.contains("kubepods") ? "kubernetes" : "docker";
        }
        return null;
    }

    static Long openFilesLimit(Path root) {
        String limits = text(root.resolve("proc/self/limits"));
        if (limits == null) {
            return null;
        }
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String[] parts = line.substring("Max open files".length()).trim().split("\\s+");
                return parts[0].equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(parts[0]);
            }
        }
        return null;
    }

    private static String hostname(Path root) {
        String h = text(root.resolve("proc/sys/kernel/hostname"));
        return h != null ? h : System.getenv().getOrDefault("HOSTNAME", "unknown");
    }

    private static Long readLong(Path f) {
        String s = text(f);
        try {
            return s == null ? null : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * @return the trimmed file content, or null when it does not exist or cannot be read. Read through
     * a buffered reader: sysctl files under /proc/sys answer only a first read, and
     * {@code Files.readString} starts with a one-byte read on files that report size 0.
     */
    static String text(Path f) {
        try {
            return Files.isReadable(f) ? String.join("\n", Files.readAllLines(f)).trim() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
