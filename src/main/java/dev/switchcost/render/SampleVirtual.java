package dev.switchcost.render;

import dev.switchcost.measure.sample.ProcText;
import dev.switchcost.measure.sample.VirtualThreads;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code sample}'s line on a JVM's virtual threads: its carriers, its virtual threads, where they are parked. */
public final class SampleVirtual {

    /** Parked stacks shown, most first. */
    static final int STACKS = 3;

    private SampleVirtual() {
    }

    /**
     * A line per JVM: its carriers, virtual threads and parked stacks; or that its dump held no virtual thread; or why it
     * could not be listed.
     *
     * @param seen          by pid, the carriers the sampled stacks showed running a virtual thread (empty without them)
     * @param stacksSampled whether stacks were sampled (--flamegraph)
     */
    public static List<String> lines(Map<Integer, VirtualThreads.Result> dumps, Map<Integer, Set<String>> seen, boolean stacksSampled) {
        List<String> out = new ArrayList<>();
        dumps.forEach((pid, r) -> {
            Set<String> shown = seen.getOrDefault(pid, Set.of());
            if (r.threads() == null) {
                out.add(r.why() + (shown.isEmpty() ? "" : "; carriers: " + shown.size() + SEEN));
            } else if (r.threads().virtualThreads() > 0 || !r.threads().carriers().isEmpty()) {
                out.add(line(pid, r.threads(), shown.size()));
            } else {
                out.add("JVM " + pid + ": virtual threads: none alive at the thread dump that ends the sample; carriers: "
                        + (!shown.isEmpty() ? shown.size() + SEEN
                        : "none " + (stacksSampled ? "in the sampled stacks either" : "told apart (--flamegraph finds them in the sampled stacks)")
                        + ", so fork/join workers count as the program's"));
            }
        });
        return out;
    }

    /** How carriers known only from the sampled stacks are counted. */
    static final String SEEN = " (ran virtual threads in the sampled stacks)";

    /**
     * {@code JVM 4242: carriers: 2 (virtual-thread scheduler), virtual threads: 9 (4 named, 1 mounted), top parked stacks:
     * 4 × App.take(App.java:8), ...}.
     *
     * @param seen the carriers the sampled stacks showed, counted where the dump told none apart
     */
    public static String line(long pid, VirtualThreads v, int seen) {
        String carriers = !v.carriers().isEmpty() ? v.carriers().size() + " (virtual-thread scheduler)"
                : seen > 0 ? seen + SEEN
                : v.virtualThreads() == 0 ? "none" : "not told apart (no virtual thread mounted, and more than one ForkJoinPool)";
        String stacks = v.parked().isEmpty() ? "none" : v.parked().stream().limit(STACKS)
                .map(s -> s.count() + " × " + ProcText.name(s.frame())).collect(Collectors.joining(", "))
                + (v.parked().size() > STACKS ? ", and " + (v.parked().size() - STACKS) + " more" : "");
        return "JVM " + pid + ": carriers: " + carriers + ", virtual threads: " + v.virtualThreads() + " (" + v.named() + " named, "
                + v.mounted() + " mounted), top parked stacks: " + stacks;
    }
}
