package dev.switchcost.measure.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Processes whose names a foreign user could choose to break a reader: {@code sleep} started through a
 * symlink named with a UTF-8 character the kernel's 15-byte cut splits, with ESC and an OSC sequence, with
 * a newline and with U+202E. Test support, for any test that must pass beside them.
 */
public final class HostileNames implements AutoCloseable {

    /** Each symlink's name and the escaped comm a reader must show for it. */
    private static final Map<String, String> NAMES = Map.of(
            "éééééééé", "ééééééé\uFFFD",
            "\u001b]0;pwned\u0007x", "\\x1b]0;pwned\\x07x",
            "a\nb", "a\\x0ab",
            "\u202eexe.txt", "\\u202eexe.txt");

    private final List<Process> processes = new ArrayList<>();
    private final Map<Long, String> expected = new LinkedHashMap<>();

    private HostileNames() {
    }

    /** Starts one sleeping process per name, the symlinks in {@code dir}; they end at {@link #close}. */
    public static HostileNames start(Path dir) throws IOException, InterruptedException {
        HostileNames h = new HostileNames();
        Path sleep = Files.exists(Path.of("/bin/sleep")) ? Path.of("/bin/sleep") : Path.of("/usr/bin/sleep");
        for (Map.Entry<String, String> e : NAMES.entrySet()) {
            Path link = Files.createSymbolicLink(dir.resolve(e.getKey()), sleep);
            Process p = new ProcessBuilder(link.toString(), "120").start();
            h.processes.add(p);
            h.expected.put(p.pid(), e.getValue());
        }
        // the name is the executable's once exec has happened
        for (int i = 0; i < 200 && !h.named(); i++) {
            Thread.sleep(10);
        }
        return h;
    }

    private boolean named() {
        Map<Integer, TaskStat> all = TaskStat.scanAll();
        return expected.entrySet().stream().allMatch(e -> all.containsKey((int) (long) e.getKey())
                && all.get((int) (long) e.getKey()).comm().equals(e.getValue()));
    }

    /** pid → the comm a reader must show. */
    public Map<Long, String> expected() {
        return expected;
    }

    @Override
    public void close() throws InterruptedException {
        for (Process p : processes) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
