package dev.switchcost.render;

import dev.switchcost.derive.SampledThreads;
import dev.switchcost.derive.SwitchCost;
import dev.switchcost.measure.sample.CommandUsage;
import dev.switchcost.results.SamplePlacement;
import dev.switchcost.session.SampleRecording;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** {@code sample}'s tables: the busiest threads and the threads by role. */
public final class SampleTables {

    private SampleTables() {
    }

    /** What both tables show of a line, after its name: its switch rates, run-queue delay and CPU time. */
    private static final List<Table.Column<SampledThreads.Line>> RATES = List.of(
            Table.col("switches/s", 'r', l -> Fmt.num(round(l.switches()))), Table.col("voluntary/s", 'r', l -> Fmt.num(round(l.voluntary()))),
            Table.col("involuntary/s", 'r', l -> Fmt.num(round(l.involuntary()))),
            Table.col("run-queue ms/s", 'r', l -> Fmt.num(l.waitMsPerSec())), Table.col("CPU s", 'r', l -> Fmt.num(l.cpuSeconds())));

    /** The {@code top} threads with the most switches per second, of those that switched at all. */
    public static Table threads(SampledThreads s, int top) {
        List<Table.Column<SampledThreads.Line>> c = new ArrayList<>(List.of(
                Table.col("thread", 'l', l -> printable(l.name()) + (l.ended() ? " (ended)" : "")),
                Table.col("tid", 'l', l -> String.valueOf(l.tid())), Table.col("role", 'l', l -> l.role().name().toLowerCase(Locale.ROOT))));
        c.addAll(RATES);
        return Table.of(c, s.threads().stream().filter(l -> l.switches() > 0).limit(top).toList());
    }

    /** One line per role, then the total. */
    public static Table roles(SampledThreads s) {
        List<Table.Column<SampledThreads.Line>> c = new ArrayList<>(List.of(Table.col("role", 'l', SampledThreads.Line::name),
                Table.col("threads", 'r', l -> String.valueOf(l.count()))));
        c.addAll(RATES);
        return Table.of(c, Stream.concat(s.roles().stream(), Stream.of(s.total())).toList());
    }

    /** A thread name as the program set it, with control characters (ESC, CR, ...) shown as '?', never sent to a terminal. */
    public static String printable(String name) {
        StringBuilder b = new StringBuilder(name.length());
        name.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }

    /** Switch rates as whole numbers from 10 up (a rate of 12,345.6/s reads better as 12,346). */
    private static double round(double v) {
        return Math.abs(v) >= 10 ? Math.rint(v) : v;
    }

    /**
     * What the benchmark's price leaves out: in a busy program the switch path itself can cost more than in the
     * ping-pong (on a 2-vCPU KVM guest, three to four times; docs/forecast-servers.md).
     */
    static final String OWN_PATH = "A busy program's own switch path can cost more than the benchmark's (three to four times"
            + " in two web servers on a 2-vCPU KVM guest, most of it the kernel's wake-up): a CPU profile of it measures that"
            + " (switchcost forecast --switch-path, docs/forecast.md).";

    /**
     * The cost lines: switches/s × cost per switch = CPU time lost, as a share of one CPU and of the
     * process's CPU time, each with its 99.9% error, then what the figure assumes.
     *
     * @param source       the results directory the cost comes from
     * @param differences  where its machine differs from this one (empty when the same)
     * @param waitMsPerSec the sampled threads' run-queue delay, ms per second (schedstat), or NaN when not read
     */
    public static List<String> cost(SwitchCost c, String source, List<SwitchCost.Difference> differences, double waitMsPerSec) {
        List<String> lines = new ArrayList<>();
        lines.add("What these switches cost in CPU time (" + (differences.isEmpty() ? "this machine's measured CPU time per switch"
                : "the CPU time per switch measured on another machine") + ", from " + source + "):");
        lines.add("  " + Fmt.num(round(c.switchesPerSecond())) + " switches/s × " + Fmt.pm(c.perSwitch()) + " ns CPU per switch = "
                + Fmt.pm(c.cpusLost().times(1000)) + " ms of CPU time per second");
        lines.add("  = " + Fmt.pm(c.cpusLost().times(100)) + " % of one CPU"
                + (c.shareOfProcess() == null ? " (the process used no CPU time)"
                : ", " + Fmt.pm(c.shareOfProcess().times(100)) + " % of the process's own CPU time (" + Fmt.num(c.processCpus())
                + " CPUs busy)"));
        String placement = switch (c.why()) {
            case MEASURED_MIX -> String.format(Locale.ROOT, "%.1f %% of the sampled threads' wake-ups were on the waker's CPU,"
                    + " %.1f %% on another (%s), so that mix of the one-CPU and cross-CPU prices", 100 * c.sameShare(),
                    100 * (1 - c.sameShare()), c.mixSource());
            case CONFINED_TO_ONE_CPU -> "the process may run on one CPU only, so the one-CPU price";
            case SEVERAL_CPUS -> "the placement of the wake-ups was not measured (" + (c.mixSource() == null ? "no scheduler trace"
                    : c.mixSource()) + "): every wake-up assumed to cross CPUs, so the cross-CPU price, an upper bound";
            case ONLY_ONE_MEASURED -> "the price for the process's placement was not measured, so the "
                    + (c.placement() == SwitchCost.Placement.ONE_CPU ? "one-CPU" : "cross-CPU") + " one stands in";
        };
        String indirect = c.indirect() == null
                ? " Direct cost only: what a switch costs through the caches comes on top (--working-set KiB adds it where measured)."
                : " Includes " + indirectWords(c.indirectAdded(), c.workingSetKiB()) + ".";
        lines.add("  Assumes each switch sampled costs the threads what the benchmark's did (" + c.direct().what() + ", "
                + Fmt.pm(c.direct().perSwitch()) + " ns): " + placement + "." + indirect + " " + OWN_PATH);
        if (Double.isFinite(waitMsPerSec)) {
            lines.add("  Latency, not CPU: time your threads waited to be woken and run (schedstat run-queue delay) "
                    + Fmt.num(waitMsPerSec) + " ms per second, summed over the threads.");
        }
        if (!differences.isEmpty()) {
            lines.add("  These costs were measured on another machine ("
                    + differences.stream().map(d -> d.what() + " " + d.results() + ", here " + d.here())
                    .collect(Collectors.joining("; "))
                    + "): run switchcost run --quick here for this machine's.");
        }
        return lines;
    }

