package dev.switchcost.results;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.machine.MachineInfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A results directory: the one owner of run-directory names, of the layout inside one, and of its
 * {@code status} file. {@code switchcost run} and {@code compare} create one ({@link #create});
 * {@code report}, {@code diff} and the answer card read it ({@link Results#load}).
 *
 * <h2>Name</h2>
 * {@code <host>-<yyyyMMdd-HHmmss>} (local time; the host with anything but {@code [A-Za-z0-9._-]}
 * replaced by {@code _}), then {@code -<label>} when the creator gives one (e.g. {@code compare}), then
 * {@code -2}, {@code -3}, ... when that name is taken. The directory is created with
 * {@link Files#createDirectory}, which fails atomically on an existing name, so two runs started in the
 * same second get two directories and no run ever writes into another's.
 *
 * <h2>Layout</h2>
 * <ul>
 *   <li>{@code status}: the run's state (below), written first and last;</li>
 *   <li>{@code jmh.json} (JMH {@code -rf json}; any further {@code jmh-*.json} are read too, e.g. one per JDK);</li>
 *   <li>{@code machine.json} ({@link dev.switchcost.measure.machine.MachineInfo});</li>
 *   <li>{@code provenance.json} ({@link Provenance}: the switchcost version and commit, and JMH's version, that
 *       measured), written with the first status; absent in directories written before it existed;</li>
 *   <li>{@code compare.json} ({@link dev.switchcost.results.CompareResults}), when native C was compared;</li>
 *   <li>{@code precision.json} ({@link PrecisionResults}), with {@code run --precision}: which trials reached it;</li>
 *   <li>{@code run.log} (JMH's own output), {@code report.html}, {@code report.md};</li>
 *   <li>{@code jfr/} ({@code jfr-jdk<version>/} per {@code --jdk}), when the run had {@code -prof jfr}: JMH's
 *       {@code <trial id>/profile.jfr} per trial ({@link #jfrFiles}).</li>
 * </ul>
 * Every result file is written through {@link AtomicFiles}: a file present is a file complete.
 *
 * <h2>The status file</h2>
 * UTF-8 text. The first line is the state:
 * <pre>
 * running pid=&lt;pid&gt; started=&lt;its start time&gt;  ({@link RunOwner}: a reader tells a dead writer)
 * complete
 * failed: &lt;one-line reason&gt;
 * interrupted
 * </pre>
 * Each further line names one trial (benchmark + parameters) that failed, tab-separated:
 * <pre>
 * trial-failed&lt;TAB&gt;dev.switchcost.bench.ProcessVsThreadSwitch.roundTrip_processes&lt;TAB&gt;placement=SAME_CPU&lt;TAB&gt;partner process died
 * trial-disturbed&lt;TAB&gt;dev.switchcost.bench.FutexPingPong.roundTrip&lt;TAB&gt;placement=SAME_CPU&lt;TAB&gt;disturbed: other tasks took 48% ...&lt;TAB&gt;left-out
 * </pre>
 * A {@code trial-disturbed} trial completed but others took its CPUs. Its last field says what the run did with
 * it: {@code left-out} (its rows are in no figure: a row of it in a JMH file, a fork of another round, is not
 * read) or {@code kept} ({@code run --allow-disturbed}: its rows are read as disturbed, marked wherever shown).
 * A line without that field (written before it existed) reads as kept: such a run wrote a disturbed trial's
 * rows only when it kept them.
 * (parameters as {@code k=v} separated by spaces, empty when the benchmark has none; a parameter left
 * out matches every value). A row of {@code jmh*.json} that belongs to a failed trial is read as failed
 * and never averaged in. {@code running} found by a reader means the run is still going, or, when its
 * pid is gone (or now another process), that it ended without finishing (SIGKILL, a full file system). A directory without a status file has state {@link RunStatus.State#UNKNOWN}.
 * The file is rewritten atomically on every change, so a writer that records failed trials as they
 * happen ({@link #recordTrial}) leaves them on disk even if it is killed afterwards.
 */
public final class ResultsDir implements AutoCloseable {

    public static final String STATUS = "status";
    public static final String JMH = "jmh.json";
    public static final String MACHINE = "machine.json";
    /** The build that measured ({@link Provenance}), written when the directory is created or claimed. */
    public static final String PROVENANCE = "provenance.json";
    public static final String COMPARE = "compare.json";
    public static final String RUN_LOG = "run.log";
    public static final String REPORT_HTML = "report.html";
    public static final String REPORT_MD = "report.md";
    /** The directory JMH's JFR profiler writes into ({@link #jfrDir}). */
    public static final String JFR = "jfr";

    static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);
    static final String TRIAL_FAILED = "trial-failed";
    static final String TRIAL_DISTURBED = "trial-disturbed";
    /** A disturbed trial's last field: its rows kept, marked ({@code run --allow-disturbed}), or left out of every figure. */
    static final String KEPT = "kept";
    static final String LEFT_OUT = "left-out";

    private final Path dir;
    private RunStatus.State state = RunStatus.State.RUNNING;
    private String reason;
    private final List<RunStatus.FailedTrial> failed = new ArrayList<>();
    private Thread interruptHook;

    /** Takes {@code dir} for a run: writes {@code status: running} and the provenance. */
    private ResultsDir(Path dir) {
        this.dir = dir;
        writeStatus();
        Provenance.current().write(dir);
    }

    /**
     * Creates a new, uniquely named run directory under {@code parent} (created if missing) and writes
     * {@code status: running}. Call it once the run is accepted (options checked, benchmarks found), so
     * that a rejected run leaves no directory.
     *
     * @param label appended to the name (e.g. {@code compare}), or null
     * @throws SwitchcostException usage (exit 2) when {@code parent} is not a writable directory
     */
    public static ResultsDir create(Path parent, String host, String label) {
        return create(parent, host, label, Clock.systemDefaultZone());
    }

    static ResultsDir create(Path parent, String host, String label, Clock clock) {
        directory(parent, parent + " exists and is not a directory; give a directory for the results");
        String base = name(host, LocalDateTime.now(clock), label);
        for (int n = 1; n < 10_000; n++) {
            Path candidate = parent.resolve(n == 1 ? base : base + "-" + n);
            try {
                Files.createDirectory(candidate);
            } catch (FileAlreadyExistsException e) {
                continue;
            } catch (IOException e) {
                throw unwritable(parent, e);
            }
            return new ResultsDir(candidate);
        }
        throw SwitchcostException.usage("could not find a free directory name for " + base + " under " + parent);
    }

    /**
     * Takes a directory the user named for one run: creates it, or takes it if it exists and is
     * empty; refuses one that holds anything (another run's results are never mixed in or overwritten).
     *
     * @param option the option that named it, for the message ({@code --results-dir})
     */
    public static ResultsDir claim(Path dir, String option) {
        directory(dir, option + " " + dir + " exists and is not a directory");
        try (Stream<Path> s = Files.list(dir)) {
            if (s.findAny().isPresent()) {
                throw SwitchcostException.usage(option + " " + dir + " already holds files; give a new or empty directory"
                        + " (results of two runs are never mixed)");
            }
        } catch (IOException e) {
            throw unwritable(dir, e);
        }
        return new ResultsDir(dir);
    }

    /**
     * The run directories under {@code parent} that hold JMH results ({@code jmh.json} or {@code jmh-*.json}), the one
     * whose results were written last first; empty when there is none.
     */
    public static List<Path> newestFirst(Path parent) {
        try (Stream<Path> dirs = Files.list(parent)) {
            return dirs.filter(Files::isDirectory).map(d -> Map.entry(d, newestJmhFile(d))).filter(e -> e.getValue() > 0)
                    .sorted(Map.Entry.<Path, Long>comparingByValue().reversed()).map(Map.Entry::getKey).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** When {@code dir}'s JMH results were last written; the epoch when it has none. */
    public static java.time.Instant written(Path dir) {
        return java.time.Instant.ofEpochMilli(newestJmhFile(dir));
    }

    /** Last-modified time of the newest {@code jmh*.json} in {@code dir}, ms; 0 when none. */
    private static long newestJmhFile(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().matches("jmh(-.+)?\\.json") && Files.isRegularFile(f))
                    .mapToLong(f -> f.toFile().lastModified()).max().orElse(0); // 0 for a file it cannot read
        } catch (IOException e) {
            return 0;
        }
    }

    /** How a run directory's name reads in help: {@code <host>-<date-time>[-label]}, the shape of {@link #name}. */
    public static String pattern(String label) {
        return "<host>-<date-time>" + (label == null || label.isBlank() ? "" : "-" + label);
    }

    /** {@code host-yyyyMMdd-HHmmss[-label]}. */
    static String name(String host, LocalDateTime when, String label) {
        String safeHost = host == null || host.isBlank() ? "unknown" : host.replaceAll("[^A-Za-z0-9._-]", "_");
        return safeHost + "-" + when.format(STAMP) + (label == null || label.isBlank() ? "" : "-" + label);
    }

    /**
     * Checks that {@code dir} is a directory this process can write into (creating it if missing), for
     * outputs such as {@code report -o}: a usage error (exit 2) with one line otherwise, or exit 3 when
     * the file system is read-only or full.
     */
    public static void requireWritableDirectory(Path dir, String what) {
        directory(dir, what + " " + dir + " exists and is not a directory");
        try {
            Files.delete(Files.createTempFile(dir, ".write-check", ""));
        } catch (IOException e) {
            throw unwritable(dir, e);
        }
    }

    /** Creates {@code dir} if missing; a usage error {@code notADirectory} when it is something else. */
    private static void directory(Path dir, String notADirectory) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw SwitchcostException.usage(notADirectory);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw unwritable(dir, e);
        }
    }

    private static SwitchcostException unwritable(Path dir, IOException e) {
        ResultWriteException w = ResultWriteException.of(dir, e);
        return w.kind() == SwitchcostException.Kind.ENVIRONMENT && !(e instanceof AccessDeniedException) ? w
                : SwitchcostException.usage("cannot write results into " + dir + ": " + ResultWriteException.reason(e)
                        + " (choose a directory you can write)");
    }

    public Path dir() {
        return dir;
    }

    public Path jmhJson() {
        return dir.resolve(JMH);
    }

    /** The JMH JSON of one JDK of a run on several ({@code run --jdk}): {@code jmh-jdk<version>.json}. */
    public Path jmhJson(String jdkVersion) {
        return dir.resolve("jmh-jdk" + jdkVersion.replaceAll("[^A-Za-z0-9._+-]", "_") + ".json");
    }

    /** Where JMH's JFR profiler writes ({@code -prof jfr}, unless the user gave its {@code dir=}): {@code jfr/}. */
    public Path jfrDir() {
        return dir.resolve(JFR);
    }

    /** {@link #jfrDir()} of one JDK of a run on several: {@code jfr-jdk<version>/}. */
    public Path jfrDir(String jdkVersion) {
        return dir.resolve(JFR + "-jdk" + jdkVersion.replaceAll("[^A-Za-z0-9._+-]", "_"));
    }

    /**
     * The JFR recordings in results directory {@code dir} ({@code *.jfr} in {@code jfr*}/ and the trial directories
     * under it), sorted; empty when there are none or {@code dir} is no directory.
     */
    public static List<Path> jfrFiles(Path dir) {
        try (Stream<Path> top = Files.list(dir)) {
            return top.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches(JFR + "(-jdk.+)?")).sorted()
                    .flatMap(root -> recordings(root).stream()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The {@code *.jfr} files in one {@link #jfrDir} (JMH's {@code <trial id>/profile.jfr}), sorted; empty without any. */
    public static List<Path> recordings(Path jfrDir) {
        if (!Files.isDirectory(jfrDir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(jfrDir, 2)) {
            return s.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".jfr")).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }

    public Path machineJson() {
        return dir.resolve(MACHINE);
    }

    public Path runLog() {
        return dir.resolve(RUN_LOG);
    }

    // ---- writer side -------------------------------------------------------------------------

    /**
     * Records a failed trial now (the status file keeps it even if the run is killed later), or a disturbed one: it
     * completed, but others took its CPUs ({@code measure.jmh.Disturbance}); its rows are left out, or kept marked when
     * the run allows disturbed trials.
     */
    public synchronized void recordTrial(RunStatus.FailedTrial t) {
        failed.add(t);
        writeStatus();
    }

    /**
     * Every requested trial completed. Refused while failed trials are recorded: use {@link #failed}.
     * Disturbed trials do not refuse it: a run that kept them ({@code --allow-disturbed}) completes, and
     * a run that did not fails before it gets here.
     */
    public synchronized void complete() {
        long notDisturbed = failed.stream().filter(t -> !t.disturbed()).count();
        if (notDisturbed > 0) {
            fail(notDisturbed + " trial" + (notDisturbed == 1 ? "" : "s") + " failed");
            return;
        }
        state = RunStatus.State.COMPLETE;
        reason = null;
        writeStatus();
    }

    public synchronized void fail(String why) {
        state = RunStatus.State.FAILED;
        reason = why == null || why.isBlank() ? "unknown error" : RunStatus.oneLine(why);
        writeStatus();
    }

    /**
     * Removes the directory of a run that never started (no JMH results in it), so that it never reads as a run.
     *
     * @return false, leaving the directory, when it holds JMH results
     */
    public synchronized boolean discardIfEmpty() {
        if (newestJmhFile(dir) > 0) {
            return false;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            return false;
        }
        state = RunStatus.State.FAILED;
        return true;
    }

    public synchronized void interrupted() {
        state = RunStatus.State.INTERRUPTED;
        reason = null;
        writeStatus();
    }

    public synchronized RunStatus.State state() {
        return state;
    }

    /**
     * Marks the run {@code interrupted} if the JVM exits (SIGINT, SIGTERM, System.exit) while it is still
     * running. {@link #close()} removes the hook.
     */
    public synchronized ResultsDir interruptedOnExit() {
        if (interruptHook == null) {
            interruptHook = new Thread(() -> {
                synchronized (this) {
                    if (state == RunStatus.State.RUNNING) {
                        try {
                            interrupted();
                        } catch (RuntimeException e) {
                            // the JVM is going away: nothing else to do
                        }
                    }
                }
            }, "switchcost-status-on-exit");
            Runtime.getRuntime().addShutdownHook(interruptHook);
        }
        return this;
    }

    /**
     * Ends the writer's use: removes the exit hook, and marks a run still {@code running} as failed
     * (a command that returned or threw without setting the outcome).
     */
    @Override
    public synchronized void close() {
        if (interruptHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(interruptHook);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs
            }
            interruptHook = null;
        }
        if (state == RunStatus.State.RUNNING && Files.isDirectory(dir)) {
            fail("ended before it finished");
        }
    }

    private void writeStatus() {
        StringBuilder sb = new StringBuilder();
        sb.append(switch (state) {
            case RUNNING -> RunOwner.current().statusLine();
            case COMPLETE -> "complete";
            case FAILED -> "failed: " + reason;
            case INTERRUPTED -> "interrupted";
            case UNKNOWN -> throw new IllegalStateException("a writer never writes unknown");
        }).append('\n');
        for (RunStatus.FailedTrial t : failed) {
            sb.append(t.disturbed() ? TRIAL_DISTURBED : TRIAL_FAILED).append('\t').append(t.benchmark()).append('\t').append(t.paramsText())
                    .append('\t').append(t.reason()).append(t.disturbed() ? "\t" + (t.kept() ? KEPT : LEFT_OUT) : "").append('\n');
        }
        AtomicFiles.writeString(dir.resolve(STATUS), sb.toString());
    }

    // ---- reader side -------------------------------------------------------------------------

    /**
     * Reads {@code dir/status}; {@link RunStatus#UNKNOWN} when there is none.
     *
     * @throws IllegalArgumentException (one line) when the file is not a status file
     */
    public static RunStatus readStatus(Path dir) throws IOException {
        Path f = dir.resolve(STATUS);
        if (!Files.isRegularFile(f)) {
            return RunStatus.UNKNOWN;
        }
        List<String> lines = InputFiles.readLines(f);
        if (lines.isEmpty()) {
            // an empty status file can only come from a writer killed between create and write
            return new RunStatus(RunStatus.State.RUNNING, null, List.of());
        }
        return RunStatus.parse(f, lines);
    }

    @Override
    public String toString() {
        return dir.toString();
    }

    /**
     * Writes {@code dir/machine.json} atomically ({@link AtomicFiles}).
     *
     * @return the file written
     * @throws ResultWriteException naming the file when it cannot be written
     */
    public static Path writeMachine(Path dir, MachineInfo machine) {
        return AtomicFiles.writeString(dir.resolve(MACHINE), machine.toJson() + "\n");
    }
}
