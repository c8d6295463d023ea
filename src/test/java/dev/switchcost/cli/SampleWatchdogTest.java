package dev.switchcost.cli;

import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.sample.AsyncProfiler;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.measure.sample.ProfilerWatchdog;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30 item 4: {@code kill -9} of {@code sample --pid J --flamegraph F} must not leave async-profiler profiling
 * inside J. A fixture JVM is profiled, sample is killed with SIGKILL, and J's perf_event fds are counted after the
 * bound {@link ProfilerWatchdog} states.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class SampleWatchdogTest {

    @TempDir
    Path tmp;

    /** The profiled JVM: a few threads that switch (sleep) until killed. */
    public static final class Fixture {
        public static void main(String[] args) throws InterruptedException {
            for (int i = 0; i < 3; i++) {
                Thread t = new Thread(() -> {
                    while (true) {
                        try {
                            Thread.sleep(5);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }, "fixture-sleeper-" + i);
                t.setDaemon(true);
                t.start();
            }
            System.out.println("ready");
            Thread.sleep(TimeUnit.MINUTES.toMillis(5)); // bounded: never outlives a test run by long
        }
    }

    @Test
    @Timeout(180)
    void sigkillOfSampleLeavesNoProfilerInTheJvm() throws Exception {
        assumeProfilerCanAttach();
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        String cp = System.getProperty("java.class.path");
        Process jvm = new ProcessBuilder(javaBin, "-cp", cp, Fixture.class.getName()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("fixture.log").toFile()).start();
        Process sample = null;
        Path fg = tmp.resolve("fg.html");
        try {
            waitFor(() -> Files.readString(tmp.resolve("fixture.log")).contains("ready"), 60, "the fixture JVM to start");
            Path log = tmp.resolve("sample.log");
            sample = new ProcessBuilder(javaBin, "-cp", cp, SwitchcostCommand.class.getName(), "sample", "--pid",
                    String.valueOf(jvm.pid()), "--no-perf", "--interval", "200ms", "--flamegraph", fg.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            Process s = sample;
            waitFor(() -> !s.isAlive() || perfEventFds(jvm.pid()) > 0, 90, "async-profiler to attach");
            assertTrue(sample.isAlive(), "sample attached and runs: " + Files.readString(log));
            assertTrue(watchdogs(jvm.pid()).size() == 1, "one watchdog runs beside sample");

            sample.destroyForcibly(); // SIGKILL: no shutdown hook runs
            sample.waitFor();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ProfilerWatchdog.BOUND_SECONDS);
            while (perfEventFds(jvm.pid()) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(0, perfEventFds(jvm.pid()), "perf_event fds left in the JVM " + ProfilerWatchdog.BOUND_SECONDS
                    + " s after kill -9 of sample");
            waitFor(() -> watchdogs(jvm.pid()).isEmpty(), 10, "the watchdog to exit");
            Path stacks = AsyncProfiler.collapsedName(fg, null);
            assertTrue(Files.size(stacks) > 0, "the watchdog had the JVM write its stacks to " + stacks);
        } finally {
            if (sample != null) {
                sample.destroyForcibly();
            }
            jvm.destroyForcibly();
            jvm.waitFor();
        }
        waitFor(() -> watchdogs(jvm.pid()).isEmpty(), 10, "no watchdog to outlive the JVM");
    }

    /** An ordinary end of sample stops the profiler itself and its watchdog exits without acting. */
    @Test
    @Timeout(180)
    void anOrdinaryEndOfSampleLeavesNoWatchdog() throws Exception {
        assumeProfilerCanAttach();
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Process jvm = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), Fixture.class.getName())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("fixture.log").toFile()).start();
        try {
            waitFor(() -> Files.readString(tmp.resolve("fixture.log")).contains("ready"), 60, "the fixture JVM to start");
            Path fg = tmp.resolve("fg.html");
            CliResult r = CliResult.run("sample", "--pid", String.valueOf(jvm.pid()), "--no-perf", "--interval", "200ms",
                    "--duration", "1s", "--flamegraph", fg.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(Files.size(fg) > 0, r.out());
            assertEquals(0, perfEventFds(jvm.pid()), "the profiler was stopped");
            waitFor(() -> watchdogs(jvm.pid()).isEmpty(), 10, "the watchdog to exit when sample ended normally");
        } finally {
            jvm.destroyForcibly();
            jvm.waitFor();
        }
    }

    private static void assumeProfilerCanAttach() {
        Path library = AsyncProfiler.locate().orElse(null);
        String why = AsyncProfiler.refusal(library, System.getProperty("os.arch", ""), PerfSupport.readParanoid(),
                SystemLimits.runningAsRoot());
        Needs.ASYNC_PROFILER.assume(why == null, "async-profiler cannot profile here: " + why);
    }

    /** The perf_event fds open in {@code pid} (what async-profiler's context-switches event holds per thread). */
    static long perfEventFds(long pid) {
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().equals("anon_inode:[perf_event]");
                } catch (IOException e) {
                    return false; // closed meanwhile
                }
            }).count();
        } catch (IOException e) {
            return 0; // the JVM is gone: nothing is open in it
        }
    }

    /** The watchdogs guarding {@code pid}. */
    static List<ProcessHandle> watchdogs(long pid) {
        return ProcessHandle.allProcesses().filter(h -> h.info().arguments().map(a -> List.of(a)
                .containsAll(List.of("switchcost-profiler-watchdog", String.valueOf(pid)))).orElse(false)).toList();
    }

    interface Check {
        boolean holds() throws Exception;
    }

    private static void waitFor(Check c, int seconds, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!c.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + seconds + " s for " + what);
            }
            Thread.sleep(100);
        }
    }
}
