package dev.switchcost.results;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.nativebaseline.NativeProgram;

import java.util.Map;

/**
 * One implementation in the comparison table, and where its numbers come from. Each column belongs
 * to a {@link Group}; ratios are to the group's native baseline on the same placement.
 */
public enum Column {
    NATIVE_FUTEX(Group.HANDOFF, "native futex, threads", NativeProgram.FUTEX_THREADS, null, Map.of()),
    NATIVE_FUTEX_TIMED(Group.HANDOFF, "native futex, threads, timed wait", NativeProgram.FUTEX_THREADS_TIMED, null, Map.of()),
    FFM_FUTEX(Group.HANDOFF, "FFM futex (" + Bench.Names.FUTEX + ")", null, Bench.FUTEX_ROUND_TRIP,
            Map.of(Param.BINDING.key(), "FFM", Param.WAIT.key(), "UNTIMED")),
    JNA_FUTEX(Group.HANDOFF, "JNA futex (" + Bench.Names.FUTEX + ")", null, Bench.FUTEX_ROUND_TRIP,
            Map.of(Param.BINDING.key(), "JNA", Param.WAIT.key(), "UNTIMED")),
    JNA_FUTEX_TIMED(Group.HANDOFF, "JNA futex, timed wait", null, Bench.FUTEX_ROUND_TRIP,
            Map.of(Param.BINDING.key(), "JNA", Param.WAIT.key(), "TIMED")),
    /**
     * {@code ParkUnparkPingPong}'s protocol on a C replica of HotSpot's {@code Parker} ({@code parker_threads}): what
     * {@code park()}/{@code unpark} cost without the JVM around them; the decomposition's middle term.
     */
    NATIVE_PARKER(Group.HANDOFF, "C replica of HotSpot's Parker (parker_threads)", NativeProgram.PARKER_THREADS, null, Map.of()),
    LOCK_SUPPORT(Group.HANDOFF, "LockSupport park()/unpark", null, Bench.PARK_ROUND_TRIP,
            Map.of(Param.WAIT.key(), "UNTIMED")),
    /** Looked up at run time ({@code session.JmhTargets#virtual}); absent from a build without it. */
    VIRTUAL(Group.HANDOFF, "virtual thread park/unpark", null, null, Map.of()),
    /**
     * The FFM futex ping-pong with one more call after each wake ({@code BindingAfterSwitch}): no call,
     * then gettid shaped as the futex wait through FFM and through JNA. (row − no call) / 2 is what that
     * call costs right after a switch, against its warm-loop row ({@link #FFM_AS_FUTEX_WAIT},
     * {@link #JNA_AS_FUTEX_CALL}). One CPU only.
     */
    AFTER_SWITCH_NONE(Group.HANDOFF, "FFM futex, no extra call (" + Bench.Names.AFTER_SWITCH + ")", null,
            Bench.AFTER_SWITCH, Map.of(Param.BINDING.key(), "FFM", Param.EXTRA.key(), "NONE")),
    AFTER_SWITCH_FFM(Group.HANDOFF, "FFM futex + FFM gettid after each wake", null,
            Bench.AFTER_SWITCH, Map.of(Param.BINDING.key(), "FFM", Param.EXTRA.key(), "FFM")),
    AFTER_SWITCH_JNA(Group.HANDOFF, "FFM futex + JNA gettid after each wake", null,
            Bench.AFTER_SWITCH, Map.of(Param.BINDING.key(), "FFM", Param.EXTRA.key(), "JNA")),
    NATIVE_FUTEX_PROCESSES(Group.HANDOFF, "native futex, processes", NativeProgram.FUTEX_PROCESSES, null, Map.of()),
    NATIVE_PIPE(Group.HANDOFF, "native pipe, processes", NativeProgram.PIPE_PROCESSES, null, Map.of()),
    NATIVE_GETTID(Group.SYSCALL, "native gettid", NativeProgram.GETTID, null, Map.of()),
    /** JMH's own cost per op (an empty benchmark method): the harness's share of every JVM row. */
    JMH_EMPTY(Group.SYSCALL, "JMH empty op (" + Bench.EMPTY_OP.shortName() + ")", null, Bench.EMPTY_OP, Map.of()),
    FFM_GETTID(Group.SYSCALL, "FFM gettid, critical (" + Bench.Names.SYSCALL + ")", null, Bench.GETTID,
            Map.of(Param.BINDING.key(), "FFM")),
    FFM_GETTID_NOT_CRITICAL(Group.SYSCALL, "FFM gettid, not critical", null, Bench.GETTID_NOT_CRITICAL,
            Map.of(Param.BINDING.key(), "FFM")),
    JNA_GETTID(Group.SYSCALL, "JNA gettid (" + Bench.Names.SYSCALL + ")", null, Bench.GETTID,
            Map.of(Param.BINDING.key(), "JNA")),
    /** gettid through the futex calls' own shape: the binding's share per futex call (the decomposition's input). */
    FFM_AS_FUTEX_WAIT(Group.SYSCALL, "FFM gettid shaped as the futex wait", null, Bench.GETTID_AS_FUTEX_WAIT,
            Map.of(Param.BINDING.key(), "FFM")),
    FFM_AS_FUTEX_WAKE(Group.SYSCALL, "FFM gettid shaped as the futex wake", null, Bench.GETTID_AS_FUTEX_WAKE,
            Map.of(Param.BINDING.key(), "FFM")),
    JNA_AS_FUTEX_CALL(Group.SYSCALL, "JNA gettid shaped as a futex call", null, Bench.GETTID_AS_FUTEX_WAIT,
            Map.of(Param.BINDING.key(), "JNA"));

