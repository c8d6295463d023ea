package dev.switchcost.measure.workload;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.linux.Syscalls;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The partner process of {@link ProcessPingPong}: side B of a futex ping-pong on a
 * {@link SharedTurnFile}, in a JVM of its own.
 *
 * <p>Arguments: {@code MAPPING_FILE CPU PARENT_PID [UNTIMED|TIMED]} ({@code CPU} -1 for unpinned;
 * the wait kind defaults to UNTIMED). It pins its thread, writes its pid, tid and CPU into the
 * mapping, says READY, then hands the turn back each time it gets it, until the owner sets STOP
 * (and cancels the turn to wake it). It never outlives its owner: UNTIMED, a {@link PairWatchdog}
 * checks every 100 ms that {@code PARENT_PID} is alive and cancels the turn if not; TIMED, each wait
 * times out after 100 ms and checks the same. Then it exits with code 3.
 * Exit codes: 0 stopped, 2 bad arguments, 3 parent gone, 4 failure.
 */
public final class PartnerProcessMain {

    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    public static final int EXIT_STOPPED = 0;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_PARENT_GONE = 3;
    public static final int EXIT_FAILURE = 4;

    private PartnerProcessMain() {
    }

    public static void main(String[] args) {
        if (args.length != 3 && args.length != 4) {
            System.err.println("usage: " + PartnerProcessMain.class.getName() + " MAPPING_FILE CPU PARENT_PID [UNTIMED|TIMED]");
            System.exit(EXIT_USAGE);
        }
        int code;
        try {
            WaitKind wait = args.length == 4 ? WaitKind.valueOf(args[3]) : WaitKind.UNTIMED;
            code = run(Path.of(args[0]), Integer.parseInt(args[1]), Long.parseLong(args[2]), wait);
        } catch (Throwable t) {
            System.err.println("switchcost partner process failed: " + t);
            t.printStackTrace();
            code = EXIT_FAILURE;
        }
        System.exit(code);
    }

    static int run(Path mapping, int cpu, long parentPid, WaitKind wait) {
        LibC.ensureAvailable();
        SharedTurnFile shared = SharedTurnFile.open(mapping);
        shared.unlink(); // mapped here and in the parent: the name can go now, even if the parent was killed meanwhile
        Thread.currentThread().setName("switchcost-partner-process");
        if (cpu >= 0) {
            CpuPinning.pinCurrentThread(cpu);
        }
        FutexTurn turn = shared.turn(wait);
        // UNTIMED: the parent's liveness is checked off the hot path; the turn may stay with the parent
        // as long as it likes (between JMH iterations), so no unanswered-turn rule here
        PairWatchdog watchdog = wait == WaitKind.UNTIMED
                ? PairWatchdog.start(turn, Turn.A, Long.MAX_VALUE, () -> parentAlive(parentPid) ? null : "parent gone", null) : null;
        shared.set(SharedTurnFile.PID, (int) ProcessHandle.current().pid());
        shared.set(SharedTurnFile.TID, Syscalls.gettid());
        shared.set(SharedTurnFile.CPU, Syscalls.currentCpu());
        shared.set(SharedTurnFile.STATE, SharedTurnFile.READY);
        try {
            while (shared.get(SharedTurnFile.STOP) == 0) {
                if (turn.await(Turn.B, POLL_NANOS)) {
                    if (shared.get(SharedTurnFile.STOP) != 0) {
                        break;
                    }
                    turn.pass(Turn.A);
                } else if (!parentAlive(parentPid)) {
                    return EXIT_PARENT_GONE;
                } else if (turn.isCancelled()) {
                    return shared.get(SharedTurnFile.STOP) != 0 ? EXIT_STOPPED : EXIT_FAILURE;
                }
            }
            return EXIT_STOPPED;
        } finally {
            if (watchdog != null) {
                watchdog.close();
            }
            shared.set(SharedTurnFile.STATE, SharedTurnFile.EXITED);
        }
    }

    static boolean parentAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
