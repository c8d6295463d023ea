package dev.switchcost.measure.jmh;

import dev.switchcost.SwitchcostException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * JMH's lock: one JMH run on a machine at a time, held by JMH's {@code Runner} as a file lock on {@code jmh.lock} in
 * {@code java.io.tmpdir} for the length of a run (JMH refuses to start while another process holds it, unless
 * {@code -Djmh.ignoreLock=true}). Here: waiting for it with a bound before a run starts, and naming who holds it.
 */
public final class JmhLock {

    /** JMH refused to start: another process held its lock (a run that never started, one line naming the holder). */
    public static final class Busy extends SwitchcostException {
        private static final long serialVersionUID = 1L;

        public Busy(String holder) {
            super(Kind.ENVIRONMENT, "another JMH run holds the JMH lock " + file() + ": " + holder
                    + "; run again when it has ended (or stop it), or wait longer with --lock-wait", null);
        }
    }

    private static final Duration POLL = Duration.ofMillis(200);

    private JmhLock() {
    }

    /** The file JMH locks, as JMH names it. */
    public static Path file() {
        return Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    }

    /** True when JMH is told to run without its lock ({@code -Djmh.ignoreLock=true}). */
    public static boolean ignored() {
        return Boolean.getBoolean("jmh.ignoreLock");
    }

    /**
     * Waits up to {@code bound} for the lock to be free, saying once through {@code waiting} who holds it.
     *
     * @return empty when the lock is free (JMH takes it when the run starts), else who still holds it after the bound
     */
    public static Optional<String> awaitFree(Duration bound, Consumer<String> waiting) throws InterruptedException {
        Path file = file();
        long deadline = System.nanoTime() + bound.toNanos();
        boolean said = false;
        while (true) {
            if (free(file)) {
                return Optional.empty();
            }
            String holder = holder(file);
            if (System.nanoTime() - deadline >= 0) {
                return Optional.of(holder);
            }
            if (!said) {
                waiting.accept(holder);
                said = true;
            }
            Thread.sleep(POLL);
        }
    }

    /** True when {@code e} is JMH refusing to start because another process holds its lock. */
    public static boolean refused(Throwable e) {
        return Trials.rootMessage(e).contains("Unable to acquire the JMH lock");
    }

    /** True unless another process (or this one) holds a lock on {@code file}; a file that cannot be opened is JMH's to report. */
    static boolean free(Path file) {
        if (!Files.exists(file)) {
            return true;
        }
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock l = c.tryLock();
            if (l == null) {
                return false;
            }
            l.release();
            return true;
        } catch (OverlappingFileLockException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * Who holds a lock on {@code file}: "pid N (its command line)" from {@code /proc/locks} (matched on the file's inode),
     * or "another process" when that cannot be read.
     */
    public static String holder(Path file) {
        try {
            long inode = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
            return holder(Files.readAllLines(Path.of("/proc/locks")), inode).map(JmhLock::described).orElse("another process");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "another process";
        }
    }

    /** The pid in the first line of {@code /proc/locks} that locks inode {@code inode} ("MAJ:MIN:INODE" is its sixth field). */
    static Optional<Long> holder(List<String> procLocks, long inode) {
        for (String line : procLocks) {
            String[] f = line.trim().split("\\s+");
            // 1: POSIX  ADVISORY  WRITE 1234 08:01:5678 0 EOF; a waiter's line has "->" after the number and holds nothing
            if (f.length < 6 || "->".equals(f[1])) {
                continue;
            }
            String[] dev = f[5].split(":");
            try {
                if (dev.length == 3 && Long.parseLong(dev[2]) == inode) {
                    return Optional.of(Long.parseLong(f[4]));
                }
            } catch (NumberFormatException e) {
                // not a lock line
            }
        }
        return Optional.empty();
    }

    private static String described(long pid) {
        String cmd;
        try {
            cmd = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ').strip();
        } catch (IOException e) {
            cmd = "";
        }
        if (cmd.length() > 160) {
            cmd = cmd.substring(0, 159) + "…";
        }
        return "pid " + pid + (cmd.isEmpty() ? "" : " (" + cmd + ")");
    }
}
