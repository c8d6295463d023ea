package dev.switchcost.bench;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.linux.LinuxTestSupport;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

import static dev.switchcost.bench.BenchmarkSmokeTest.secondary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * With the CPU selection ({@code SWITCHCOST_CPUS}, here its {@code -Dswitchcost.cpus} twin given to the
 * fork) set to one CPU, every thread of an UNPINNED trial is allowed that CPU only: the JMH thread, the
 * partner, the JVM's own threads and the virtual-thread carriers, as {@code /proc/self/task/*}/status says;
 * and the trial says so on stderr.
 */
@EnabledOnOs(OS.LINUX)
@Isolated("replaces System.err for a while: beside it, other classes' commands exited 2 with nothing on the writers they were given")
class CpuSelectionTest {

    @BeforeAll
    static void gate() {
        LinuxTestSupport.assumeNative();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "FutexPingPong\\.roundTrip$,                   placement=UNPINNED wait=UNTIMED binding=JNA, false",
        "VirtualThreadHandoffTwoCarriers\\.roundTrip$, pair=VT_VT primitive=LOCK_SUPPORT,          true",
    })
    void everyThreadOfAnUnpinnedTrialIsAllowedTheSelectedCpuOnly(String include, String params, boolean carriers) throws Exception {
        int[] allowed = CpuPinning.allowedCpus().toArray();
        assumeTrue(allowed.length >= 2, "needs two allowed CPUs to narrow to one");
        int cpu = allowed[allowed.length - 1];
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include(include)
                .forks(1) // jvmArgsPrepend: the benchmarks' @Fork jvmArgsAppend (carrier counts) stays
                .jvmArgsPrepend("-D" + CpuPinning.CPUS_PROPERTY + "=" + cpu)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .addProfiler(ThreadMaskProfiler.class)
                .verbosity(VerboseMode.SILENT)
                .shouldFailOnError(true);
        for (String p : params.split(" ")) {
            b.param(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
        }
        ByteArrayOutputStream text = new ByteArrayOutputStream(); // JMH hands a fork's stderr to this JVM's
        PrintStream err = System.err;
        System.setErr(new PrintStream(text, true, StandardCharsets.UTF_8));
        Collection<RunResult> results;
        try {
            results = new Runner(ForkOptions.withNativeAccess(b.build())).run();
        } finally {
            System.setErr(err);
        }
        assertEquals(1, results.size(), "one configuration");
        RunResult r = results.iterator().next();
        double threads = secondary(r, "mask.threads");
        assertTrue(threads >= 3, "the fork's threads were read: " + threads);
        assertEquals(threads, secondary(r, "mask.confined"), "threads allowed exactly cpu " + cpu
                + " (the fork's stderr names the others)");
        if (carriers) {
            assertTrue(secondary(r, "mask.carriers") >= 1, "carriers were running");
            assertEquals(secondary(r, "mask.carriers"), secondary(r, "mask.carriers.confined"), "carriers on cpu " + cpu);
        }
        assertEquals(CpuSet.of(allowed), CpuPinning.allowedCpus(), "the test JVM itself is not narrowed");
        String said = text.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("# every thread of this fork allowed CPU " + cpu + " (-D" + CpuPinning.CPUS_PROPERTY + "=" + cpu + ")"),
                "the trial says so: " + said);
    }
}
