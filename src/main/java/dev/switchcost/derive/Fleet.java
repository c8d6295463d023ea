package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.history.HistoryStore.Point;
import dev.switchcost.results.history.Run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The fleet view: for each figure (a placement is a parameter of it), each machine type's figure over its runs, ranked
 * cheapest first only among machines measured under the same conditions (cpuidle driver, virtualisation,
 * mitigations): a machine measured otherwise is flagged with what differs, never ranked as an equal.
 */
public final class Fleet {

    /**
     * One machine type's figure.
     *
     * @param figure      the figure's key
     * @param unit        the figure's unit as recorded ({@code ns/op}: per round trip for a round trip)
     * @param estimate    the mean over its runs with the between-run error (two runs or more), else the one run's
     * @param runs        how many runs
     * @param rank        1 = cheapest among the rows of this figure measured under the same conditions
     * @param ranked      how many rows share those conditions
     * @param differs     the conditions in which this row differs from another row of the figure, empty when none
     */
    public record Row(String figure, String unit, String machineType, Estimate estimate, int runs, int rank, int ranked, List<String> differs) {
    }

    private Fleet() {
    }

    /** The rows of every figure whose key contains {@code filter} (all when null), per figure cheapest first. */
    public static List<Row> of(List<Point> all, String filter) {
        // a machine type measured under two conditions is two rows
        Map<String, Map<String, List<Point>>> byFigure = all.stream().filter(p -> filter == null || p.figure().key().contains(filter))
                .collect(Collectors.groupingBy(p -> p.figure().key(), LinkedHashMap::new, Collectors.groupingBy(
                        p -> p.run().machineType() + "\u0000" + conditions(p.run()), LinkedHashMap::new, Collectors.toList())));
        return byFigure.entrySet().stream().flatMap(f -> rows(f.getKey(), f.getValue()).stream()).toList();
    }

    private static List<Row> rows(String key, Map<String, List<Point>> groups) {
        record G(List<Point> points, Estimate e, String conditions) {
        }
        boolean cheaperIsSmaller = groups.values().iterator().next().get(0).figure().timePerOp();
        Comparator<G> order = Comparator.comparingDouble(g -> g.e().value());
        List<G> gs = groups.values().stream().map(ps -> new G(ps, estimate(ps), conditions(ps.get(0).run())))
                .sorted(cheaperIsSmaller ? order : order.reversed()).toList();
        List<Row> out = new ArrayList<>();
        for (G g : gs) {
            List<G> alike = gs.stream().filter(o -> o.conditions().equals(g.conditions())).toList();
            List<String> differs = new ArrayList<>();
            for (Map.Entry<String, Function<Run, String>> c : Run.CONDITIONS) {
                String mine = c.getValue().apply(g.points().get(0).run());
                if (gs.stream().anyMatch(o -> !Objects.equals(c.getValue().apply(o.points().get(0).run()), mine))) {
                    differs.add(c.getKey() + " " + (c.getKey().equals("mitigations") ? "differ" : mine));
                }
            }
            out.add(new Row(key, g.points().get(0).figure().unit(), g.points().get(0).run().machineType(), g.e(), g.points().size(), alike.indexOf(g) + 1,
                    alike.size(), differs));
        }
        return out;
    }

    /** Two runs or more: the mean of their figures with the between-run error; one: its own estimate. */
    static Estimate estimate(List<Point> ps) {
        return ps.size() == 1 ? ps.get(0).figure().estimate()
                : Estimate.ofSamples(ps.stream().mapToDouble(p -> p.figure().estimate().value()).toArray());
    }

    private static String conditions(Run r) {
        return Run.CONDITIONS.stream().map(c -> String.valueOf(c.getValue().apply(r))).reduce((a, b) -> a + "\u0000" + b).orElse("");
    }
}
