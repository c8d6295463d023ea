package dev.switchcost.render;

import dev.switchcost.derive.SpinTwin;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import dev.switchcost.results.SpinCompareResults;
import org.knowm.xchart.XYChart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One placement and reply delay of {@code compare --spin}, the cost (latency + CPU per round
 * trip) against the spin budget B, the JVM's curve solid and the C twin's dashed in the placement's colour, PARK at
 * B = 0, and each one's SPIN as a dashed horizontal reference (the JVM's in the placement's colour, C's grey).
 */
final class SpinTwinChart {

    private SpinTwinChart() {
    }

    static Optional<Chart> of(SpinTwin t) {
        Color colour = Palette.of(t.placement());
        List<CurveChart.Curve> curves = new ArrayList<>();
        List<CurveChart.Reference> refs = new ArrayList<>();
        for (SpinTwin.Side s : t.sides()) {
            boolean c = s.impl().equals(SpinCompareResults.C);
            if (!s.curve().isEmpty()) {
                CurveChart.Curve cv = CurveChart.Curve.of(s.impl() + ": spin B, then park (B = 0: park at once)", colour, t.placement(), 0, c);
                s.curve().forEach((ns, e) -> cv.points().put(ns / 1000.0, e));
                curves.add(cv);
            }
            if (s.spin() != null) {
                refs.add(new CurveChart.Reference(s.impl() + ": spin, never park", s.spin(), c ? Palette.TIMER : colour));
            }
        }
        if (curves.isEmpty()) {
            return Optional.empty();
        }
        String reply = SpinSections.reply(t.reply());
        List<Label> labels = new ArrayList<>();
        // the cost stays per round trip, named on the axis: latency + both threads' CPU is the price of the whole round trip
        // that the budget is chosen by (the reply's work and spinning that makes no switch in it), the budget's own unit
        XYChart chart = CurveChart.curveChart("Spin then park, JVM and C: " + t.placement() + ", reply delay " + reply,
                "spin budget B, µs", "latency + CPU of both threads, ns per round trip", curves, refs, null, false, true, labels);
        return Optional.of(new Chart("spin-twin-" + t.placement().toLowerCase() + "-" + t.reply().replace(':', '-'),
                "What does the JVM's spin-then-park waiter cost beside the same waiter in C, at reply delay " + reply + "?",
                chart, CurveChart.keys(chart, curves), labels));
    }
}
