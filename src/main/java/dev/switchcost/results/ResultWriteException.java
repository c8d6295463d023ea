package dev.switchcost.results;

import dev.switchcost.SwitchcostException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A result file could not be written. Its message is one line, {@code could not write PATH: reason},
 * followed for an environment cause by what to do; the kind is {@link Kind#ENVIRONMENT} when
 * the cause is the machine (no space left, read-only file system, disk quota) and
 * {@link Kind#FAILURE} otherwise.
 */
public final class ResultWriteException extends SwitchcostException {
    private static final long serialVersionUID = 1L;

    private ResultWriteException(Kind kind, String message, Throwable cause) {
        super(kind, message, cause);
    }

    /** Causes that are the machine's (kind {@link Kind#ENVIRONMENT}), as their reason spells them, and what to say. */
    private static final List<Map.Entry<String, String>> ENVIRONMENT = List.of(
            Map.entry("no space left", "no space left on device (free space on that file system or choose another results directory)"),
            Map.entry("read-only file system", "read-only file system (choose a writable results directory)"),
            Map.entry("quota", "disk quota exceeded (free space or choose another results directory)"));

    /** Classifies {@code e} and words the message. */
    public static ResultWriteException of(Path path, IOException e) {
        String reason = reason(e);
        String lower = reason.toLowerCase(Locale.ROOT);
        String said = ENVIRONMENT.stream().filter(c -> lower.contains(c.getKey())).map(Map.Entry::getValue).findFirst()
                .orElse(e instanceof AccessDeniedException ? "permission denied (choose a directory you can write)" : null);
        return new ResultWriteException(said == null ? Kind.FAILURE : Kind.ENVIRONMENT,
                "could not write " + path + ": " + (said == null ? reason : said), e);
    }

    public static String reason(IOException e) {
        return e instanceof NoSuchFileException n ? "no such directory (" + n.getFile() + ")"
                : e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
