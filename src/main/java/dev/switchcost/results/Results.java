package dev.switchcost.results;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.switchcost.measure.machine.MachineInfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Everything switchcost knows about one input — a results directory or one JMH JSON file — read by
 * the one reader: JMH rows from every JMH JSON file ({@link JmhJson}), {@code machine.json},
 * {@code compare.json} and the run's {@link RunStatus}. Rows of failed trials are marked
 * ({@link JmhRow#failed()}); {@link #usable()} leaves them out.
 *
 * <p>A directory: every {@code *.json} in it that is JMH JSON is read, whatever its name (so
 * {@code jmh.json}, {@code jmh-jdk21.json} and older {@code foundation.json}-style files all count); a
 * {@code jmh*.json} that is not JMH JSON is an error; other JSON files are skipped with a note. A file:
 * read as JMH JSON, with {@code machine.json} and {@code status} taken from beside it when present.
 *
 * @param source   the directory or file given
 * @param status   the run's status ({@link RunStatus#UNKNOWN} without a status file)
 * @param machine  machine.json, or null
 * @param compare  compare.json, or null
 * @param rows     every JMH row, failed ones marked
 * @param jmhFiles the JMH JSON files read
 * @param notes    what was skipped and why, one line each
 * @param simulated the cachegrind rows of {@value SimulatedMisses#FILE_NAME} ({@code scripts/simulate-native.sh -o DIR}),
 *                  empty without one
 * @param indirectSweep {@value IndirectSweepResults#FILE_NAME} ({@code switchcost working-set}), or null
 * @param provenance the build that measured ({@value ResultsDir#PROVENANCE}), or null when not recorded (directories
 *                   written before switchcost recorded it, JMH JSON files of their own)
 * @param spinCompare {@value SpinCompareResults#FILE_NAME} ({@code switchcost compare --spin}), or null
 * @param precision {@value PrecisionResults#FILE_NAME} ({@code run --precision}: which trials stopped on the budget), or null
 * @param name     how the report names this input among others ({@link #named}), or null: its leaf name
 */
public record Results(Path source, RunStatus status, MachineInfo machine, CompareResults compare, List<JmhRow> rows,
                      List<Path> jmhFiles, List<String> notes, List<SimulatedMisses> simulated,
                      IndirectSweepResults indirectSweep, Provenance provenance, SpinCompareResults spinCompare,
                      PrecisionResults precision, String name) {

    /** Most JMH rows in one input: committed runs hold under 100; more is no switchcost run, and would not render. */
    public static final int MAX_ROWS = 2_000;

    /**
     * Reads a results directory or a JMH JSON file.
     *
     * @throws IllegalArgumentException one line for the user (exit 2): missing path, malformed file, nothing to read
     */
    public static Results load(Path path) {
        try {
            if (!Files.exists(path)) {
                throw new IllegalArgumentException(path + " does not exist (give a results directory or a JMH JSON file)");
            }
            // a FIFO, device or socket is refused before it is opened (InputFiles): reading one could hang or never end
            return Files.isDirectory(path) ? loadDir(path) : loadFile(path);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + e.getFile() + ": no such file", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + path + ": " + ResultWriteException.reason(e), e);
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + path + ": " + ResultWriteException.reason(e.getCause()), e);
        }
    }

    public static List<Results> loadAll(List<Path> inputs) {
        return named(inputs.stream().map(Results::load).toList());
    }

    /**
     * The inputs, each named by the shortest trailing part of its path that no other input shares (two
     * directories named "quick" read "2026-11-23e-epyc-kvm/quick" and "2026-11-23f-epyc-kvm/quick" in every title,
     * column, bullet and legend); the same path given twice is numbered.
     */
    public static List<Results> named(List<Results> inputs) {
        List<List<String>> parts = inputs.stream().map(r -> {
            List<String> p = new ArrayList<>();
            r.source().toAbsolutePath().normalize().forEach(x -> p.add(x.toString()));
            return p.isEmpty() ? List.of(r.source().toString()) : p;
        }).toList();
        int[] k = new int[inputs.size()];
        java.util.Arrays.fill(k, 1);
        List<String> names = suffixes(parts, k);
        for (boolean grew = true; grew; names = suffixes(parts, k)) {
            grew = false;
            for (int i = 0; i < names.size(); i++) {
                if (java.util.Collections.frequency(names, names.get(i)) > 1 && k[i] < parts.get(i).size()) {
                    k[i]++;
                    grew = true;
                }
            }
        }
        List<Results> out = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            String n = names.get(i);
            long before = names.subList(0, i).stream().filter(n::equals).count();
            Results r = inputs.get(i);
            out.add(new Results(r.source, r.status, r.machine, r.compare, r.rows, r.jmhFiles, r.notes, r.simulated,
                    r.indirectSweep, r.provenance, r.spinCompare, r.precision, before > 0 ? n + " (" + (before + 1) + ")" : n));
        }
        return List.copyOf(out);
    }

    /** Each input's last {@code k[i]} path parts, joined by '/'. */
    private static List<String> suffixes(List<List<String>> parts, int[] k) {
        return IntStream.range(0, parts.size()).mapToObj(i -> String.join("/",
                parts.get(i).subList(parts.get(i).size() - k[i], parts.get(i).size()))).toList();
    }

    private static Results loadDir(Path dir) throws IOException {
        RunStatus status = ResultsDir.readStatus(dir);
        List<String> notes = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        MachineInfo machine = null;
        CompareResults compare = null;
        List<SimulatedMisses> simulated = List.of();
        IndirectSweepResults sweep = null;
        SpinCompareResults spin = null;
        PrecisionResults precision = null;
        List<JmhRow> rows = new ArrayList<>();
        List<Path> jmhFiles = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.startsWith(".") || name.equals(ResultsDir.PROVENANCE)) {
                continue; // the provenance is read below
            }
            if (name.matches(".*\\.json\\.part\\d+")) {
                notes.add(name + " is a part file left by an unfinished run: not read");
            } else if (name.equals(SimulatedMisses.FILE_NAME)) {
                simulated = SimulatedMisses.read(f);
            } else if (name.equals(ResultsDir.MACHINE)) {
                machine = readMachine(f);
            } else if (name.equals(ResultsDir.COMPARE)) {
                compare = CompareResults.read(f);
            } else if (name.equals(IndirectSweepResults.FILE_NAME)) {
                sweep = IndirectSweepResults.read(f);
            } else if (name.equals(SpinCompareResults.FILE_NAME)) {
                spin = SpinCompareResults.read(f);
            } else if (name.equals(PrecisionResults.FILE_NAME)) {
                precision = PrecisionResults.read(f);
            } else if (name.endsWith(".json")) {
                readJmh(f, name.startsWith("jmh"), rows, jmhFiles, notes);
            }
        }
        if (rows.isEmpty() && compare == null && sweep == null && spin == null && simulated.isEmpty() && (status.state() == RunStatus.State.UNKNOWN || status.state() == RunStatus.State.COMPLETE)) {
            List<String> runs;
            try (Stream<Path> s = Files.list(dir)) {
                runs = s.filter(d -> Files.isRegularFile(d.resolve(ResultsDir.STATUS)) || Files.isRegularFile(d.resolve(ResultsDir.JMH)))
                        .map(d -> d.getFileName().toString()).sorted().toList();
            }
            if (Files.isRegularFile(dir.resolve(AbResults.FILE_NAME))) {
                throw new IllegalArgumentException(dir + " is a switchcost ab run: switchcost ab --from " + dir + " prints its table");
            }
            throw new IllegalArgumentException(dir + " holds no results: no JMH JSON file (jmh.json), no compare.json, no indirect.json and no spin-compare.json"
                    + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")")
                    + (runs.isEmpty() ? "" : "; it holds run directories: give one, e.g. " + dir.resolve(runs.get(runs.size() - 1))));
        }
        requireRowLimit(dir, rows);
        return new Results(dir, status, machine, compare, mark(rows, status, notes), jmhFiles, notes, List.copyOf(simulated), sweep,
                Provenance.read(dir), spin, precision, null);
    }

    private static Results loadFile(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        RunStatus status = parent == null ? RunStatus.UNKNOWN : ResultsDir.readStatus(parent);
        List<String> notes = new ArrayList<>();
        MachineInfo machine = null;
        if (parent != null && Files.isRegularFile(parent.resolve(ResultsDir.MACHINE)) && !file.getFileName().toString().equals(ResultsDir.MACHINE)) {
            try {
                machine = readMachine(parent.resolve(ResultsDir.MACHINE));
            } catch (IllegalArgumentException | IOException e) {
                notes.add("machine.json beside it not read: " + e.getMessage());
            }
        }
        List<JmhRow> rows = new ArrayList<>();
        List<Path> jmhFiles = new ArrayList<>();
        readJmh(file, true, rows, jmhFiles, notes);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no JMH results" + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")"));
        }
        Provenance provenance = null;
        if (parent != null) {
            try {
                provenance = Provenance.read(parent);
            } catch (IllegalArgumentException e) {
                notes.add(ResultsDir.PROVENANCE + " beside it not read: " + e.getMessage());
            }
        }
        requireRowLimit(file, rows);
        return new Results(file, status, machine, null, mark(rows, status, notes), jmhFiles, notes, List.of(), null, provenance, null, null, null);
    }

    /**
     * A machine.json of any name, every field checked ({@link JsonFields}; {@code perf} is absent in files written before it).
     *
     * @throws IllegalArgumentException one line naming the file and the field
     */
    public static MachineInfo readMachine(Path f) throws IOException {
        String text = InputFiles.read(f);
        JsonFields.check(text, MachineInfo.class, Set.of("perf", "tuning", "limits.cpuQuota"), Set.of(), f, "a switchcost machine.json");
        try {
            return MachineInfo.fromJson(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(f + " is not a switchcost machine.json: " + JmhJson.cause(e), e);
        }
    }

    private static void readJmh(Path f, boolean mustBeJmh, List<JmhRow> rows, List<Path> files, List<String> notes) throws IOException {
        String text = InputFiles.read(f);
        String name = f.getFileName().toString();
        if (text.isBlank()) {
            notes.add(name + " is empty (written by a run that was interrupted or failed): not read");
            return;
        }
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(JmhJson.notJson(f, text, e, "a JMH JSON document"), e);
        }
        if (!JmhJson.looksLikeJmh(root)) {
            if (mustBeJmh) {
                JmhJson.parse(root, f); // throws with what is wrong
                throw new IllegalArgumentException(f + " is not a JMH JSON result file (-rf json)");
            }
            notes.add(name + " is not JMH JSON: not read");
            return;
        }
        rows.addAll(JmhJson.parse(root, f));
        files.add(f);
    }

    private static void requireRowLimit(Path source, List<JmhRow> rows) {
        if (rows.size() > MAX_ROWS) {
            throw new IllegalArgumentException(source + " holds " + rows.size() + " JMH rows, over the limit of " + MAX_ROWS
                    + " per input (a switchcost run holds under 100): give one run's results");
        }
    }

    /**
     * The rows as the run meant them: a disturbed trial's rows the run did not keep are left out here, the one place, so
     * no figure, table or chart shows one (a note says how many); a kept one's are marked disturbed, a failed one's failed.
     */
    private static List<JmhRow> mark(List<JmhRow> rows, RunStatus status, List<String> notes) {
        // a failed trial recorded with a jdk entry (run --jdk) names only that JDK's row
        List<JmhRow> kept = rows.stream().filter(r -> status.failedTrials().stream().noneMatch(t -> t.leftOut()
                && t.matches(r.benchmark(), RunStatus.FailedTrial.withJdk(r.params(), r.jvm().jdkVersion())))).toList();
        if (kept.size() < rows.size()) {
            int n = rows.size() - kept.size();
            notes.add(n + " row" + (n == 1 ? "" : "s") + " of disturbed trials not read: the run left them out"
                    + " (run --allow-disturbed keeps them, marked)");
        }
        return kept.stream().map(r -> status.trial(r.benchmark(), RunStatus.FailedTrial.withJdk(r.params(), r.jvm().jdkVersion()), false)
                .map(t -> r.withFailure(t.reason().isEmpty() ? "trial failed" : t.reason()))
                .or(() -> status.trial(r.benchmark(), RunStatus.FailedTrial.withJdk(r.params(), r.jvm().jdkVersion()), true)
                        .map(t -> r.withDisturbance(t.reason().isEmpty() ? "disturbed" : t.reason())))
                .orElse(r)).toList();
    }

    /**
     * The JFR recordings of a results directory ({@code -prof jfr}: {@link ResultsDir#jfrFiles}), listed when asked;
     * empty for a JMH JSON file given on its own, or a run without them.
     */
    public List<Path> jfrFiles() {
        return Files.isDirectory(source) ? ResultsDir.jfrFiles(source) : List.of();
    }

    /** Rows that may enter a figure: not from a failed trial. */
    public List<JmhRow> usable() {
        return rows.stream().filter(r -> !r.failed()).toList();
    }

    /**
     * The JDK versions of the rows, in order of appearance; for results with only {@code compare.json},
     * the JDKs its JVM cells name ({@code compare --jdk}), else the one {@code machine.json} names.
     */
    public List<String> jdks() {
        LinkedHashSet<String> out = new LinkedHashSet<>(rows.stream().map(JmhRow::jdk).toList());
        if (out.isEmpty() && compare != null) {
            compare.cells().stream().map(CompareResults.Cell::jdk).filter(Objects::nonNull).forEach(out::add);
            if (out.isEmpty() && machine != null && machine.jdk() != null && machine.jdk().version() != null) {
                out.add(machine.jdk().version());
            }
        }
        return List.copyOf(out);
    }

    /** The name to show: the directory's or file's name. */
    public String label() {
        if (name != null) {
            return name;
        }
        Path n = source.toAbsolutePath().normalize().getFileName();
        return n == null ? source.toString() : n.toString();
    }

    /** The card's host line ({@link MachineInfo#cardLine()}), or that the machine is unknown. */
    public String machineCardLine() {
        return machine != null ? machine.cardLine() : "machine unknown (no machine.json)";
    }

    /** One line: the machine summary, or that it is unknown. */
    public String machineSummary() {
        return machine != null ? machine.summary() : "machine unknown (no machine.json)";
    }
}
