package dev.switchcost.measure.workload;

import dev.switchcost.measure.sample.ProcText;

import java.io.IOException;
import java.nio.file.Path;

/** A process's scheduler state letter from {@code /proc/PID/stat} (R, S, D, T stopped, t traced, Z...). */
final class ProcState {

    private ProcState() {
    }

    /** @return the state letter, or null if the process or the file is gone */
    static String of(long pid) {
        return ofStatFile(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** @return the state letter in one {@code stat} file (a process's, or a thread's under {@code /proc/PID/task}), or null */
    static String ofStatFile(Path statFile) {
        try {
            String stat = ProcText.read(statFile);
            int close = stat.lastIndexOf(')'); // the command name may hold spaces and parentheses
            return close < 0 || close + 2 >= stat.length() ? null : stat.substring(close + 2, close + 3);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
