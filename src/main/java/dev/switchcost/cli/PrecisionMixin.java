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
            description = "Add forks, a round of every trial at a time, until each figure's 99.9%% between-fork interval is within"
                    + " PCT of it (e.g. 3%%), or --budget ends; the card marks each figure that stopped on the budget before PCT."
                    + " --quick only.")
    String precision;

    @Option(names = "--budget", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "One deadline for the whole run (every JMH run and the C comparison; default: 10m): --precision adds a"
                    + " round only while another fits before it. The first rounds always run: a budget below what they take is"
                    + " said up front, and then no round is added.")
    Duration budget;

    /** The precision asked for, or null; a user mistake (exit 2) when it is malformed or given without --quick. */
    Precision precision(boolean quick) {
        if (precision == null) {
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
