package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.footprint.Footprint;
import dev.switchcost.measure.footprint.MaxProbe;
import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.workload.ThreadKind;
import dev.switchcost.render.Fmt;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code switchcost footprint}: memory per parked task, fitted over several counts, and the most tasks
 * this JVM can hold ({@code --max}). Runs in the calling JVM: give it heap with
 * {@code JAVA_TOOL_OPTIONS=-Xmx...} when probing far.
 */
@Command(name = "footprint",
        footer = {
            "  switchcost footprint --kind virtual",
            "  switchcost footprint --kind platform --counts 0,1000,4000"},
        header = "Measure memory per parked platform or virtual thread (least-squares slope with its 99.9%% interval and R²), and how many fit (--max).",
        description = {
            "Parks N tasks for each count, samples VmRSS, Java heap in use, and (system-wide) KernelStack and PageTables,",
            "and fits bytes per task by least squares over the counts. With --max, creates tasks until a limit",
            "(kernel.pid_max, kernel.threads-max, ulimit -u, vm.max_map_count, cgroup pids.max, memory, Java heap, or --cap)",
            "and names it; it stops short of system-wide limits and removes every task it made."
        })
public final class FootprintCommand extends BaseCommand {

    static final String DEFAULT_VIRTUAL_COUNTS = "1000,10000,100000";
    static final String DEFAULT_PLATFORM_COUNTS = "500,2000,8000";
    static final long DEFAULT_VIRTUAL_CAP = 2_000_000;
    static final long DEFAULT_PLATFORM_CAP = 100_000;
    /**
     * Java heap a parked virtual thread holds, for refusing counts up front: a deliberately high guess
     * (measured here: 0.7 KiB per task fitted, about 1.8 KiB with the garbage of creating them, JDK 25),
     * so that a refused count would certainly have run out of heap and an accepted one most likely not.
     */
    static final long VIRTUAL_HEAP_BYTES_PER_TASK = 2048;

    @Option(names = "--kind", required = true, converter = KindConverter.class, paramLabel = "virtual|platform",
            description = "Which threads to park: virtual or platform.")
    ThreadKind kind;

    @Option(names = "--counts", split = ",", paramLabel = "N[,N...]",
            description = "Task counts to sample, at least two (default: " + DEFAULT_VIRTUAL_COUNTS + " for virtual, "
                    + DEFAULT_PLATFORM_COUNTS + " for platform).")
    List<Long> counts;

    @Option(names = "--max", description = "Instead of fitting, create tasks until a limit and report which one stopped it.")
    boolean max;

    @Option(names = "--cap", paramLabel = "N",
            description = "With --max: never create more than N tasks (default: " + DEFAULT_VIRTUAL_CAP + " virtual, "
                    + DEFAULT_PLATFORM_CAP + " platform).")
    Long cap;

    /** Accepts {@code virtual}/{@code platform} in any case. */
    static final class KindConverter implements ITypeConverter<ThreadKind> {
        @Override
        public ThreadKind convert(String value) {
            try {
                return ThreadKind.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("expected virtual or platform, got '" + value + "'");
            }
        }
    }

    @Override
    protected int doCall() throws Exception {
        if (!Files.isReadable(Path.of("/proc/self/status"))) {
            throw SwitchcostException.environment("footprint reads /proc/self/status and /proc/meminfo: this needs Linux");
        }
        return max ? probe() : fit();
    }

    private int fit() throws InterruptedException {
        if (cap != null) {
            throw SwitchcostException.usage("--cap only applies with --max");
        }
        String defaults = kind == ThreadKind.VIRTUAL ? DEFAULT_VIRTUAL_COUNTS : DEFAULT_PLATFORM_COUNTS;
        long[] n = (counts != null ? counts.stream() : Arrays.stream(defaults.split(",")).map(Long::valueOf))
                .mapToLong(Long::longValue).sorted().distinct().toArray();
        if (n.length < 2) {
            throw SwitchcostException.usage("--counts needs at least two different counts, got " + Arrays.toString(n));
        }
        if (n[0] < 1) {
            throw SwitchcostException.usage("--counts must be positive, got " + n[0]);
        }
        refuseBeyondLimits(n[n.length - 1]);
        PrintWriter out = out();
        out.println("# footprint: " + kind.name().toLowerCase() + " threads parked on a CountDownLatch; JDK " + Runtime.version()
                + "; " + SystemLimits.read().describe());
        out.println("tasks\trss_kib\theap_used_kib\tkernel_stack_kib\tpage_tables_kib");
        List<Footprint.Sample> samples = Footprint.measure(kind, n, s -> out.println(s.tasks() + Arrays.stream(s.bytes())
                .mapToObj(v -> "\t" + (v < 0 ? "?" : Long.toString(v / 1024))).collect(Collectors.joining())));
        out.println("# least-squares fit over " + samples.size() + " samples (count 0 included); bytes per task = slope"
                + " ± its 99.9 % interval (? with two samples):");
        for (Footprint.Fit f : Footprint.fit(samples)) {
            out.printf(Locale.ROOT, "%-13s %18s bytes/task  R² %.4f  (intercept %.0f KiB)%s%n", f.measure(),
                    Fmt.pm(f.line().slope(), f.line().slopeHalfWidth()), f.line().r2(), f.line().intercept() / 1024,
                    f.measure().startsWith("kernel") || f.measure().startsWith("page") ? "  system-wide" : "");
        }
        return ExitCodes.OK;
    }

