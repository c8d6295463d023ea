package dev.switchcost.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * Forwards a child's stdout and stderr to ours and lets {@code sample}'s live view print between the
 * child's lines, never inside one: both streams and the live view share one lock, and a line of the
 * view that comes while the child is part-way through a line starts on a new line.
 */
public final class ChildOutput {

    private final Object lock = new Object();
    private boolean midLine;
    private final Thread[] pumps = new Thread[2];

    /** Starts forwarding {@code process}'s two pipes to {@code out} and {@code err}. */
    public ChildOutput(Process process, OutputStream out, OutputStream err) {
        pumps[0] = pump(process.getInputStream(), out, "switchcost-sample-stdout");
        pumps[1] = pump(process.getErrorStream(), err, "switchcost-sample-stderr");
    }

    private Thread pump(InputStream in, OutputStream to, String name) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    synchronized (lock) {
                        to.write(buf, 0, n);
                        to.flush();
                        if (n > 0) {
                            midLine = buf[n - 1] != '\n';
                        }
                    }
                }
            } catch (IOException e) {
                // the child's end closed, or ours: nothing more to forward
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Prints one line of the live view to {@code w}, on a line of its own. */
    public void println(PrintWriter w, String line) {
        synchronized (lock) {
            if (midLine) {
                w.println();
                midLine = false;
            }
            w.println(line);
            w.flush();
        }
    }

    /** Waits a little for what the child wrote last (background children may keep the pipes open: not for them). */
    public void drain() throws InterruptedException {
        for (Thread t : pumps) {
            t.join(300);
        }
    }
}
