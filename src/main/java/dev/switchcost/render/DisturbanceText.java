package dev.switchcost.render;

import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.sample.ProcText;
import dev.switchcost.results.Results;
import dev.switchcost.results.RunStatus;
import dev.switchcost.session.RunSession;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The words for what the disturbance rule read ({@link Disturbance.Reading}): why a trial or a compare
 * cell is disturbed, the largest intruder, and the shares of a quiet one.
 */
public final class DisturbanceText {

    /** These words, for a {@link RunSession}. */
    public static final RunSession.Words WORDS = new RunSession.Words() {
        @Override
        public String why(Disturbance.Reading reading) {
            return DisturbanceText.why(reading);
        }

        @Override
        public String summary(TrialLedger.Outcome outcome, String prefix) {
            return DisturbanceText.summary(outcome, prefix);
        }
    };

    private DisturbanceText() {
    }

    /** The failed trials, then the disturbed ones, one per line, each group under a one-line count. */
    public static String summary(TrialLedger.Outcome outcome, String prefix) {
        StringBuilder b = new StringBuilder();
        if (!outcome.failed().isEmpty()) {
            b.append(prefix).append(outcome.failed().size()).append(" trial").append(outcome.failed().size() == 1 ? "" : "s")
                    .append(" failed; their rows are left out of the results:");
            outcome.failed().forEach((k, why) -> b.append(System.lineSeparator()).append("    ").append(k).append(": ").append(why));
        }
        if (!outcome.disturbed().isEmpty()) {
            boolean unsure = outcome.disturbed().values().stream().anyMatch(Disturbance.Reading::inconclusive);
            long throttled = outcome.disturbed().values().stream().filter(Disturbance.Reading::throttled).count();
            boolean all = throttled == outcome.disturbed().size();
            String cause = all ? "a CPU quota throttled them"
                    : throttled > 0 ? "other tasks took the measured CPUs, or a CPU quota throttled them" : "other tasks took the measured CPUs";
            String remedy = all ? "run outside the CPU quota" : throttled > 0 ? "run outside the CPU quota on a quiet machine" : "quiet the machine";
            b.append(b.length() == 0 ? "" : System.lineSeparator()).append(prefix).append(outcome.disturbed().size())
                    .append(" trial").append(outcome.disturbed().size() == 1 ? " was" : "s were")
                    .append(unsure ? " disturbed or too short to judge" : " disturbed (" + cause + ")")
                    .append("; their rows are ")
                    .append(outcome.keptDisturbed() ? "kept, marked (--allow-disturbed):" : "left out of the results "
                            + "(" + remedy + ", or keep them marked with --allow-disturbed):");
            outcome.disturbed().forEach((k, reading) -> b.append(System.lineSeparator()).append("    ").append(k).append(": ")
                    .append(why(reading)));
        }
        return b.toString();
    }

    /**
     * {@code disturbed: other tasks took 48% of the measured CPUs' time (limit 5%); largest: yes (pid 1234)
     * took 47% in its worst iteration}, naming whichever limits were crossed ({@code disturbed: processes outside the
     * run took 4.6% of the measured CPUs' time by their own run time (limit 2%); ...} when only the processes counted
     * to the ns crossed theirs); {@code disturbed: throttled by a CPU quota (50% of one CPU, cgroup /ci): 754 of 760
     * periods, 3.1 s} first when a quota stopped the run; {@code not disturbed} when none.
     */
    public static String why(Disturbance.Reading r) {
        String shares = shares(r);
        if (!r.throttled()) {
            return shares;
        }
        return "disturbed: " + throttling(r.throttling()) + (shares.equals("not disturbed") ? "" : "; " + shares.replaceFirst("^disturbed: ", ""));
    }

    /**
     * {@code throttled by a CPU quota (50% of one CPU, cgroup /ci): 754 of 760 periods, 3.1 s}: the quota, where it is
     * set, and how often and how long it stopped the run.
     */
    public static String throttling(Disturbance.Throttling t) {
        String where = t.cgroup() == null ? "" : ", cgroup " + ProcText.name(t.cgroup());
        return RunStatus.THROTTLED + " (" + (Double.isNaN(t.quotaPercent()) ? "of unknown size" : quota(t.quotaPercent() / 100)) + where
                + "): " + Math.round(t.throttled()) + " of " + Math.round(t.periods()) + " periods, " + duration(t.throttledMs());
    }

    /** A CPU quota as a share of CPUs: {@code 20% of one CPU}, {@code one CPU}, {@code 1.5 CPUs}. */
    public static String quota(double cpus) {
        if (cpus < 1) {
            return percent(100 * cpus) + " of one CPU";
        }
        return cpus == 1 ? "one CPU" : String.format(Locale.ROOT, cpus == Math.rint(cpus) ? "%.0f CPUs" : "%.2f CPUs", cpus)
                .replaceFirst("(\\.\\d)0 CPUs$", "$1 CPUs");
    }

