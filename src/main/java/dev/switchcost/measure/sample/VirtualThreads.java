package dev.switchcost.measure.sample;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * A JVM's virtual threads and the carriers of its virtual-thread scheduler, from the JSON thread dump of JDK 21+
 * ({@code jcmd PID Thread.dump_to_file -format=json FILE}), which lists virtual threads as {@code Thread.print} does not:
 * each thread container with its threads; a virtual thread has {@code "virtual": true}, its name ({@code ""} when
 * none was set), its stack, and, while mounted, {@code "carrier"}: the Java thread id of the carrier it runs on.
 *
 * <p>The scheduler is a {@code ForkJoinPool} (its workers {@code ForkJoinPool-N-worker-M}) whose container is named
 * {@code ForkJoinPool-N/...}; a program's own fork/join pools are named alike, so the scheduler's pool is the one a
 * mounted virtual thread's carrier is in, or whose worker runs a continuation; with none mounted, the one
 * {@code ForkJoinPool-N} pool there is (more than one: not told apart, no carriers counted).
 *
 * @param carriers       the scheduler's workers, by full name
 * @param virtualThreads the virtual threads listed
 * @param named          of those, the ones with a name
 * @param mounted        of those, the ones mounted on a carrier at the dump
 * @param parked         the parked (not runnable) virtual threads by the top frame of their stack outside the JDK's
 *                       own ({@code java.base}), most first
 */
public record VirtualThreads(List<String> carriers, int virtualThreads, int named, int mounted, List<Stack> parked) {

    /** How long a JVM may take to write its dump, s. */
    static final long LIMIT_SECONDS = 20;

    public VirtualThreads {
        carriers = List.copyOf(carriers);
        parked = List.copyOf(parked);
    }

    /**
     * Parked virtual threads that share a top frame.
     *
     * @param frame the frame, as the dump gives it ({@code VtDemo.lambda$main$0(VtDemo.java:6)})
     * @param count how many
     */
    public record Stack(String frame, int count) {
    }

    /**
     * The dump of JVM {@code pid}, or why there is none in one line (not a HotSpot JVM of JDK 21 or later, or it did not
     * answer). The JVM writes the file under its own {@code /tmp}, read here through {@code /proc/PID/root} (a
     * container's), then removed.
     */
    public static Result of(long pid) {
        String name = "/tmp/switchcost-threads-" + UUID.randomUUID() + ".json";
        Path seen = Path.of("/proc", String.valueOf(pid), "root").resolve(name.substring(1));
        try {
            Optional<Jcmd.Answer> a = Jcmd.tryRun(Jcmd.command(pid, List.of("Thread.dump_to_file", "-format=json", name)), LIMIT_SECONDS);
            if (a.isEmpty()) {
                return new Result(null, "virtual threads: not listed: jcmd " + pid + " Thread.dump_to_file did not answer within "
                        + LIMIT_SECONDS + " s (or jcmd could not run)");
            }
            if (a.get().exit() != 0 || !Files.isRegularFile(seen)) {
                return new Result(null, refused(pid, a.get().output()));
            }
            return new Result(parse(Files.readString(seen, StandardCharsets.UTF_8)), null);
        } catch (IOException | IllegalArgumentException e) {
            return new Result(null, "virtual threads: not listed: " + seen + ": " + e.getMessage());
        } finally {
            try {
                Files.deleteIfExists(seen);
            } catch (IOException e) {
                // left in the JVM's /tmp: nothing to be done about it here
            }
        }
    }

    /**
     * The dump of every live JVM among the processes of {@code threads}, by pid (one {@code jcmd} each, after the sample,
     * as {@link JvmThreadNames#ofProcesses}: a dump brings the JVM to a safepoint).
     */
    public static Map<Integer, Result> ofProcesses(List<ThreadSampler.ThreadTotal> threads) {
        Map<Integer, Result> out = new TreeMap<>();
        threads.stream().filter(t -> !t.ended()).mapToInt(ThreadSampler.ThreadTotal::pid).distinct()
                .filter(AsyncProfiler::isJvm).forEach(pid -> out.put(pid, of(pid)));
        return out;
    }

    /**
     * The carriers' full names by pid: those of the JVMs whose dump was read, and those the sampled stacks showed running
     * a virtual thread ({@code seen}, by {@link CarrierStacks#byProcess}; a dump taken when no virtual thread was alive
     * names none).
     */
    public static Map<Integer, Set<String>> carriers(Map<Integer, Result> dumps, Map<Integer, Set<String>> seen) {
        Map<Integer, Set<String>> out = new TreeMap<>();
        dumps.forEach((pid, r) -> {
            if (r.threads() != null) {
                out.put(pid, new TreeSet<>(r.threads().carriers()));
            }
        });
        seen.forEach((pid, names) -> out.computeIfAbsent(pid, p -> new TreeSet<>()).addAll(names));
        out.replaceAll((pid, names) -> Set.copyOf(names));
        return out;
    }

