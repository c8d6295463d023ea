package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-thread counters of one process, read from {@code /proc/<pid>/task/*}: context switches from
 * {@code status}, and CPU migrations from {@code sched}'s {@code se.nr_migrations} where the kernel
 * has it (CONFIG_SCHED_DEBUG; -1 otherwise). Threads that end between two snapshots drop out, so
 * snapshot while the threads of interest are alive.
 *
 * @param name        the thread's comm (Java thread names truncated to 15 characters)
 * @param voluntary   voluntary switches so far
 * @param involuntary involuntary switches so far
 * @param migrations  CPU migrations so far, or -1 when unavailable
 */
public record ThreadCounters(int tid, String name, long voluntary, long involuntary, long migrations) {

    public static Map<Integer, ThreadCounters> snapshotSelf() {
        return snapshot(Path.of("/proc/self/task"));
    }

    /** @return every thread under a {@code /proc/<pid>/task} directory, by tid */
    public static Map<Integer, ThreadCounters> snapshot(Path taskDir) {
        Map<Integer, ThreadCounters> out = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir)) {
            for (Path task : tasks) {
                int tid = (int) ProcText.number(task);
                if (tid < 0) {
                    continue;
                }
                try {
                    out.put(tid, readTask(task, tid));
                } catch (IOException e) {
                    if (!ProcText.vanished(e)) {
                        throw e;
                    }
                    // the thread ended while we listed: it is not one we can count
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + taskDir, e);
        }
        return out;
    }

    /**
     * One thread of any process, from {@code /proc/<pid>/task/<tid>}.
     *
     * @return its counters, or null if it no longer exists
     */
    public static ThreadCounters read(int pid, int tid) {
        Path task = Path.of("/proc", String.valueOf(pid), "task", String.valueOf(tid));
        try {
            return readTask(task, tid);
        } catch (IOException e) {
            if (ProcText.vanished(e)) {
                return null;
            }
            throw new UncheckedIOException("cannot read " + task, e);
        }
    }

    /** One thread's counters, from its {@code /proc/.../task/<tid>} directory. */
    private static ThreadCounters readTask(Path task, int tid) throws IOException {
        ProcStatus st = ProcStatus.parse(ProcText.lines(task.resolve("status")));
        Path sched = task.resolve("sched");
        long migrations = Files.isReadable(sched) ? parseMigrations(ProcText.lines(sched)) : -1;
        return new ThreadCounters(tid, st.name(), st.voluntary(), st.involuntary(), migrations);
    }

    /** @return {@code se.nr_migrations} from a {@code sched} file, or -1 when absent */
    public static long parseMigrations(List<String> schedLines) {
        String v = ProcText.field(schedLines, "se.nr_migrations");
        return v == null ? -1 : Long.parseLong(v);
    }

    public long total() {
        return voluntary + involuntary;
    }
}
