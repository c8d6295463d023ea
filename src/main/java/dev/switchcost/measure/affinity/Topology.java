package dev.switchcost.measure.affinity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * CPU topology as Linux exposes it under {@code /sys/devices/system/cpu}: which CPUs are online, and
 * which share a core (SMT siblings). The root is a parameter so tests read layouts captured from
 * real machines.
 */
public final class Topology {

    public static final Path SYSFS_CPU = Path.of("/sys/devices/system/cpu");

    private final Path root;
    private final CpuSet online;

    private Topology(Path root, CpuSet online) {
        this.root = root;
        this.online = online;
    }

    public static Topology current() {
        return read(SYSFS_CPU);
    }

    /** Topology read from a {@code /sys/devices/system/cpu}-shaped directory. */
    public static Topology read(Path root) {
        Path onlineFile = root.resolve("online");
        if (!Files.isReadable(onlineFile)) {
            throw new UncheckedIOException(new IOException("cannot read " + onlineFile
                    + ": switchcost reads the CPU topology from Linux sysfs"));
        }
        return new Topology(root, CpuSet.parse(readLine(onlineFile)));
    }

    public Path root() {
        return root;
    }

    public CpuSet online() {
        return online;
    }

    /** @return the CPUs sharing a core with {@code cpu}, including itself; just {@code cpu} when unknown */
    public CpuSet threadSiblings(int cpu) {
        Path topo = root.resolve("cpu" + cpu).resolve("topology");
        return Stream.of("thread_siblings_list", "core_cpus_list").map(topo::resolve).filter(Files::isReadable)
                .findFirst().map(f -> CpuSet.parse(readLine(f))).orElseGet(() -> CpuSet.of(cpu));
    }

    /** @return an SMT sibling of {@code cpu} within {@code allowed}, if the core has one */
    public Optional<Integer> smtSiblingOf(int cpu, CpuSet allowed) {
        return threadSiblings(cpu).intersect(allowed).stream().filter(c -> c != cpu).boxed().findFirst();
    }

    /** @return true when {@code a} and {@code b} are hardware threads of one core */
    public boolean areSiblings(int a, int b) {
        return a != b && threadSiblings(a).contains(b);
    }

    static String readLine(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
