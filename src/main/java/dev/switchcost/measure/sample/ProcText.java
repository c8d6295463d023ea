package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The one way switchcost reads a {@code /proc} file, and the one way it shows a name taken from one.
 *
 * <p><b>Bytes, never strict UTF-8.</b> A {@code /proc} file holds whatever bytes a process put there: the
 * kernel cuts a thread's {@code comm} at 15 bytes, which can split a UTF-8 character ({@code "éééééééé"}
 * becomes 7½ of them), and any user can name a thread with ESC, newline or U+202E. {@code Files.readString}
 * and {@code Files.readAllLines} throw {@code MalformedInputException} on such bytes, so one foreign thread
 * broke every trial on the machine. Here a malformed byte becomes U+FFFD ({@code new String}
 * replaces, it never throws), and the file is read to its end as an {@code InputStream} (procfs files report
 * size 0, see {@code SystemLimits}).
 *
 * <p><b>Names shown escaped.</b> {@link #name} makes a {@code comm} safe wherever it is shown or written:
 * a control character (C0, DEL, C1) becomes {@code \xNN}, an invisible format character (the bidi overrides
 * such as U+202E, zero-width ones) {@code \u202e}; everything else, U+FFFD and {@code ksoftirqd/0} included,
 * stays as the kernel has it.
 */
public final class ProcText {

    private ProcText() {
    }

    /** The whole file, malformed UTF-8 replaced. */
    public static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The file's lines, malformed UTF-8 replaced. */
    public static List<String> lines(Path file) throws IOException {
        return read(file).lines().toList();
    }

    /**
     * The value of the first line that starts with {@code key} ({@code "Threads:"} of a status file,
     * {@code "se.nr_migrations"} of a sched file): what follows its first colon, trimmed; null when no line does.
     */
    public static String field(List<String> lines, String key) {
        return lines.stream().filter(l -> l.startsWith(key)).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(null);
    }

    /**
     * Whether reading a task's {@code /proc} files failed because the task is gone: the file is missing
     * (ENOENT), or the task exited between opening and reading it (ESRCH, "No such process"). A reader
     * treats such a task as finished, never as an error.
     */
    public static boolean vanished(IOException e) {
        if (e instanceof NoSuchFileException) {
            return true;
        }
        String why = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        return why != null && why.contains("No such process");
    }

    /** The number a {@code /proc} entry is named by (a pid, a tid), or -1 when its name is not all digits. */
    public static long number(Path entry) {
        String s = entry.getFileName().toString();
        return s.matches("[0-9]+") ? Long.parseLong(s) : -1;
    }

    /** A name from {@code /proc} ({@code comm}, {@code Name:}) as it may be shown: controls and format characters escaped. */
    public static String name(String raw) {
        StringBuilder b = null;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            String esc = c < 0x20 || c >= 0x7f && c <= 0x9f ? String.format("\\x%02x", (int) c)
                    : Character.getType(c) == Character.FORMAT ? String.format("\\u%04x", (int) c) : null;
            if (esc != null && b == null) {
                b = new StringBuilder(raw.substring(0, i));
            }
            if (b != null) {
                b.append(esc != null ? esc : String.valueOf(c));
            }
        }
        return b == null ? raw : b.toString();
    }
}
