package dev.switchcost.results;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The benchmark methods switchcost's figures come from, as result files name them: with {@link Family}, {@link Param}
 * and {@link Question}, the catalog — the one place outside {@code src/jmh} that spells a benchmark's class, method or
 * parameter. {@code CatalogTest} resolves every entry against the built benchmark list, so a renamed benchmark fails
 * the build instead of silently emptying a line of the card.
 */
public enum Bench {
    FUTEX_ROUND_TRIP(Names.FUTEX, "roundTrip"),
    PARK_ROUND_TRIP(Names.PARK, "roundTrip_park"),
    PARK_SPIN_ROUND_TRIP(Names.PARK, "roundTrip_spin"),
    VIRTUAL_ONE_CARRIER(Names.VIRTUAL_ONE_CARRIER, "roundTrip"),
    VIRTUAL_TWO_CARRIERS(Names.VIRTUAL_TWO_CARRIERS, "roundTrip"),
    /** A virtual thread started, run and joined by a virtual thread on one carrier: the forecast's price of a start. */
    VIRTUAL_START(Names.VIRTUAL_START, "startAndJoin"),
    /** A virtual thread's blocking-call bracket, the carriers idle, and its control: the forecast's price of a compensation. */
    VIRTUAL_BLOCKING_CALL(Names.VIRTUAL_BLOCKING_CALL, "call"),
    WORKING_SET_ROUND_TRIP(Names.WORKING_SET, "roundTrip"),
    WORKING_SET_PAIRED(Names.WORKING_SET, Names.PAIRED_METHOD),
    WORKING_SET_WALK_ALONE(Names.WORKING_SET, Names.WALK_ALONE_METHOD),
    WORKING_SET_WALK_ALONE_TWO_ARRAYS(Names.WORKING_SET, Names.WALK_ALONE_TWO_ARRAYS_METHOD),
    WORKING_SET_WALK_ALONE_PAIRED(Names.WORKING_SET, Names.CONTROL_METHOD),
    WORKING_SET_VIRTUAL_ROUND_TRIP(Names.WORKING_SET_VIRTUAL, "roundTrip"),
    WORKING_SET_VIRTUAL_PAIRED(Names.WORKING_SET_VIRTUAL, Names.PAIRED_METHOD),
    EMPTY_OP(Names.SYSCALL, "baseline"),
    GETTID(Names.SYSCALL, "gettid"),
    GETTID_NOT_CRITICAL(Names.SYSCALL, "gettidNotCritical"),
    GETTID_AS_FUTEX_WAIT(Names.SYSCALL, "gettidAsFutexWait"),
    GETTID_AS_FUTEX_WAKE(Names.SYSCALL, "gettidAsFutexWake"),
    AFTER_SWITCH(Names.AFTER_SWITCH, "roundTrip"),
    THREAD_ROUND_TRIP(Names.PROCESS_VS_THREAD, "roundTrip_threads"),
    PROCESS_ROUND_TRIP(Names.PROCESS_VS_THREAD, "roundTrip_processes"),
    PRIMITIVE_ROUND_TRIP(Names.PRIMITIVE, "roundTrip"),
    /** The wait strategies against the partner's reply delay; {@code compare --spin} puts its C twin beside it. */
    SPIN_OR_PARK(Names.SPIN_OR_PARK, "handoff");

    /** The package every benchmark class is in (result files name benchmarks by it). */
    public static final String PACKAGE = "dev.switchcost.bench";

    /**
     * Class and method names as constants, for help texts and {@code switch} labels (which take constants only); code
     * that matches rows uses the enum.
     */
    public static final class Names {
        public static final String FUTEX = "FutexPingPong";
        public static final String PARK = "ParkUnparkPingPong";
        public static final String VIRTUAL_ONE_CARRIER = "VirtualThreadHandoffOneCarrier";
        public static final String VIRTUAL_TWO_CARRIERS = "VirtualThreadHandoffTwoCarriers";
        public static final String VIRTUAL_START = "VirtualThreadStartOneCarrier";
        public static final String VIRTUAL_BLOCKING_CALL = "VirtualThreadBlockingCall";
        public static final String WORKING_SET = "WorkingSetHandoff";
        public static final String WORKING_SET_VIRTUAL = "WorkingSetVirtualHandoff";
        public static final String SYSCALL = "SyscallBaseline";
        public static final String AFTER_SWITCH = "BindingAfterSwitch";
        public static final String PROCESS_VS_THREAD = "ProcessVsThreadSwitch";
        public static final String PRIMITIVE = "PrimitiveHandoff";
        public static final String SPIN_OR_PARK = "SpinOrPark";
        public static final String ROUND_TRIP_METHOD = "roundTrip";
        public static final String PAIRED_METHOD = "roundTripPaired";
        public static final String CONTROL_METHOD = "walkAlonePaired";
        public static final String WALK_ALONE_METHOD = "walkAlone";
        public static final String WALK_ALONE_TWO_ARRAYS_METHOD = "walkAlone_twoArrays";

        private Names() {
        }
    }

    private final String className;
    private final String method;

    Bench(String className, String method) {
        this.className = className;
        this.method = method;
    }

    /** The benchmark class's simple name, e.g. {@code FutexPingPong}. */
    public String className() {
        return className;
    }

    /** The benchmark method, e.g. {@code roundTrip}. */
    public String method() {
        return method;
    }

    /** {@code Class.method}, as {@link JmhRow#shortName()} names a row. */
    public String shortName() {
        return className + "." + method;
    }

    /** The full JMH benchmark name, e.g. {@code dev.switchcost.bench.FutexPingPong.roundTrip}. */
    public String fullName() {
        return PACKAGE + "." + shortName();
    }

    /** Whether {@code r} is a row of this benchmark. */
    public boolean is(JmhRow r) {
        return r.shortName().equals(shortName());
    }

    /** A JMH include regex that selects exactly these benchmarks, e.g. {@code \.(FutexPingPong\.roundTrip|...)$}. */
    public static String include(Bench... benches) {
        List<String> names = Arrays.stream(benches).map(b -> b.shortName().replace(".", "\\.")).toList();
        return names.size() == 1 ? "\\." + names.get(0) + "$" : names.stream().collect(Collectors.joining("|", "\\.(", ")$"));
    }
}
