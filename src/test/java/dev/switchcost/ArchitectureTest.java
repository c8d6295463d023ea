package dev.switchcost;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import com.tngtech.archunit.library.Architectures;
import dev.switchcost.cli.ExitCodes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layers of docs/ARCHITECTURE.md, read from the compiled classes: every import runs down.
 * From the bottom: the root's failure kinds and the Java 8 launcher with the JDK policy; measurement
 * (native calls, affinity, workloads, JMH profilers and fork policy, native programs, samplers, the
 * machine probe, and the benchmarks, whose package name is kept because result files name it);
 * results (records, files, the statistical rule); the session that runs trials into a results
 * directory; derived figures (values with errors, never text); rendering (the only place numbers
 * become text); the command line (the only place a failure becomes an exit code).
 */
class ArchitectureTest {

    static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.switchcost");

    /** The rule, top layer first: each layer may use the ones below it and nothing above. */
    static Architectures.LayeredArchitecture layers() {
        return Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy("dev.switchcost.cli..")
                .layer("render").definedBy("dev.switchcost.render..")
                .layer("derive").definedBy("dev.switchcost.derive..")
                .layer("session").definedBy("dev.switchcost.session..")
                .layer("results").definedBy("dev.switchcost.results..")
                .layer("measure").definedBy("dev.switchcost.measure..", "dev.switchcost.bench..")
                .layer("launch").definedBy("dev.switchcost.launch..")
                .layer("root").definedBy("dev.switchcost")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("render").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("derive").mayOnlyBeAccessedByLayers("render", "cli")
                .whereLayer("session").mayOnlyBeAccessedByLayers("derive", "render", "cli")
                .whereLayer("results").mayOnlyBeAccessedByLayers("session", "derive", "render", "cli")
                .whereLayer("measure").mayOnlyBeAccessedByLayers("results", "session", "derive", "render", "cli")
                .whereLayer("launch").mayOnlyBeAccessedByLayers("measure", "results", "session", "derive", "render", "cli");
    }

    @Test
    void everyImportRunsDown() {
        layers().check(MAIN);
    }

    /**
     * The order inside {@code measure}, top first, read from its imports: the benchmarks use everything; JMH's
     * profilers and fork policy, the C programs and valgrind, the machine probe (which reads the samplers'
     * /proc parsers and the footprint's limits), the footprint probes (which start workload threads), the
     * handoff protocols, the samplers, pinning, and at the bottom the native calls.
     */
    static Architectures.LayeredArchitecture measureLayers() {
        return Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("bench").definedBy("dev.switchcost.bench..")
                .layer("jmh").definedBy("dev.switchcost.measure.jmh..")
                .layer("nativebaseline").definedBy("dev.switchcost.measure.nativebaseline..")
                .layer("machine").definedBy("dev.switchcost.measure.machine..")
                .layer("footprint").definedBy("dev.switchcost.measure.footprint..")
                .layer("workload").definedBy("dev.switchcost.measure.workload..")
                .layer("sample").definedBy("dev.switchcost.measure.sample..")
                .layer("affinity").definedBy("dev.switchcost.measure.affinity..")
                .layer("linux").definedBy("dev.switchcost.measure.linux..")
                .whereLayer("bench").mayNotBeAccessedByAnyLayer()
                .whereLayer("jmh").mayOnlyBeAccessedByLayers("bench")
                .whereLayer("nativebaseline").mayOnlyBeAccessedByLayers("bench", "jmh")
                .whereLayer("machine").mayOnlyBeAccessedByLayers("bench", "jmh", "nativebaseline")
                .whereLayer("footprint").mayOnlyBeAccessedByLayers("bench", "jmh", "nativebaseline", "machine")
                .whereLayer("workload").mayOnlyBeAccessedByLayers("bench", "jmh", "nativebaseline", "machine", "footprint")
                .whereLayer("sample").mayOnlyBeAccessedByLayers("bench", "jmh", "nativebaseline", "machine", "footprint",
                        "workload")
                .whereLayer("affinity").mayOnlyBeAccessedByLayers("bench", "jmh", "nativebaseline", "machine", "footprint",
                        "workload", "sample");
    }

    @Test
    void insideMeasureEveryImportRunsDown() {
        measureLayers().check(MAIN);
    }

