package dev.switchcost.render;

import dev.switchcost.derive.SpinBudget;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import org.knowm.xchart.XYChart;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link Charts#spin}: one reply delay's strategies, latency per round trip (x) against the CPU both threads burned
 * (y): SPIN_THEN_PARK a curve over its budgets, every other strategy a point, 99.9% error as whiskers on y.
 */
final class SpinChart {

    private SpinChart() {
    }

    static Optional<Chart> of(String placement, SpinBudget.Reply r, String question) throws IOException {
        Map<String, CurveChart.Curve> curves = new LinkedHashMap<>();
        List<SpinBudget.Point> points = new ArrayList<>(r.curve());
        if (r.park() != null) {
            points.add(r.park());
        }
        if (r.spin() != null) {
            points.add(r.spin());
        }
        points.addAll(r.others());
        for (SpinBudget.Point p : points) {
            if (!Double.isFinite(p.latencyNs().value()) || p.latencyNs().value() <= 0) {
                continue;
            }
            String name = p.strategy().equals("SPIN_THEN_PARK") ? "SPIN_THEN_PARK (B = 0 … " + Fmt.num(r.curve().get(r.curve().size() - 1).budgetNs()) + " ns)"
                    : p.strategy();
            int i = curves.size();
            curves.computeIfAbsent(name, k -> CurveChart.Curve.of(k, Palette.unkeyed(i), null, i, false))
                    .points().put(p.latencyNs().value(), p.cpuNs());
        }
        if (curves.isEmpty()) {
            return Optional.empty();
        }
        List<Label> labels = new ArrayList<>();
        XYChart chart = CurveChart.curveChart("Latency against CPU per round trip, " + placement + ", reply delay " + SpinSections.reply(r.replyNs()),
                "mean round trip, ns (log scale)", "CPU of both threads, ns per round trip", List.copyOf(curves.values()), List.of(),
                null, false, true, labels);
        String safe = r.replyNs().replace(':', '-');
        return Optional.of(new Chart("spin-" + placement.toLowerCase() + "-" + safe, question, chart,
                CurveChart.keys(chart, curves.values()), labels));
    }
}
