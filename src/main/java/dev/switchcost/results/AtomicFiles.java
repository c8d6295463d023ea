package dev.switchcost.results;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collection;

/**
 * The one way switchcost writes a result file ({@code jmh*.json}, {@code machine.json},
 * {@code compare.json}, CSV, report files, JMH's own result files): into a temporary file in the target's directory, flushed
 * and fsynced, then renamed over the target. A reader therefore sees the old file or the whole new
 * one, never a truncated one; a failed write leaves no temporary file behind and throws a
 * {@link ResultWriteException} naming the path (exit 1, or exit 3 when the cause is the environment:
 * no space, read-only file system, quota), so nothing is ever announced as written that was not.
 */
public final class AtomicFiles {

    /** A body that writes to a stream and may throw {@link IOException}. */
    @FunctionalInterface
    public interface IOConsumer<T> {
        void accept(T t) throws IOException;
    }

    private AtomicFiles() {
    }

    /**
     * Writes {@code target} atomically: {@code body} writes into a temporary file beside it, named {@code .NAME.tmp-*}
     * so that no reader takes it for a result, which is fsynced and renamed over {@code target}.
     *
     * @return {@code target}
     * @throws ResultWriteException when any step fails (the temporary file is removed)
     */
    public static Path write(Path target, IOConsumer<OutputStream> body) {
        Path tmp;
        try {
            tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName() + ".tmp-", "");
        } catch (IOException e) {
            throw ResultWriteException.of(target, e);
        }
        try {
            try {
                // createTempFile makes it private (0600); a result file is as readable as any other file
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: keep its default
            }
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.accept(out);
            }
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory(target.toAbsolutePath().getParent());
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw ResultWriteException.of(target, e);
        } catch (RuntimeException | Error e) {
            deleteQuietly(tmp);
            throw e;
        }
        return target;
    }

    /** {@link #write(Path, IOConsumer)} for text, UTF-8. */
    public static Path writeString(Path target, String text) {
        return write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@link #write(Path, IOConsumer)} for bytes. */
    public static Path writeBytes(Path target, byte[] bytes) {
        return write(target, out -> out.write(bytes));
    }

    /**
     * Writes JMH's {@code results} in {@code type} ({@code -rf}/{@code -rff}) atomically: JMH's writers print to a
     * PrintStream, which keeps I/O errors to itself, so they render in memory and the bytes are written here, where errors
     * are thrown (exit 3 for a full disk or read-only file system, 1 otherwise).
     */
    public static Path writeJmh(Path file, ResultFormatType type, Collection<RunResult> results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(bytes, false, StandardCharsets.UTF_8);
        ResultFormatFactory.getInstance(type, ps).writeOut(results);
        ps.flush();
        return writeBytes(file, bytes.toByteArray());
    }

    /** Makes the rename durable; a file system that cannot fsync a directory is not an error. */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // best effort: the data itself is synced
        }
    }

    public static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // nothing more to do
        }
    }
}
