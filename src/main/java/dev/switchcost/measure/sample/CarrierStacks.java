package dev.switchcost.measure.sample;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The one rule that names a virtual thread's carrier in sampled stacks ({@link CollapsedStacks}, by thread): a stack is
 * a mounted virtual thread's when a frame below the thread's is {@code java/lang/VirtualThread.run} or
 * {@code jdk/internal/vm/Continuation.enter}, and its thread frame then reads
 * {@code [a virtual thread on carrier ForkJoinPool-1-worker-1 tid=29275]}; every other stack of a carrier reads
 * {@code [carrier ForkJoinPool-1-worker-1 tid=29275]}. The virtual thread's own name is not in the stack, so it is not
 * said. A carrier is a thread {@code sample} classified as one ({@link ThreadRole#CARRIERS}), or one whose stacks show a
 * mounted virtual thread.
 */
public final class CarrierStacks {

    /** The frames a mounted virtual thread runs below (async-profiler may annotate a frame {@code _[j]}, {@code _[i]}). */
    static final List<String> MOUNTED = List.of("java/lang/VirtualThread.run", "jdk/internal/vm/Continuation.enter");

    /** The thread frame's words for a stack a virtual thread took, and for a carrier's other stacks. */
    static final String VIRTUAL = "a virtual thread on carrier ";
    static final String CARRIER = "carrier ";

    private CarrierStacks() {
    }

    /** Whether this stack (frames root first, {@code ;}-separated) ran in a virtual thread mounted on its thread. */
    public static boolean mounted(String stack) {
        for (String f : stack.split(";")) {
            for (String m : MOUNTED) {
                if (f.equals(m) || f.startsWith(m + "_[")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The stacks with their carriers' thread frames named as such (counts and order kept; a stack without a thread frame
     * as it was).
     *
     * @param carriers the tids {@code sample} classified as carriers (empty when it classified none)
     */
    public static List<CollapsedStacks.Stack> labelled(List<CollapsedStacks.Stack> stacks, Set<Integer> carriers) {
        Set<Integer> all = new HashSet<>(carriers);
        all.addAll(mountedTids(stacks));
        List<CollapsedStacks.Stack> out = new ArrayList<>(stacks.size());
        for (CollapsedStacks.Stack s : stacks) {
            if (s.tid() < 0 || !all.contains(s.tid())) {
                out.add(s);
                continue;
            }
            String words = mounted(s.stack()) ? VIRTUAL : CARRIER;
            int end = s.stack().indexOf(';');
            String rest = end < 0 ? "" : s.stack().substring(end);
            String frame = "[" + words + (s.thread().isEmpty() ? "" : s.thread() + " ") + "tid=" + s.tid() + "]";
            out.add(new CollapsedStacks.Stack(frame + rest, (words + s.thread()).strip(), s.tid(), s.count()));
        }
        return List.copyOf(out);
    }

    /** The threads (tids) whose stacks show a mounted virtual thread: carriers by what they ran. */
    public static Set<Integer> mountedTids(List<CollapsedStacks.Stack> stacks) {
        return stacks.stream().filter(s -> s.tid() >= 0 && mounted(s.stack())).map(CollapsedStacks.Stack::tid)
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The carriers the stacks showed, by pid, by the JVM's full names: the form {@code VirtualThreads#carriers} gives a
     * thread dump's. A thread whose full name is not known is left out: the kernel's 15 bytes ({@code ForkJoinPool-1-})
     * do not say which pool's worker it is.
     *
     * @param threads   the threads sampled (a tid to its pid)
     * @param fullNames the JVMs' own names by tid ({@code JvmThreadNames})
     * @param tids      the tids that ran a mounted virtual thread ({@link #mountedTids})
     */
    public static Map<Integer, Set<String>> byProcess(List<ThreadSampler.ThreadTotal> threads, Map<Integer, String> fullNames,
                                                      Set<Integer> tids) {
        Map<Integer, Set<String>> out = new TreeMap<>();
        threads.stream().filter(t -> tids.contains(t.tid()) && fullNames.containsKey(t.tid()))
                .forEach(t -> out.computeIfAbsent(t.pid(), p -> new TreeSet<>()).add(fullNames.get(t.tid())));
        return out;
    }

    /** Stacks as collapsed text again: {@code frames count}, one a line. */
    public static String text(List<CollapsedStacks.Stack> stacks) {
        StringBuilder b = new StringBuilder();
        stacks.forEach(s -> b.append(s.stack()).append(' ').append(s.count()).append('\n'));
        return b.toString();
    }
}
