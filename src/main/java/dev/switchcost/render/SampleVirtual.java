package dev.switchcost.render;

import dev.switchcost.measure.sample.ProcText;
import dev.switchcost.measure.sample.VirtualThreads;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code sample}'s line on a JVM's virtual threads: its carriers, its virtual threads, where they are parked. */
public final class SampleVirtual {

    /** Parked stacks shown, most first. */
    static final int STACKS = 3;

    private SampleVirtual() {
    }

    /** A line per JVM with virtual threads or carriers, and one per JVM whose threads could not be listed saying why. */
    public static List<String> lines(Map<Integer, VirtualThreads.Result> dumps) {
        List<String> out = new ArrayList<>();
        dumps.forEach((pid, r) -> {
            if (r.threads() == null) {
                out.add(r.why());
            } else if (r.threads().virtualThreads() > 0 || !r.threads().carriers().isEmpty()) {
                out.add(line(pid, r.threads()));
            }
        });
        return out;
    }

    /**
     * {@code JVM 4242: carriers: 2 (virtual-thread scheduler), virtual threads: 9 (4 named, 1 mounted), top parked stacks:
     * 4 × App.take(App.java:8), ...}.
     */
    public static String line(long pid, VirtualThreads v) {
        String carriers = !v.carriers().isEmpty() ? v.carriers().size() + " (virtual-thread scheduler)"
                : v.virtualThreads() == 0 ? "none" : "not told apart (no virtual thread mounted, and more than one ForkJoinPool)";
        String stacks = v.parked().isEmpty() ? "none" : v.parked().stream().limit(STACKS)
                .map(s -> s.count() + " × " + ProcText.name(s.frame())).collect(Collectors.joining(", "))
                + (v.parked().size() > STACKS ? ", and " + (v.parked().size() - STACKS) + " more" : "");
        return "JVM " + pid + ": carriers: " + carriers + ", virtual threads: " + v.virtualThreads() + " (" + v.named() + " named, "
                + v.mounted() + " mounted), top parked stacks: " + stacks;
    }
}
