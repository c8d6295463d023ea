package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.jmh.JmhLock;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code --lock-wait}: the one option, in every subcommand that runs JMH ({@code run}, {@code compare},
 * {@code compare --spin}, {@code working-set}, {@code ab}), that waits with a bound for another JMH run on this machine (JMH's lock,
 * {@link JmhLock}) to end, before the command makes its results directory.
 */
public final class LockWaitMixin {

    @Option(names = "--lock-wait", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "60s",
            description = "How long to wait for another JMH run on this machine (JMH's lock) to end before giving up (default: ${DEFAULT-VALUE}).")
    Duration lockWait;

    /**
     * Waits (up to {@code --lock-wait}) for another JMH run to end, saying once on {@code said} who holds the lock; call it
     * before the run directory exists.
     *
     * @throws JmhLock.Busy (exit 3, one line naming the holder) when the lock is still held after the wait
     */
    void await(PrintWriter said) {
        if (JmhLock.ignored()) {
            return;
        }
        Optional<String> holder;
        try {
            holder = JmhLock.awaitFree(lockWait, h -> {
                said.println("# waiting up to " + lockWait.toSeconds() + " s for another JMH run to end: the JMH lock "
                        + JmhLock.file() + " is held by " + h);
                said.flush();
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SwitchcostException.environment("interrupted while waiting for the JMH lock " + JmhLock.file());
        }
        if (holder.isPresent()) {
            throw new JmhLock.Busy(holder.get());
        }
    }
}
