package dev.switchcost.results;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;

/** A JMH result file ({@code -rf}/{@code -rff}), written whole or not at all. */
public final class JmhResultFile {

    private JmhResultFile() {
    }

    /**
     * Writes {@code results} in {@code type} to a temporary file beside {@code file}, then renames it:
     * {@code file} is either the whole result or untouched.
     *
     * @throws ResultWriteException when the file cannot be written completely
     *         (exit 3 for a full disk or read-only file system, 1 otherwise)
     */
    public static void write(Path file, ResultFormatType type, Collection<RunResult> results) {
        // JMH's writers print to a PrintStream, which keeps I/O errors to itself: render in memory, then
        // write the bytes where errors are thrown
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(bytes, false, StandardCharsets.UTF_8);
        ResultFormatFactory.getInstance(type, ps).writeOut(results);
        ps.flush();
        AtomicFiles.writeBytes(file, bytes.toByteArray());
    }
}
