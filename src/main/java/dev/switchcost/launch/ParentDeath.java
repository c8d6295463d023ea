package dev.switchcost.launch;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Children that die with the process that started them, whatever kills it ({@code kill -9} too, which
 * no shutdown hook sees): the one place that says how. A command is started as
 * {@code setpriv --pdeathsig KILL -- sh -c 'CHECK; exec "$@"' sh COMMAND...}: util-linux's setpriv sets
 * PR_SET_PDEATHSIG, and the kernel sends SIGKILL when the parent ends. The signal is kept across
 * exec, so COMMAND (same pid) is the one that gets it. Used for every child that runs for long: the
 * launcher's JVM, {@code sample}'s perf and sampled command, the C programs ({@code NativeRunner}), the
 * partner process ({@code ProcessPingPong}) and valgrind ({@code NativeSimulation}); short probes that end
 * by themselves (lscpu, perf and valgrind probes, jcmd, java -version) are started plainly, each saying so.
 * Compiled for Java 8 with the launcher.
 *
 * <p>The CHECK closes the race of a parent that dies between the fork and the prctl (the signal is
 * then never sent): after the prctl the shell compares its parent with the pid of the process that
 * started it and exits if that is gone. Only {@link #ofChild} knows that pid; {@link #ofGrandchild}
 * (a process another program starts, e.g. perf's workload) sets the signal without the check.
 *
 * <p>Where setpriv has no {@code --pdeathsig} (util-linux before 2.33, or none) commands run as given,
 * and outlive a {@code kill -9} of their parent as before; an ordinary end of the parent still stops
 * them through its shutdown hook.
 */
public final class ParentDeath {

    static final String SETPRIV = "/usr/bin/setpriv";
    static final String SH = "/bin/sh";
    /** Whether setpriv here takes --pdeathsig: asked once ({@code setpriv --help}). */
    private static Boolean available;

    private ParentDeath() {
    }

    /**
     * @param command a command this JVM starts itself (with ProcessBuilder, from a thread that lives as long
     *                as the child should: Linux sends the signal when the creating thread ends)
     * @return the command that gets SIGKILL when this JVM ends, with the race checked, or {@code command}
     */
    public static List<String> ofChild(List<String> command) {
        long self = selfPid();
        return available() && self > 0 ? wrap(command, "[ \"$PPID\" = " + self + " ] || exit 137; ") : command;
    }

    /**
     * @param command a command another program starts (its parent's pid is not known here)
     * @return the command that gets SIGKILL when its parent ends, or {@code command}
     */
    public static List<String> ofGrandchild(List<String> command) {
        return available() ? wrap(command, "") : command;
    }

    /** @return whether children can be made to die with their parent here */
    public static synchronized boolean available() {
        if (available == null) {
            available = new File(SETPRIV).canExecute() && new File(SH).canExecute() && helpHasPdeathsig();
        }
        return available;
    }

    static List<String> wrap(List<String> command, String check) {
        List<String> out = new ArrayList<String>(Arrays.asList(SETPRIV, "--pdeathsig", "KILL", "--", SH, "-c",
                check + "exec \"$@\"", "sh"));
        out.addAll(command);
        return out;
    }

    private static boolean helpHasPdeathsig() {
        // this asks whether the wrapper works at all
        List<String> help = probe(5, SETPRIV, "--help");
        return help != null && help.toString().contains("--pdeathsig");
    }

    /**
     * A short probe that ends by itself, started plainly (not through {@link #ofChild}).
     *
     * @return what it wrote (stdout and stderr), line by line; null when it could not start or did not end within
     *         {@code timeoutSeconds} of closing its output
     */
    static List<String> probe(int timeoutSeconds, String... command) {
        Process p = null;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            List<String> lines = new ArrayList<String>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), Charset.defaultCharset()))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    lines.add(l);
                }
            }
            return p.waitFor(timeoutSeconds, TimeUnit.SECONDS) ? lines : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (p != null) {
                p.destroyForcibly();
            }
        }
    }

    /** This process's pid (Java 8 has no ProcessHandle): /proc/self's target, or -1. */
    static long selfPid() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Paths.get("/proc/self")).toString());
        } catch (IOException | NumberFormatException | UnsupportedOperationException e) {
            return -1;
        }
    }

    /**
     * Stops a child on Ctrl-C/SIGTERM: SIGTERM, then SIGKILL if it is still there after {@code graceSeconds}.
     * Waits, so that this JVM does not end (and kill the child by the parent-death signal) while the child
     * still writes what it gathered.
     */
    public static void stop(Process p, int graceSeconds) {
        p.destroy();
        try {
            if (!p.waitFor(graceSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
