package dev.switchcost;

/**
 * A failure with a one-line message meant for the user and the {@link Kind} of failure it is. Thrown
 * from any layer; only the command line maps a kind to an exit code ({@code cli.ExitCodes#of}), prints
 * the message on one line (no stack trace) and exits.
 */
public class SwitchcostException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What kind of failure: who has to act, and so how the run ends. */
    public enum Kind {
        /** A benchmark, sampler, child command or result file failed; the run is not a result. */
        FAILURE,
        /** The user's input is wrong: an option, a value, a file. */
        USAGE,
        /** The machine lacks something required (a JDK, a CPU, disk space, a permission). */
        ENVIRONMENT,
        /** A bug in switchcost. */
        BUG
    }

    private final Kind kind;

    public SwitchcostException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    public static SwitchcostException usage(String message) {
        return new SwitchcostException(Kind.USAGE, message, null);
    }

    public static SwitchcostException environment(String message) {
        return new SwitchcostException(Kind.ENVIRONMENT, message, null);
    }
}
