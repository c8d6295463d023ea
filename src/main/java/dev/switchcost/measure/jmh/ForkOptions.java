package dev.switchcost.measure.jmh;

import dev.switchcost.launch.Jdk;
import dev.switchcost.launch.JdkDiscovery;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.affinity.PlacementUnavailableException;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.linux.Binding;
import org.openjdk.jmh.profile.Profiler;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What switchcost adds to the options of every JMH run, before it starts (the fork policy):
 * <ul>
 *   <li>forks get the JVM flags of {@link JdkPolicy#jvmFlags} for their JDK and {@link #COMPILE_EARLY}, e.g.
 *       {@code --enable-native-access=ALL-UNNAMED} (JMH starts forks with {@code -cp}, so the jar
 *       manifest's {@code Enable-Native-Access} does not reach them), and this JVM's
 *       {@code -Dswitchcost.cpus} when set (the CPUs its machine.json records);</li>
 *   <li>placements this machine cannot provide are skipped, each with one line saying why, instead of
 *       failing with a stack trace or running as something else;</li>
 *   <li>bindings the fork's JDK cannot provide are skipped the same way.</li>
 * </ul>
 */
public final class ForkOptions {

    /** The partner's loop of every pair, {@link #COMPILE_EARLY}'s second pattern. */
    static final String PARTNER_LOOP = dev.switchcost.measure.workload.PingPong.class.getName() + "::partnerLoop";

    /**
     * switchcost's profilers on every fork, in this order: the switches, the pair's CPU time (and walks), the readings of
     * the disturbance rule, and last the compilers' settling, so that its calls sit nearest the measured window.
     */
    public static final List<Class<? extends Profiler>> PROFILERS = List.of(ContextSwitchProfiler.class,
            PairedWalkProfiler.class, InterferenceProfiler.class, CompilerSettleProfiler.class);

    /**
     * The measured loops compile early in every fork: the JMH loop around each op ({@code *_jmhStub}) and the partner's
     * loop of every pair ({@link #PARTNER_LOOP}) are each entered once per iteration or per trial, so HotSpot counts
     * their back edges to decide, and a round trip of several µs crosses its thresholds (60,000 to C1's profiled code,
     * 40,000 more to C2) only after about a second of running: a 9 µs park round trip ran both loops interpreted, then
     * profiled, for the first 1–1.5 s of a fork and read 3–5 % high after 3 × 100 ms of warm-up. With these two
     * methods' thresholds scaled to 5 % they reach C2 within 70 ms of the trial's start. The rest keeps HotSpot's
     * defaults: the switch path's own methods compile early by their calls, and scaling the whole of
     * {@code measure.workload} left the virtual pair's forks in two states, 850 ns and 1,100–2,700 (docs/warm-up.md).
     * Every fork gets them, {@code --full}'s too; with the virtual pair they were tried with warm-ups of 3 and 4 × 100 ms.
     */
    public static final List<String> COMPILE_EARLY = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=CompileThresholdScaling,*_jmhTest::*_jmhStub,0.05",
            "-XX:CompileCommand=CompileThresholdScaling," + PARTNER_LOOP + ",0.05");

    public static final String PLACEMENT_PARAM = "placement";
    public static final String BINDING_PARAM = "binding";

    private ForkOptions() {
    }

    /**
     * The user's options with native access prepended to the fork JVM arguments and the placements
     * narrowed to those this machine can provide, as ONE JMH run. Without {@code -p placement=...},
     * every selected benchmark that declares {@code placement} gets the placements this machine can
     * provide among those they declare (benchmarks that declare it honour every placement; JMH ignores
     * the parameter for the others); each unavailable one is skipped with one line on {@code skipLog}.
     *
     * @throws IllegalArgumentException if no asked-for placement is available, a placement name is
     *                                  unknown, or selected benchmarks declare different placement lists
     */
    public static Options withSwitchcostDefaults(Options user, PrintStream skipLog) {
        Options base = withAvailableBindings(withNativeAccess(user), user, skipLog);
        Topology topology = Topology.current();
        CpuSet allowed = CpuPinning.allowedCpus();
        Collection<String> asked = user.getParameter(PLACEMENT_PARAM).orElse(null);
        if (asked == null) {
            Map<List<String>, List<String>> declared = new LinkedHashMap<>();
            for (BenchmarkListEntry e : BenchmarkCatalog.matching(user.getIncludes(), user.getExcludes())) {
                String[] values = e.getParams().orElse(Map.of()).get(PLACEMENT_PARAM);
                if (values != null) {
                    declared.computeIfAbsent(List.of(values), k -> new ArrayList<>()).add(e.getUsername());
                }
            }
            if (declared.isEmpty()) {
                return base;
            }
            if (declared.size() > 1) {
                StringBuilder b = new StringBuilder("the selected benchmarks declare different placement lists (");
                declared.forEach((list, names) -> b.append(names.get(0)).append(names.size() > 1 ? " and " + (names.size() - 1)
                        + " more" : "").append(": ").append(list).append("; "));
                b.setLength(b.length() - 2);
                throw new IllegalArgumentException(b + "); one JMH run applies one list to all: give -p placement=... or select fewer");
            }
            asked = declared.keySet().iterator().next();
        }
        List<String> keep = available(asked, Placement.class, PLACEMENT_PARAM, p -> {
            Placement.Assignment a = p.assign(topology, allowed);
            return a.isAvailable() ? Optional.empty() : Optional.of(a.unavailable());
        }, skipLog, new ArrayList<>());
        if (keep.isEmpty()) {
            throw new PlacementUnavailableException(Placement.valueOf(asked.iterator().next()),
                    "none of the placements " + asked + " is (see the lines above)");
        }
        return narrowed(base, PLACEMENT_PARAM, asked, keep);
    }

    /**
     * The {@code binding} parameter narrowed to what the benchmark JVM provides ({@link Binding#FFM}
     * needs JDK 22+), with one line per binding skipped, as for placements. An explicit
     * {@code -p binding=...} is narrowed (none left: an error naming why); without one, benchmarks that
     * declare {@code binding} run with {@code JNA} alone on a JDK without FFM.
     *
     * @throws IllegalArgumentException if none of the asked-for bindings is available, or a name is unknown
     */
    static Options withAvailableBindings(Options base, Options user, PrintStream skipLog) {
        Jdk forkJdk = forkJdk(user);
        int jdk = forkJdk != null ? forkJdk.feature : Runtime.version().feature();
        Collection<String> asked = user.getParameter(BINDING_PARAM).orElse(null);
        if (asked == null) {
            asked = BenchmarkCatalog.matching(user.getIncludes(), user.getExcludes()).stream()
                    .map(e -> e.getParams().orElse(Map.of()).getOrDefault(BINDING_PARAM, new String[0]))
                    .flatMap(Arrays::stream).distinct().toList();
        }
        List<String> reasons = new ArrayList<>();
        List<String> keep = available(asked, Binding.class, BINDING_PARAM, b -> b.unavailableOn(jdk), skipLog, reasons);
        if (keep.isEmpty() && !asked.isEmpty()) {
            throw new IllegalArgumentException("none of the bindings " + asked + " is available: " + String.join("; ", reasons));
        }
        return narrowed(base, BINDING_PARAM, asked, keep);
    }

    /**
     * The values of {@code names} this machine and JDK can run: each must name a constant of {@code type}, and one
     * that {@code unavailable} gives a reason for is skipped with one line on {@code skipLog} (once per name), its
     * reason added to {@code reasons}.
     */
    private static <E extends Enum<E>> List<String> available(Collection<String> names, Class<E> type, String kind,
                                                              Function<E, Optional<String>> unavailable, PrintStream skipLog,
                                                              List<String> reasons) {
        List<String> keep = new ArrayList<>();
        Set<String> skipped = new HashSet<>();
        for (String name : names) {
            E value;
            try {
                value = Enum.valueOf(type, name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown " + kind + " '" + name + "'; choose from "
                        + Arrays.toString(type.getEnumConstants()));
            }
            Optional<String> why = unavailable.apply(value);
            if (why.isEmpty()) {
                keep.add(name);
            } else if (skipped.add(name)) {
                reasons.add(why.get());
                skipLog.println("# switchcost: skipping " + kind + " " + name + ": " + why.get());
            }
        }
        return keep;
    }

    /** {@code base}, with {@code param} narrowed to {@code keep} where that leaves out some of {@code asked}. */
    private static Options narrowed(Options base, String param, Collection<String> asked, List<String> keep) {
        return keep.size() == asked.size() ? base : new OptionsBuilder().parent(base).param(param, keep.toArray(new String[0])).build();
    }

    /** The JDK the forks run: {@code -jvm}'s, else this one ({@link JdkPolicy}); null when it cannot be told. */
    private static Jdk forkJdk(Options user) {
        return user.getJvm().hasValue() ? JdkDiscovery.ofJava(user.getJvm().get()) : JdkDiscovery.running();
    }

    /**
     * Forks get the flags {@link JdkPolicy#jvmFlags} names for their JDK (the {@code -jvm} given, else this
     * one) and {@link #COMPILE_EARLY}, unless they inherit them from this JVM's own arguments (JMH's default without {@code -jvmArgs});
     * and a fork on another JDK inherits only the arguments that JDK accepts ({@link JdkPolicy#inheritable}:
     * a JDK 21 fork of a JDK 25 JMH would otherwise die on {@code --sun-misc-unsafe-memory-access}).
     */
    public static Options withNativeAccess(Options user) {
        Jdk forkJdk = forkJdk(user);
        int feature = forkJdk != null ? forkJdk.feature : JdkPolicy.min();
        List<String> wanted = new ArrayList<>(JdkPolicy.jvmFlags(feature));
        wanted.addAll(COMPILE_EARLY);
        String selection = System.getProperty(CpuPinning.CPUS_PROPERTY);
        if (selection != null) {
            // forks confine their threads to the CPUs this JVM recorded (SWITCHCOST_CPUS reaches them by inheritance)
            wanted.add("-D" + CpuPinning.CPUS_PROPERTY + "=" + selection);
        }
        ChainedOptionsBuilder b = new OptionsBuilder().parent(user);
        boolean changed = false;
        List<String> inherited = List.of();
        if (!user.getJvmArgs().hasValue()) {
            List<String> host = ManagementFactory.getRuntimeMXBean().getInputArguments();
            inherited = JdkPolicy.inheritable(host, feature);
            if (!inherited.equals(host)) {
                b.jvmArgs(inherited.toArray(new String[0]));
                changed = true;
            }
        }
        wanted.removeIf(inherited::contains);
        if (!wanted.isEmpty()) {
            List<String> prepend = new ArrayList<>(wanted);
            user.getJvmArgsPrepend().orElse(List.of()).stream().filter(a -> !prepend.contains(a)).forEach(prepend::add);
            b.jvmArgsPrepend(prepend.toArray(new String[0]));
            changed = true;
        }
        return changed ? b.build() : user;
    }
}
