package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.workload.DrivenPingPong;
import dev.switchcost.measure.workload.HandoffPrimitive;
import dev.switchcost.measure.workload.PingPong;
import dev.switchcost.measure.workload.ThreadKind;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.List;

/**
 * The trial state of {@link VirtualThreadHandoffOneCarrier} and {@link VirtualThreadHandoffTwoCarriers}:
 * a {@link DrivenPingPong} between a ping and a pong task of the kinds {@link #pair} names, taking
 * turns with {@link #primitive}, started once per trial and checked after every iteration.
 *
 * <p>Each subclass declares {@code @Param int carriers} with the single value its class's
 * {@code @Fork(jvmArgsAppend)} sets, and setup refuses to run if the JVM's
 * {@code jdk.virtualThreadScheduler.parallelism} says otherwise (for example when
 * {@code -jvmArgsAppend} on the command line replaced the class's flags), so every result row names
 * the carrier count it really ran with.
 *
 * <p><b>No placement.</b> Every thread is left to the scheduler, and these classes declare no
 * {@code placement} parameter: a virtual thread cannot be pinned (pinning from inside one pins
 * whichever carrier runs it at that moment), so a run-wide {@code -p placement=SAME_CPU,...} must not
 * reach them (JMH ignores a {@code -p} for a parameter a benchmark does not declare). The pinned
 * platform-thread pair is {@link ParkUnparkPingPong}.
 */
@State(Scope.Thread)
public abstract class HandoffTasks extends CountedTrial {

    /** Round trips between ping and pong per benchmark op; the benchmark methods' {@code @OperationsPerInvocation}. */
    public static final int ROUND_TRIPS_PER_OP = DrivenPingPong.BENCHMARK_ROUND_TRIPS_PER_DRIVE;

    static final String PARALLELISM = "jdk.virtualThreadScheduler.parallelism";
    static final String MAX_POOL_SIZE = "jdk.virtualThreadScheduler.maxPoolSize";

    /** Which kinds of task take turns: ping's kind first, then pong's. */
    public enum Pair {
        VT_VT(ThreadKind.VIRTUAL, ThreadKind.VIRTUAL),
        VT_PT(ThreadKind.VIRTUAL, ThreadKind.PLATFORM),
        PT_PT(ThreadKind.PLATFORM, ThreadKind.PLATFORM);

        final ThreadKind ping;
        final ThreadKind pong;

        Pair(ThreadKind ping, ThreadKind pong) {
            this.ping = ping;
            this.pong = pong;
        }
    }

    @Param
    public Pair pair;

    /**
     * The five primitives the pinning study reads; the others ({@code EXCHANGER}, ...) are
     * {@link PrimitiveHandoff}'s, and run here only when asked for with {@code -p primitive=}.
     */
    @Param({"LOCK_SUPPORT", "PARK_NANOS", "SYNCHRONOUS_QUEUE", "REENTRANT_LOCK", "SYNCHRONIZED"})
    public HandoffPrimitive primitive;

    DrivenPingPong tasks;

    /** @return the carrier count this class's fork is configured with (its single-valued {@code carriers} param) */
    abstract int carriers();

    @Override
    protected void open() {
        int carriers = carriers();
        requireCarriers(carriers);
        String parallelism = System.getProperty(PARALLELISM);
        String maxPool = System.getProperty(MAX_POOL_SIZE);
        if (primitive.pinsCarrier() && pair == Pair.VT_VT && carriers == 1) {
            throw new IllegalStateException("on JDK " + Runtime.version().feature() + " a virtual thread waiting inside synchronized"
                    + " pins its carrier: with one carrier and maxPoolSize 1, VT_VT SYNCHRONIZED would deadlock; see the two-carrier class");
        }
        tasks = DrivenPingPong.start(Placement.UNPINNED, primitive.newTurn(), pair.ping, pair.pong, ROUND_TRIPS_PER_OP,
                PingPong.DEFAULT_TIMEOUT_NANOS);
        int warmed = warmsScheduler(warmsUp(), pair) ? warm(tasks, SCHEDULER_WARM_UP_NANOS) : 0;
        System.err.println("# handoff: pair " + pair + ", primitive " + primitive + " (" + tasks.turn().mechanism() + ")"
                + (primitive == HandoffPrimitive.SYNCHRONIZED ? (primitive.pinsCarrier() ? ", pins the carrier on this JDK" : ", does not pin on this JDK (JEP 491)") : "")
                + ", unpinned"
                + ", carriers " + carriers + " (-D" + PARALLELISM + "=" + parallelism + " -D" + MAX_POOL_SIZE + "=" + maxPool + ")"
                + ", JDK " + Runtime.version() + "; " + tasks.describe()
                + "; one op = one round trip, " + ROUND_TRIPS_PER_OP + " per invocation"
                + (warmed > 0 ? "; warmed by " + warmed * (long) ROUND_TRIPS_PER_OP + " round trips before the first iteration" : ""));
    }

