package dev.switchcost.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's scheduler state letter from {@code /proc/PID/stat} (R, S, D, T stopped, t traced, Z...). */
final class ProcState {

    private ProcState() {
    }

    /** @return the state letter, or null if the process or the file is gone */
    static String of(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int close = stat.lastIndexOf(')'); // the command name may hold spaces and parentheses
            return close < 0 || close + 2 >= stat.length() ? null : stat.substring(close + 2, close + 3);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
