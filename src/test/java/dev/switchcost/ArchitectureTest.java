package dev.switchcost;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
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
import java.util.Set;
import java.util.TreeMap;

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

    /**
     * The derivations: each runs once per input, in {@code Findings.of} / {@code Study.of} (or where {@code cli} or
     * {@code derive} itself needs one), so no renderer calls one; the report, the card, A against B, {@code indirect} and
     * {@code sample}'s price only format what was derived.
     */
    static final Set<String> DERIVATIONS = Set.of("Headline.perJdk", "PinningStudy.derive", "GapDecomposition.of",
            "GapDecomposition.afterSwitch", "IndirectCost.derive", "IndirectCost.paired", "ProcessThreadCost.derive",
            "LatencyDistribution.of", "IndirectSweepCurve.of", "MachineDifferences.of", "Findings.of", "Study.of",
            "SwitchCost.of", "Modes.of", "Modes.ofHistogram");

    /** Calls from {@code classes} in package {@code pkg} to a {@link #DERIVATIONS derivation}, one line each. */
    static List<String> derivationsCalledFrom(JavaClasses classes, String pkg) {
        return derivationCalls(classes, pkg).stream().map(JavaMethodCall::getDescription).toList();
    }

    /** The calls from {@code classes} in package {@code pkg} to a {@link #DERIVATIONS derivation}. */
    static List<JavaMethodCall> derivationCalls(JavaClasses classes, String pkg) {
        List<JavaMethodCall> out = new ArrayList<>();
        for (JavaClass c : classes) {
            if (!c.getPackageName().startsWith(pkg)) {
                continue;
            }
            for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
                if (call.getTargetOwner().getPackageName().startsWith("dev.switchcost.derive") && DERIVATIONS.contains(name(call))) {
                    out.add(call);
                }
            }
        }
        return out;
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
        for (JavaMethodCall call : derivationCalls(classes, pkg)) {
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
