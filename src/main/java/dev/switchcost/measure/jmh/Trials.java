package dev.switchcost.measure.jmh;

import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.Options;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** One JMH run of options already through {@link ForkOptions}, checked trial by trial ({@link TrialLedger}). */
public final class Trials {

    private Trials() {
    }

    /**
     * Runs {@code options} (already through {@link ForkOptions#withSwitchcostDefaults}) as one JMH run, without a
     * result file, and checks what came back against what was asked for; disturbed trials ({@link Disturbance}) are
     * left out of the complete ones unless {@code keepDisturbed} ({@code run --allow-disturbed}).
     *
     * @param out JMH's output format for the run (wrapped: failures are noted on the way)
     * @throws NoBenchmarksException     when nothing matches
     * @throws ProfilersFailedException  when a {@code -prof} cannot be created
     * @throws RunnerException           when JMH could not start the run at all (e.g. another JMH run holds
     *                                   its lock file)
     */
    public static TrialLedger.Outcome execute(Options options, OutputFormat out, boolean keepDisturbed) throws RunnerException {
        TrialPlan plan = TrialPlan.of(options);
        TrialLedger ledger = new TrialLedger(out);
        try {
            return ledger.outcome(plan, new Runner(ForwardingOptions.withoutResultFile(options), ledger).run(), null, keepDisturbed);
        } catch (NoBenchmarksException | ProfilersFailedException e) {
            throw e;
        } catch (RunnerException e) {
            if (!ledger.anyStarted()) {
                throw e;
            }
            // -foe: JMH stops at the first failure and returns nothing
            return ledger.outcome(plan, List.of(), rootMessage(e), false);
        }
    }

    /** One line naming the profiler problems, as JMH's own Main prints them. */
    public static String profilerFailure(ProfilersFailedException e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !(t instanceof ProfilersFailedException)) {
                b.append(b.length() == 0 ? "" : "; ").append(t.getMessage().strip());
            }
            for (Throwable s : t.getSuppressed()) {
                b.append(b.length() == 0 ? "" : "; ").append(String.valueOf(s.getMessage()).strip());
            }
        }
        return "profiler failed: " + (b.length() == 0 ? String.valueOf(e.getMessage()) : b.toString().replace('\n', ' '));
    }

    /** {@code s} with a close that only flushes: for handing a stream that must stay open to something that closes it. */
    public static OutputStream closeShield(OutputStream s) {
        return new FilterOutputStream(s) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }

    public static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage().lines().findFirst().orElse("");
    }
}
