package dev.switchcost.measure.workload;

/** Which kind of Java thread runs a side of a handoff. */
public enum ThreadKind {
    /** A platform thread: one kernel thread, switched by the kernel scheduler. */
    PLATFORM,
    /** A virtual thread (JEP 444): mounted on a carrier thread of the JDK's scheduler, switched by the JVM. */
    VIRTUAL;

    /** @return a builder for an unstarted thread of this kind, daemon where the kind allows it */
    public Thread.Builder builder(String name) {
        return this == PLATFORM ? Thread.ofPlatform().name(name).daemon(true) : Thread.ofVirtual().name(name);
    }
}
