package dev.switchcost.cli;

import dev.switchcost.derive.PricedStacks;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.render.FlameGraphHtml;
import dev.switchcost.render.PricedStacksText;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.SamplePlacement;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code sample --flamegraph FILE} from the collapsed stacks the JVMs wrote: FILE priced in CPU time (switches × the price
 * per switch at the sampled threads' placement mix), STEM.counts.html in switches, STEM.json with every stack priced, and
 * the top stacks on the terminal. Without a measured mix every switch is priced cross-CPU (an upper bound, as the cost
 * line does); without a price FILE is drawn in switches and says why.
 */
final class SampleFlame {

    /** Stacks in the terminal's table. */
    static final int TOP = 10;

    private SampleFlame() {
    }

    /** What prices the stacks: the price per switch at the mix, and the mix in words; or why there is none. */
    record Price(Estimate perSwitch, String mix, String why) {

        /**
         * @param prices    the results' prices, or empty without results
         * @param placement the sampled threads' wake-ups by placement, or null
         * @param noMix     why there is no placement, for people
         */
        static Price of(Optional<SwitchPrices> prices, SamplePlacement placement, String noMix) {
            if (placement == null || Double.isNaN(placement.sameShare())) {
                if (prices.isEmpty()) {
                    return new Price(null, null, NO_RESULTS);
                }
                // as the cost line does: without a mix, the cross-CPU price, an upper bound
                String bound = "no measured placement mix (" + noMix + "): every switch at the cross-CPU price, an upper bound";
                return prices.get().platform(0).map(x -> new Price(x, bound, null)).orElseGet(() -> new Price(null, null,
                        "no placement mix (" + noMix + ") and no cross-CPU price: run `" + SwitchPrices.PLATFORM_RUN + "`"));
            }
            double same = placement.sameShare();
            String mix = String.format(Locale.ROOT, "%.0f %% same-CPU / %.0f %% cross-CPU wake-ups (%,d and %,d, %s; the"
                    + " process's mix, applied to every thread)", same * 100, (1 - same) * 100, placement.sameCpu(),
                    placement.crossCpu(), placement.source());
            if (prices.isEmpty()) {
                return new Price(null, mix, NO_RESULTS);
            }
            Optional<Estimate> e = prices.get().platform(same);
            return e.map(x -> new Price(x, mix, null)).orElseGet(() -> new Price(null, mix,
                    "the results lack the CPU time per switch this mix needs: run `" + SwitchPrices.PLATFORM_RUN + "`"));
        }

        private static final String NO_RESULTS = "no results to price them: run `switchcost run --quick` (or give --costs DIR)";
    }

    /**
     * Draws the graphs of each JVM's collapsed stacks ({@code STEM[.PID].collapsed}) and prints what was written.
     *
     * @param collapsed    the JVMs' stacks, the largest first (it is FILE; others get {@code STEM.PID.html})
     * @param file         --flamegraph FILE
     * @param processCpuNs the sampled process tree's CPU time over the window, ns (NaN when unknown)
     * @return the files written
     * @throws IOException when a file cannot be read or written
     */
    static List<Path> write(List<Path> collapsed, Path file, Price price, double processCpuNs, PrintWriter out) throws IOException {
        List<Path> written = new ArrayList<>();
        Path abs = file.toAbsolutePath();
        String name = abs.getFileName().toString();
        String stem = name.endsWith(".html") ? name.substring(0, name.length() - 5) : name;
        for (Path c : collapsed) {
            String cn = c.getFileName().toString();
            String jvm = cn.substring(stem.length(), cn.length() - ".collapsed".length()); // "" or ".PID"
            Path graph = jvm.isEmpty() ? abs : abs.resolveSibling(stem + jvm + ".html");
            Path counts = abs.resolveSibling(stem + jvm + ".counts.html");
            List<CollapsedStacks.Stack> stacks;
            try {
                stacks = CollapsedStacks.parse(Files.readAllLines(c));
            } catch (IllegalArgumentException e) {
                throw new IOException(c + ": " + e.getMessage(), e);
            }
            String text = Files.readString(c);
            String countsTitle = "Context switches by stack, in switches (async-profiler, context-switches, by thread)";
            AtomicFiles.writeString(counts, FlameGraphHtml.draw(text, countsTitle, "switches"));
            if (price.perSwitch() == null) {
                AtomicFiles.writeString(graph, FlameGraphHtml.draw(text, countsTitle + (price.mix() == null ? "" : " at "
                        + price.mix()) + "; not priced: " + price.why(), "switches"));
                out.println("Flame graph of where the JVM's threads switched, in switches (not priced: " + price.why() + "): "
                        + graph);
                written.add(graph);
                continue;
            }
            PricedStacks p = PricedStacks.of(stacks, price.perSwitch(), price.mix(), processCpuNs);
            AtomicFiles.writeString(graph, FlameGraphHtml.draw(p.collapsed(), PricedStacksText.title(p), "ns"));
            Path json = abs.resolveSibling(stem + jvm + ".json");
            AtomicFiles.writeString(json, PricedStacksText.json(p));
            out.println();
            PricedStacksText.table(p, TOP).forEach(out::println);
            out.println("Flame graph of the CPU time the JVM's switches cost, by stack: " + graph + " (in switches: " + counts
                    + "; every stack: " + json + ")");
            written.add(graph);
        }
        return written;
    }
}