    /** Rows of the table: handoffs (per placement) and the syscall floor (unpinned only). */
    public enum Group {
        HANDOFF("handoff round trip (two handoffs)"),
        SYSCALL("one gettid syscall (a mode switch, no context switch)");

        private final String unit;

        Group(String unit) {
            this.unit = unit;
        }

        public String unit() {
            return unit;
        }

        public Column baseline() {
            return this == HANDOFF ? NATIVE_FUTEX : NATIVE_GETTID;
        }
    }

    private final Group group;
    private final String label;
    private final NativeProgram program;
    private final Bench benchmark;
    private final Map<String, String> params;

    Column(Group group, String label, NativeProgram program, Bench benchmark, Map<String, String> params) {
        this.group = group;
        this.label = label;
        this.program = program;
        this.benchmark = benchmark;
        this.params = params;
    }

    public Group group() {
        return group;
    }

    public String label() {
        return label;
    }

    public boolean isNative() {
        return program != null;
    }

    public NativeProgram program() {
        return program;
    }

    /** Full JMH benchmark name for the fixed JVM columns; null for native ones and {@link #VIRTUAL}. */
    public String benchmark() {
        return benchmark == null ? null : benchmark.fullName();
    }

    public Map<String, String> params() {
        return params;
    }

    /** Whether this column has a cell on this placement. */
    public boolean appliesTo(Placement p) {
        return switch (this) {
            case NATIVE_GETTID, JMH_EMPTY, JNA_GETTID, FFM_GETTID, FFM_GETTID_NOT_CRITICAL, FFM_AS_FUTEX_WAIT, FFM_AS_FUTEX_WAKE,
                 JNA_AS_FUTEX_CALL -> p == Placement.UNPINNED;
            // A virtual thread cannot be pinned: only the scheduler places it.
            case VIRTUAL -> p == Placement.UNPINNED;
            // the cold-path question is one CPU's: both sides' code shares its caches and predictors
            case AFTER_SWITCH_NONE, AFTER_SWITCH_FFM, AFTER_SWITCH_JNA -> p == Placement.SAME_CPU;
            default -> p != Placement.SMT_SIBLING;
        };
    }
}
