package dev.switchcost.session;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * When {@code switchcost sample} stops: the command or process ended, or Ctrl-C/SIGTERM came. On a signal the
 * shutdown hook stops sampling, runs {@code onSignal} (stopping the command, never a --pid process) and waits
 * until everything sampled is written ({@link #finished}).
 */
public final class SampleStop implements AutoCloseable {

    private final CountDownLatch stop = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean interrupted;
    /** Puts back the signal handlers {@link #takeSignals} replaced. */
    private final java.util.List<Runnable> restore = new java.util.ArrayList<>();

    /** Installs the shutdown hook; {@link #close} removes it. */
    public SampleStop(Runnable onSignal) {
        hook = new Thread(() -> {
            interrupted = true;
            stop.countDown();
            onSignal.run();
            try {
                finished.await(SampledCommand.GRACE_SECONDS + 10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "switchcost-sample-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Takes Ctrl-C and SIGTERM as a request to stop rather than as the JVM's shutdown, so that {@code sample} ends as it
     * would at the process's end and exits with its own code (0 for a server that was asked to stop); null leaves them
     * to the shutdown hook.
     */
    @SuppressWarnings("removal")
    public void takeSignals(Runnable onSignal) {
        if (onSignal == null) {
            return; // the JVM's shutdown takes them, and the hook
        }
        sun.misc.SignalHandler h = sig -> {
            interrupted = true;
            stop.countDown();
            onSignal.run();
        };
        for (String name : new String[] {"INT", "TERM"}) {
            sun.misc.Signal sig = new sun.misc.Signal(name);
            sun.misc.SignalHandler before = sun.misc.Signal.handle(sig, h);
            restore.add(() -> sun.misc.Signal.handle(sig, before));
        }
    }

    /** The command or process ended. */
    public void stop() {
        stop.countDown();
    }

    /** @return whether sampling stopped within {@code timeout} */
    public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        return stop.await(timeout, unit);
    }

    /** Whether Ctrl-C or SIGTERM stopped sampling. */
    public boolean interrupted() {
        return interrupted;
    }

    /** Everything is written: a signal's hook may return; the hook is removed. */
    @Override
    public void close() {
        finished.countDown();
        restore.forEach(Runnable::run); // the signals are the JVM's again
        restore.clear();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running and waits for `finished`
        }
    }
}
