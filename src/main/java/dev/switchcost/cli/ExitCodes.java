package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;

/**
 * The exit codes of every {@code switchcost} command and of {@code benchmarks.jar}; scripts may rely on
 * them. The one place where a failure's {@link SwitchcostException.Kind} becomes a number.
 */
public final class ExitCodes {
    public static final int OK = 0;
    /** A benchmark, sampler or child command failed. */
    public static final int FAILURE = 1;
    /** Bad input: unknown option, bad value, missing argument (picocli's {@code ExitCode.USAGE}). */
    public static final int USAGE = 2;
    /** The environment lacks something required: not Linux, no JDK 21+, JNA unavailable, perf missing. */
    public static final int ENVIRONMENT = 3;
    /** A bug in switchcost. */
    public static final int INTERNAL = 4;

    private ExitCodes() {
    }

    public static int of(SwitchcostException.Kind kind) {
        return switch (kind) {
            case FAILURE -> FAILURE;
            case USAGE -> USAGE;
            case ENVIRONMENT -> ENVIRONMENT;
            case BUG -> INTERNAL;
        };
    }
}
