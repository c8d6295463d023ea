package dev.switchcost.results;

import java.time.Instant;
import java.util.Optional;

/**
 * The process that writes a {@code status: running} file, so that a reader can tell a live run from one
 * that ended without finishing (killed with SIGKILL, stopped by a full file system). The
 * status line is {@code running pid=<pid> started=<instant>}: the pid alone could be reused by another
 * process, the pid with its start time cannot. A bare {@code running} (written before this) tells nothing.
 *
 * @param pid     the writer's pid
 * @param started its start time as the JDK reads it ({@link ProcessHandle.Info#startInstant}), or null
 */
record RunOwner(long pid, String started) {

    static RunOwner current() {
        ProcessHandle self = ProcessHandle.current();
        return new RunOwner(self.pid(), self.info().startInstant().map(Instant::toString).orElse(null));
    }

    /** The state line of a running status: {@code running pid=123 started=2026-11-25T19:40:01.230Z}. */
    String statusLine() {
        return "running pid=" + pid + (started == null ? "" : " started=" + started);
    }

    /** The owner named in a {@code running ...} line; empty for a bare {@code running} or one it cannot read. */
    static Optional<RunOwner> parse(String firstLine) {
        long pid = -1;
        String started = null;
        for (String word : firstLine.strip().split("\\s+")) {
            if (word.startsWith("pid=")) {
                try {
                    pid = Long.parseLong(word.substring(4));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            } else if (word.startsWith("started=")) {
                started = word.substring(8);
            }
        }
        return pid > 0 ? Optional.of(new RunOwner(pid, started)) : Optional.empty();
    }

    /** Whether this process is alive: its pid exists and, where recorded, started at the same time. */
    boolean alive() {
        Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        return h.isPresent() && (started == null
                || h.get().info().startInstant().map(i -> i.toString().equals(started)).orElse(true));
    }

    /** Why a {@code running} status is not live: {@code pid 123 gone}, or null while its writer is alive. */
    String gone() {
        return alive() ? null : "pid " + pid + " gone";
    }
}