    /** {@code 850 ms}, {@code 3.1 s}. */
    private static String duration(double ms) {
        return ms < 999.5 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.1f s", ms / 1000);
    }

    /** The words for the shares the rule judged (others, processes, steal); {@code not disturbed} when none crossed. */
    private static String shares(Disturbance.Reading r) {
        StringBuilder why = new StringBuilder();
        if (r.namedCrossed() && !r.othersCrossed()) {
            why.append("disturbed: processes outside the run took ").append(percent(r.namedPercent()))
                    .append(" of the measured CPUs' time by their own run time (limit ")
                    .append(limit(Disturbance.MAX_NAMED_PERCENT)).append(')');
            if (r.intruder() != null) {
                why.append("; largest: ").append(intruder(r.intruder()));
            }
        }
        if (r.othersCrossed() || r.inconclusive() && r.othersPercent() > Disturbance.MAX_OTHERS_PERCENT) {
            why.append(r.othersCrossed() ? "disturbed: " : "inconclusive: ").append("other tasks took ")
                    .append(percent(r.othersPercent())).append(" of the measured CPUs' time (limit ")
                    .append(limit(Disturbance.MAX_OTHERS_PERCENT)).append(')');
            if (r.inconclusive()) {
                why.append(", too few ticks (").append(Math.round(r.ticks())).append(") to tell it from the limit");
            }
            if (r.intruder() != null) {
                why.append("; largest: ").append(intruder(r.intruder()));
            }
            if (r.irqPercent() != null && r.irqPercent() >= 0.05) {
                why.append("; interrupts ").append(percent(r.irqPercent()));
            }
            if (r.unattributedPercent() != null && r.unattributedPercent() >= 0.05) {
                why.append("; unattributed (tasks too short-lived to see) ").append(percent(r.unattributedPercent()));
            }
        }
        if (r.stealCrossed() || r.inconclusive() && r.stealPercent() > Disturbance.MAX_STEAL_PERCENT) {
            why.append(why.length() == 0 ? (r.stealCrossed() ? "disturbed: " : "inconclusive: ") : "; ")
                    .append("the hypervisor stole ").append(percent(r.stealPercent()))
                    .append(" of the measured CPUs' time (limit ").append(limit(Disturbance.MAX_STEAL_PERCENT)).append(')');
        }
        if (r.inconclusive()) {
            why.append("; run longer iterations (-i, -r) to judge it");
        }
        return why.length() == 0 ? "not disturbed" : why.toString();
    }

    /** {@code yes (pid 1234) took 47% in its worst iteration}, or {@code ... took 47%} for a whole run. */
    public static String intruder(Disturbance.Intruder i) {
        return ProcText.name(i.comm()) + " (pid " + i.pid() + ") took " + percent(i.percent()) + (i.worstIteration() ? " in its worst iteration" : "");
    }

    /** {@code 48%}; one decimal below 10, so that a share just over a limit never reads as the limit: {@code 5.3%}. */
    private static String percent(double p) {
        return String.format(Locale.ROOT, p < 9.95 ? "%.1f%%" : "%.0f%%", p);
    }

    /**
     * What the runs measured and left out, as their status says (a disturbed trial is left out when the
     * run did not keep it, or no row of it is there): {@code measured, left out (disturbed): 1 trial; failed:
     * 2 trials}; empty when no trial was left out (a disturbed trial kept with --allow-disturbed is in the figures).
     */
    public static Optional<String> leftOut(Collection<Results> runs) {
        long disturbed = runs.stream().mapToLong(r -> r.status().failedTrials().stream().filter(t -> t.disturbed() && (t.leftOut()
                || r.rows().stream().noneMatch(row -> t.matches(row.benchmark(), row.params())))).count()).sum();
        long failed = runs.stream().flatMap(r -> r.status().failedTrials().stream()).filter(t -> !t.disturbed()).count();
        String d = disturbed == 0 ? "" : "measured, left out (disturbed): " + trials(disturbed);
        String f = failed == 0 ? "" : "failed: " + trials(failed);
        return d.isEmpty() && f.isEmpty() ? Optional.empty() : Optional.of(d + (d.isEmpty() || f.isEmpty() ? "" : "; ") + f);
    }

    private static String trials(long n) {
        return n + (n == 1 ? " trial" : " trials");
    }

    /** A limit, a whole percent: {@code 5%}. */
    private static String limit(double p) {
        return String.format(Locale.ROOT, "%.0f%%", p);
    }
}
