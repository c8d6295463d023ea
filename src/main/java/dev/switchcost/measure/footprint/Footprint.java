package dev.switchcost.measure.footprint;

import dev.switchcost.measure.workload.ThreadKind;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Memory held per parked task: parks {@code count} tasks for each count, samples memory with them
 * parked, releases them, and fits each measure against the count by least squares, so the slope is
 * bytes per task and fixed costs fall into the intercept. A sample at count 0 anchors the line.
 *
 * <p>Measures: {@code VmRSS} of this process ({@code /proc/self/status}); Java heap in use after a
 * GC (where a parked virtual thread's stack lives); {@code KernelStack} and {@code PageTables} from
 * {@code /proc/meminfo} (system-wide, so other processes add noise; the kernel cost of a platform
 * thread is its kernel stack, 16 KiB on x86-64, plus page tables for its user stack).
 */
public final class Footprint {

    /** The measures, in output order. */
    public static final List<String> MEASURES = List.of("rss", "heap_used", "kernel_stack", "page_tables");

    /** One sample: task count and bytes per measure, in {@link #MEASURES} order (-1 = unreadable). */
    public record Sample(long tasks, long[] bytes) {
    }

    public record Fit(String measure, LinearFit line) {
    }

    private Footprint() {
    }

    /** Samples memory now (after two GCs and a pause, so the heap holds live objects only). */
    public static Sample sample(long tasks) throws InterruptedException {
        System.gc();
        System.gc();
        Thread.sleep(100);
        Map<String, Long> status = SystemLimits.kibLinesAsBytes(SystemLimits.lines(Path.of("/proc/self/status")));
        Map<String, Long> meminfo = SystemLimits.kibLinesAsBytes(SystemLimits.lines(Path.of("/proc/meminfo")));
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return new Sample(tasks, new long[] {
            status.getOrDefault("VmRSS", -1L), heap, meminfo.getOrDefault("KernelStack", -1L), meminfo.getOrDefault("PageTables", -1L)
        });
    }

    /**
     * Parks each count of tasks in turn, sampling with them parked (count 0 first).
     *
     * @param each called with every sample as it is taken
     */
    public static List<Sample> measure(ThreadKind kind, long[] counts, Consumer<Sample> each)
            throws InterruptedException {
        List<Sample> out = new ArrayList<>();
        Sample zero = sample(0);
        out.add(zero);
        each.accept(zero);
        for (long count : counts) {
            try (ParkedTasks tasks = new ParkedTasks(kind)) {
                for (long i = 0; i < count; i++) {
                    tasks.startOne();
                }
                if (!tasks.awaitAllWaiting(Duration.ofSeconds(120))) {
                    throw new IllegalStateException("not all " + count + " tasks were parked within 120 s");
                }
                Sample s = sample(count);
                out.add(s);
                each.accept(s);
            }
        }
        return out;
    }

    /** Fits every measure that was readable in every sample. */
    public static List<Fit> fit(List<Sample> samples) {
        List<Fit> fits = new ArrayList<>();
        double[] x = samples.stream().mapToDouble(Sample::tasks).toArray();
        for (int m = 0; m < MEASURES.size(); m++) {
            int measure = m;
            double[] y = samples.stream().mapToDouble(s -> s.bytes()[measure]).toArray();
            if (Arrays.stream(y).allMatch(bytes -> bytes >= 0)) {
                fits.add(new Fit(MEASURES.get(m), LinearFit.of(x, y)));
            }
        }
        return fits;
    }
}
