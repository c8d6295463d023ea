package dev.switchcost.measure.machine;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.footprint.CpuLimit;
import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.machine.MachineInfo.Cache;
import dev.switchcost.measure.machine.MachineInfo.Cpu;
import dev.switchcost.measure.machine.MachineInfo.CpuQuota;
import dev.switchcost.measure.machine.MachineInfo.Jdk;
import dev.switchcost.measure.machine.MachineInfo.Kernel;
import dev.switchcost.measure.machine.MachineInfo.Limits;
import dev.switchcost.measure.machine.MachineInfo.Perf;
import dev.switchcost.measure.machine.MachineInfo.Power;
import dev.switchcost.measure.machine.MachineInfo.Virtualization;
import dev.switchcost.measure.sample.PerfSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads a {@link MachineInfo} from the running machine: {@code /proc} and {@code /sys} (a root injectable
 * for tests), {@code lscpu}, the running JVM, perf, and the limits {@link SystemLimits} and {@link CpuLimit} read. A
 * value that cannot be read is null, never guessed.
 */
public final class MachineProbe {

    private MachineProbe() {
    }

    /**
     * Reads this machine, with perf and the CPUs this process's trials may use ({@link CpuPinning#allowedCpus}:
     * their forks inherit this process's mask and confine every thread to it, {@code SWITCHCOST_CPUS} applied).
     *
     * @throws CpuPinning.BadCpuSelection when {@code SWITCHCOST_CPUS} is not a CPU list or names CPUs outside the mask
     */
    public static MachineInfo collect() {
        MachineInfo m = collect(Path.of("/"));
        PerfSupport s = PerfSupport.probe();
        return new MachineInfo(m.schema(), m.capturedAt(), m.hostname(), m.cpu(), m.caches(), m.kernel(), m.mitigations(),
                m.virtualization(), m.power(), m.jdk(), m.limits(),
                new Perf(s.available(), s.version(), s.paranoid(), s.hasPmu(), s.unsupported(), s.unavailableLine()),
                CpuPinning.allowedCpus().toString(), CpuPinning.selectionSetting(), m.tuning());
    }

    /** Reads a machine whose {@code /proc} and {@code /sys} live under {@code root} (tests use captured trees), without perf. */
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
                limits(SystemLimits.read(root), CpuLimit.read(root, "self")), null, null, null, MachineTuning.read(root, threadsPerCore));
    }

    /**
     * machine.json's limits from {@link SystemLimits}' reading (its -1, not exposed or unlimited, is null here) and the
     * CPU quota {@link CpuLimit} read: the tightest one that binds, and where it is set.
     */
    static Limits limits(SystemLimits l, CpuLimit cpu) {
        CpuQuota quota = cpu.binding().map(q -> new CpuQuota(q.quotaUs(), q.periodUs(), q.cgroup(), cpu.version(), null))
                .orElseGet(() -> new CpuQuota(null, null, cpu.cgroup(), cpu.version() == 0 ? null : cpu.version(), cpu.unknown()));
        return new Limits(known(l.nofileSoft()), known(l.pidMax()), known(l.threadsMax()), known(l.maxMapCount()), quota);
    }

    private static Long known(long value) {
        return value < 0 ? null : value;
    }

    static Map<String, String> firstCpuinfoBlock(Path cpuinfo) {
        String text = text(cpuinfo);
        return text == null ? new LinkedHashMap<>() : Arrays.stream(text.split("\n")).takeWhile(line -> !line.isBlank())
                .map(line -> line.split(":", 2)).filter(kv -> kv.length == 2 && !kv[0].isEmpty())
                .collect(Collectors.toMap(kv -> kv[0].trim(), kv -> kv[1].trim(), (first, later) -> later,
                        LinkedHashMap::new));
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

    /** sysfs cache sizes: "48K", "1024K", "32768K", "2M"; the one parser of them (valgrind's cache options too). */
    public static long parseSize(String size) {
        String s = size.trim().toUpperCase(Locale.ROOT);
        long mult = s.endsWith("K") ? 1024 : s.endsWith("M") ? 1024 * 1024 : s.endsWith("G") ? 1024L * 1024 * 1024 : 1;
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
        return !(" " + cpuinfo.getOrDefault("flags", "") + " ").contains(" hypervisor ") ? null
                : Objects.requireNonNullElse(lscpuField("Hypervisor vendor"), "unknown (cpuinfo hypervisor flag)");
    }

    private static String lscpuField(String field) {
        try {
            // not through launch.ParentDeath: a probe that ends by itself within seconds
            Process p = new ProcessBuilder("lscpu").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return out.lines().filter(l -> l.startsWith(field + ":")).map(l -> l.substring(field.length() + 1).trim())
                    .findFirst().orElse(null);
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

    private static String hostname(Path root) {
        return Objects.requireNonNullElse(text(root.resolve("proc/sys/kernel/hostname")),
                System.getenv().getOrDefault("HOSTNAME", "unknown"));
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
