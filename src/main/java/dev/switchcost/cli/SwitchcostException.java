package dev.switchcost.cli;

/**
 * A failure with a message meant for the user and the exit code it maps to. Thrown from deep code;
 * {@link SwitchcostCommand} prints the message on one line (no stack trace) and exits with the code.
 */
public class SwitchcostException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public SwitchcostException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public SwitchcostException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** Bad input: exit {@link ExitCodes#USAGE}. */
    public static SwitchcostException usage(String message) {
        return new SwitchcostException(ExitCodes.USAGE, message);
    }

    /** Missing environment: exit {@link ExitCodes#ENVIRONMENT}. */
    public static SwitchcostException environment(String message) {
        return new SwitchcostException(ExitCodes.ENVIRONMENT, message);
    }
}
