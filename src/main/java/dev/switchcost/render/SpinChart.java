package dev.switchcost.render;

import dev.switchcost.derive.SpinBudget;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import dev.switchcost.results.PerSwitch;
import org.knowm.xchart.XYChart;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One reply delay's strategies, latency per round trip (x) against the CPU both threads burned
 * (y): SPIN_THEN_PARK a curve over its budgets, every other strategy a point, 99.9% error as whiskers on y.
 */
final class SpinChart {

    private SpinChart() {
    }

    static Optional<Chart> of(String placement, SpinBudget.Reply r, String question) throws IOException {
        Map<String, CurveChart.Curve> curves = new LinkedHashMap<>();
        List<SpinBudget.Point> points = Stream.of(r.curve().stream(), Stream.of(r.park(), r.spin()).filter(Objects::nonNull),
                r.others().stream()).flatMap(x -> x).toList();
        for (SpinBudget.Point p : points) {
            if (!Double.isFinite(p.latencyNs().value()) || p.latencyNs().value() <= 0) {
                continue;
            }
            String name = p.strategy().equals("SPIN_THEN_PARK") ? "SPIN_THEN_PARK (B = 0 … " + Fmt.num(r.curve().get(r.curve().size() - 1).budgetNs()) + " ns)"
                    : p.strategy();
            int i = curves.size();
            curves.computeIfAbsent(name, k -> CurveChart.Curve.of(k, Palette.unkeyed(i), null, i, false))
                    .points().put(latency(p), p.cpuNs());
        }
        if (curves.isEmpty()) {
            return Optional.empty();
        }
        List<Label> labels = new ArrayList<>();
        // a log x axis that spans less than a decade draws no tick label: linear then
        double lo = points.stream().mapToDouble(SpinChart::latency).filter(v -> v > 0).min().orElse(1);
        double hi = points.stream().mapToDouble(SpinChart::latency).filter(v -> v > 0).max().orElse(1);
        boolean logX = hi / lo > 10;
        XYChart chart = CurveChart.curveChart("Latency against CPU per round trip, " + placement + ", reply delay " + SpinSections.reply(r.replyNs()),
                HandoffSections.PER_SWITCH_AXIS + (logX ? ", log scale" : ""), "CPU of both threads, ns per round trip", List.copyOf(curves.values()), List.of(),
                null, false, true, labels);
        labelBudgets(chart, labels, r.curve(), lo, hi, logX);
        String safe = r.replyNs().replace(':', '-');
        return Optional.of(new Chart("spin-" + placement.toLowerCase() + "-" + safe, question, chart,
                CurveChart.keys(chart, curves.values()), labels));
    }

    /**
     * A point's latency on the x axis: the mean round trip per switch, as the card ({@link PerSwitch}). The y axis keeps
     * the CPU per round trip, named: both threads' price of the whole round trip, which a spinning one pays without
     * switching.
     */
    private static double latency(SpinBudget.Point p) {
        return PerSwitch.ofRoundTrip(p.latencyNs()).value();
    }

    /**
     * Writes "B = 20 µs" beside the SPIN_THEN_PARK points, in budget order, leaving out a label that would fall on one
     * already written (closer than a twentieth of the x range and half a tenth of the CPU range, or half a decade on a
     * log axis), and none for a point drawn in the row below a log axis.
     */
    private static void labelBudgets(XYChart chart, List<Label> labels, List<SpinBudget.Point> curve, double lo, double hi, boolean logX) {
        double yMax = curve.stream().mapToDouble(p -> p.cpuNs().value()).max().orElse(1);
        boolean logY = chart.getStyler().isYAxisLogarithmic();
        List<double[]> written = new ArrayList<>();
        for (SpinBudget.Point p : curve) {
            double x = latency(p);
            double y = p.cpuNs().value();
            if (!(x > 0) || !Double.isFinite(y) || logY && !CurveChart.onLogAxis(p.cpuNs())) {
                continue; // a point in the row below a log axis has its value written there
            }
            double fx = logX ? Math.log(x / lo) / Math.log(Math.max(hi / lo, 1.0001)) : (x - lo) / Math.max(hi - lo, 1);
            double fy = logY ? Math.log10(y) : y / yMax * 10; // in tenths of the range, or decades
            boolean crowded = written.stream().anyMatch(w -> Math.abs(w[0] - fx) < 0.05 && Math.abs(w[1] - fy) < 0.5);
            if (!crowded) {
                written.add(new double[] {fx, fy});
                ChartFrame.text(chart, labels, "B = " + Fmt.num(p.budgetNs() / 1000.0) + " µs", x, logY ? y * 1.45 : y + yMax / 25);
            }
        }
    }
}
