package dev.switchcost.results;

import dev.switchcost.SwitchcostException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A result file could not be written. Its message is one line, {@code could not write PATH: reason},
 * followed for an environment cause by what to do; the kind is {@link Kind#ENVIRONMENT} when
 * the cause is the machine (no space left, read-only file system, disk quota) and
 * {@link Kind#FAILURE} otherwise.
 */
public final class ResultWriteException extends SwitchcostException {
    private static final long serialVersionUID = 1L;

    private final transient Path path;

    private ResultWriteException(Kind kind, Path path, String message, Throwable cause) {
        super(kind, message, cause);
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** Classifies {@code e} and words the message. */
    public static ResultWriteException of(Path path, IOException e) {
        String reason = reason(e);
        String lower = reason.toLowerCase(Locale.ROOT);
        if (lower.contains("no space left")) {
            return new ResultWriteException(Kind.ENVIRONMENT, path, "could not write " + path + ": no space left on device"
                    + " (free space on that file system or choose another results directory)", e);
        }
        if (lower.contains("read-only file system")) {
            return new ResultWriteException(Kind.ENVIRONMENT, path, "could not write " + path + ": read-only file system"
                    + " (choose a writable results directory)", e);
        }
        if (lower.contains("quota")) {
            return new ResultWriteException(Kind.ENVIRONMENT, path, "could not write " + path + ": disk quota exceeded"
                    + " (free space or choose another results directory)", e);
        }
        if (e instanceof AccessDeniedException) {
            return new ResultWriteException(Kind.ENVIRONMENT, path, "could not write " + path + ": permission denied"
                    + " (choose a directory you can write)", e);
        }
        return new ResultWriteException(Kind.FAILURE, path, "could not write " + path + ": " + reason, e);
    }

    static String reason(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return "no such directory (" + n.getFile() + ")";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
