package dev.switchcost.results;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The blocking handoffs of a JFR recording (made with {@code forecast}'s settings: {@code jdk.ThreadPark},
 * {@code jdk.JavaMonitorWait}, {@code jdk.JavaMonitorEnter} and {@code jdk.VirtualThreadPinned} at threshold 0), read
 * with {@link RecordingFile} and grouped by blocking site: the event type and the top {@link #DEPTH} frames of its stack.
 *
 * @param file       the recording
 * @param jvmVersion the JVM's version string ({@code jdk.JVMInformation}), or null when the recording has none
 * @param pid        the recorded JVM's process id ({@code jdk.JVMInformation}), or null when the recording has none
 * @param start      when the first blocking event began
 * @param seconds    from the first event to the last, s (0 with fewer than two events)
 * @param sites      one per site, most events first
 */
public record JfrBlocking(Path file, String jvmVersion, Long pid, Instant start, double seconds, List<Site> sites) {

    public static final String PARK = "jdk.ThreadPark";
    public static final String MONITOR_WAIT = "jdk.JavaMonitorWait";
    public static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";
    public static final String PINNED = "jdk.VirtualThreadPinned";
    /** The events read; others in the recording are ignored. */
    public static final Set<String> BLOCKING = Set.of(PARK, MONITOR_WAIT, MONITOR_ENTER, PINNED);
    /** Frames of a stack that name its site. */
    public static final int DEPTH = 12;

    /**
     * One frame.
     *
     * @param type   the class, e.g. {@code java.util.concurrent.locks.LockSupport}
     * @param kind   JFR's frame type: {@code Interpreted}, {@code JIT compiled}, {@code Inlined} or {@code Native}
     * @param line   the source line, or -1 where the class has no line table (a jlinked JDK stripped of it)
     */
    public record Frame(String type, String method, String kind, int line) {

        /** A frame whose line is not known. */
        public Frame(String type, String method, String kind) {
            this(type, method, kind, -1);
        }

        @Override
        public String toString() {
            return type + "." + method;
        }
    }

    /**
     * One blocking site.
     *
     * @param event          the event type ({@link #BLOCKING})
     * @param frames         the top {@link #DEPTH} frames, innermost first; empty when the events had no stack
     * @param truncated      whether the stack had more frames than {@code frames}
     * @param count          events at this site
     * @param blockedNanos   their durations summed, ns
     * @param virtualThreads events on virtual threads
     * @param threads        the names of the threads that blocked here (first 5)
     * @param mostAtOnce     the most events here that overlapped in time: threads blocked here at once (0: not known)
     */
    public record Site(String event, List<Frame> frames, boolean truncated, long count, long blockedNanos,
                       long virtualThreads, List<String> threads, int mostAtOnce) {

        /** A site whose events' overlap is not known. */
        public Site(String event, List<Frame> frames, boolean truncated, long count, long blockedNanos, long virtualThreads,
                    List<String> threads) {
            this(event, frames, truncated, count, blockedNanos, virtualThreads, threads, 0);
        }
    }

    /**
     * @throws IllegalArgumentException naming the file when it is not a readable JFR recording or holds no blocking events
     */
    public static JfrBlocking read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such file (record one with switchcost forecast --print-jfc's settings)");
        }
        Map<String, Acc> sites = new LinkedHashMap<>();
        String jvm = null;
        Long pid = null;
        Instant first = null;
        Instant last = null;
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                String name = e.getEventType().getName();
                if (name.equals("jdk.JVMInformation") && jvm == null) {
                    jvm = e.getString("jvmVersion");
                    pid = e.hasField("pid") ? e.getLong("pid") : null;
                }
                if (!BLOCKING.contains(name)) {
                    continue;
                }
                first = first == null || e.getStartTime().isBefore(first) ? e.getStartTime() : first;
                last = last == null || e.getEndTime().isAfter(last) ? e.getEndTime() : last;
                RecordedStackTrace st = e.getStackTrace();
                List<RecordedFrame> fs = st == null ? List.of() : st.getFrames();
                List<Frame> frames = fs.stream().limit(DEPTH)
                        .map(f -> new Frame(f.getMethod().getType().getName(), f.getMethod().getName(), f.getType(),
                                f.getLineNumber() > 0 ? f.getLineNumber() : -1))
                        .toList();
                boolean truncated = st != null && (st.isTruncated() || fs.size() > DEPTH);
                String key = name + "|" + frames.stream().map(f -> f + ":" + f.line()).toList();
                Acc a = sites.computeIfAbsent(key, k -> new Acc(name, frames));
                a.truncated |= truncated;
                a.count++;
                a.nanos += Math.max(0, e.getDuration().toNanos());
                a.spans.add(new long[] {nanos(e.getStartTime()), nanos(e.getEndTime())});
                RecordedThread t = e.getThread();
                if (t != null) {
                    a.virtual += t.isVirtual() ? 1 : 0;
                    if (a.threads.size() < 5 && t.getJavaName() != null) {
                        a.threads.add(t.getJavaName());
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + ": not a readable JFR recording (" + e.getMessage() + ")");
        }
        if (sites.isEmpty()) {
            throw new IllegalArgumentException(file + " has no park or monitor events: record it with switchcost forecast"
                    + " --print-jfc's settings (threshold 0)");
        }
        double s = first == null ? 0 : Duration.between(first, last).toNanos() / 1e9;
        return new JfrBlocking(file, jvm, pid, first, s, sites.values().stream()
                .map(a -> new Site(a.event, List.copyOf(a.frames), a.truncated, a.count, a.nanos, a.virtual,
                        List.copyOf(a.threads), mostAtOnce(a.spans)))
                .sorted(Comparator.comparingLong(Site::count).reversed()).toList());
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** The most spans [start, end] that overlap at one instant: a sweep over their ends; spans that touch overlap. */
    static int mostAtOnce(List<long[]> spans) {
        long[] starts = spans.stream().mapToLong(x -> x[0]).sorted().toArray();
        long[] ends = spans.stream().mapToLong(x -> x[1]).sorted().toArray();
        int most = 0;
        int now = 0;
        for (int i = 0, j = 0; i < starts.length; ) {
            if (j < ends.length && ends[j] < starts[i]) {
                now--;
                j++;
            } else {
                now++;
                i++;
                most = Math.max(most, now);
            }
        }
        return most;
    }

    /** @return the events of every site */
    public long events() {
        return sites.stream().mapToLong(Site::count).sum();
    }

    /** @return blocking events per second of the recording, or NaN when it spans no time */
    public double eventsPerSecond() {
        return seconds > 0 ? events() / seconds : Double.NaN;
    }

    private static final class Acc {
        final String event;
        final List<Frame> frames;
        final Set<String> threads = new LinkedHashSet<>();
        boolean truncated;
        long count;
        long nanos;
        long virtual;
        final List<long[]> spans = new ArrayList<>();

        Acc(String event, List<Frame> frames) {
            this.event = event;
            this.frames = frames;
        }
    }
}
