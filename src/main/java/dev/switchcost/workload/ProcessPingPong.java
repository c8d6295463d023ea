package dev.switchcost.workload;

import dev.switchcost.affinity.CpuPinning;
import dev.switchcost.affinity.Placement;
import dev.switchcost.affinity.Topology;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.linux.Syscalls;
import dev.switchcost.sample.CountedThreads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A futex ping-pong between the calling thread (side A) and a partner <em>process</em> (side B,
 * {@link PartnerProcessMain}: the same java and class path, started here), through a
 * {@link SharedTurnFile} with non-private futex operations. One {@link #roundTrip()} = two switches.
 *
 * <p>Never hangs, never leaves a process behind: every wait is bounded and, while it lasts, checks
 * {@link Process#isAlive()} every 100 ms, so a dead partner fails the next round trip at once with its
 * exit code and the tail of its stderr; {@link #close()} asks the partner to stop, then destroys it
 * (forcibly if it must); a JVM shutdown hook destroys it if {@code close()} is never reached; and the
 * partner exits by itself when this process dies (it polls this pid).
 *
 * <p>The partner's thread is registered with {@link CountedThreads#registerExternal} so
 * {@code ContextSwitchProfiler} counts its switches with this process's.
 */
public final class ProcessPingPong implements AutoCloseable {

    /** How long a partner JVM may take to start and say READY (a JVM start on a loaded machine). */
    static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** How often a waiting side checks the partner is alive. */
    static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final SharedTurnFile shared;
    private final FutexTurn turn;
    private final Process process;
    private final Path log;
    private final Thread shutdownHook;
    private final CpuPinning callerPin;
    private final int partnerTid;
    private final String report;
    private final long timeoutNanos;
    private boolean closed;

    private ProcessPingPong(SharedTurnFile shared, Process process, Path log, Thread hook, CpuPinning callerPin,
                            int partnerTid, String report, long timeoutNanos) {
        this.shared = shared;
        this.turn = shared.turn();
        this.process = process;
        this.log = log;
        this.shutdownHook = hook;
        this.callerPin = callerPin;
        this.partnerTid = partnerTid;
        this.report = report;
        this.timeoutNanos = timeoutNanos;
    }

    /**
     * Places the calling thread, starts the partner process placed as {@code placement} says, and
     * waits (bounded) until it is ready.
     *
     * @throws dev.switchcost.affinity.PlacementUnavailableException when the machine cannot provide the placement
     * @throws IllegalStateException if the partner dies or is not ready within 30 s; it is destroyed then
     */
    public static ProcessPingPong start(Placement placement) {
        Placement.Assignment a = placement.assign(Topology.current(), CpuPinning.allowedCpus()).require();
        CpuPinning pin = a.isPinned() ? CpuPinning.pinCurrentThread(a.cpuA()) : null;
        SharedTurnFile shared = SharedTurnFile.create();
        Process process = null;
        Thread hook = null;
        Path log = null;
        try {
            log = Files.createTempFile("switchcost-partner-", ".log");
            process = new ProcessBuilder(partnerCommand(shared.path(), a.cpuB(), ProcessHandle.current().pid()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(log.toFile())
                    .start();
            Process p = process;
            hook = new Thread(p::destroyForcibly, "switchcost-partner-reaper");
            Runtime.getRuntime().addShutdownHook(hook);
            long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
            while (shared.get(SharedTurnFile.STATE) != SharedTurnFile.READY) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("partner process pid " + p.pid() + " exited with code " + p.exitValue()
                            + " before it was ready" + stderrTail(log));
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("partner process pid " + p.pid() + " not ready within "
                            + TimeUnit.NANOSECONDS.toSeconds(START_TIMEOUT_NANOS) + " s" + stderrTail(log));
                }
                Thread.sleep(5);
            }
            int tid = shared.get(SharedTurnFile.TID);
            int cpuB = shared.get(SharedTurnFile.CPU);
            int cpuA = Syscalls.currentCpu();
            if (a.isPinned() && (cpuA != a.cpuA() || cpuB != a.cpuB())) {
                throw new IllegalStateException("placement " + placement + " asked cpu " + a.cpuA() + "/" + a.cpuB()
                        + " but sched_getcpu() says " + cpuA + "/" + cpuB);
            }
            CountedThreads.registerCurrent(CountedThreads.WORKER);
            CountedThreads.registerExternal((int) p.pid(), tid, CountedThreads.PARTNER);
            String where = a.isPinned() ? "pinned" : "unpinned, now";
            String report = "placement " + placement + " (futex-shared, partner process): "
                    + Thread.currentThread().getName() + " " + where + " on cpu " + cpuA + ", partner process pid "
                    + p.pid() + " tid " + tid + " " + where + " on cpu " + cpuB + " (sched_getcpu); mapping " + shared.path();
            return new ProcessPingPong(shared, p, log, hook, pin, tid, report, PingPong.DEFAULT_TIMEOUT_NANOS);
        } catch (IOException e) {
            cleanUp(process, hook, shared, log, pin);
            throw new UncheckedIOException("cannot start the partner process", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cleanUp(process, hook, shared, log, pin);
            throw new IllegalStateException("interrupted while starting the partner process", e);
        } catch (RuntimeException | Error e) {
            cleanUp(process, hook, shared, log, pin);
            throw e;
        }
    }

    /** The partner's command line: this JVM's java, class path and flags ({@link JdkPolicy}), a small heap. */
    public static List<String> partnerCommand(Path mapping, int cpu, long parentPid) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JdkPolicy.running().jvmFlags());
        cmd.add("-Xmx64m");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(PartnerProcessMain.class.getName());
        cmd.add(mapping.toString());
        cmd.add(String.valueOf(cpu));
        cmd.add(String.valueOf(parentPid));
        return cmd;
    }

    /** One round trip: hand the turn to the partner process and wait for it to come back. */
    public void roundTrip() {
        turn.pass(Turn.B);
        if (!turn.await(Turn.A, CHECK_NANOS)) {
            awaitChecking();
        }
    }

    private void awaitChecking() {
        long deadline = System.nanoTime() + timeoutNanos;
        do {
            checkPartner();
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("partner process pid " + process.pid() + " did not hand the turn back within "
                        + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms" + stderrTail(log));
            }
        } while (!turn.await(Turn.A, CHECK_NANOS));
    }

    /** @throws IllegalStateException with the exit code and stderr tail if the partner process is gone */
    public void checkPartner() {
        if (!process.isAlive()) {
            throw new IllegalStateException("partner process pid " + process.pid() + " died (exit code "
                    + process.exitValue() + ")" + stderrTail(log));
        }
    }

    /** @return the partner process (tests kill it to check failure handling) */
    public Process partnerProcess() {
        return process;
    }

    /** @return one line saying where each side runs, as checked with sched_getcpu */
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
        CountedThreads.retireExternal(partnerTid);
        CountedThreads.retireCurrent();
        shared.set(SharedTurnFile.STOP, 1);
        turn.pass(Turn.B);
        cleanUp(process, shutdownHook, shared, log, callerPin);
    }

    private static void cleanUp(Process p, Thread hook, SharedTurnFile shared, Path log, CpuPinning pin) {
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
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temp file left behind is harmless
                }
            }
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

    private static String stderrTail(Path log) {
        if (log == null) {
            return "";
        }
        try {
            String text = Files.readString(log).strip();
            if (text.isEmpty()) {
                return "; its stderr is empty";
            }
            String[] lines = text.split("\n");
            int from = Math.max(0, lines.length - 5);
            return "; its stderr ends: " + String.join(" | ", java.util.Arrays.copyOfRange(lines, from, lines.length));
        } catch (IOException e) {
            return "";
        }
    }
}
