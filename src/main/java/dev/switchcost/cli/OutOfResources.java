package dev.switchcost.cli;

import dev.switchcost.measure.footprint.SystemLimits;

/**
 * The one line a command prints when the JVM runs out of threads or memory (an {@link OutOfMemoryError}
 * reaching a command's entry point), with the limits that apply, instead of a trace. Exit 3: the
 * environment lacks something.
 */
final class OutOfResources {

    private OutOfResources() {
    }

    /** @return the line, without the "switchcost: " prefix */
    static String line(OutOfMemoryError e) {
        String limits;
        try {
            limits = SystemLimits.read().describe();
        } catch (RuntimeException | Error again) {
            limits = "limits unreadable: " + again;
        }
        return line(e, limits);
    }

    static String line(OutOfMemoryError e, String limits) {
        String what = e.getMessage() == null ? "" : e.getMessage();
        if (what.contains("native thread")) {
            return "cannot start another thread (" + limits + "); raise the limit that is full (ulimit -u, kernel.threads-max,"
                    + " the cgroup's pids.max) or stop other programs";
        }
        return "out of memory (" + (what.isEmpty() ? "OutOfMemoryError" : what) + "; " + limits
                + "); give the JVM more heap (JAVA_TOOL_OPTIONS=-Xmx...) or the machine more memory";
    }
}
