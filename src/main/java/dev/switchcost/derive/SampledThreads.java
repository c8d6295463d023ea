package dev.switchcost.derive;

import dev.switchcost.measure.sample.ThreadRole;
import dev.switchcost.measure.sample.ThreadSampler;
import dev.switchcost.measure.sample.ThreadSampler.ThreadTotal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What {@code sample} saw per thread, as rates over the time sampled: every thread, busiest first, and
 * the same figures summed by role ({@link ThreadRole}: JIT, GC, carriers, VM, user) where the process
 * is a JVM. Counts over a known time, so exact: no error.
 *
 * @param seconds the time sampled
 * @param threads one line per thread, most switches per second first
 * @param roles   one line per role present, most switches per second first
 * @param total   the whole process tree
 */
public record SampledThreads(double seconds, List<Line> threads, List<Line> roles, Line total) {

    /**
     * One thread, or a group of them.
     *
     * @param name          the thread's name: the JVM's own where it was read, else the kernel's (15 bytes); or the role's
     * @param pid           the process (0 for a group)
     * @param tid           the thread (0 for a group)
     * @param count         threads in the line
     * @param voluntary     voluntary switches per second
     * @param involuntary   involuntary switches per second
     * @param waitMsPerSec  run-queue delay, ms per second
     * @param cpuSeconds    CPU time over the sample, s
     * @param ended         whether the thread ended during the sample (false for a group)
     */
    public record Line(String name, ThreadRole role, int pid, int tid, int count, double voluntary, double involuntary,
                       double waitMsPerSec, double cpuSeconds, boolean ended) {

        public double switches() {
            return voluntary + involuntary;
        }
    }

    private static final Comparator<Line> BUSIEST = Comparator.comparingDouble(Line::switches).reversed()
            .thenComparing(Comparator.comparingDouble(Line::cpuSeconds).reversed());

    /**
     * @param seconds   the time the totals were counted over; more than 0
     * @param fullNames a JVM's own names of its threads by tid ({@code JvmThreadNames}): a thread is shown by its full
     *                  name where the kernel's 15 bytes begin it (the role is still read from the kernel's name)
     * @param carriers  by pid, the full names of the virtual-thread scheduler's carriers where a JVM's thread dump or its
     *                  sampled stacks named them ({@code VirtualThreads#carriers}): there another worker of the scheduler's
     *                  pool is a carrier too, its other threads the JDK's ({@link ThreadRole#VM}: its delayScheduler), and
     *                  another pool's the program's own ({@link ThreadRole#USER}); in a JVM not listed, every fork/join
     *                  thread counts as a carrier
     */
    public static SampledThreads of(List<ThreadTotal> totals, double seconds, Map<Integer, String> fullNames,
                                    Map<Integer, Set<String>> carriers) {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("sampled for " + seconds + " s");
        }
        Map<Long, ThreadRole> byThread = ThreadRole.of(totals);
        List<Line> lines = new ArrayList<>();
        for (ThreadTotal t : totals) {
            ThreadRole role = byThread.get(ThreadSampler.key(t.pid(), t.tid()));
            String full = fullNames.get(t.tid());
            Set<String> listed = carriers.get(t.pid());
            if (role == ThreadRole.CARRIERS && listed != null && full != null && !listed.contains(full)) {
                // the scheduler's other workers are carriers too (the stacks name only those that ran a virtual thread),
                // its other threads (its delayScheduler) the JDK's; another pool is the program's
                boolean schedulers = listed.stream().filter(c -> c.contains("-worker-"))
                        .anyMatch(c -> full.startsWith(c.substring(0, c.indexOf("-worker-") + 1)));
                role = !schedulers ? ThreadRole.USER : full.contains("-worker-") ? ThreadRole.CARRIERS : ThreadRole.VM;
            }
            String name = full != null && full.startsWith(t.name()) ? full : t.name();
            lines.add(new Line(name, role, t.pid(), t.tid(), 1, t.voluntary() / seconds, t.involuntary() / seconds,
                    t.waitNanos() / 1e6 / seconds, t.runNanos() / 1e9, t.ended()));
        }
        lines.sort(BUSIEST);
        Map<ThreadRole, List<Line>> byRole = lines.stream().collect(Collectors.groupingBy(Line::role,
                () -> new EnumMap<>(ThreadRole.class), Collectors.toList()));
        List<Line> roles = byRole.entrySet().stream()
                .map(e -> sum(e.getKey().name().toLowerCase(Locale.ROOT), e.getKey(), e.getValue()))
                .sorted(BUSIEST).toList();
        return new SampledThreads(seconds, List.copyOf(lines), roles, sum("all threads", null, lines));
    }

    private static Line sum(String name, ThreadRole role, List<Line> ls) {
        return new Line(name, role, 0, 0, ls.size(), ls.stream().mapToDouble(Line::voluntary).sum(),
                ls.stream().mapToDouble(Line::involuntary).sum(), ls.stream().mapToDouble(Line::waitMsPerSec).sum(),
                ls.stream().mapToDouble(Line::cpuSeconds).sum(), false);
    }

    /** The tids of the threads of this role ({@link ThreadRole#CARRIERS}: the carriers, as the table of roles counts them). */
    public Set<Integer> tids(ThreadRole role) {
        return threads.stream().filter(l -> l.role() == role).map(Line::tid).collect(Collectors.toUnmodifiableSet());
    }

    /** Whether any process sampled was recognised as a JVM (its threads then have roles other than user). */
    public boolean anyJvm() {
        return roles.size() > 1 || (!roles.isEmpty() && roles.get(0).role() != ThreadRole.USER);
    }
}
