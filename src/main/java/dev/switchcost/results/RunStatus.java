package dev.switchcost.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a results directory's {@code status} file says about the run that wrote it (format in
 * {@link ResultsDir}).
 *
 * @param reason       why it failed, for {@link State#FAILED}; for {@link State#RUNNING}, why its writer is known
 *                     to be dead ({@code pid 123 gone}), null while it may be alive; else null
 * @param failedTrials the trials that failed (benchmark, parameters, reason), in any state
 */
public record RunStatus(State state, String reason, List<FailedTrial> failedTrials) {

    /** How a trial's reason starts when a CPU quota throttled it: written by render, read back here. */
    public static final String THROTTLED = "throttled by a CPU quota";

    public enum State {
        /** Still running, or it died without a word (killed with SIGKILL, power lost). */
        RUNNING,
        /** Every requested trial completed. */
        COMPLETE,
        /** The run ended with an error; {@link #reason} says which. */
        FAILED,
        /** Stopped by SIGINT/SIGTERM before it finished. */
        INTERRUPTED,
        /** No status file: written by hand, by plain JMH, or by switchcost before status files existed. */
        UNKNOWN
    }

    /**
     * One trial (a benchmark with one set of parameters) that did not complete. Its rows, if JMH wrote
     * any, are marked failed when read and never averaged in.
     *
     * @param benchmark full JMH name, {@code dev.switchcost.bench.FutexPingPong.roundTrip}
     * @param params    its parameters; empty when the benchmark has none
     * @param reason    one line, or empty
     * @param disturbed  the trial completed but others took its CPUs (switchcost's disturbance rule): its rows
     *                   are absent, or, when the run kept them ({@code run --allow-disturbed}), marked disturbed
     * @param kept       for a disturbed trial, whether the run kept its rows ({@code run --allow-disturbed}); a trial it
     *                   did not keep has no row in any figure, even where a row of it was written (a fork of another
     *                   round). A status line written before this was recorded reads as kept: its rows are there only
     *                   when the run kept them
     */
    public record FailedTrial(String benchmark, Map<String, String> params, String reason, boolean disturbed, boolean kept) {

        /** A failed trial, or a disturbed one whose rows were kept where present. */
        public FailedTrial(String benchmark, Map<String, String> params, String reason, boolean disturbed) {
            this(benchmark, params, reason, disturbed, true);
        }

        /** A disturbed trial whose rows the run did not keep: left out of every figure. */
        public boolean leftOut() {
            return disturbed && !kept;
        }

        /** The parameter that names a trial's JDK when one run holds several ({@code run --jdk}). */
        public static final String JDK = "jdk";

        /**
         * {@code params} with the JDK a trial ran on, the one way a failed trial of {@code run --jdk}
         * is recorded and a row matched against it, so that it names only that JDK's row.
         */
        public static Map<String, String> withJdk(Map<String, String> params, String jdkVersion) {
            Map<String, String> out = new TreeMap<>(params);
            if (jdkVersion != null) {
                out.putIfAbsent(JDK, jdkVersion);
            }
            return out;
        }

        public FailedTrial {
            params = new TreeMap<>(params);
            reason = oneLine(reason);
        }

        /** Whether a row is this trial: same benchmark, and every parameter named here has the row's value. */
        public boolean matches(String rowBenchmark, Map<String, String> rowParams) {
            return benchmark.equals(rowBenchmark)
                    && params.entrySet().stream().allMatch(e -> e.getValue().equals(rowParams.get(e.getKey())));
        }

        /** {@code dev...FutexPingPong.roundTrip placement=SAME_CPU}. */
        public String id() {
            return params.isEmpty() ? benchmark : benchmark + " " + paramsText();
        }

        /** {@code placement=SAME_CPU pair=VT_VT}, as the status file holds them; empty without any. */
        String paramsText() {
            return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
        }
    }

    public RunStatus {
        failedTrials = List.copyOf(failedTrials);
    }

    /**
     * A reason as the status file can hold it: one line, every control character (newline, carriage return, tab,
     * ESC) a space, so that the file reads back and a terminal shows it as text; "" for null.
     */
    public static String oneLine(String reason) {
        return reason == null ? "" : reason.replaceAll("\\p{Cntrl}", " ").strip();
    }

    public static final RunStatus UNKNOWN = new RunStatus(State.UNKNOWN, null, List.of());

    /** Whether results of this run may be shown without a warning. */
    public boolean complete() {
        return state == State.COMPLETE && failedTrials.isEmpty();
    }

    /** The row's failed trial, or with {@code disturbed} its disturbed one (kept with {@code run --allow-disturbed}), if any. */
    public Optional<FailedTrial> trial(String benchmark, Map<String, String> params, boolean disturbed) {
        return failedTrials.stream().filter(t -> t.disturbed() == disturbed && t.matches(benchmark, params)).findFirst();
    }

    /** One line for people: {@code complete}, {@code failed: reason}, {@code interrupted}, ... */
    public String describe() {
        String s = switch (state) {
            case RUNNING -> reason != null ? "ended without finishing (" + reason + "): results are partial"
                    : "running, or ended without a word (killed?): results may be partial";
            case COMPLETE -> "complete";
            case FAILED -> "failed: " + reason;
            case INTERRUPTED -> "interrupted: results are partial";
            case UNKNOWN -> "unknown (no status file)";
        };
        long disturbed = failedTrials.stream().filter(FailedTrial::disturbed).count();
        long failed = failedTrials.size() - disturbed;
        if (failed > 0) {
            s += "; " + failed + " failed trial" + (failed == 1 ? "" : "s") + " (rows marked, never averaged in)";
        }
        if (disturbed > 0) {
            // the reason is the rule's words as the run wrote them (render's DisturbanceText, which starts with THROTTLED)
            long throttled = failedTrials.stream().filter(t -> t.disturbed() && t.reason() != null
                    && t.reason().startsWith("disturbed: " + THROTTLED)).count();
            String cause = throttled == disturbed ? "a CPU quota throttled them"
                    : throttled > 0 ? "other tasks took their CPUs or a CPU quota throttled them" : "other tasks took their CPUs";
            s += "; " + disturbed + " disturbed trial" + (disturbed == 1 ? "" : "s")
                    + " (" + cause + "; rows left out, or marked where kept with --allow-disturbed)";
        }
        return s;
    }

    /**
     * A status file's state, reason and trials, from its lines (the first one not empty), as {@link ResultsDir} writes them.
     *
     * @param f the file, named in errors
     * @throws IllegalArgumentException (one line) when it is not a status file
     */
    static RunStatus parse(Path f, List<String> lines) {
        String first = lines.get(0).strip();
        State state;
        String reason = null;
        if (first.equals("running") || first.startsWith("running ")) {
            state = State.RUNNING;
            reason = RunOwner.parse(first).map(RunOwner::gone).orElse(null);
        } else if (first.equals("complete")) {
            state = State.COMPLETE;
        } else if (first.equals("interrupted")) {
            state = State.INTERRUPTED;
        } else if (first.startsWith("failed")) {
            state = State.FAILED;
            reason = first.startsWith("failed:") ? oneLine(first.substring("failed:".length())) : "no reason given";
        } else {
            throw new IllegalArgumentException(f + " is not a switchcost status file (first line '" + first
                    + "'; expected running, complete, failed: REASON or interrupted)");
        }
        List<FailedTrial> trials = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f4 = line.split("\t", 5);
            boolean disturbed = f4[0].equals(ResultsDir.TRIAL_DISTURBED);
            if (!(f4[0].equals(ResultsDir.TRIAL_FAILED) || disturbed) || f4.length < 2 || f4[1].isBlank()) {
                throw new IllegalArgumentException(f + ": cannot read line '" + line
                        + "' (expected trial-failed or trial-disturbed<TAB>benchmark<TAB>params<TAB>reason)");
            }
            Map<String, String> params = new TreeMap<>();
            if (f4.length > 2 && !f4[2].isBlank()) {
                for (String kv : f4[2].trim().split("\\s+")) {
                    int eq = kv.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException(f + ": bad parameter '" + kv + "' in line '" + line + "' (expected k=v)");
                    }
                    params.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
            trials.add(new FailedTrial(f4[1].strip(), params, f4.length > 3 ? f4[3] : "", disturbed,
                    f4.length < 5 || !f4[4].strip().equals(ResultsDir.LEFT_OUT)));
        }
        return new RunStatus(state, reason, trials);
    }
}