    /** Where a measured placement mix comes from, for the cost line: {@code 1,200 same-CPU and 300 cross-CPU wake-ups, SOURCE}. */
    public static String wakeUps(SamplePlacement mix) {
        return Fmt.grouped(mix.sameCpu()) + " same-CPU and " + Fmt.grouped(mix.crossCpu()) + " cross-CPU wake-ups, " + mix.source();
    }

    /** The indirect cost added, named by what it counts. */
    private static String indirectWords(SwitchCost.Indirect i, long kib) {
        String what = switch (i.estimator()) {
            case WHOLE -> "the cost through the caches, in the switch and after it";
            case PAIRED -> "the cost through the caches after the switch only (paired; no CPU time recorded for the switch itself)";
            case PAPER -> "the cost through the caches by the paper's subtraction";
        };
        return what + ", measured with " + kib + " KiB touched per thread between handoffs (" + Fmt.pm(i.cost()) + " ns"
                + (i.cost().resolved() ? "" : ", within its error of zero") + ")";
    }

    /** The summary's machine-wide switch rates: the idle baseline's and the run's mean and max, from column {@code cs}. */
    public static String machineRates(List<SampleRecording.Row> rows, int cs) {
        DoubleSummaryStatistics run = new DoubleSummaryStatistics();
        double baselineMean = Double.NaN;
        for (SampleRecording.Row r : rows) {
            if (r.phase().equals("baseline")) {
                baselineMean = r.values().get(cs);
            } else if (!Double.isNaN(r.values().get(cs))) {
                run.accept(r.values().get(cs));
            }
        }
        StringBuilder b = new StringBuilder("\nSummary (machine-wide context switches per second, from /proc/stat):\n");
        if (!Double.isNaN(baselineMean)) {
            b.append(String.format(Locale.ROOT, "  idle baseline  %s%n", SampleRecording.format(Math.round(baselineMean))));
        }
        if (run.getCount() > 0) {
            b.append(String.format(Locale.ROOT, "  during run     mean %s, max %s (%d samples)%n",
                    SampleRecording.format(Math.round(run.getAverage())), SampleRecording.format(Math.round(run.getMax())),
                    run.getCount()));
        }
        return b.toString();
    }

    /**
     * The process tree's switches: counted whole ({@code whole}, from getrusage or perf stat) beside what the /proc
     * readings saw, or the readings' alone.
     *
     * @param totals the readings' voluntary and involuntary switches
     * @param who    "Command's process tree", or "Process PID and its children"
     * @param every  the interval of the readings, as said
     */
    public static String tree(CommandUsage.Totals whole, long[] totals, String who, String every) {
        if (whole == null) {
            return String.format(Locale.ROOT, "%s: %d voluntary, %d involuntary switches (from /proc, read every %s: what a"
                    + " thread did after its last reading is not in them)", who, totals[0], totals[1], every);
        }
        return String.format(Locale.ROOT, "Command's process tree: %s%s in %.2f s (%s); /proc readings every %s saw %d of them",
                whole.split() ? whole.voluntary() + " voluntary, " + whole.involuntary() + " involuntary switches"
                        : whole.switches() + " switches",
                Double.isNaN(whole.cpuSeconds()) ? "" : String.format(Locale.ROOT, " and %.2f s of CPU", whole.cpuSeconds()),
                whole.seconds(), whole.source() == CommandUsage.Source.GETRUSAGE
                        ? "getrusage: the command and every process it waited for"
                        : "perf stat: every process of the command, and the shell that keeps its exit code",
                every, totals[0] + totals[1]);
    }

    /** The busiest {@code top} threads, and the threads by role where a JVM was recognised; after a blank line. */
    public static String busiest(SampledThreads threads, int top) {
        long switched = threads.threads().stream().filter(l -> l.switches() > 0).count();
        if (switched == 0) {
            return String.format(Locale.ROOT, "%nNo thread of the %d sampled was seen to switch between the /proc readings (%.1f s).%n",
                    threads.threads().size(), threads.seconds());
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%nBusiest threads by switches per second (%d of the %d"
                + " that switched, of %d threads, over %.1f s; run-queue ms/s: time runnable but waiting for a CPU):%n",
                Math.min(top, switched), switched, threads.threads().size(), threads.seconds()));
        b.append(threads(threads, top).text());
        if (threads.anyJvm()) {
            b.append("\nBy role (JVM threads recognised by name):\n").append(roles(threads).text());
        }
        return b.toString();
    }
}
