package dev.switchcost.bench;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.sample.CountedThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The one trial life cycle of every switchcost benchmark: every {@code @Benchmark} method takes a
 * state that extends this class (or its class is one), which {@code BenchmarkStatesTest} checks for
 * every benchmark in the build. Setup first confines every thread of the fork to the CPUs switchcost may
 * use ({@link CpuPinning#confineProcess}: the inherited mask narrowed by {@code SWITCHCOST_CPUS}), so an
 * UNPINNED trial's threads, its partner and virtual-thread carriers included, run there and nowhere
 * else, and says so on stderr in one {@code #} line when that is fewer than the online CPUs; then it registers the JMH thread with {@link CountedThreads} as the
 * worker, so {@code ContextSwitchProfiler} counts it (forgetting that silently read 0 switches), then
 * {@link #open()}s what the benchmark needs; after every iteration {@link #check()} surfaces a
 * partner's failure; teardown {@link #close()}s and retires the worker's final counters (JMH runs
 * trial teardown before the last iteration's profilers read).
 *
 * <p>Subclasses add {@code @Param} fields and override the three hooks, not the JMH methods (they
 * are final).
 */
@State(Scope.Thread)
public abstract class CountedTrial {

    private boolean warmsUp;

    @Setup(Level.Trial)
    public final void setUpTrial(BenchmarkParams params) {
        warmsUp = params.getWarmup().getCount() > 0;
        CpuSet allowed = CpuPinning.confineProcess();
        String selection = CpuPinning.selectionSetting();
        if (selection != null || allowed.size() < Topology.current().online().size()) {
            // only when something narrowed the CPUs: otherwise every trial would repeat that nothing did
            System.err.println("# every thread of this fork allowed CPU" + (allowed.size() == 1 ? " " : "s ") + allowed
                    + (selection == null ? " (the inherited mask)" : " (" + selection + ")"));
        }
        CountedThreads.registerCurrent(CountedThreads.WORKER);
        try {
            open();
        } catch (RuntimeException | Error e) {
            CountedThreads.retireCurrent();
            throw e;
        }
    }

    @TearDown(Level.Iteration)
    public final void checkIteration() {
        check();
    }

    @TearDown(Level.Trial)
    public final void tearDownTrial() {
        try {
            close();
        } finally {
            CountedThreads.retireCurrent();
        }
    }

    /** Whether JMH runs warm-up iterations in this trial (a smoke run's {@code -wi 0} has none). */
    protected final boolean warmsUp() {
        return warmsUp;
    }

    /** Starts what the trial needs, on the JMH thread (already registered as the worker). */
    protected abstract void open();

    /** After each iteration: throws if a partner failed. */
    protected void check() {
    }

    /** Stops everything {@link #open()} started. */
    protected void close() {
    }
}
