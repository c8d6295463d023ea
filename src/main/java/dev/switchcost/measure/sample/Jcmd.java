package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The JDK's {@code jcmd}, run with a bound: its output is read beside it and the wait ends at the limit, when it is
 * killed, so a JVM that does not answer (stopped, or its attach listener stuck) never holds switchcost. {@link #run}
 * serves any short command so (perf's probes too).
 */
public final class Jcmd {

    /**
     * What jcmd said.
     *
     * @param exit     its exit code; -1 when it was killed at the limit
     * @param output   stdout and stderr together (undecodable bytes replaced)
     * @param timedOut whether it was killed at the limit
     */
    public record Answer(int exit, String output, boolean timedOut) {
    }

    private Jcmd() {
    }

    /** @return the command line: this JDK's jcmd (else the one on PATH), the pid, then {@code args} */
    public static List<String> command(long pid, List<String> args) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        List<String> cmd = new ArrayList<>(List.of(Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd", String.valueOf(pid)));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Runs {@code cmd} (from {@link #command}) for at most {@code seconds}.
     *
     * @throws IOException when jcmd cannot be started
     */
    public static Answer run(List<String> cmd, long seconds) throws IOException, InterruptedException {
        // not through launch.ParentDeath: the command ends by itself, is killed at the bound, and "not found" stays an IOException
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        CompletableFuture<byte[]> out = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (InputStream in = p.getInputStream()) {
                out.complete(in.readAllBytes());
            } catch (IOException e) {
                out.complete(new byte[0]);
            }
        }, "switchcost-jcmd-output");
        reader.setDaemon(true);
        reader.start();
        boolean ended;
        try {
            ended = p.waitFor(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly(); // the caller stops waiting: the command does not outlive the wait
            throw e;
        }
        if (!ended) {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
        }
        String text;
        try {
            text = new String(out.get(5, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        } catch (ExecutionException | TimeoutException e) {
            text = "";
        }
        return new Answer(ended ? p.exitValue() : -1, text, !ended);
    }

    /**
     * {@link #run}, for a caller that does without an answer: empty when the command cannot start, does not end within
     * {@code seconds}, or the wait is interrupted (the interrupt kept).
     */
    public static Optional<Answer> tryRun(List<String> cmd, long seconds) {
        try {
            Answer a = run(cmd, seconds);
            return a.timedOut() ? Optional.empty() : Optional.of(a);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
