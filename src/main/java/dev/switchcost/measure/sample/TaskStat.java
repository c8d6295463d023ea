package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The few fields switchcost needs from a thread's {@code /proc/<pid>/task/<tid>/stat} ({@code proc(5)}):
 * its command, its CPU time, the CPU it last ran on and its parent process.
 *
 * @param pid       the process (thread group) it belongs to, from the path
 * @param tid       the thread, field 1
 * @param comm      field 2 without its parentheses (may contain spaces and parentheses itself), shown safe
 *                  ({@link ProcText#name}: a thread named with ESC or U+202E is escaped)
 * @param cpuTicks  utime + stime, fields 14 and 15, in clock ticks ({@link CpuTicks#TICKS_PER_SECOND})
 * @param processor field 39: the CPU it last ran on
 * @param ppid      field 4: its process's parent (0 when not read)
 * @param runNs     its run time in ns, the first number of its {@code schedstat} ({@link SchedStat#runNs}): exact where
 *                  {@code cpuTicks} is whole 10 ms ticks; -1 when not read
 */
public record TaskStat(long pid, int tid, String comm, long cpuTicks, int processor, long ppid, long runNs) {

    /** A thread whose run time in ns was not read. */
    public TaskStat(long pid, int tid, String comm, long cpuTicks, int processor, long ppid) {
        this(pid, tid, comm, cpuTicks, processor, ppid, -1);
    }

    /**
     * Parses one {@code stat} line. The command is everything between the first {@code (} and the
     * last {@code )}; the fields are counted after it.
     *
     * @throws IllegalArgumentException naming the line when it is not a stat line
     */
    public static TaskStat parse(long pid, String line) {
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new IllegalArgumentException("not a /proc stat line: '" + line.strip() + "'");
        }
        String[] rest = line.substring(close + 1).trim().split("\\s+");
        // rest[0] is field 3 (state): field n is rest[n - 3]
        if (rest.length < 39 - 2) {
            throw new IllegalArgumentException("/proc stat line with fewer than 39 fields: '" + line.strip() + "'");
        }
        try {
            int tid = Integer.parseInt(line.substring(0, open).trim());
            long utime = Long.parseLong(rest[14 - 3]);
            long stime = Long.parseLong(rest[15 - 3]);
            int processor = Integer.parseInt(rest[39 - 3]);
            long ppid = Long.parseLong(rest[4 - 3]);
            return new TaskStat(pid, tid, ProcText.name(line.substring(open + 1, close)), utime + stime, processor, ppid);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a /proc stat line: '" + line.strip() + "'");
        }
    }

    /**
     * Field 3 of a {@code stat} line, the scheduler state letter (R, S, D, T stopped, t traced, Z ...), read after the
     * last {@code )} as {@link #parse} reads its fields; null when the line has none.
     */
    public static String state(String line) {
        int close = line.lastIndexOf(')');
        return close < 0 || close + 2 >= line.length() ? null : line.substring(close + 2, close + 3);
    }

    /**
     * Every thread of every process under {@code procRoot} ({@code /proc}), by tid. A thread or process
     * that ends while it is read is left out: it counts as finished. So is one that cannot be read or
     * parsed for any other reason (a {@code hidepid} mount, a file the kernel answers oddly): another
     * process's oddity is that process's problem, never the reader's; its time stays unattributed.
     */
    public static Map<Integer, TaskStat> scan(Path procRoot) {
        Map<Integer, TaskStat> out = new HashMap<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(procRoot)) {
            for (Path proc : procs) {
                long pid = ProcText.number(proc);
                if (pid >= 0) {
                    scanProcess(proc, pid, out);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + procRoot, e);
        }
        return out;
    }

    /**
     * Every thread of one process directory ({@code /proc/<pid>}) into {@code out}; nothing if it has ended,
     * and any task that cannot be read or parsed is left out (see {@link #scan}).
     */
    public static void scanProcess(Path proc, long pid, Map<Integer, TaskStat> out) {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("task"))) {
            for (Path task : tasks) {
                if (ProcText.number(task) < 0) {
                    continue;
                }
                try {
                    TaskStat t = parse(pid, ProcText.read(task.resolve("stat")));
                    out.put(t.tid(), new TaskStat(pid, t.tid(), t.comm(), t.cpuTicks(), t.processor(), t.ppid(),
                            runNs(task)));
                } catch (IOException | IllegalArgumentException unreadable) {
                    // ended, hidden or odd: not ours to judge
                }
            }
        } catch (IOException | UncheckedIOException | SecurityException unreadable) {
            // the process ended, or its tasks cannot be listed: left out
        }
    }

    /** A task directory's run time in ns from its {@code schedstat}; -1 when it cannot be read (ended, or no schedstat). */
    private static long runNs(Path task) {
        try {
            return SchedStat.parse(ProcText.read(task.resolve("schedstat"))).runNs();
        } catch (IOException | IllegalArgumentException unreadable) {
            return -1;
        }
    }

    /**
     * A whole process's CPU time: utime + stime of {@code /proc/<pid>/stat}, which keeps the time of its
     * threads that ended; -1 when it cannot be read.
     */
    public static long processTicks(long pid) {
        try {
            return parse(pid, ProcText.read(Path.of("/proc", String.valueOf(pid), "stat"))).cpuTicks();
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        }
    }

    public static Map<Integer, TaskStat> scanAll() {
        return scan(Path.of("/proc"));
    }
}
