package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadRoleTest {

    /** Every thread name of the captured JDK 25 process (G1, a virtual thread, the common pool, one app thread). */
    @Test
    void rolesOfEveryThreadOfACapturedJvm() throws IOException, URISyntaxException {
        Path tasks = Path.of(ThreadRoleTest.class.getResource(ThreadSamplerTest.CAPTURE + "/1000/task").toURI());
        List<String> names;
        try (Stream<Path> s = Files.list(tasks)) {
            names = s.map(t -> ProcStatus.parse(lines(t.resolve("status"))).name()).toList();
        }
        assertTrue(ThreadRole.isJvm(names));
        Map<ThreadRole, Integer> count = new TreeMap<>();
        names.forEach(n -> count.merge(ThreadRole.ofJvmThread(n), 1, Integer::sum));
        // C1 + C2; GC Thread#0, #1 and four G1 threads; two carriers and a common-pool worker;
        // VM Thread, VM Periodic, Reference Handler, Finalizer, Signal Dispatcher, Service, Monitor Deflation,
        // Notification, Common-Cleaner, the virtual-thread unparker; the launcher's two "java" threads and app-ticker
        assertEquals(Map.of(ThreadRole.JIT, 2, ThreadRole.GC, 6, ThreadRole.CARRIERS, 3, ThreadRole.VM, 10, ThreadRole.USER, 3), count);
        assertFalse(ThreadRole.isJvm(List.of("bash", "mvn", "sleep")));
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
