package dev.switchcost.measure.workload;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * A virtual thread making the JDK's bracket around a call that blocks its carrier, with the other carriers idle: what a
 * server on virtual threads pays, beyond the call itself, for each blocking file-system call of a request.
 *
 * <p>On a virtual thread the JDK puts {@code jdk.internal.misc.Blocker.begin()} and {@code end} around a call that
 * blocks the carrier in the kernel (file I/O, {@code java.io.File}'s checks, {@code Object.wait} before JDK 24): the
 * scheduler compensates for the carrier about to block, by waking an idle carrier, starting one, or lowering its count
 * of active carriers when none is idle. On a platform thread both do nothing.
 *
 * <p>Layout: a {@link PingPong} whose partner is a virtual thread; per turn it makes the bracket once (or nothing,
 * {@code compensate} false) and hands the turn back, as a request's thread that a platform thread (a server's
 * poller) handed a request. The caller waits between turns, so that a carrier the bracket woke has parked again by
 * the next, as between a server's requests. The turns are the same with and without the bracket, so the difference
 * of the two is the bracket's cost.
 *
 * <p>The bracket is reached through {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}, which the JVM must
 * be started with; {@code begin} returns a {@code long} on JDK 21 to 23 and a {@code boolean} from 24, adapted here.
 */
public final class CompensatedBlocks {

    /** The benchmark's parameter value for the bracket. */
    public static final String COMPENSATED = "COMPENSATED";
    /** The benchmark's parameter value for no call, the difference's other side. */
    public static final String PLAIN = "PLAIN";
    /** The partner's name. */
    public static final String NAME = "switchcost-blocker";
    /** The JVM option that opens the bracket to this class. */
    public static final String EXPORT = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";

    private static final MethodHandle BEGIN;
    private static final MethodHandle END;
    private static final String UNAVAILABLE;

    static {
        MethodHandle begin = null;
        MethodHandle end = null;
        String why = null;
        try {
            Class<?> blocker = Class.forName("jdk.internal.misc.Blocker");
            Method m = blocker.getMethod("begin");
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            begin = MethodHandles.explicitCastArguments(lookup.unreflect(m), MethodType.methodType(long.class));
            end = MethodHandles.explicitCastArguments(lookup.findStatic(blocker, "end",
                    MethodType.methodType(void.class, m.getReturnType())), MethodType.methodType(void.class, long.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            why = "the JDK's blocking-call bracket (jdk.internal.misc.Blocker) is not reachable: start the JVM with "
                    + EXPORT + " (" + e + ")";
        }
        BEGIN = begin;
        END = end;
        UNAVAILABLE = why;
    }

    private CompensatedBlocks() {
    }

    /** @return why the bracket cannot be called in this JVM, or null when it can */
    public static String unavailable() {
        return UNAVAILABLE;
    }

    /**
     * @param compensate   whether each turn makes the bracket (else nothing, for the difference)
     * @param timeoutNanos bound on one turn
     * @return the pair: each {@link PingPong#roundTrip()} is one call
     */
    public static PingPong start(boolean compensate, long timeoutNanos) {
        if (compensate && UNAVAILABLE != null) {
            throw new IllegalStateException(UNAVAILABLE);
        }
        return PingPong.start(new UntimedParkTurn(), ThreadKind.VIRTUAL, timeoutNanos, NAME,
                compensate ? () -> CompensatedBlocks::bracket : null);
    }

    /** One bracket with nothing inside: what the JDK adds around a blocking call on a virtual thread. */
    static void bracket() throws Exception {
        try {
            long c = (long) BEGIN.invokeExact();
            END.invokeExact(c);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
