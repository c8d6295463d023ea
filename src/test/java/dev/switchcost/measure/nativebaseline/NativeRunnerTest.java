package dev.switchcost.measure.nativebaseline;

import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.linux.LinuxTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 11 item 7: compare's native timeout never fired, because the runner read stdout to its end
 * before waiting with the timeout, and an interrupted compare left the program running. A stand-in
 * program that hangs with stdout open reproduces both. (The hang guard only catches a hang.)
 * Issue 20: the runner resolves the placement with {@link Placement#assign} and gives the program the CPUs.
 * Issue 21: an UNPINNED program runs on the CPUs {@code SWITCHCOST_CPUS} selects, and dies with the JVM that
 * started it, {@code kill -9} included.
 */
@EnabledOnOs(OS.LINUX)
@Isolated("sets the CPU selection, or judges the machine's quiet, that every other test reads")
class NativeRunnerTest {

    /** A "futex_threads" that prints its pid into a file and hangs, holding stdout open (as does its child). */
    private static NativeRunner hangingProgram(Path dir) throws IOException {
        Path exe = dir.resolve(NativeProgram.FUTEX_THREADS.executable());
        Files.writeString(exe, "#!/bin/sh\necho $$ > " + dir.resolve("pid") + "\nsleep 600 &\necho $! > " + dir.resolve("child")
                + "\nwait\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new NativeRunner(dir);
    }

    /** Whether the process is still there after a grace period (a killed orphan may need its reaper first). */
    private static boolean alive(Path pidFile) throws Exception {
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        for (int i = 0; i < 100; i++) {
            String state = ProcessHandle.of(pid).isPresent() && Files.exists(Path.of("/proc/" + pid + "/stat"))
                    ? Files.readString(Path.of("/proc/" + pid + "/stat")).replaceAll(".*\\) ", "").substring(0, 1) : "gone";
            if (state.equals("gone") || state.equals("Z")) {
                return false; // a zombie is dead, waiting for its parent to reap it
            }
            Thread.sleep(50);
        }
        return true;
    }

    @Test
    void aHungProgramIsKilledWhenTheTimeoutFires(@TempDir Path dir) throws Exception {
        NativeRunner runner = hangingProgram(dir);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            NativeRunner.NativeRunException e = assertThrows(NativeRunner.NativeRunException.class,
                    () -> runner.run(NativeProgram.FUTEX_THREADS, Placement.UNPINNED, 10, 1, 1));
            assertTrue(e.getMessage().contains("did not finish within 1 s; killed"), e.getMessage());
        });
        assertFalse(alive(dir.resolve("pid")), "the program outlived its timeout");
        assertFalse(alive(dir.resolve("child")), "the program's child outlived its timeout");
    }

    @Test
    void anInterruptedRunKillsTheProgram(@TempDir Path dir) throws Exception {
        NativeRunner runner = hangingProgram(dir);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                runner.run(NativeProgram.FUTEX_THREADS, Placement.UNPINNED, 10, 1, 600);
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            while (!Files.exists(dir.resolve("child")) || Files.readString(dir.resolve("child")).isBlank()) {
                Thread.sleep(20);
            }
            t.interrupt();
            t.join();
        });
        assertTrue(thrown.get() instanceof NativeRunner.NativeRunException && thrown.get().getMessage().contains("interrupted"),
                String.valueOf(thrown.get()));
        assertFalse(alive(dir.resolve("pid")), "the program outlived the interrupted run");
        assertFalse(alive(dir.resolve("child")), "the program's child outlived the interrupted run");
    }

    private static Topology fixture(String name) throws URISyntaxException {
        return Topology.read(Path.of(NativeRunnerTest.class.getResource("/fixtures/sys-cpu/" + name).toURI()));
    }

    @Test
    void theCommandGivesTheProgramTheCpusPlacementAssignChose() throws Exception {
        Topology smt = fixture("smt-4cpu-2core-interleaved");
        CpuSet allowed = smt.online();
        Path exe = Path.of("/x/futex_threads");
        List<String> rest = List.of("100", "2", "TIMED");
        Placement.Assignment cross = Placement.CROSS_CPU.assign(smt, allowed);
        assertEquals(List.of("/x/futex_threads", "--cpus", cross.cpuA() + "," + cross.cpuB(), "CROSS_CPU", "100", "2", "TIMED"),
                NativeRunner.command(exe, cross, rest));
        // not siblings (0/2 and 1/3 share a core there): the program is told Java's choice, it does not choose
        assertEquals(List.of("/x/futex_threads", "--cpus", "2,3", "CROSS_CPU", "100", "2", "TIMED"),
                NativeRunner.command(exe, cross, rest));
        assertEquals(List.of("/x/futex_threads", "--cpus", "3,3", "SAME_CPU", "100", "2", "TIMED"),
                NativeRunner.command(exe, Placement.SAME_CPU.assign(smt, allowed), rest));
        assertEquals(List.of("/x/futex_threads", "UNPINNED", "100", "2", "TIMED"),
                NativeRunner.command(exe, Placement.UNPINNED.assign(smt, allowed), rest));
    }

    @Test
    void anUnavailablePlacementFailsWithTheEnvironmentCodeBeforeAnythingRuns() throws Exception {
        Topology one = fixture("epyc-kvm-2cpu");
        NativeRunner.NativeRunException e = assertThrows(NativeRunner.NativeRunException.class,
                () -> NativeRunner.command(Path.of("/x/futex_threads"), Placement.CROSS_CPU.assign(one, CpuSet.of(1)), List.of("10", "1")));
        assertEquals(3, e.exitCode());
        assertTrue(e.getMessage().contains("CROSS_CPU unavailable"), e.getMessage());
    }

    /** End to end: a stand-in program that prints its arguments as its error line shows what run() passed. */
    @Test
    void runPassesTheCpusThisMachineAssigns(@TempDir Path dir) throws Exception {
        Path exe = dir.resolve(NativeProgram.FUTEX_THREADS_TIMED.executable());
        Files.writeString(exe, "#!/bin/sh\necho \"$*\" >&2\nexit 1\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        NativeRunner runner = new NativeRunner(dir);
        Placement.Assignment same = Placement.SAME_CPU.assignHere();
        NativeRunner.NativeRunException e = assertThrows(NativeRunner.NativeRunException.class,
                () -> runner.run(NativeProgram.FUTEX_THREADS_TIMED, Placement.SAME_CPU, 10, 1, 30));
        assertEquals(1, e.exitCode());
        assertTrue(e.getMessage().startsWith("--cpus " + same.cpuA() + "," + same.cpuA() + " SAME_CPU 10 1 TIMED "), e.getMessage());
    }

    /** With the selection set to one CPU, an UNPINNED program (every thread it has) is allowed that CPU only. */
    @Test
    void anUnpinnedProgramIsAllowedTheSelectedCpusOnly(@TempDir Path dir) throws Exception {
        LinuxTestSupport.assumeNative();
        assumeTrue(System.getProperty(CpuPinning.CPUS_PROPERTY) == null && System.getenv(CpuPinning.CPUS_ENV) == null,
                "no CPU selection set for the test JVM");
        CpuSet mask = CpuPinning.allowedCpus();
        assumeTrue(mask.size() >= 2, "needs two allowed CPUs to narrow to one");
        int last = mask.toArray()[mask.size() - 1];
        Path exe = dir.resolve(NativeProgram.FUTEX_THREADS.executable());
        Files.writeString(exe, "#!/bin/sh\ngrep Cpus_allowed_list /proc/$$/status >&2\nexit 1\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        NativeRunner runner = new NativeRunner(dir);
        System.setProperty(CpuPinning.CPUS_PROPERTY, Integer.toString(last));
        NativeRunner.NativeRunException e;
        try {
            e = assertThrows(NativeRunner.NativeRunException.class,
                    () -> runner.run(NativeProgram.FUTEX_THREADS, Placement.UNPINNED, 10, 1, 30));
        } finally {
            System.clearProperty(CpuPinning.CPUS_PROPERTY);
        }
        assertTrue(e.getMessage().startsWith("Cpus_allowed_list:\t" + last + " "), e.getMessage());
        assertEquals(mask, CpuPinning.allowedCpus(), "the starting thread's own mask is restored");
    }

    /** A JVM that runs a program through the runner until it is killed: {@code NativeRunnerTest$Parent DIR}. */
    public static final class Parent {
        public static void main(String[] args) {
            new NativeRunner(Path.of(args[0])).run(NativeProgram.FUTEX_THREADS, Placement.UNPINNED, 10, 1, 600);
        }
    }

    /** {@code kill -9} of the JVM that started a program takes the program with it. */
    @Test
    @Timeout(120)
    void aProgramDiesWithTheJvmThatStartedItWhateverKillsIt(@TempDir Path dir) throws Exception {
        LinuxTestSupport.assumeNative();
        assumeTrue(ParentDeath.available(), "no setpriv --pdeathsig here");
        Path exe = dir.resolve(NativeProgram.FUTEX_THREADS.executable());
        Files.writeString(exe, "#!/bin/sh\necho $$ > " + dir.resolve("pid.tmp") + "\nmv " + dir.resolve("pid.tmp") + " "
                + dir.resolve("pid") + "\nexec sleep 600\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process parent = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), Parent.class.getName(),
                dir.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("parent.log").toFile()).start();
        ProcessHandle program = null;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(dir.resolve("pid")) && parent.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.exists(dir.resolve("pid")), "the program started: " + Files.readString(dir.resolve("parent.log")));
            program = ProcessHandle.of(Long.parseLong(Files.readString(dir.resolve("pid")).trim())).orElseThrow();
            parent.destroyForcibly(); // SIGKILL: no shutdown hook runs
            parent.waitFor();
            assertFalse(alive(dir.resolve("pid")), "the program outlived kill -9 of the JVM that started it");
        } finally {
            parent.destroyForcibly();
            if (program != null) {
                program.destroyForcibly();
            }
        }
    }
}
