package dev.switchcost.bench;

import dev.switchcost.affinity.CpuPinning;
import dev.switchcost.affinity.Placement;
import dev.switchcost.affinity.Topology;
import dev.switchcost.workload.DrivenPingPong;
import dev.switchcost.workload.HandoffPrimitive;
import dev.switchcost.workload.PingPong;
import dev.switchcost.workload.ThreadKind;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

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
 * <p><b>Placement.</b> {@code UNPINNED} (default) leaves every thread to the scheduler. A pinned
 * placement ({@code SAME_CPU}, {@code CROSS_CPU}, {@code SMT_SIBLING}) pins ping and pong and is
 * allowed for {@code PT_PT} only: a virtual thread cannot be pinned (pinning from inside one pins
 * whichever carrier runs it at that moment), so {@code VT_*} with a pinned placement fails in setup
 * with a message instead of running as something else. The JMH thread that drives the batches is
 * never pinned.
 */
@State(Scope.Thread)
public abstract class HandoffTasks {

    /** Round trips between ping and pong per benchmark op; the benchmark methods' {@code @OperationsPerInvocation}. */
    public static final int ROUND_TRIPS_PER_OP = 1000;

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

        boolean hasVirtual() {
            return ping == ThreadKind.VIRTUAL || pong == ThreadKind.VIRTUAL;
        }
    }

    @Param
    public Pair pair;

    @Param
    public HandoffPrimitive primitive;

    @Param("UNPINNED")
    public Placement placement;

    DrivenPingPong tasks;

    /** @return the carrier count this class's fork is configured with (its single-valued {@code carriers} param) */
    abstract int carriers();

    @Setup(Level.Trial)
    public void start() {
        Placement.Assignment a = placement.assign(Topology.current(), CpuPinning.allowedCpus()).require();
        if (a.isPinned() && pair.hasVirtual()) {
            throw new IllegalArgumentException("placement " + placement + " pins both tasks, but pair " + pair
                    + " has a virtual thread, which cannot be pinned (only its current carrier could be); use placement=UNPINNED");
        }
        int carriers = carriers();
        String parallelism = System.getProperty(PARALLELISM);
        String maxPool = System.getProperty(MAX_POOL_SIZE);
        if (!String.valueOf(carriers).equals(parallelism) || !String.valueOf(carriers).equals(maxPool)) {
            throw new IllegalStateException("carriers=" + carriers + " but this JVM has -D" + PARALLELISM + "=" + parallelism
                    + " -D" + MAX_POOL_SIZE + "=" + maxPool + "; run the class whose @Fork sets them, without -jvmArgsAppend");
        }
        if (primitive.pinsCarrier() && pair == Pair.VT_VT && carriers == 1) {
            throw new IllegalStateException("on JDK " + Runtime.version().feature() + " a virtual thread waiting inside synchronized"
                    + " pins its carrier: with one carrier and maxPoolSize 1, VT_VT SYNCHRONIZED would deadlock; see the two-carrier class");
        }
        tasks = DrivenPingPong.start(primitive.newTurn(), pair.ping, pair.pong, ROUND_TRIPS_PER_OP,
                a.isPinned() ? a.cpuA() : -1, a.isPinned() ? a.cpuB() : -1, PingPong.DEFAULT_TIMEOUT_NANOS);
        if (a.isPinned() && (tasks.pingCpu() != a.cpuA() || tasks.pongCpu() != a.cpuB())) {
            tasks.close();
            throw new IllegalStateException("placement " + placement + " asked cpu " + a.cpuA() + "/" + a.cpuB()
                    + " but sched_getcpu() says " + tasks.pingCpu() + "/" + tasks.pongCpu());
        }
        System.err.println("# handoff: pair " + pair + ", primitive " + primitive + " (" + tasks.turn().mechanism() + ")"
                + (primitive == HandoffPrimitive.SYNCHRONIZED ? (primitive.pinsCarrier() ? ", pins the carrier on this JDK" : ", does not pin on this JDK (JEP 491)") : "")
                + ", placement " + placement + (a.isPinned() ? " (pinned)" : " (unpinned)")
                + ", carriers " + carriers + " (-D" + PARALLELISM + "=" + parallelism + " -D" + MAX_POOL_SIZE + "=" + maxPool + ")"
                + ", JDK " + Runtime.version() + "; " + tasks.describe()
                + "; one op = one round trip, " + ROUND_TRIPS_PER_OP + " per invocation");
    }

    @TearDown(Level.Iteration)
    public void check() {
        tasks.check();
    }

    @TearDown(Level.Trial)
    public void stop() {
        tasks.close();
    }
}
