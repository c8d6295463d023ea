package dev.switchcost.cli;

import picocli.CommandLine.Option;

/**
 * {@code --allow-disturbed}: the one option, in every subcommand that judges its measurements by the
 * disturbance rule ({@code run}, {@code compare}), that keeps disturbed figures marked instead of leaving
 * them out and exiting 1.
 */
public final class AllowDisturbedMixin {

    @Option(names = "--allow-disturbed", description = "Keep the figures whose CPUs others took (processes outside "
            + "the run more than 2%% of their time by their own run time, other tasks more than 5%% by the scheduler's ticks, or "
            + "the hypervisor 5%% by steal) or that a CPU quota throttled, marked disturbed, and exit 0; without it such a trial "
            + "or repetition is left out like a failed one and the command exits 1, naming it and the largest intruder.")
    boolean allowed;

    public boolean allowed() {
        return allowed;
    }
}