    /** The order inside measure can fail: a class of measure.linux that uses measure.affinity is reported. */
    @Test
    void anUpwardImportInsideMeasureFails() {
        JavaClasses withUpward = new ClassFileImporter().importClasses(dev.switchcost.measure.linux.ReachesUp.class,
                dev.switchcost.measure.affinity.CpuSet.class);
        EvaluationResult r = measureLayers().evaluate(withUpward);
        assertTrue(r.hasViolation(), "measure.linux calling measure.affinity must violate the order inside measure");
    }

    @Test
    void theRootUsesNoLayer() {
        EvaluationResult r = ArchRuleDefinition.noClasses()
                .that().resideInAPackage("dev.switchcost").should().dependOnClassesThat()
                .resideInAPackage("dev.switchcost.(*)..").evaluate(MAIN);
        assertFalse(r.hasViolation(), r.getFailureReport().toString());
    }

    /** The rule can fail: a class of a lower layer that uses a higher one is reported. */
    @Test
    void anUpwardImportFails() {
        JavaClasses withUpward = new ClassFileImporter().importClasses(UpwardImport.class, ExitCodes.class);
        EvaluationResult r = Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy("dev.switchcost.cli..")
                .layer("root").definedBy("dev.switchcost")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .evaluate(withUpward);
        assertTrue(r.hasViolation(), "a root class calling cli.ExitCodes must violate the rule");
    }

    private static final String DERIVE = "dev.switchcost.derive";

    /**
     * Whether {@code call} computes in {@code derive}: a call of a static method declared there, but an enum's
     * {@code values()}/{@code valueOf} (what a {@code switch} over derive's enums compiles to). Render reads what was
     * derived (records, their accessors and instance methods, enums, constants); it calls no static method of derive,
     * so every derivation, the ones written tomorrow too, runs once per input in {@code Findings.of} / {@code Study.of}
     * (or where {@code cli} needs one) and the report, the card, A against B, {@code indirect} and {@code sample}'s price
     * only format it.
     */
    static boolean computesInDerive(JavaMethodCall call) {
        JavaClass owner = call.getTargetOwner();
        if (!owner.getPackageName().startsWith(DERIVE)) {
            return false;
        }
        boolean enumLookup = owner.isEnum() && (call.getName().equals("values") || call.getName().equals("valueOf"));
        return !enumLookup && call.getTarget().resolveMember().map(m -> m.getModifiers().contains(JavaModifier.STATIC)).orElse(false);
    }

    /**
     * Whether {@code call} is of a derivation, read from derive's own classes, not from a list: a public static method of
     * {@code derive} that makes a derived value (a type of derive: itself, or in a list, an optional, a map) from an input
     * (a parameter that is no derived value: results, a machine, numbers). One that only compares or picks among derived
     * values ({@code Like.differences}, {@code SwitchCost.indirect}) derives nothing new.
     */
    static boolean isDerivation(JavaMethodCall call) {
        return computesInDerive(call) && call.getTarget().resolveMember()
                .filter(m -> m.getModifiers().contains(JavaModifier.PUBLIC))
                .filter(m -> involvesDerive(m.getReturnType()))
                .filter(m -> m.getParameterTypes().stream().anyMatch(t -> !involvesDerive(t)))
                .isPresent();
    }

    private static boolean involvesDerive(JavaType t) {
        return t.getAllInvolvedRawTypes().stream().anyMatch(c -> c.getPackageName().startsWith(DERIVE));
    }

    /** The calls from {@code classes} in package {@code pkg} that pass {@code which}. */
    static List<JavaMethodCall> callsFrom(JavaClasses classes, String pkg, Predicate<JavaMethodCall> which) {
        List<JavaMethodCall> out = new ArrayList<>();
        for (JavaClass c : classes) {
            if (c.getPackageName().startsWith(pkg)) {
                c.getMethodCallsFromSelf().stream().filter(which).forEach(out::add);
            }
        }
        return out;
    }

    /** Calls from {@code classes} in package {@code pkg} that compute in derive, one line each. */
    static List<String> derivationsCalledFrom(JavaClasses classes, String pkg) {
        return callsFrom(classes, pkg, ArchitectureTest::computesInDerive).stream().map(JavaMethodCall::getDescription).toList();
    }

    private static String name(JavaMethodCall call) {
        return call.getTargetOwner().getSimpleName() + "." + call.getName();
    }

    @Test
    void noRendererCallsADerivation() {
        assertEquals(List.of(), derivationsCalledFrom(MAIN, "dev.switchcost.render"));
    }

