package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.session.Precision;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * {@code run --precision PCT [--budget DURATION]}: forks are added, a round at a time, until every trial's between-fork
 * interval is within PCT of its figure, or the whole run's budget ends ({@link Precision}).
 */
public final class PrecisionMixin {

    /** How long the whole run, its added rounds included, may go on by default. */
    static final Duration DEFAULT_BUDGET = Duration.ofMinutes(10);

    @Option(names = "--precision", paramLabel = "PCT",
            description = "Add forks, one to each trial still short at a time, until each figure's 99.9%% between-fork interval"
                    + " is within PCT of it (e.g. 3%%), or --budget ends; the card marks each figure that stopped before PCT."
                    + " --quick only. Default for the quick set: 5%% on one CPU, 15%% across CPUs, within 170 s.")
    String precision;

    @Option(names = "--budget", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "One deadline for the whole run (every JMH run and the C comparison; default: 10m with --precision, 170s for the"
                    + " quick set): a fork is added only while another fits before it. The first rounds always run: a budget below what they take is"
                    + " said up front, and then no round is added.")
    Duration budget;

    /**
     * The precision asked for; without --precision, the quick set's own ({@link Precision#QUICK}, within --budget if
     * given) when {@code designed}, else null. A user mistake (exit 2) when malformed or given without --quick.
     */
    Precision precision(boolean quick, boolean designed) {
        if (precision == null) {
            if (designed) {
                return budget == null ? Precision.QUICK : new Precision(Precision.QUICK.target(), Precision.QUICK.across(), budget);
            }
            if (budget != null) {
                throw SwitchcostException.usage("--budget bounds --precision: give --precision PCT too, e.g. --precision 3%");
            }
            return null;
        }
        if (!quick) {
            throw SwitchcostException.usage("--precision adds forks to the quick set's trials; --full runs each benchmark's own"
                    + " @Fork count (give -f N instead)");
        }
        try {
            return new Precision(DiffCommand.percentage("--precision", precision), budget == null ? DEFAULT_BUDGET : budget);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage("--budget " + budget + ": " + e.getMessage());
        }
    }
}