    /**
     * How long a pair with a virtual side runs before JMH's first iteration. The JDK's scheduler (the continuation's
     * mount and yield, the carrier's work queue, {@code ForkJoinPool.deactivate}) reaches C2 0.5–1.3 s into a trial on a
     * 2-vCPU guest, later than the platform pairs' switch path: after the quick set's 3 × 100 ms of warm-up the virtual
     * pair read 5–11 % above the same forks after 6 × 300 ms, and with this it reads as they do
     * (docs/warm-up.md, "The virtual pair's own warm-up"). Scaling those methods' compile thresholds instead compiled
     * them on a thin profile and read 13 % high. Here rather than in the warm-up iterations, which a JMH run sets for all
     * of its benchmarks at once; a trial without warm-up iterations (a smoke run) skips it too.
     */
    static final long SCHEDULER_WARM_UP_NANOS = 1_200_000_000L;

    /** Whether a trial of {@code pair} warms the scheduler first: it has a virtual side, and the trial warms up at all. */
    static boolean warmsScheduler(boolean warmsUp, Pair pair) {
        return warmsUp && (pair.ping == ThreadKind.VIRTUAL || pair.pong == ThreadKind.VIRTUAL);
    }

    /** Drives {@code tasks} for {@code nanos}; returns the batches it ran. A failed batch stops the pair. */
    static int warm(DrivenPingPong tasks, long nanos) {
        long end = System.nanoTime() + nanos;
        int drives = 0;
        try {
            while (System.nanoTime() - end < 0) {
                tasks.drive();
                drives++;
            }
        } catch (RuntimeException | Error e) {
            tasks.close();
            throw e;
        }
        return drives;
    }

    /** Refuses a JVM whose virtual-thread scheduler was not given exactly {@code carriers} carriers by the class's {@code @Fork}. */
    static void requireCarriers(int carriers) {
        String parallelism = System.getProperty(PARALLELISM);
        String maxPool = System.getProperty(MAX_POOL_SIZE);
        if (!String.valueOf(carriers).equals(parallelism) || !String.valueOf(carriers).equals(maxPool)) {
            throw new IllegalStateException("carriers=" + carriers + " but this JVM has -D" + PARALLELISM + "=" + parallelism
                    + " -D" + MAX_POOL_SIZE + "=" + maxPool + "; run the class whose @Fork sets them, without -jvmArgsAppend");
        }
    }

    @Override
    protected void check() {
        tasks.check();
    }

    /** The threads that run ping and pong: the scheduler's carriers, or the platform tasks themselves. */
    private static final List<String> TASK_THREADS = List.of("ForkJoinPool-", DrivenPingPong.PING_NAME, DrivenPingPong.PONG_NAME);

    private final ThreadsCpu cpu = new ThreadsCpu(TASK_THREADS);

    /**
     * Notes, before the iteration's first op, the run time of the threads that carry the handoff: this (JMH) thread,
     * which drives ping once per op, and the carriers or platform tasks of ping and pong (found by name in
     * {@code /proc/self/task}, read outside the measured loop). On JDK 25 the scheduler's timer thread
     * ({@code ForkJoinPool-N-delayScheduler}) is among them: the kernel's 15 bytes of a name cannot tell it from a
     * carrier, and it works only for timed parks ({@code PARK_NANOS}), where its time is part of the handoff's. Their sum over the iteration, per round trip, is the
     * pair's CPU time ({@link PairedWalkProfiler#CPU}), as {@code PrimitiveHandoff} reports it for a platform pair.
     */
    @Setup(Level.Iteration)
    public void markTasksCpu() {
        cpu.mark();
    }

    /** Hands the tasks' CPU time over the iteration to {@link PairedWalkProfiler}: -1 when a carrier retired meanwhile. */
    @TearDown(Level.Iteration)
    public void recordTasksCpu() {
        cpu.record();
    }

    @Override
    protected void close() {
        if (tasks != null) {
            tasks.close();
        }
    }
}
