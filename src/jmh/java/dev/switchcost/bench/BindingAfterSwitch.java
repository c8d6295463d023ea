package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.NativeCalls;
import dev.switchcost.measure.workload.FutexTurn;
import dev.switchcost.measure.workload.Turn;
import dev.switchcost.measure.workload.WaitKind;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> Does a native binding cost more right after a context switch than in a warm loop,
 * and is that where the JNA ping-pong's unexplained residual over C comes from?
 *
 * <p><b>Method.</b> The FFM futex ping-pong of {@link FutexPingPong} (untimed waits) with one extra
 * call on each side right after each wake, before the turn is passed on: {@code syscall(SYS_gettid)}
 * shaped exactly as the futex wait ({@link NativeCalls#gettidAsFutexWait()}), through the binding
 * {@code extra} names. {@code extra=NONE} is the plain FFM ping-pong. <b>Unit: one op = one round
 * trip = two switches and two extra calls</b>, so (row − NONE) / 2 is what one such call costs just
 * after a switch, to be read against {@code SyscallBaseline.gettidAsFutexWait} of the same binding,
 * the same call in a warm loop. A diagnostic, not a handoff a real program makes.
 *
 * <p><b>Expected.</b> If the binding's own code runs with cold caches and predictors after a
 * switch, the in-situ cost exceeds the warm one, by more for JNA (a longer path: JNI transition,
 * libffi dispatch) than for FFM. If not, the two agree within the error. A hypothesis; results live
 * in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar 'BindingAfterSwitch|SyscallBaseline.gettidAsFutexWait' -p placement=SAME_CPU}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class BindingAfterSwitch {

    /** The extra call each side makes after it wakes: none, or gettid shaped as the futex wait through a binding. */
    public enum Extra {
        NONE, FFM, JNA
    }

    /** The FFM futex pair; each side makes the {@code extra} call after it wakes. */
    @State(Scope.Thread)
    public static class Pair extends PlacedPair {
        @Param
        public Placement placement;

        /** The futex calls' own binding: FFM only (skipped with one line on JDK 21), so that JNA appears only in the extra call. */
        @Param({"FFM"})
        public Binding binding;

        @Param({"NONE", "FFM", "JNA"})
        public Extra extra;

        NativeCalls extraCalls;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        protected Turn newTurn() {
            return FutexTurn.allocatePrivate(WaitKind.UNTIMED, binding);
        }

        /** Called once when the pair opens: side B's extra call; side A's is {@link #extraCall()}. */
        @Override
        protected Runnable partnerWork() {
            extraCalls = extra == Extra.NONE ? null : Binding.valueOf(extra.name()).calls();
            NativeCalls calls = extraCalls;
            return calls == null ? super.partnerWork() : calls::gettidAsFutexWait;
        }

        @Override
        protected String describe() {
            return "extra call after each wake: " + (extraCalls == null ? "none" : "gettid shaped as the futex wait through " + extra);
        }

        /** Side A's extra call, right after its wake. */
        long extraCall() {
            NativeCalls calls = extraCalls;
            return calls == null ? 0 : calls.gettidAsFutexWait();
        }
    }

    @Benchmark
    public long roundTrip(Pair p) {
        p.roundTrip();
        return p.extraCall();
    }
}
