package dev.switchcost.measure.sample;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The placement of a program's wake-ups from the scheduler's trace: {@code sched:sched_waking} is written on the waker's
 * CPU, {@code sched:sched_wakeup} names the CPU the woken thread was put on ({@code target_cpu}). A wake-up is same-CPU
 * when the two are one CPU. Needs tracefs (root; {@code mount -t tracefs nodev /sys/kernel/tracing}); works on kernels
 * without schedstats and machines without a PMU.
 *
 * <p>{@link #start} records into a tracefs instance of its own (other tracers are not disturbed), {@link #stop} reads its
 * buffer, disables the events and removes the instance. As root, where tracefs is not mounted, {@link #start} mounts it
 * ({@link #decide}) and {@link #close} unmounts it again, so that the machine is left as it was found; a tracefs someone
 * else mounted is never unmounted.
 */
public final class WakeupTrace implements Closeable {

    public static final Path TRACEFS = Path.of("/sys/kernel/tracing");
    /** Per CPU, KiB: room for about a hundred thousand wake-up pairs per CPU. */
    static final int BUFFER_KIB = 16384;

    /** {@code <comm>-<tid> [cpu] flags ts: sched_waking: comm=<comm> pid=<tid> prio=<p> target_cpu=<cpu>} */
    private static final Pattern LINE = Pattern.compile(
            "^\\s*.+-(\\d+)\\s+(?:\\(\\s*[-\\d]+\\)\\s+)?\\[(\\d+)]\\s.*?\\s(sched_waking|sched_wakeup): comm=.* pid=(\\d+) prio=-?\\d+ target_cpu=(\\d+)\\s*$");

    /**
     * @param sameCpu  wake-ups put on the waker's CPU
     * @param crossCpu wake-ups put on another CPU
     * @param lost     events the trace buffer overran and dropped
     */
    public record Counts(long sameCpu, long crossCpu, long lost) {
    }

    static Counts total(Map<Integer, Counts> byThread) {
        return new Counts(byThread.values().stream().mapToLong(Counts::sameCpu).sum(),
                byThread.values().stream().mapToLong(Counts::crossCpu).sum(), 0);
    }

    /**
     * The wake-ups of each thread {@code wanted} accepts (by the woken thread's tid), in trace text.
     *
     * @throws IllegalArgumentException naming the line when a sched_waking/sched_wakeup line does not read
     */
    public static Map<Integer, Counts> byThread(List<String> lines, IntPredicate wanted) {
        Map<Integer, Integer> wakerCpu = new HashMap<>();
        Map<Integer, long[]> counts = new HashMap<>();
        for (String l : lines) {
            if (!l.contains(": sched_wak")) {
                continue;
            }
            Matcher m = LINE.matcher(l);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a sched_waking/sched_wakeup trace line: '" + l.strip() + "'");
            }
            int wakee = Integer.parseInt(m.group(4));
            if (!wanted.test(wakee)) {
                continue;
            }
            if (m.group(3).equals("sched_waking")) {
                wakerCpu.put(wakee, Integer.parseInt(m.group(2)));
            } else {
                Integer w = wakerCpu.remove(wakee);
                if (w != null) {
                    counts.computeIfAbsent(wakee, k -> new long[2])[w == Integer.parseInt(m.group(5)) ? 0 : 1]++;
                }
            }
        }
        Map<Integer, Counts> out = new HashMap<>();
        counts.forEach((tid, c) -> out.put(tid, new Counts(c[0], c[1], 0)));
        return Map.copyOf(out);
    }

    /** Traces started by this JVM: each has an instance of its own, so two samples in one JVM never share one. */
    private static final AtomicInteger STARTED = new AtomicInteger();

    private final Path instance;
    /** The tracefs this trace mounted and unmounts on {@link #close}, or null when it was mounted already. */
    private final Path mounted;

    private WakeupTrace(Path instance, Path mounted) {
        this.instance = instance;
        this.mounted = mounted;
    }

    /** What {@link #decide} reads of the machine: a seam, so that the decision is tested without mounting anything. */
    public interface View {
        boolean isDirectory(Path p);

        /** Whether this process may mount (effective uid 0). */
        boolean root();

        /** The running machine. */
        View LIVE = new View() {
            @Override
            public boolean isDirectory(Path p) {
                return Files.isDirectory(p);
            }

            @Override
            public boolean root() {
                try {
                    return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Uid:"))
                            .map(l -> l.split("\\s+")[2]).findFirst().orElse("").equals("0");
                } catch (IOException | RuntimeException e) {
                    return false;
                }
            }
        };
    }

    /** What {@link #start} does about tracefs. */
    public enum Action {
        /** tracefs is mounted: trace in it, leave the mount alone. */
        USE,
        /** not mounted, and this process is root: mount it, and unmount it at the end. */
        MOUNT,
        /** not mounted, and it cannot be: no trace ({@link Decision#why}). */
        NONE
    }

    /** @param why for {@link Action#NONE}, one line saying what cannot be seen and why; else null */
    public record Decision(Action action, String why) {
    }

    /** Whether to trace in {@code tracefs} as it is, mount it first, or not trace: read from {@code view}. */
    public static Decision decide(View view, Path tracefs) {
        if (view.isDirectory(tracefs.resolve("instances"))) {
            return new Decision(Action.USE, null);
        }
        if (!view.isDirectory(tracefs)) {
            return new Decision(Action.NONE, "this kernel has no " + tracefs + " to mount tracefs on");
        }
        if (!view.root()) {
            return new Decision(Action.NONE, "tracefs is not mounted at " + tracefs + " and only root can mount it"
                    + " (as root: mount -t tracefs nodev " + tracefs + ")");
        }
        return new Decision(Action.MOUNT, null);
    }

    /** @return whether this trace mounted tracefs (and unmounts it on {@link #close}) */
    public boolean mountedIt() {
        return mounted != null;
    }

    /**
     * @return the trace, recording; as root it mounts an unmounted tracefs first ({@link #decide})
     * @throws IOException when tracefs is not mounted and cannot be, or not writable
     */
    public static WakeupTrace start(Path tracefs) throws IOException {
        Decision d = decide(View.LIVE, tracefs);
        if (d.action() == Action.NONE) {
            throw new IOException(d.why());
        }
        Path mounted = null;
        if (d.action() == Action.MOUNT) {
            run("mount", "-t", "tracefs", "nodev", tracefs.toString());
            mounted = tracefs;
        }
        Path i = tracefs.resolve("instances").resolve("switchcost-" + ProcessHandle.current().pid() + "-" + STARTED.incrementAndGet());
        try {
            Files.createDirectory(i);
        } catch (IOException e) {
            unmount(mounted);
            throw e;
        }
        WakeupTrace t = new WakeupTrace(i, mounted);
        try {
            Files.writeString(i.resolve("buffer_size_kb"), BUFFER_KIB + "");
            Files.writeString(i.resolve("events/sched/sched_waking/enable"), "1");
            Files.writeString(i.resolve("events/sched/sched_wakeup/enable"), "1");
        } catch (IOException e) {
            t.close();
            throw e;
        }
        return t;
    }

    /** What {@link #stop} counted per thread; empty before it. */
    private Map<Integer, Counts> byThread = Map.of();

    /** Stops recording and counts the wake-ups of the threads {@code wanted} accepts ({@link #byThread()}: each one's). */
    public Counts stop(IntPredicate wanted) throws IOException {
        Files.writeString(instance.resolve("events/sched/enable"), "0");
        byThread = byThread(Files.readAllLines(instance.resolve("trace")), wanted);
        Counts c = total(byThread);
        return new Counts(c.sameCpu(), c.crossCpu(), overrun());
    }

    /** @return the wake-ups {@link #stop} counted, by the woken thread's tid */
    public Map<Integer, Counts> byThread() {
        return byThread;
    }

    private long overrun() throws IOException {
        long lost = 0;
        try (var cpus = Files.list(instance.resolve("per_cpu"))) {
            for (Path cpu : cpus.toList()) {
                for (String l : Files.readAllLines(cpu.resolve("stats"))) {
                    if (l.startsWith("overrun:")) {
                        lost += Long.parseLong(l.substring("overrun:".length()).strip());
                    }
                }
            }
        }
        return lost;
    }

    /** Disables the events and removes the instance; quiet, as it runs on the way out. */
    @Override
    public void close() {
        try {
            Files.writeString(instance.resolve("events/sched/enable"), "0");
        } catch (IOException | RuntimeException ignored) {
            // the instance may already be gone
        }
        try {
            Files.deleteIfExists(instance);
        } catch (IOException | RuntimeException ignored) {
            // a tracefs instance is removed with rmdir; nothing more to do on the way out
        }
        unmount(mounted);
    }

    /** Unmounts the tracefs this trace mounted (null: none); quiet, as it runs on the way out. */
    private static void unmount(Path mounted) {
        if (mounted == null) {
            return;
        }
        try {
            run("umount", mounted.toString());
        } catch (IOException | RuntimeException ignored) {
            // still mounted: harmless, and said nowhere better on the way out
        }
    }

    /** Runs {@code command} (mount, umount) to its end. */
    private static void run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " failed" + (said.isEmpty() ? "" : ": " + said.lines().findFirst().orElse("")));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", command) + " was interrupted", e);
        }
    }
}
