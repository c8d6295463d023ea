package dev.switchcost.measure.sample;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a thread of a sampled process is for, from its name (the kernel's 15-character comm), where
 * the process is recognisably a JVM; in any other process every thread is {@link #USER}.
 */
public enum ThreadRole {
    /** The JIT compilers: {@code C1 CompilerThread}, {@code C2 CompilerThread}. */
    JIT,
    /** Garbage collection: {@code GC Thread#N}, G1's, ZGC's and Shenandoah's workers. */
    GC,
    /**
     * The virtual-thread scheduler's carriers, {@code ForkJoinPool-N-worker-M}: by name, every fork/join worker; where
     * a JVM's thread dump listed its carriers ({@link VirtualThreads}), only those.
     */
    CARRIERS,
    /** HotSpot's own service threads: VM Thread, Reference Handler, Finalizer, Signal Dispatcher, ... */
    VM,
    /** Everything else: the program's own threads. */
    USER;

    /** Whether threads with these names are those of a HotSpot JVM. */
    public static boolean isJvm(Collection<String> names) {
        return names.stream().anyMatch(n -> n.equals("VM Thread") || n.startsWith("C2 CompilerThre")
                || n.startsWith("C1 CompilerThre") || n.equals("Reference Handl"));
    }

    /**
     * Each thread's role, by {@link ThreadSampler#key}: from its name where its process is a JVM ({@link #isJvm} over
     * the names of that process's threads), else {@link #USER}.
     */
    public static Map<Long, ThreadRole> of(List<ThreadSampler.ThreadTotal> threads) {
        Map<Integer, Boolean> jvm = threads.stream().collect(Collectors.groupingBy(ThreadSampler.ThreadTotal::pid,
                Collectors.collectingAndThen(Collectors.mapping(ThreadSampler.ThreadTotal::name, Collectors.toList()), ThreadRole::isJvm)));
        Map<Long, ThreadRole> out = new HashMap<>();
        for (ThreadSampler.ThreadTotal t : threads) {
            out.put(ThreadSampler.key(t.pid(), t.tid()), jvm.get(t.pid()) ? ofJvmThread(t.name()) : USER);
        }
        return out;
    }

    public static ThreadRole ofJvmThread(String name) {
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre") || name.startsWith("JVMCI")) {
            return JIT;
        }
        if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("ZWorker") || name.startsWith("ZDirector")
                || name.startsWith("ZDriver") || name.startsWith("Shenandoah") || name.startsWith("GC ")) {
            return GC;
        }
        if (name.startsWith("ForkJoinPool") || name.startsWith("CarrierThread")) {
            return CARRIERS;
        }
        if (name.equals("VM Thread") || name.startsWith("Reference Handl") || name.equals("Finalizer")
                || name.startsWith("Signal Dispatch") || name.startsWith("Service Thread") || name.startsWith("Monitor Deflati")
                || name.startsWith("Common-Cleaner") || name.startsWith("Notification Th") || name.startsWith("Attach Listene")
                || name.startsWith("VM Periodic Tas") || name.startsWith("Sweeper thread") || name.startsWith("Unblocker")
                || name.startsWith("VirtualThread-u") || name.startsWith("Read-Poller") || name.startsWith("Write-Poller")) {
            return VM;
        }
        return USER;
    }
}
