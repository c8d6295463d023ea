package dev.switchcost.measure.jmh;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Counts JFR's {@code jdk.VirtualThreadPinned} events, the JDK's own evidence that a virtual thread blocked
 * without releasing its carrier, per op, in the trials of benchmarks that run virtual threads.
 *
 * <p><b>Method.</b> Each iteration of such a trial records that one event, threshold 0 (JFR's default, 20 ms,
 * would drop every pinned park shorter than that), without stack traces: a {@link Recording} started in
 * {@link #beforeIteration} and, in {@link #afterIteration}, stopped, dumped to a temporary file, read back with
 * {@code RecordingFile} and deleted — all outside JMH's measured window, on JDK 21 and 25 alike. A
 * {@code RecordingStream} was not used: it hands events to a thread of its own after JFR's periodic flush, so an
 * exact count per iteration would mean waiting for a flush, with that thread running beside the benchmark.
 *
 * <p><b>Its own trials, not the quoted ones.</b> A JFR recording slows every virtual-thread mount: on 2026-11-23
 * the LockSupport handoff on one carrier read 1,477 ± 244 ns with it against 698 ± 25 without (JDK 21), 1,142 ± 42
 * against 796 ± 42 (JDK 25). So {@code switchcost run} does not register this profiler unasked, and its counts come
 * from a run of their own. Beside that: a park that unmounts never reaches the event; a pinned park commits one;
 * JFR's recorder threads run beside the benchmark's (not counted as its switches, only in
 * {@code ctxsw.process.total.norm} and {@code interference.jvm}); starting JFR the first time falls before the first
 * warmup iteration. Benchmarks that run no virtual threads never start JFR.
 *
 * <p><b>Which trials.</b> Those whose parameters name a virtual thread (a value {@code VIRTUAL}, or a
 * {@code VT_}… pair such as {@code VT_VT} or {@code VT_PT}); with no such parameter (no {@code PLATFORM} or
 * {@code PT_PT} either), those whose class name says {@code Virtual} ({@code WorkingSetVirtualHandoff}). Others
 * get no result from this profiler.
 *
 * <p><b>Results.</b> {@value #NORM}: events per op (#/op; for the virtual-thread handoffs one op is one round
 * trip), and {@value #COUNT}: the events (counts, summed over iterations). NaN per op when this JVM has no JFR
 * (the reason goes to stderr once).
 *
 * <p><b>Expected.</b> On JDK 21 an event per park of a pinned virtual thread (a {@code java.util.concurrent}
 * wait inside {@code synchronized}); but NOT for {@code Object.wait()}, which pins the carrier on JDK 21 without
 * an event: there the carrier's kernel switches ({@code ctxsw.carrier.total.norm}) are the evidence. From JDK
 * 24 (JEP 491) {@code synchronized} no longer pins and records nothing; a native or VM frame on the stack (a
 * class initializer, say) still pins and records. {@code ReentrantLock}, {@code LockSupport} and
 * {@code SynchronousQueue} handoffs: 0 on both.
 *
 * <p><b>Run.</b> {@code -prof dev.switchcost.measure.jmh.PinnedEventsProfiler}, with {@code switchcost run} or JMH.
 */
public final class PinnedEventsProfiler implements InternalProfiler {

    public static final String NORM = "vt.pinned.norm";
    public static final String COUNT = "vt.pinned";
    static final String EVENT = "jdk.VirtualThreadPinned";

    /** This iteration's recording, or null when none runs. */
    private Recording recording;
    private boolean active;
    private String unavailable;

    public PinnedEventsProfiler() throws ProfilerException {
        this("");
    }

    public PinnedEventsProfiler(String initLine) throws ProfilerException {
        if (!initLine.isBlank()) {
            throw new ProfilerException("vt.pinned: takes no options (got '" + initLine + "')");
        }
    }

    @Override
    public String getDescription() {
        return "JFR's jdk.VirtualThreadPinned events (threshold 0) of trials that run virtual threads, per op";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        Map<String, String> params = TrialPlan.key(benchmarkParams).params();
        active = runsVirtualThreads(benchmarkParams.getBenchmark(), params);
        if (recording != null) {
            recording.close(); // the last iteration failed before afterIteration: its recording is dropped, not counted
        }
        recording = null;
        if (!active || unavailable != null || pinsInWait(Runtime.version().feature(), params)) {
            return;
        }
        try {
            if (!FlightRecorder.isAvailable()) {
                throw new IllegalStateException("JFR is not available in this JVM");
            }
            recording = new Recording();
            recording.setName("switchcost " + EVENT);
            recording.enable(EVENT).withThreshold(Duration.ZERO).withoutStackTrace();
            recording.start();
        } catch (RuntimeException | LinkageError e) {
            // no jdk.jfr module, or JFR refused to start: said once, then NaN
            unavailable = "vt.pinned: not counted: " + e;
            System.err.println("# " + unavailable);
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        if (!active) {
            return List.of();
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        if (recording == null) {
            return results(-1, ops);
        }
        try {
            return results(stop(recording), ops);
        } catch (IOException | RuntimeException e) {
            System.err.println("# vt.pinned: not counted in this iteration: " + e);
            return results(-1, ops);
        } finally {
            recording = null;
        }
    }

    /** Stops the recording and counts its events; the recording and its temporary file are gone after. */
    private static long stop(Recording recording) throws IOException {
        Path f = Files.createTempFile("switchcost-vt-pinned-", ".jfr");
        try {
            recording.stop();
            recording.dump(f);
            return RecordingFile.readAllEvents(f).stream().filter(e -> EVENT.equals(e.getEventType().getName())).count();
        } finally {
            Files.deleteIfExists(f);
            recording.close();
        }
    }

    /**
     * The arithmetic, apart from JFR, so it can be checked on fixed counts.
     *
     * @param events the iteration's events, or negative when they could not be counted (NaN)
     * @param ops    the iteration's operations (JMH's {@code allOps})
     */
    static List<Result> results(long events, long ops) {
        double norm = events >= 0 && ops > 0 ? (double) events / ops : Double.NaN;
        return List.of(new ScalarResult(NORM, norm, "#/op", AggregationPolicy.AVG),
                new ScalarResult(COUNT, events >= 0 ? events : Double.NaN, "counts", AggregationPolicy.SUM));
    }

    /**
     * Whether the trial's virtual threads pin their carriers in {@code Object.wait} (a {@code synchronized} handoff
     * before JDK 24), where JFR is not started and the count is NaN: those JDKs record no event for it, and with JFR
     * recording beside carriers pinned there, a JDK 21 two-carrier trial hung in 1 of 3 tries alone and in a study
     * (the partner runnable, no carrier free; 2026-11-23, docs/results/2026-11-23d-epyc-kvm).
     */
    static boolean pinsInWait(int feature, Map<String, String> params) {
        return feature < 24 && "SYNCHRONIZED".equals(params.get("primitive"));
    }

    /**
     * Whether a trial runs virtual threads: a parameter value {@code VIRTUAL} or a {@code VT_} pair says yes,
     * {@code PLATFORM} or {@code PT_PT} no; without either, a class name with {@code Virtual} says yes.
     *
     * @param benchmark the full benchmark name, {@code dev.switchcost.bench.VirtualThreadHandoffOneCarrier.roundTrip}
     */
    static boolean runsVirtualThreads(String benchmark, Map<String, String> params) {
        boolean platform = false;
        for (String v : params.values()) {
            if (v.equals("VIRTUAL") || v.matches("VT_[A-Z]+|[A-Z]+_VT")) {
                return true;
            }
            platform |= v.equals("PLATFORM") || v.equals("PT_PT");
        }
        String[] parts = benchmark.split("\\.");
        String cls = parts.length < 2 ? benchmark : parts[parts.length - 2];
        return !platform && cls.contains("Virtual");
    }
}
