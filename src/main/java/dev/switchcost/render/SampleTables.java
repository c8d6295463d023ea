package dev.switchcost.render;

import dev.switchcost.derive.SampledThreads;

import java.util.List;
import java.util.Locale;

/** {@code sample}'s tables: the busiest threads and the threads by role. */
public final class SampleTables {

    private SampleTables() {
    }

    /** The {@code top} threads with the most switches per second, of those that switched at all. */
    public static Table threads(SampledThreads s, int top) {
        Table.Builder b = new Table.Builder("lllrrrrr", "thread", "tid", "role", "switches/s", "voluntary/s", "involuntary/s",
                "run-queue ms/s", "CPU s");
        for (SampledThreads.Line l : s.threads().stream().filter(l -> l.switches() > 0).limit(top).toList()) {
            b.row(printable(l.name()) + (l.ended() ? " (ended)" : ""), String.valueOf(l.tid()),
                    l.role().name().toLowerCase(Locale.ROOT), Fmt.num(round(l.switches())), Fmt.num(round(l.voluntary())),
                    Fmt.num(round(l.involuntary())), Fmt.num(l.waitMsPerSec()), Fmt.num(l.cpuSeconds()));
        }
        return b.build();
    }

    /** One line per role, then the total. */
    public static Table roles(SampledThreads s) {
        Table.Builder b = new Table.Builder("lrrrrrr", "role", "threads", "switches/s", "voluntary/s", "involuntary/s",
                "run-queue ms/s", "CPU s");
        for (SampledThreads.Line l : concat(s.roles(), s.total())) {
            b.row(l.name(), String.valueOf(l.count()), Fmt.num(round(l.switches())), Fmt.num(round(l.voluntary())),
                    Fmt.num(round(l.involuntary())), Fmt.num(l.waitMsPerSec()), Fmt.num(l.cpuSeconds()));
        }
        return b.build();
    }

    private static List<SampledThreads.Line> concat(List<SampledThreads.Line> a, SampledThreads.Line b) {
        return java.util.stream.Stream.concat(a.stream(), java.util.stream.Stream.of(b)).toList();
    }

    /** A thread name as the program set it, with control characters (ESC, CR, ...) shown as '?', never sent to a terminal. */
    static String printable(String name) {
        StringBuilder b = new StringBuilder(name.length());
        name.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }

    /** Switch rates as whole numbers from 10 up (a rate of 12,345.6/s reads better as 12,346). */
    private static double round(double v) {
        return Math.abs(v) >= 10 ? Math.rint(v) : v;
    }
}