    /** The rule can fail: a renderer that derives is reported. */
    @Test
    void aRendererThatDerivesFails() {
        JavaClasses c = new ClassFileImporter().importClasses(DerivingRenderer.class);
        assertEquals(1, derivationsCalledFrom(c, "dev.switchcost").size());
    }

    /**
     * A derivation written tomorrow is caught with no list edited: a renderer calling a new static method of derive
     * (test-only classes in {@code render} and {@code derive}) is reported, and the method counts as a derivation.
     */
    @Test
    void aRendererCallingANewDerivationFails() {
        JavaClasses c = new ClassFileImporter().importClasses(dev.switchcost.render.NewDerivationRenderer.class,
                dev.switchcost.derive.NewDerivation.class);
        List<String> calls = derivationsCalledFrom(c, "dev.switchcost.render");
        assertEquals(3, calls.size(), calls.toString());
        assertTrue(calls.stream().allMatch(x -> x.contains("NewDerivation.of(")), calls.toString());
        assertEquals(Map.of("NewDerivation.of", 3), callSitesOverOne(c, "dev.switchcost.render"));
    }

    /** Reading what was derived is no derivation: a record's accessors, an instance method, a switch over an enum. */
    @Test
    void readingADerivedValueIsNoDerivation() {
        JavaClasses c = new ClassFileImporter().importClasses(ReadingRenderer.class);
        assertEquals(List.of(), derivationsCalledFrom(c, "dev.switchcost"));
    }

    /**
     * A derivation is called from one place in {@code derive} ({@code Findings.of}, {@code Study.of} or the one
     * derivation that needs another), so a report derives each once: a second call site, even in the same method,
     * derives the same figure again. The test counts the call sites; an overload delegating to another of its name is
     * not counted.
     */
    @Test
    void eachDerivationIsCalledFromOnePlaceInDerive() {
        assertEquals(Map.of(), callSitesOverOne(MAIN, "dev.switchcost.derive"));
    }

    /** The count can fail: a class that derives the same figure twice is named with its count. */
    @Test
    void aDerivationCalledTwiceIsCounted() {
        JavaClasses c = new ClassFileImporter().importClasses(TwiceDeriving.class);
        assertEquals(Map.of("IndirectCost.paired", 2), callSitesOverOne(c, "dev.switchcost"));
    }

    /** Each derivation called from more than one place in {@code pkg}, with its number of call sites. */
    static Map<String, Integer> callSitesOverOne(JavaClasses classes, String pkg) {
        Map<String, Integer> sites = new TreeMap<>();
        for (JavaMethodCall call : callsFrom(classes, pkg, ArchitectureTest::isDerivation)) {
            boolean overload = call.getOriginOwner().equals(call.getTargetOwner()) && call.getOrigin().getName().equals(call.getName());
            if (!overload) {
                sites.merge(name(call), 1, Integer::sum);
            }
        }
        sites.values().removeIf(n -> n == 1);
        return sites;
    }

    /** A test-only class that derives one row's paired estimate twice. */
    static final class TwiceDeriving {
        boolean whole(dev.switchcost.results.JmhRow row, List<dev.switchcost.results.JmhRow> rows) {
            return dev.switchcost.derive.IndirectCost.paired(row, rows).answerIsWhole()
                    && dev.switchcost.derive.IndirectCost.paired(row, rows).direct() != null;
        }
    }

    /** A test-only class that reads what was derived: an accessor, an instance method, a switch over derive's enum. */
    static final class ReadingRenderer {
        String read(dev.switchcost.derive.SwitchCost c, dev.switchcost.derive.Like.Side a, dev.switchcost.derive.Like.Side b) {
            String why = switch (c.why()) {
                case MEASURED_MIX -> "mix";
                default -> "other";
            };
            return why + c.indirectAdded() + a.differences(b) + c.perSwitch();
        }
    }

    /** A test-only class that derives where it should format. */
    static final class DerivingRenderer {
        Object card(dev.switchcost.results.Results r) {
            return dev.switchcost.derive.Headline.perJdk(r, java.util.Map.of());
        }
    }

    /** A test-only class in the root package that reaches up into the command line. */
    static final class UpwardImport {
        int code() {
            return ExitCodes.FAILURE + ExitCodes.of(SwitchcostException.Kind.USAGE);
        }
    }
}
