package dev.switchcost.measure.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small file mapped {@code MAP_SHARED} ({@code FileChannel.map(READ_WRITE)}) that holds a
 * ping-pong's futex turn and a handshake with a partner process. The same layout serves two threads
 * of one JVM, so a thread ping-pong and a process ping-pong differ only in process vs thread.
 *
 * <p>Layout (32-bit words, native order; the turn alone on the first cache line):
 * {@link #TURN} the futex word; {@link #STATE} the partner's state; {@link #PID}, {@link #TID},
 * {@link #CPU} where the partner runs; {@link #STOP} set by the owner to make the partner exit.
 */
public final class SharedTurnFile implements AutoCloseable {

    public static final int SIZE = 4096;
    public static final int TURN = 0;
    public static final int STATE = 64;
    public static final int PID = 68;
    public static final int TID = 72;
    public static final int CPU = 76;
    public static final int STOP = 80;

    /** {@link #STATE} values (0 until the partner is ready). */
    public static final int READY = 1;
    public static final int EXITED = 2;

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final Path path;
    private final MappedByteBuffer buffer;
    private final boolean owner;

    private SharedTurnFile(Path path, MappedByteBuffer buffer, boolean owner) {
        this.path = path;
        this.buffer = buffer;
        this.owner = owner;
    }

    /** {@code switchcost-turn-<creator pid>-<random>.map}: the pid lets a later run remove a dead creator's file. */
    private static final Pattern NAME = Pattern.compile("switchcost-turn-(\\d+)-\\d+\\.map");

    /**
     * Creates and maps a new file in {@code /dev/shm} (memory-backed) where writable, else in
     * {@code java.io.tmpdir}; {@link #close()} deletes it. The name is unlinked as soon as both sides
     * have it mapped; a JVM killed before that leaves it behind, so first this removes the files of
     * creators that are no longer alive ({@link #removeOrphans}).
     */
    public static SharedTurnFile create() {
        Path shm = Path.of("/dev/shm");
        Path dir = Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        removeOrphans(dir);
        try {
            Path p = Files.createTempFile(dir, "switchcost-turn-" + ProcessHandle.current().pid() + "-", ".map");
            p.toFile().deleteOnExit();
            SharedTurnFile f = new SharedTurnFile(p, map(p), true);
            f.set(TURN, Turn.A);
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a shared turn file in " + dir, e);
        }
    }

    /**
     * Deletes the turn files in {@code dir} whose creator (the pid in the name) is no longer alive:
     * what a JVM killed between creating the file and both sides mapping it leaves behind.
     *
     * @return how many were deleted
     */
    static int removeOrphans(Path dir) {
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "switchcost-turn-*.map")) {
            for (Path f : files) {
                Matcher m = NAME.matcher(f.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty() && Files.deleteIfExists(f)) {
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // best effort: another run may be removing the same file, or the directory is not listable
        }
        return removed;
    }

    /** Maps an existing file (the partner process's side). */
    public static SharedTurnFile open(Path path) {
        try {
            return new SharedTurnFile(path, map(path), false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map " + path, e);
        }
    }

    private static MappedByteBuffer map(Path p) throws IOException {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_WRITE, 0, SIZE);
            b.order(ByteOrder.nativeOrder());
            return b;
        }
    }

    /** @return the turn as a non-private futex on this mapping */
    public FutexTurn turn(WaitKind wait) {
        return FutexTurn.shared(buffer, TURN, wait);
    }

    /**
     * Removes the file's name now; the mapping stays valid in every process that has it mapped. Call
     * once every process that needs the file has mapped it, so nothing is left in {@code /dev/shm}
     * even if this JVM is killed. Idempotent.
     */
    public void unlink() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    public Path path() {
        return path;
    }

    public int get(int offset) {
        return (int) INT.getVolatile(buffer, offset);
    }

    public void set(int offset, int value) {
        INT.setVolatile(buffer, offset, value);
    }

    /** Deletes the file if this side created it (if {@link #unlink()} has not); the mapping stays valid until collected. */
    @Override
    public void close() {
        if (owner) {
            unlink();
        }
    }
}
