package dev.switchcost.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code run --precision PCT}: per trial, how precise its figure came out and whether it reached PCT before the budget
 * ended, written as {@value #FILE_NAME} into the results directory and read back by {@link Results#load}, so that the
 * card and {@code report DIR} mark a figure whose trial stopped on the budget.
 *
 * @param schema        1
 * @param target        the relative half-width asked for, e.g. 0.03 for 3 %
 * @param across        the same for a figure on two CPUs ({@link QuickSet#oneCpu}); 0 in a file written before it was
 *                      recorded, when {@code target} held for every figure
 * @param budgetSeconds the budget of the whole run, seconds
 * @param trials        every complete trial of the run
 */
public record PrecisionResults(int schema, double target, double across, double budgetSeconds, List<Trial> trials) {

    public static final String FILE_NAME = "precision.json";
    /** At most this many forks per trial, whatever the budget ({@code session.Precision}). */
    public static final int MAX_FORKS = 60;

    /**
     * One trial.
     *
     * @param benchmark         full JMH name
     * @param mode              JMH's short mode name ({@code avgt}, {@code sample}), as {@link JmhRow#mode} reads it
     * @param params            its parameters, with the JDK ({@link RunStatus.FailedTrial#JDK}) under {@code run --jdk}
     * @param relativeHalfWidth the half-width of its between-fork 99.9 % interval over its value (NaN: fewer than two forks)
     * @param reached           whether that is within its target
     * @param target            its target ({@link #target} or {@link #across}); 0 in a file written before it was recorded
     * @param forks             the forks it ran; 0 when not recorded
     * @param forksNeeded       the forks its spread would need for the target, more than {@link #MAX_FORKS} when beyond the run's limit;
     *                          0 when not known
     * @param secondsPerFork    what a fork of its JMH run took on average, start, warm-up and set-up included; 0 when not
     *                          recorded
     */
    public record Trial(String benchmark, String mode, Map<String, String> params, double relativeHalfWidth, boolean reached,
                        double target, int forks, int forksNeeded, double secondsPerFork) {
        public Trial {
            params = new TreeMap<>(params);
        }
    }

    public PrecisionResults {
        trials = List.copyOf(trials);
    }

    /** Whether figures on two CPUs were held to another target than those on one. */
    public boolean twoTargets() {
        return across > 0 && across != target;
    }

    /** The trials that stopped on the budget before reaching the target. */
    public List<Trial> missed() {
        return trials.stream().filter(t -> !t.reached()).toList();
    }

    /**
     * The seconds of forks that would bring the trials of {@code missed} within their targets at the spread their forks
     * show, over those within {@link #MAX_FORKS} forks of it; NaN when a trial's fork time was not recorded.
     */
    public static double secondsToReach(List<Trial> missed) {
        double s = 0;
        for (Trial t : reachable(missed)) {
            if (!(t.secondsPerFork() > 0)) {
                return Double.NaN;
            }
            s += (t.forksNeeded() - t.forks()) * t.secondsPerFork();
        }
        return s;
    }

    /** The trials of {@code missed} whose spread {@link #MAX_FORKS} forks would bring within their targets. */
    public static List<Trial> reachable(List<Trial> missed) {
        return missed.stream().filter(t -> t.forksNeeded() > t.forks() && t.forksNeeded() <= MAX_FORKS).toList();
    }

    /** The trial of a row, when it stopped on the budget before reaching the target. */
    public Optional<Trial> missed(JmhRow row) {
        Map<String, String> params = RunStatus.FailedTrial.withJdk(row.params(), row.jvm().jdkVersion());
        return missed().stream().filter(t -> t.benchmark().equals(row.benchmark()) && t.mode().equals(row.mode())
                && t.params().entrySet().stream().allMatch(e -> e.getValue().equals(params.get(e.getKey())))).findFirst();
    }

    /** Writes {@code dir/}{@value #FILE_NAME} atomically; @throws ResultWriteException naming the file when it cannot be written. */
    public Path write(Path dir) {
        return JsonFields.write(dir, FILE_NAME, this);
    }

    /** @throws IllegalArgumentException when the file is not a switchcost precision.json */
    public static PrecisionResults read(Path file) throws IOException {
        PrecisionResults r = JsonFields.read(InputFiles.read(file), PrecisionResults.class, Set.of(), Set.of(), file,
                "a switchcost precision.json");
        if (r.schema() != 1 || r.trials() == null) {
            throw new IllegalArgumentException(file + " is not a switchcost precision.json (schema 1 with trials)");
        }
        return r;
    }
}
