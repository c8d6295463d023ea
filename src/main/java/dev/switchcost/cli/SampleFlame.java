package dev.switchcost.cli;

import dev.switchcost.derive.PricedStacks;
import dev.switchcost.derive.StackPrice;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.measure.sample.AsyncProfiler;
import dev.switchcost.measure.sample.CarrierStacks;
import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.render.PricedStacksText;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.SamplePlacement;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code sample --flamegraph FILE} from the collapsed stacks the JVMs wrote: FILE priced in CPU time (switches × the price
 * per switch at each thread's placement mix, traced per thread, else the process's), STEM.counts.html in switches, STEM.json with every stack priced, and
 * the top stacks on the terminal. Without a measured mix every switch is priced cross-CPU (an upper bound, as the cost
 * line does); without a price FILE is drawn in switches and says why.
 */
final class SampleFlame {

    /** Stacks in the terminal's table. */
    static final int TOP = 10;

    private SampleFlame() {
    }

    /**
     * What prices the stacks ({@link StackPrice}, derived), with its words ({@link PricedStacksText#mix},
     * {@link PricedStacksText#why}).
     *
     * @param mix the placement mix in words, or null when none was measured and nothing is priced
     * @param why why the stacks are not priced, or null when they are
     */
    record Price(StackPrice pricing, String mix, String why) {

        /**
         * @param prices    the results' prices, or empty without results
         * @param placement the sampled threads' wake-ups by placement, or null
         * @param byThread  each sampled thread's wake-ups by placement, by tid
         * @param noMix     why there is no placement, for people
         */
        static Price of(Optional<SwitchPrices> prices, SamplePlacement placement, Map<Integer, SamplePlacement> byThread,
                        String noMix) {
            StackPrice p = StackPrice.of(prices, placement, byThread);
            return new Price(p, PricedStacksText.mix(p, placement, noMix), PricedStacksText.why(p, noMix));
        }

        /** The stacks priced; only when {@link #why} is null. */
        PricedStacks weigh(List<CollapsedStacks.Stack> stacks, double processCpuNs) {
            return pricing.weigh(stacks, mix, processCpuNs);
        }
    }

    /**
     * Draws the graphs of each JVM's collapsed stacks ({@code STEM[.PID].collapsed}) and prints what was written.
     *
     * @param collapsed    the JVMs' stacks, the largest first (it is FILE; others get {@code STEM.PID.html})
     * @param file         --flamegraph FILE
     * @param processCpuNs the sampled process tree's CPU time over the window, ns (NaN when unknown)
     * @param carriers     the tids {@code sample} classified as virtual-thread carriers: their stacks are labelled so
     *                     ({@link CarrierStacks})
     * @return the files written
     * @throws IOException when a file cannot be read or written
     */
    static List<Path> write(List<Path> collapsed, Path file, Price price, double processCpuNs, Set<Integer> carriers,
                             PrintWriter out) throws IOException {
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
                stacks = CarrierStacks.labelled(CollapsedStacks.parse(Files.readAllLines(c)), carriers);
            } catch (IllegalArgumentException e) {
                throw new IOException(c + ": " + e.getMessage(), e);
            }
            String text = CarrierStacks.text(stacks);
            String countsTitle = "Context switches by stack, in switches";
            String countsNote = "async-profiler's context-switches event, by thread: a frame's width is the switches sampled in it.";
            AtomicFiles.writeString(counts, PricedStacksText.flameGraph(text, countsTitle, countsNote, "switches"));
            if (price.why() != null) {
                AtomicFiles.writeString(graph, PricedStacksText.flameGraph(text, countsTitle + " (not priced)", countsNote
                        + (price.mix() == null ? "" : " Placement: " + price.mix() + ".") + " Not priced: " + price.why(), "switches"));
                out.println("Flame graph of where the JVM's threads switched, in switches (not priced: " + price.why() + "): "
                        + graph);
                written.add(graph);
                continue;
            }
            PricedStacks p = price.weigh(stacks, processCpuNs);
            AtomicFiles.writeString(graph, PricedStacksText.flameGraph(p.collapsed(), PricedStacksText.title(p), PricedStacksText.note(p),
                    "ns"));
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

    /**
     * The tids that ran a mounted virtual thread in the stacks the JVMs wrote for {@code flamegraph}, read before they are
     * collected: {@code sample}'s carriers where a thread dump names none. Empty when none could be read (the graph's
     * collection says why).
     */
    static Set<Integer> mountedTids(Path flamegraph) {
        Set<Integer> out = new HashSet<>();
        try {
            for (Path p : AsyncProfiler.partials(flamegraph)) {
                out.addAll(CarrierStacks.mountedTids(CollapsedStacks.parse(Files.readAllLines(p))));
            }
        } catch (IOException | RuntimeException e) {
            return Set.of();
        }
        return out;
    }
}
