package dev.switchcost.derive;

import dev.switchcost.results.history.HistoryStore.Point;
import dev.switchcost.results.history.Run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A figure's series through the history, one per machine, kernel, JDK or commit, each with its change points
 * ({@link ChangePoints}): a series mixes no machines unless asked, so that a new machine is never called a change.
 */
public final class HistorySeries {

    /** What one series holds fixed. */
    public enum By {
        MACHINE(p -> p.run().machineType()),
        KERNEL(p -> p.run().machineType() + ", Linux " + p.run().kernel()),
        JDK(p -> p.run().machineType() + ", JDK " + (p.figure().jdk() != null ? p.figure().jdk() : p.run().jdk())),
        COMMIT(p -> p.run().machineType() + ", commit " + (p.run().commit() == null ? "unknown"
                : p.run().commit().substring(0, Math.min(12, p.run().commit().length()))));

        private final Function<Point, String> label;

        By(Function<Point, String> label) {
            this.label = label;
        }

        public String label(Point p) {
            return label.apply(p);
        }

        /** {@code machine}, {@code kernel}, ... as the command line spells it. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One series.
     *
     * @param label  what it holds fixed
     * @param points its figures, oldest first
     * @param shifts its change points, by index into {@code points}
     */
    public record Series(String label, List<Point> points, List<ChangePoints.Shift> shifts) {
        /**
         * How the machine changed between run {@code i - 1} and run {@code i} ({@link Run#machineChanges}): a seam, where
         * the series is not judged across; empty when it did not (and for the first run).
         */
        public List<String> seamAt(int i) {
            return i == 0 ? List.of() : points.get(i - 1).run().machineChanges(points.get(i).run());
        }
    }

    private HistorySeries() {
    }

    /** Every figure key in the history, in first-seen order. */
    public static List<String> keys(List<Point> all) {
        return List.copyOf(new LinkedHashSet<>(all.stream().map(p -> p.figure().key()).toList()));
    }

    /**
     * The one key {@code wanted} names: itself; else the only key holding each of its words (the benchmark, the parameters
     * given, the mode: {@code FutexPingPong.roundTrip placement=SAME_CPU [avgt]} names the row whatever its other
     * parameters); else the only key containing it.
     *
     * @throws IllegalArgumentException naming up to ten candidates when none or several match
     */
    public static String key(List<Point> all, String wanted) {
        return keyAmong(keys(all), wanted);
    }

    /** {@link #key} among {@code keys}. */
    static String keyAmong(List<String> keys, String wanted) {
        if (keys.contains(wanted)) {
            return wanted;
        }
        List<String> words = List.of(wanted.trim().split("\\s+"));
        List<String> hits = keys.stream().filter(k -> List.of(k.split("\\s+")).containsAll(words)).toList();
        if (hits.isEmpty()) {
            hits = keys.stream().filter(k -> k.contains(wanted)).toList();
        }
        if (hits.size() == 1) {
            return hits.get(0);
        }
        List<String> shown = (hits.isEmpty() ? keys : hits).stream().limit(10).toList();
        throw new IllegalArgumentException((hits.isEmpty() ? "no figure in the history matches '" + wanted + "'"
                : hits.size() + " figures match '" + wanted + "'") + "; e.g. " + String.join(" | ", shown));
    }

    /**
     * The series of figure {@code key}, one per value of {@code by}, each with its change points, found within each
     * stretch of runs on one machine under the same conditions: a seam ({@link Series#seamAt}) is never a change point.
     */
    public static List<Series> of(List<Point> all, String key, By by) {
        return all.stream().filter(p -> p.figure().key().equals(key))
                .collect(Collectors.groupingBy(by::label, LinkedHashMap::new, Collectors.toList())).entrySet().stream()
                .map(g -> new Series(g.getKey(), List.copyOf(g.getValue()), shifts(g.getValue()))).toList();
    }

    private static List<ChangePoints.Shift> shifts(List<Point> points) {
        List<ChangePoints.Shift> out = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= points.size(); i++) {
            if (i == points.size() || !points.get(i - 1).run().machineChanges(points.get(i).run()).isEmpty()) {
                int from = start;
                double[] values = points.subList(from, i).stream().mapToDouble(p -> p.figure().estimate().value()).toArray();
                ChangePoints.find(values).forEach(c -> out.add(new ChangePoints.Shift(c.index() + from, c.pValue(), c.before(), c.after())));
                start = i;
            }
        }
        return List.copyOf(out);
    }
}
