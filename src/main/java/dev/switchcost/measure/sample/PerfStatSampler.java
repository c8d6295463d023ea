package dev.switchcost.measure.sample;

import dev.switchcost.launch.ParentDeath;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * {@code perf stat -x, -I MS -e EVENTS -o FILE -- COMMAND}: the counters of a command and of every
 * process and thread it starts later, per second. The command runs UNDER perf (see {@link #wrap}):
 * perf's counters are opened before the command execs and are inherited by each child at fork,
 * so a JMH fork started minutes later is counted, which {@code perf stat -p PID} (attached to the
 * threads that exist at attach time) misses; and unlike {@code perf stat -a} the rest of the
 * machine is not mixed in (vmstat shows that). Only events the {@link PerfSupport} probe found
 * countable are asked for; the others are simply not columns. perf writes to a temporary file that
 * is read as it grows and is deleted from the start ({@link Unlinked}); lines are summed per event until the next
 * {@link #sample()}.
 */
public final class PerfStatSampler implements Sampler {

    private final PerfSupport support;
    private final int intervalMs;
    private final List<String> columns;
    private final Map<String, Double> pending = new HashMap<>();
    /** Every counted line so far, summed per event (without modifiers): the whole command's counts. */
    private final Map<String, Double> totals = new HashMap<>();
    private Unlinked file;
    private Unlinked exitFile;
    private volatile boolean closed;
    private Thread reader;
    private long prevNanos;

    public PerfStatSampler(PerfSupport support, int intervalMs) {
        this.support = support;
        this.intervalMs = Math.max(10, intervalMs);
        this.columns = support.supported().stream().map(e -> PerfStatParser.baseEvent(e) + "/s").toList();
    }

    @Override
    public String name() {
        return "perf";
    }

    @Override
    public List<String> columns() {
        return columns;
    }

    /**
     * @return {@code command} run under {@code perf stat} (the same command when no event can be counted)
     * @throws IOException when the temporary output file cannot be created
     */
    public List<String> wrap(List<String> command) throws IOException {
        if (columns.isEmpty()) {
            return command;
        }
        file = Unlinked.create(".csv");
        exitFile = Unlinked.create(".exit");
        // perf stat -I exits 0 whatever the command did (perf 6.1): a shell keeps the command's exit code
        // the shell dies with perf (give `command` the same, ParentDeath.ofGrandchild, to have it die with the shell)
        List<String> shell = new ArrayList<>(List.of("sh", "-c", "\"$@\"; code=$?; echo $code > \"$0\"; exit $code",
                exitFile.path()));
        shell.addAll(command);
        List<String> cmd = new ArrayList<>(List.of(support.perf(), "stat", "-x,", "-I", String.valueOf(intervalMs), "-e",
                String.join(",", support.supported()), "-o", file.path(), "--"));
        cmd.addAll(ParentDeath.ofGrandchild(shell));
        return cmd;
    }

    /** @return whether {@link #wrap} ran the command under perf (some event could be counted) */
    public boolean wraps() {
        return file != null;
    }

    /**
     * @param perfExit perf's own exit code
     * @return the wrapped command's exit code (perf's, when perf did not get to run it)
     */
    public int commandExit(int perfExit) {
        if (exitFile == null) {
            return perfExit;
        }
        try {
            String code = new String(Channels.newInputStream(exitFile.channel().position(0)).readAllBytes(),
                    StandardCharsets.UTF_8).strip();
            return code.isEmpty() ? perfExit : Integer.parseInt(code);
        } catch (IOException | NumberFormatException e) {
            return perfExit;
        }
    }

    /** Starts reading perf's output; call after the wrapped command started. */
    @Override
    public void start() {
        prevNanos = System.nanoTime();
        if (file == null) {
            return;
        }
        reader = Thread.ofPlatform().name("switchcost-perf-reader").daemon(true).start(this::read);
    }

    private void read() {
        try (BufferedReader r = new BufferedReader(Channels.newReader(file.channel(), StandardCharsets.UTF_8))) {
            StringBuilder partial = new StringBuilder();
            char[] buf = new char[8192];
            while (true) {
                int n = r.read(buf);
                if (n < 0) {
                    if (closed) {
                        return;
                    }
                    Thread.sleep(50); // perf writes a block per interval: wait for more
                    continue;
                }
                partial.append(buf, 0, n);
                int nl;
                while ((nl = partial.indexOf("\n")) >= 0) {
                    PerfStatParser.Count c = PerfStatParser.parseLine(partial.substring(0, nl), true);
                    partial.delete(0, nl + 1);
                    if (c != null && c.status() == PerfStatParser.Status.COUNTED) {
                        synchronized (pending) {
                            pending.merge(c.baseEvent() + "/s", c.value(), Double::sum);
                            totals.merge(c.baseEvent(), c.value(), Double::sum);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // the file went away: closed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public Sample sample() {
        long now = System.nanoTime();
        double secs = (now - prevNanos) / 1e9;
        prevNanos = now;
        Map<String, Double> v = new LinkedHashMap<>();
        synchronized (pending) {
            for (String c : columns) {
                Double sum = pending.get(c);
                // no perf interval ended inside this reading: unknown (blank in the CSV, '-' live), not 0
                v.put(c, sum == null || secs <= 0 ? Double.NaN : sum / secs);
            }
            pending.clear();
        }
        return new Sample(name(), v);
    }

    /**
     * @return every event's count summed over every interval read so far, by event (e.g. {@code context-switches},
     *         {@code task-clock} in ms); after {@link #close()}, over the whole command
     */
    public Map<String, Double> totals() {
        synchronized (pending) {
            return Map.copyOf(totals);
        }
    }

    /** Stops reading and closes perf's output files, which then are gone (perf itself ends with the command it runs). */
    @Override
    public void close() {
        closed = true;
        if (reader != null) {
            try {
                reader.join(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Stream.of(file, exitFile).filter(Objects::nonNull).forEach(Unlinked::close);
    }

    /**
     * A temporary file that is deleted as soon as it is opened, so that nothing is left in the temp
     * directory whatever ends this JVM ({@code kill -9} too): this JVM holds it open, and perf and its
     * shell reach it as {@code /proc/PID/fd/N} while it runs.
     *
     * @param channel this JVM's handle, for reading
     * @param path    the name another process of this user opens it by
     */
    record Unlinked(FileChannel channel, String path) {

        static Unlinked create(String suffix) throws IOException {
            Path f = Files.createTempFile("switchcost-perf-", suffix);
            try {
                FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
                try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                    for (Path fd : fds.toList()) {
                        try {
                            if (Files.readSymbolicLink(fd).equals(f.toAbsolutePath())) {
                                return new Unlinked(ch, "/proc/" + ProcessHandle.current().pid() + "/fd/" + fd.getFileName());
                            }
                        } catch (IOException closedMeanwhile) {
                            // another thread's file, closed while listed
                        }
                    }
                }
                ch.close();
                throw new IOException("cannot find the descriptor of " + f + " in /proc/self/fd");
            } finally {
                Files.deleteIfExists(f);
            }
        }

        void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // closed already
            }
        }
    }
}
