package dev.switchcost.bench;

import dev.switchcost.measure.workload.BrigadeChain;
import dev.switchcost.measure.workload.BrigadeChain.Transport;
import dev.switchcost.measure.workload.UntimedParkTurn;
import dev.switchcost.measure.workload.PingPong;
import dev.switchcost.measure.workload.ThreadKind;
import org.openjdk.jmh.annotations.*;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does one hop cost when a token passes down a chain of hundreds of tasks, for
 * platform and virtual threads, when the wake-ups are in-memory handoffs and when they are I/O
 * readiness on pipes; and how much of that is the switch rather than the I/O?
 *
 * <p><b>Method.</b> Jim Blandy's Rust brigades ({@code thread-brigade}, {@code async-brigade},
 * {@code async-mem-brigade}, {@code one-thread-brigade}) in Java, see {@link BrigadeChain}:
 * {@code tasks} tasks of {@code kind} and {@code tasks + 1} links; a <em>head</em> task of the same
 * kind sends a token into the first link and receives it from the last, so one trip is
 * {@code tasks + 1} hops. {@code transport=PIPE}: a {@code java.nio.channels.Pipe} per link in
 * blocking mode, one byte per hop (a platform thread blocks in {@code read(2)}; a virtual thread parks
 * until the JDK's poller sees the pipe readable). {@code transport=MEMORY}: a one-slot mailbox with
 * untimed {@code park}/{@code unpark}. The JMH thread drives the head: per invocation it hands the head
 * a turn (untimed {@code park()}; a watchdog thread per trial fails the trial if the head does not
 * answer within 30 s), the head makes {@value #TRIPS_PER_OP} trips and hands it back (two extra handoffs per
 * {@value #TRIPS_PER_OP} trips, identical in {@code oneThread}, so they cancel in the subtraction).
 * Virtual threads run on the default scheduler (parallelism = available processors, printed at setup).
 *
 * <p>{@code oneThread} is the baseline: the head alone does the same link operations, a send and a
 * receive on each of the {@code tasks + 1} links per trip, with nobody to switch to.
 *
 * <p><b>Unit: one op = one trip = {@code tasks + 1} hops.</b> JMH reports per trip. Per hop:
 * divide by {@code tasks + 1}; the switch's share of a hop: {@code (brigade − oneThread) / (tasks + 1)}
 * for the same {@code kind}, {@code transport} and {@code tasks} (docs/virtual-threads.md). JMH
 * multiplies operations by {@code @OperationsPerInvocation} before profilers see them, so
 * {@code ctxsw.*.norm} are per trip too.
 *
 * <p><b>Expected.</b> Platform: about one kernel switch per hop ({@code ctxsw.partner.total.norm ≈ tasks}
 * for the tasks). Virtual, MEMORY: far fewer kernel switches than hops (carriers only sleep when the
 * chain runs dry) and a smaller time per hop. Virtual, PIPE: each hop is a write that makes a
 * descriptor readable and a poller wake-up; the Rust study found the task advantage vanished when
 * switching was driven by I/O readiness: check whether it does here. A hypothesis, not a result;
 * results live in README.md.
 *
 * <p><b>Limits.</b> PIPE needs two descriptors per link; setup refuses a {@code tasks} that does not fit
 * under {@code ulimit -n}, with the largest that does. 5000 platform threads also need
 * {@code kernel.pid_max}, {@code kernel.threads-max} and {@code ulimit -u} room.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar Brigade -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 *
 * @see <a href="https://github.com/jimblandy/context-switch">jimblandy/context-switch</a>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 15, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class Brigade {

    /** Trips per benchmark invocation ({@code @OperationsPerInvocation}). */
    public static final int TRIPS_PER_OP = 10;
    static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    static final String HEAD_NAME = "switchcost-head";

    /** Parameters and the head, shared by the brigade and its one-thread baseline. */
    @State(Scope.Thread)
    public abstract static class Head extends CountedTrial {
        @Param({"500", "10", "5000"})
        public int tasks;

        @Param
        public ThreadKind kind;

        @Param
        public Transport transport;

        PingPong head;

        /** Opens what the head works on; returns the head's work per trip. */
        abstract TripWork openLinks();

        abstract String describe();

        @Override
        protected void open() {
            TripWork work = openLinks();
            try {
                head = PingPong.start(new UntimedParkTurn(), kind, TIMEOUT_NANOS, HEAD_NAME, () -> {
                    work.bind();
                    return () -> {
                        for (int i = 0; i < TRIPS_PER_OP; i++) {
                            work.trip();
                        }
                    };
                });
            } catch (RuntimeException | Error e) {
                closeLinks();
                throw e;
            }
            System.err.println("# brigade: " + describe() + ", " + (tasks + 1) + " hops per trip, head " + kind.name().toLowerCase()
                    + ", " + TRIPS_PER_OP + " trips per invocation; transport " + transport
                    + (transport == Transport.PIPE ? " (java.nio.channels.Pipe, blocking; virtual threads park on the JDK poller)"
                    : " (one-slot mailbox, park/unpark)")
                    + "; virtual-thread carriers: " + System.getProperty("jdk.virtualThreadScheduler.parallelism",
                    Runtime.getRuntime().availableProcessors() + " (default)") + "; JDK " + Runtime.version());
        }

        abstract void closeLinks();

        @Override
        protected void check() {
            head.checkPartner();
        }

        @Override
        protected void close() {
            try {
                closeLinks();
            } finally {
                if (head != null) {
                    head.close();
                }
            }
        }
    }

    /** What the head does per trip, on the head's thread. */
    interface TripWork {
        void bind();

        void trip() throws IOException;
    }

    @State(Scope.Thread)
    public static class Chain extends Head {
        BrigadeChain chain;

        @Override
        TripWork openLinks() {
            chain = BrigadeChain.start(transport, kind, tasks, TIMEOUT_NANOS);
            return new TripWork() {
                @Override
                public void bind() {
                    chain.bindHead();
                }

                @Override
                public void trip() throws IOException {
                    chain.trip();
                }
            };
        }

        @Override
        String describe() {
            return tasks + " " + kind.name().toLowerCase() + " tasks";
        }

        @Override
        void closeLinks() {
            if (chain != null) {
                chain.close();
            }
        }
    }

    @State(Scope.Thread)
    public static class Alone extends Head {
        BrigadeChain.Link[] links;

        @Override
        TripWork openLinks() {
            links = BrigadeChain.openLinks(transport, tasks + 1);
            return new TripWork() {
                @Override
                public void bind() {
                    for (BrigadeChain.Link l : links) {
                        l.bindReceiver();
                    }
                }

                @Override
                public void trip() throws IOException {
                    for (BrigadeChain.Link l : links) {
                        l.send();
                        l.receive();
                    }
                }
            };
        }

        @Override
        String describe() {
            return "one " + kind.name().toLowerCase() + " thread, no tasks (baseline for " + tasks + " tasks)";
        }

        @Override
        void closeLinks() {
            if (links != null) {
                for (BrigadeChain.Link l : links) {
                    l.close();
                }
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(TRIPS_PER_OP)
    public void oneThread(Alone a) {
        a.head.roundTrip();
    }

    @Benchmark
    @OperationsPerInvocation(TRIPS_PER_OP)
    public void brigade(Chain c) {
        c.head.roundTrip();
    }
}
