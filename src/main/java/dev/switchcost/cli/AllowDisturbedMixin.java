package dev.switchcost.cli;

import picocli.CommandLine.Option;

/**
 * {@code --allow-disturbed}: the one option, in every subcommand that judges its measurements by the
 * disturbance rule ({@code run}, {@code compare}), that keeps disturbed figures marked instead of leaving
 * them out and exiting 1.
 */
public final class AllowDisturbedMixin {

    @Option(names = "--allow-disturbed", description = "Keep the figures whose CPUs other tasks took (more than "
            + "5%% of their time, or 5%% stolen by the hypervisor) or that a CPU quota throttled, marked disturbed, and exit 0; without it such a trial "
            + "or repetition is left out like a failed one and the command exits 1, naming it and the largest intruder.")
    boolean allowed;

    public boolean allowed() {
        return allowed;
    }
}
