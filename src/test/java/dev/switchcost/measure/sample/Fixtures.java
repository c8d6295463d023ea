package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads captured outputs from {@code src/test/resources/fixtures}. */
public final class Fixtures {
    private Fixtures() {
    }

    public static List<String> lines(String path) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A captured {@link Interference.Snapshot}: {@code <prefix>-proc-stat.txt}, {@code <prefix>-task-stat.txt}
     * (one {@code /proc/[pid]/task/[tid]/stat} per line; its pid is unknown, so every thread is its own
     * process) and, when present, {@code <prefix>-schedstat.txt} ({@code tid run wait slices} per line).
     */
    public static Interference.Snapshot snapshot(String prefix) {
        Map<Integer, SchedStat> bench = new HashMap<>();
        if (Fixtures.class.getResource("/fixtures/" + prefix + "-schedstat.txt") != null) {
            for (String line : lines(prefix + "-schedstat.txt")) {
                int sp = line.indexOf(' ');
                bench.put(Integer.parseInt(line.substring(0, sp)), SchedStat.parse(line.substring(sp + 1)));
            }
        }
        Map<Integer, TaskStat> tasks = new HashMap<>();
        for (String line : lines(prefix + "-task-stat.txt")) {
            TaskStat t = TaskStat.parse(-1, line);
            tasks.put(t.tid(), new TaskStat(t.tid(), t.tid(), t.comm(), t.cpuTicks(), t.processor(), 0));
        }
        return new Interference.Snapshot(CpuTicks.parse(lines(prefix + "-proc-stat.txt")), bench, tasks);
    }
}