    /**
     * A dump or why there is none.
     *
     * @param threads the dump's virtual threads and carriers, null when there is none
     * @param why     one line saying why there is none, else null
     */
    public record Result(VirtualThreads threads, String why) {
    }

    /** The line for a JVM that refused the command: jcmd's last line, after the pid line it starts with. */
    static String refused(long pid, String output) {
        List<String> lines = output.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.equals(pid + ":")).toList();
        String said = lines.isEmpty() ? "no answer" : lines.get(lines.size() - 1);
        return "virtual threads: not listed: process " + pid + " is not a HotSpot JVM of JDK 21 or later"
                + " (jcmd Thread.dump_to_file -format=json: " + ProcText.name(said) + ")";
    }

    /**
     * @param json a {@code Thread.dump_to_file -format=json} dump
     * @throws IllegalArgumentException when it is not one
     */
    public static VirtualThreads parse(String json) {
        JsonArray containers;
        try {
            containers = JsonParser.parseString(json).getAsJsonObject().getAsJsonObject("threadDump").getAsJsonArray("threadContainers");
        } catch (JsonParseException | IllegalStateException | ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException("not a JSON thread dump (threadDump.threadContainers): " + e.getMessage());
        }
        Set<String> carrierTids = new HashSet<>();
        int virtual = 0;
        int named = 0;
        int mounted = 0;
        Map<String, Integer> parked = new LinkedHashMap<>();
        for (JsonElement c : containers) {
            for (JsonObject t : threads(c)) {
                if (!bool(t, "virtual")) {
                    continue;
                }
                virtual++;
                named += text(t, "name").isEmpty() ? 0 : 1;
                if (t.has("carrier") && !t.get("carrier").isJsonNull()) {
                    mounted++;
                    carrierTids.add(text(t, "carrier"));
                } else if (!"RUNNABLE".equals(text(t, "state"))) {
                    parked.merge(top(t), 1, Integer::sum);
                }
            }
        }
        List<String> carriers = new ArrayList<>();
        for (JsonObject pool : schedulers(containers, carrierTids, virtual > 0)) {
            for (JsonObject t : threads(pool)) {
                if (text(t, "name").contains("-worker-")) {
                    carriers.add(text(t, "name"));
                }
            }
        }
        List<Stack> stacks = parked.entrySet().stream().map(e -> new Stack(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingInt(Stack::count).reversed()).toList();
        return new VirtualThreads(carriers, virtual, named, mounted, stacks);
    }

    /** The containers of the virtual-thread scheduler's pool (see the class's words). */
    private static List<JsonObject> schedulers(JsonArray containers, Set<String> carrierTids, boolean anyVirtual) {
        List<JsonObject> pools = new ArrayList<>();
        List<JsonObject> evident = new ArrayList<>();
        for (JsonElement e : containers) {
            JsonObject c = e.getAsJsonObject();
            if (!text(c, "container").matches("ForkJoinPool-\\d+/.*")) {
                continue;
            }
            pools.add(c);
            if (threads(c).stream().anyMatch(t -> carrierTids.contains(text(t, "tid"))
                    || stack(t).stream().anyMatch(f -> f.contains("java.lang.VirtualThread.runContinuation")))) {
                evident.add(c);
            }
        }
        return !evident.isEmpty() ? evident : anyVirtual && pools.size() == 1 ? pools : List.of();
    }

    private static List<JsonObject> threads(JsonElement container) {
        JsonElement ts = container.getAsJsonObject().get("threads");
        List<JsonObject> out = new ArrayList<>();
        if (ts != null && ts.isJsonArray()) {
            ts.getAsJsonArray().forEach(t -> out.add(t.getAsJsonObject()));
        }
        return out;
    }

    private static List<String> stack(JsonObject t) {
        JsonElement s = t.get("stack");
        List<String> out = new ArrayList<>();
        if (s != null && s.isJsonArray()) {
            s.getAsJsonArray().forEach(f -> out.add(f.getAsString()));
        }
        return out;
    }

    /** The first frame outside {@code java.base}: where the program parked; else the first frame, or {@code (no stack)}. */
    private static String top(JsonObject t) {
        List<String> s = stack(t);
        return s.stream().filter(f -> !f.startsWith("java.base/")).findFirst()
                .orElse(s.isEmpty() ? "(no stack)" : s.get(0));
    }

    private static String text(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e.isJsonNull() ? "" : e.getAsString();
    }

    private static boolean bool(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e != null && e.isJsonPrimitive() && e.getAsBoolean();
    }
}
