package dev.switchcost.measure.workload;

import dev.switchcost.launch.JdkDiscovery;
import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.linux.Syscalls;
import dev.switchcost.measure.sample.CountedThreads;
import dev.switchcost.measure.sample.ProcText;
import dev.switchcost.measure.sample.TaskStat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A futex ping-pong between the calling thread (side A) and a partner <em>process</em> (side B,
 * {@link PartnerProcessMain}: the same java and class path, started here), through a
 * {@link SharedTurnFile} with non-private futex operations. One {@link #roundTrip()} = two switches.
 *
 * <p>Never hangs, never leaves a process or a file behind. {@link WaitKind#UNTIMED} (default): the
 * waits have no timer; a {@link PairWatchdog} checks every 100 ms that the partner process is alive
 * and not stopped ({@code /proc/PID/stat}) and that it answers within the timeout, and cancels the
 * turn otherwise (the word changes and every waiter is woken), so a dead partner fails the round trip
 * within 100 ms with its exit code and the tail of its stderr. {@link WaitKind#TIMED}: every wait is a
 * 100 ms timed futex wait that checks {@link Process#isAlive()} in between. {@link #close()} asks the
 * partner to stop, then destroys it (forcibly if it must); a JVM shutdown hook destroys it if
 * {@code close()} is never reached; and the partner exits by itself when this process dies (its own
 * watchdog polls this pid). The mapping's file is unlinked as soon as the partner has mapped it, and
 * the partner's stderr is kept in memory (its last lines), so no temporary file outlives a killed
 * fork or a teardown JMH skipped.
 *
 * <p>The partner's thread is registered with {@link CountedThreads#registerExternal} so
 * {@code ContextSwitchProfiler} counts its switches with this process's.
 */
public final class ProcessPingPong implements HandoffPair {

    /** How long a partner JVM may take to start and say READY (a JVM start on a loaded machine). */
    static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** How often a waiting side checks the partner is alive. */
    static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final SharedTurnFile shared;
    private final FutexTurn turn;
    private final Process process;
    private final StderrTail log;
    private final PairWatchdog watchdog;
    private final Thread shutdownHook;
    private final CpuPinning callerPin;
    private final int partnerTid;
    private final String report;
    private final long timeoutNanos;
    private boolean closed;

    private ProcessPingPong(SharedTurnFile shared, FutexTurn turn, Process process, StderrTail log, Thread hook,
                            CpuPinning callerPin, int partnerTid, String report, long timeoutNanos) {
        this.shared = shared;
        this.turn = turn;
        this.process = process;
        this.log = log;
        this.shutdownHook = hook;
        this.callerPin = callerPin;
        this.partnerTid = partnerTid;
        this.report = report;
        this.timeoutNanos = timeoutNanos;
        this.watchdog = turn.waitKind() == WaitKind.UNTIMED
                ? PairWatchdog.start(turn, Turn.B, timeoutNanos, () -> partnerLost(process, log), null) : null;
    }

    /**
     * Places the calling thread, starts the partner process placed as {@code placement} says, and
     * waits (bounded) until it is ready.
     *
     * @throws dev.switchcost.measure.affinity.PlacementUnavailableException when the machine cannot provide the placement
     * @throws IllegalStateException if the partner dies or is not ready within 30 s; it is destroyed then
     */
    public static ProcessPingPong start(Placement placement, WaitKind wait) {
        Placement.Assignment a = placement.assignHere().require();
        CpuPinning pin = a.isPinned() ? CpuPinning.pinCurrentThread(a.cpuA()) : null;
        SharedTurnFile shared = SharedTurnFile.create();
        Process process = null;
        Thread hook = null;
        StderrTail log = null;
        try {
            // dies with this JVM whatever kills it; started on the JMH thread, which lives as long as the trial
            process = new ProcessBuilder(ParentDeath.ofChild(partnerCommand(shared.path(), a, ProcessHandle.current().pid(), wait)))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            Process p = process;
            log = StderrTail.follow(p);
            hook = new Thread(p::destroyForcibly, "switchcost-partner-reaper");
            Runtime.getRuntime().addShutdownHook(hook);
            long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
            while (shared.get(SharedTurnFile.STATE) != SharedTurnFile.READY) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("partner process pid " + p.pid() + " exited with code " + p.exitValue()
                            + " before it was ready" + log.tail());
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("partner process pid " + p.pid() + " not ready within "
                            + TimeUnit.NANOSECONDS.toSeconds(START_TIMEOUT_NANOS) + " s" + log.tail());
                }
                Thread.sleep(5);
            }
            shared.unlink(); // both processes have it mapped: nothing left in /dev/shm whatever ends this JVM
            int tid = shared.get(SharedTurnFile.TID);
            int cpuB = shared.get(SharedTurnFile.CPU);
            int cpuA = Syscalls.currentCpu();
            if (a.isPinned() && (cpuA != a.cpuA() || cpuB != a.cpuB())) {
                throw new IllegalStateException("placement " + placement + " asked cpu " + a.cpuA() + "/" + a.cpuB()
                        + " but sched_getcpu() says " + cpuA + "/" + cpuB);
            }
            CountedThreads.registerExternal((int) p.pid(), tid, CountedThreads.PARTNER);
            String where = a.isPinned() ? "pinned" : "unpinned, now";
            FutexTurn turn = shared.turn(wait);
            String report = "placement " + placement + " (" + turn.mechanism() + ", partner process): "
                    + Thread.currentThread().getName() + " " + where + " on cpu " + cpuA + ", partner process pid "
                    + p.pid() + " tid " + tid + " " + where + " on cpu " + cpuB + " (sched_getcpu); mapping " + shared.path()
                    + " (unlinked once both had it mapped)";
            return new ProcessPingPong(shared, turn, p, log, hook, pin, tid, report, PingPong.DEFAULT_TIMEOUT_NANOS);
        } catch (IOException e) {
            cleanUp(process, hook, shared, pin);
            throw new UncheckedIOException("cannot start the partner process", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cleanUp(process, hook, shared, pin);
            throw new IllegalStateException("interrupted while starting the partner process", e);
        } catch (RuntimeException | Error e) {
            cleanUp(process, hook, shared, pin);
            throw e;
        }
    }

    /**
     * The partner's command line: this JVM's java, class path and flags ({@link JdkPolicy}), a small
     * heap, and side B's CPU from {@code where} (-1 on the partner's command line when unpinned).
     */
    static List<String> partnerCommand(Path mapping, Placement.Assignment where, long parentPid, WaitKind wait) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(JdkDiscovery.running().jvmFlags());
        cmd.addAll(List.of("-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), PartnerProcessMain.class.getName(),
                mapping.toString(), String.valueOf(where.isPinned() ? where.cpuB() : -1), String.valueOf(parentPid), wait.name()));
        return cmd;
    }

    /** One round trip: hand the turn to the partner process and wait for it to come back. */
    @Override
    public void roundTrip() {
        turn.pass(Turn.B);
        if (!turn.await(Turn.A, CHECK_NANOS)) {
            if (watchdog != null) {
                lost();
            }
            awaitChecking();
        }
    }

    /** The untimed wait was cancelled: say why. */
    private void lost() {
        checkPartner();
        String why = watchdog.reason();
        throw new IllegalStateException("partner process pid " + process.pid() + ": "
                + (why != null ? why : "turn cancelled") + log.tail());
    }

    /** Why the watchdog should cancel: the partner process exited or was stopped. */
    private static String partnerLost(Process p, StderrTail log) {
        if (!p.isAlive()) {
            return "died (exit code " + p.exitValue() + ")";
        }
        String state = procState(Path.of("/proc", Long.toString(p.pid()), "stat"));
        return "T".equals(state) || "t".equals(state) ? "was stopped (state " + state + " in /proc/" + p.pid() + "/stat)" : null;
    }

    /**
     * @return the scheduler state letter (R, S, D, T stopped, t traced, Z...) in a {@code stat} file, a process's or a
     *         thread's under {@code /proc/PID/task}; null if the process or the file is gone
     */
    static String procState(Path statFile) {
        try {
            return TaskStat.state(ProcText.read(statFile));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private void awaitChecking() {
        long deadline = System.nanoTime() + timeoutNanos;
        do {
            checkPartner();
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("partner process pid " + process.pid() + " did not hand the turn back within "
                        + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms" + log.tail());
            }
        } while (!turn.await(Turn.A, CHECK_NANOS));
    }

    /** @throws IllegalStateException with the exit code and stderr tail if the partner process is gone */
    @Override
    public void checkPartner() {
        if (!process.isAlive()) {
            throw new IllegalStateException("partner process pid " + process.pid() + " died (exit code "
                    + process.exitValue() + ")" + log.tail());
        }
    }

    /** @return the partner process (tests kill it to check failure handling) */
    public Process partnerProcess() {
        return process;
    }

    @Override
    public String report() {
        return report;
    }

    /** Stops the partner (asks, then destroys, then destroys forcibly), deletes the mapping, unpins. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (watchdog != null) {
            watchdog.close();
        }
        CountedThreads.retireExternal(partnerTid);
        shared.set(SharedTurnFile.STOP, 1);
        turn.cancel(); // wakes the partner wherever it waits; it sees STOP and exits 0
        cleanUp(process, shutdownHook, shared, callerPin);
    }

    private static void cleanUp(Process p, Thread hook, SharedTurnFile shared, CpuPinning pin) {
        try {
            if (p != null) {
                stop(p);
            }
        } finally {
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or will run: it destroys the process too
                }
            }
            shared.close();
            if (pin != null) {
                pin.close();
            }
        }
    }

    private static void stop(Process p) {
        try {
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroy();
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    if (!p.waitFor(5, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("partner process pid " + p.pid() + " survived SIGKILL for 5 s");
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }

    /** @return the mapping's path (unlinked once the partner has mapped it) */
    public Path mappingPath() {
        return shared.path();
    }
}
