package dev.switchcost.measure.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The last lines a child process wrote to stderr, kept in memory by a daemon thread that reads the
 * pipe until the child closes it: what a failure message quotes, with no temporary file to leak.
 */
final class StderrTail {

    static final int LINES = 5;

    private final Deque<String> lines = new ArrayDeque<>();

    private StderrTail() {
    }

    /** Starts draining {@code p}'s stderr (which must be a pipe, the {@link ProcessBuilder} default). */
    static StderrTail follow(Process p) {
        StderrTail t = new StderrTail();
        Thread.ofPlatform().name("partner-stderr-" + p.pid()).daemon(true).start(() -> t.drain(p));
        return t;
    }

    private void drain(Process p) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                synchronized (lines) {
                    lines.addLast(line);
                    if (lines.size() > LINES) {
                        lines.removeFirst();
                    }
                }
            }
        } catch (IOException ignored) {
            // the child is gone; what was read is kept
        }
    }

    /** @return "; its stderr ends: a | b" or "; its stderr is empty" */
    String tail() {
        synchronized (lines) {
            return lines.isEmpty() ? "; its stderr is empty" : "; its stderr ends: " + String.join(" | ", lines);
        }
    }
}
