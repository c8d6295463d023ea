package dev.switchcost.cli;

/** The exit codes of every {@code switchcost} command; scripts may rely on them. */
public final class ExitCodes {
    /** Done. */
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
}
