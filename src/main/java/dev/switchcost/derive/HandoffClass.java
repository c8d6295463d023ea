package dev.switchcost.derive;

import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.results.JfrBlocking;

import java.util.List;
import java.util.Set;

/**
 * What a blocking site would do on a virtual thread, from its event and its stack.
 */
public enum HandoffClass {
    /** A {@code java.util.concurrent} park (LockSupport): a virtual thread unmounts, its carrier runs another. */
    UNMOUNTS("j.u.c park: unmounts"),
    /**
     * A pool's worker waiting for its next task ({@link #POOL_WAITS}). On virtual threads a task gets a thread of its
     * own and the carriers wait for work instead: a carrier with no other virtual thread to run waits in the kernel,
     * as the pool's worker did, so the wait is saved only when the carriers are busy. A platform recording does not
     * show how often they would be: the forecast gives such a wait as a range, from nothing saved to all of it.
     */
    IDLE_WAIT("pool idle wait: saved if carriers busy"),
    /** A monitor wait or contended enter ({@code synchronized}): pins the carrier before JDK 24 (JEP 491), unmounts from 24. */
    MONITOR("monitor: pins before JDK 24"),
    /**
     * A j.u.c park seen in thread dumps with a monitor held beneath it (inside {@code synchronized}): pins the carrier
     * before JDK 24, as {@link #MONITOR}. Only thread dumps show it; a JFR stack does not say what a thread holds.
     */
    HELD_MONITOR("park holding a monitor: pins before JDK 24"),
    /** A park under a native (JNI) or foreign-function (FFM) frame: the carrier is pinned on every JDK. */
    NATIVE_PIN("JNI/FFM frame: pins"),
    /** Already a virtual thread pinned to its carrier ({@code jdk.VirtualThreadPinned}). */
    PINNED("already pinned"),
    /** No stack, or an event this forecast cannot place. */
    UNCLASSIFIED("unclassified");

    /**
     * Where a thread pool's worker waits for its next task: the JDK's executors ({@code getTask} under
     * {@code ThreadPoolExecutor} and its subclasses, Tomcat's copy of it, a ForkJoinPool worker's {@code awaitWork})
     * and Jetty's {@code QueuedThreadPool} and {@code ReservedThreadExecutor}. Type and method, as a JFR stack names them.
     */
    static final Set<String> POOL_WAITS = Set.of(
            "java.util.concurrent.ThreadPoolExecutor.getTask",
            "java.util.concurrent.ForkJoinPool.awaitWork",
            "org.apache.tomcat.util.threads.ThreadPoolExecutor.getTask",
            "org.eclipse.jetty.util.thread.QueuedThreadPool$Runner.idleJobPoll",
            "org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread.waitForTask");

    /** For people, short enough for a table column. */
    public final String shown;

    HandoffClass(String shown) {
        this.shown = shown;
    }

    /** The class of a site's handoffs, from its JFR event type and its stack (innermost frame first). */
    public static HandoffClass of(String event, List<JfrBlocking.Frame> frames) {
        if (event.equals(JfrBlocking.PINNED)) {
            return PINNED;
        }
        if (frames.isEmpty()) {
            return UNCLASSIFIED;
        }
        if (frames.stream().anyMatch(HandoffClass::pins)) {
            return NATIVE_PIN;
        }
        return switch (event) {
            case JfrBlocking.PARK -> frames.stream().anyMatch(f -> POOL_WAITS.contains(f.toString())) ? IDLE_WAIT : UNMOUNTS;
            case JfrBlocking.MONITOR_WAIT, JfrBlocking.MONITOR_ENTER -> MONITOR;
            default -> UNCLASSIFIED;
        };
    }

    /**
     * A frame that pins a virtual thread beneath it: a native method outside the JDK's own blocking primitives
     * (JNI), or the foreign-function interface's up- or downcall machinery (FFM).
     */
    static boolean pins(JfrBlocking.Frame f) {
        boolean jdkOwn = f.type().startsWith("java.") || f.type().startsWith("jdk.") || f.type().startsWith("sun.");
        return f.type().startsWith("jdk.internal.foreign.abi.") || "Native".equals(f.kind()) && !jdkOwn;
    }

    /**
     * @param jdkFeature the JDK the program would run its virtual threads on
     * @return whether this class pins a carrier there
     */
    public boolean pinsOn(int jdkFeature) {
        return this == NATIVE_PIN || this == PINNED || ((this == MONITOR || this == HELD_MONITOR) && jdkFeature < JdkPolicy.NO_PINNING);
    }

    /**
     * Whether a pinned virtual thread parks here with its carrier held, waiting for another thread to release it: a
     * park under a monitor or a native frame. Not a contended monitor enter (its holder is mounted and runs to its
     * exit), nor {@code Object.wait} (JDK 21 adds a carrier while a virtual thread waits in it), nor a virtual thread
     * already pinned (the program runs on virtual threads already).
     */
    public boolean blocksWhilePinned() {
        return this == HELD_MONITOR || this == NATIVE_PIN;
    }
}
