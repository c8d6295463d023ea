package dev.switchcost.measure.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One reading of one thread: its switches ({@code status}) and its CPU and run-queue time
 * ({@code schedstat}), from {@code /proc/<pid>/task/<tid>}.
 *
 * @param pid         the process
 * @param tid         the thread
 * @param name        the thread's comm (15 characters at most)
 * @param voluntary   voluntary switches since the thread started
 * @param involuntary involuntary switches since the thread started
 * @param runNanos    CPU time since the thread started, ns (-1 without schedstat)
 * @param waitNanos   run-queue delay since the thread started, ns (-1 without schedstat)
 */
public record TaskReading(int pid, int tid, String name, long voluntary, long involuntary, long runNanos, long waitNanos) {

    /**
     * Reads {@code taskDir} ({@code /proc/<pid>/task/<tid>}).
     *
     * @return the reading, or null when the thread has ended (the file is gone, or the kernel answers ESRCH)
     * @throws IOException for any other failure to read
     */
    public static TaskReading read(Path taskDir, int pid, int tid) throws IOException {
        try {
            ProcStatus st = ProcStatus.parse(ProcText.lines(taskDir.resolve("status")));
            SchedStat ss = null;
            Path schedstat = taskDir.resolve("schedstat");
            if (Files.exists(schedstat)) {
                ss = SchedStat.parse(ProcText.read(schedstat));
            }
            return of(pid, tid, st, ss);
        } catch (IOException e) {
            if (ProcText.vanished(e)) {
                return null;
            }
            throw e;
        }
    }

    /** A reading from parsed files; {@code schedstat} may be null (kernel without CONFIG_SCHED_INFO). */
    public static TaskReading of(int pid, int tid, ProcStatus status, SchedStat schedstat) {
        return new TaskReading(pid, tid, status.name(), status.voluntary(), status.involuntary(),
                schedstat == null ? -1 : schedstat.runNs(), schedstat == null ? -1 : schedstat.waitNs());
    }

    /** Voluntary plus involuntary switches. */
    public long switches() {
        return voluntary + involuntary;
    }
}