    /**
     * Refuses, before creating anything, a virtual count the Java heap cannot hold (it would end in
     * OutOfMemoryError) and a platform count the thread limits cannot hold.
     */
    private void refuseBeyondLimits(long largest) {
        SystemLimits l = SystemLimits.read();
        if (kind == ThreadKind.VIRTUAL) {
            String refusal = virtualHeapRefusal(largest, l.heapMax(), l.heapUsed());
            if (refusal != null) {
                throw SwitchcostException.environment(refusal);
            }
            return;
        }
        long room = Long.MAX_VALUE;
        String which = null;
        if (l.pidMax() > 0 && l.systemThreads() >= 0 && l.pidMax() - l.systemThreads() - MaxProbe.THREAD_RESERVE < room) {
            room = l.pidMax() - l.systemThreads() - MaxProbe.THREAD_RESERVE;
            which = "kernel.pid_max " + l.pidMax();
        }
        if (l.threadsMax() > 0 && l.systemThreads() >= 0 && l.threadsMax() - l.systemThreads() - MaxProbe.THREAD_RESERVE < room) {
            room = l.threadsMax() - l.systemThreads() - MaxProbe.THREAD_RESERVE;
            which = "kernel.threads-max " + l.threadsMax();
        }
        if (which != null && largest > room) {
            throw SwitchcostException.environment("--counts " + largest + " platform threads do not fit: " + which + " with "
                    + l.systemThreads() + " threads running leaves room for " + Math.max(room, 0)
                    + " (keeping " + MaxProbe.THREAD_RESERVE + " spare); use smaller counts, or --max to find the limit");
        }
    }

    /**
     * @return why {@code largest} parked virtual threads would not fit in a heap of {@code heapMax} bytes
     *         with {@code heapUsed} in use (at {@link #VIRTUAL_HEAP_BYTES_PER_TASK} each, up to
     *         {@link MaxProbe#HEAP_FRACTION} of the heap), with the largest count that fits and the fix; null if they fit
     */
    static String virtualHeapRefusal(long largest, long heapMax, long heapUsed) {
        if (heapMax <= 0) {
            return null;
        }
        long room = (long) (MaxProbe.HEAP_FRACTION * heapMax) - heapUsed;
        long fits = Math.max(room, 0) / VIRTUAL_HEAP_BYTES_PER_TASK;
        if (largest <= fits) {
            return null;
        }
        long needMib = (largest * VIRTUAL_HEAP_BYTES_PER_TASK + heapUsed) / (1 << 20) + 1;
        long xmxMib = (long) Math.ceil(needMib / MaxProbe.HEAP_FRACTION);
        return "--counts " + largest + " virtual threads need about " + (largest * VIRTUAL_HEAP_BYTES_PER_TASK >> 20)
                + " MiB of Java heap (up to " + VIRTUAL_HEAP_BYTES_PER_TASK + " bytes each) but this JVM's heap is "
                + (heapMax >> 20) + " MiB (-Xmx), room for about " + fits + "; use counts up to " + fits
                + ", or give it more heap: JAVA_TOOL_OPTIONS=-Xmx" + xmxMib + "m";
    }

    private int probe() throws InterruptedException {
        if (counts != null) {
            throw SwitchcostException.usage("--counts does not apply with --max");
        }
        long c = cap != null ? cap : kind == ThreadKind.VIRTUAL ? DEFAULT_VIRTUAL_CAP : DEFAULT_PLATFORM_CAP;
        if (c < 1) {
            throw SwitchcostException.usage("--cap must be positive, got " + c);
        }
        PrintWriter out = out();
        out.println("# footprint --max: " + kind.name().toLowerCase() + " threads parked on a CountDownLatch, cap " + c + "; JDK "
                + Runtime.version() + "; before: " + SystemLimits.read().describe());
        MaxProbe.Result r = MaxProbe.run(kind, c, SystemLimits::read, line -> err().println("# " + line));
        out.println("max\t" + kind.name().toLowerCase() + "\t" + r.created() + "\tlimit\t" + r.limit().label);
        out.println("# " + r.detail());
        out.println("# cleaned up: every task released and joined");
        return ExitCodes.OK;
    }
}
