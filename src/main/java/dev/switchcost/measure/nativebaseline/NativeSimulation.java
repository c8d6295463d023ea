package dev.switchcost.measure.nativebaseline;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.switchcost.SwitchcostException;
import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.machine.MachineProbe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the native programs do, simulated where there is no PMU: valgrind's callgrind counts the
 * user-space instructions per round trip, and cachegrind ({@code --cache-sim=yes}) the simulated D1
 * and last-level misses of {@code ws_threads} per switch against the working-set size, with the
 * caches of this machine passed explicitly ({@code --I1 --D1 --LL} from
 * {@code /sys/devices/system/cpu/cpu0/cache/index*}). Run by {@code scripts/simulate-native.sh}.
 *
 * <p>Each program runs twice, with N and 2N round trips (callgrind: {@code --callgrind-round-trips}, default
 * 2000, since its per-round-trip counts vary with how valgrind interleaves the threads; cachegrind:
 * {@code --round-trips}, default 20, since its walks are long), and the difference of the counts is divided
 * by the difference of the round trips executed (warm-up included: {@code n + min(n / 10, 10000)}, as
 * in common.c), so start-up and exit cancel. Valgrind sees no kernel code (the futex and pipe system
 * calls and the switch itself are not counted), and it runs one thread at a time: both sides of a pair
 * share one simulated cache, as on one CPU. Cachegrind simulates two levels (I1/D1 and one LL), so the
 * working-set rows come twice: LL = this machine's L3, and LL = its L2. Every line is labelled
 * {@code "source":"simulated (cachegrind), user space only"} (or callgrind).
 *
 * <p>usage: {@code NativeSimulation [--native-dir DIR] [--work-dir DIR] [--round-trips N] [--callgrind-round-trips N]
 * [--sizes 0,16,64,...] [--stride BYTES] [--walk li|sparse] [--skip-callgrind] [--skip-cachegrind]}
 */
public final class NativeSimulation {

    public static final String CACHEGRIND_SOURCE = "simulated (cachegrind), user space only";
    public static final String CALLGRIND_SOURCE = "simulated (callgrind), user space only";
    static final String ONE_CPU_NOTE = "valgrind runs one thread at a time: both sides share one simulated cache, as on one CPU";

    private NativeSimulation() {
    }

    /** Round trips a program executes for a measured count n: warm-up included (common.c: WARMUP_DIVISOR 10, WARMUP_MAX 10000). */
    static long executedRoundTrips(long n) {
        return n + Math.min(n / 10, 10_000);
    }

    /** A cache as cachegrind takes it: {@code size,associativity,line} in bytes. */
    public record CacheSpec(String name, long sizeBytes, int ways, int lineBytes) {
        public String option() {
            return sizeBytes + "," + ways + "," + lineBytes;
        }

        /**
         * The nearest cache cachegrind can simulate: it needs a power-of-two number of sets, which a cache of 20 ways
         * (a 260 MiB L3 of 20 × 212,992 sets of 64 B) does not have. Then the sets are the power of two below, and the
         * ways as many as keep the size (rounded down: 32 ways of 131,072 sets, 256 MiB); the option says which was
         * simulated.
         */
        public CacheSpec simulable() {
            long sets = sizeBytes / ((long) ways * lineBytes);
            if (sets > 0 && Long.bitCount(sets) == 1 && sets * ways * lineBytes == sizeBytes) {
                return this;
            }
            long below = Long.highestOneBit(Math.max(1, sets));
            int w = (int) Math.max(1, sizeBytes / (below * lineBytes));
            return new CacheSpec(name, below * w * lineBytes, w, lineBytes);
        }
    }

    /**
     * The caches of cpu0 from sysfs ({@code index*}: level, type, size, ways_of_associativity,
     * coherency_line_size), keyed I1, D1, L2, L3.
     */
    public static Map<String, CacheSpec> readCaches(Path cacheDir) {
        Map<String, CacheSpec> out = new LinkedHashMap<>();
        try (Stream<Path> dirs = Files.list(cacheDir)) {
            for (Path d : dirs.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                String level = read(d.resolve("level"));
                String type = read(d.resolve("type"));
                String name = switch (type) {
                    case "Data" -> "D" + level;
                    case "Instruction" -> "I" + level;
                    default -> "L" + level;
                };
                out.put(name, new CacheSpec(name, MachineProbe.parseSize(read(d.resolve("size"))), Integer.parseInt(read(d.resolve("ways_of_associativity"))),
                        Integer.parseInt(read(d.resolve("coherency_line_size")))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read caches under " + cacheDir, e);
        }
        return out;
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p).strip();
    }

    /** One callgrind line: user-space instructions per round trip from runs of n and 2n round trips. */
    public static JsonObject callgrindRow(String program, List<String> args, long n, ValgrindProfile atN, ValgrindProfile at2N) {
        long rounds = executedRoundTrips(2 * n) - executedRoundTrips(n);
        JsonObject o = new JsonObject();
        o.addProperty("source", CALLGRIND_SOURCE);
        o.addProperty("tool", "callgrind");
        o.addProperty("program", program);
        o.addProperty("args", String.join(" ", args));
        o.add("round_trips_runs", pair(n, 2 * n));
        o.addProperty("round_trips_difference", rounds);
        o.addProperty("instructions_per_round_trip", round3((double) (at2N.total("Ir") - atN.total("Ir")) / rounds));
        o.addProperty("note", "user-space instructions of both sides per round trip (valgrind sees no kernel code: "
                + "the system calls and the switch itself are not counted); " + ONE_CPU_NOTE);
        return o;
    }

    /**
     * One cachegrind line for ws_threads: simulated misses per switch (two per round trip) from runs of n
     * and 2n round trips, in all and for the first and second walk of a wake (ws_walk_first, ws_walk_second).
     */
    public static JsonObject cachegrindRow(long sizeKib, long strideBytes, String walk, String llLevel, String options, long n,
                                    ValgrindProfile atN, ValgrindProfile at2N) {
        long rounds = executedRoundTrips(2 * n) - executedRoundTrips(n);
        double switches = 2.0 * rounds;
        double wakes = 2.0 * rounds;
        String[] d1 = {"D1mr", "D1mw"};
        String[] ll = {"DLmr", "DLmw"};
        JsonObject o = new JsonObject();
        o.addProperty("source", CACHEGRIND_SOURCE);
        o.addProperty("tool", "cachegrind");
        o.addProperty("program", "ws_threads");
        o.addProperty("working_set_kib", sizeKib);
        o.addProperty("stride_bytes", strideBytes);
        o.addProperty("walk", walk);
        o.addProperty("ll_level", llLevel);
        o.addProperty("valgrind_options", options);
        o.add("round_trips_runs", pair(n, 2 * n));
        o.addProperty("round_trips_difference", rounds);
        o.addProperty("instructions_per_round_trip", round3((double) (at2N.total("Ir") - atN.total("Ir")) / rounds));
        o.addProperty("d1_misses_per_switch", round3((at2N.total(d1) - atN.total(d1)) / switches));
        o.addProperty("ll_misses_per_switch", round3((at2N.total(ll) - atN.total(ll)) / switches));
        for (String[] misses : List.of(d1, ll)) {
            String level = misses == d1 ? "d1" : "ll";
            double first = (at2N.function("ws_walk_first", misses) - atN.function("ws_walk_first", misses)) / wakes;
            double second = (at2N.function("ws_walk_second", misses) - atN.function("ws_walk_second", misses)) / wakes;
            o.addProperty("first_walk_" + level + "_misses", round3(first));
            o.addProperty("second_walk_" + level + "_misses", round3(second));
            o.addProperty("paired_" + level + "_misses_per_switch", round3(first - second));
        }
        o.addProperty("note", ONE_CPU_NOTE + "; two switches per round trip; cachegrind simulates I1/D1 and one last level (LL = "
                + llLevel + " here), no prefetcher, no kernel");
        return o;
    }

    private static JsonArray pair(long a, long b) {
        JsonArray arr = new JsonArray();
        arr.add(a);
        arr.add(b);
        return arr;
    }

    private static double round3(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }

    /**
     * Runs {@code exe UNPINNED N 1 args...} under valgrind's {@code tool} for N = n and 2n, each into files of its own
     * ({@code label-N.<pid>}): the two profiles a row differences.
     */
    public static ValgrindProfile[] runTwice(Path workDir, String label, String tool, List<String> options, Path exe,
                                             List<String> args, long n) throws IOException, InterruptedException {
        ValgrindProfile[] at = new ValgrindProfile[2];
        for (int k = 0; k < 2; k++) {
            long rt = (k + 1) * n;
            List<String> command = new ArrayList<>(List.of(exe.toString(), "UNPINNED", Long.toString(rt), "1"));
            command.addAll(args);
            at[k] = runValgrind(workDir, label + "-" + rt, tool, options, command);
        }
        return at;
    }

    /** Runs valgrind with an output file per process ({@code %p}) and returns the summed profile. */
    private static ValgrindProfile runValgrind(Path workDir, String label, String tool, List<String> options, List<String> command)
            throws IOException, InterruptedException {
        try (Stream<Path> old = Files.list(workDir)) {
            for (Path p : old.filter(p -> p.getFileName().toString().startsWith(label + ".")).toList()) {
                Files.delete(p);
            }
        }
        List<String> cmd = new ArrayList<>(List.of(valgrind(), "--tool=" + tool));
        cmd.addAll(options);
        cmd.add("--" + tool + "-out-file=" + workDir.resolve(label + ".%p"));
        cmd.addAll(command);
        Path log = workDir.resolve(label + ".log");
        // valgrind dies with this JVM whatever kills it (this thread waits for it); the programs' partners die with them
        Process p = new ProcessBuilder(ParentDeath.ofChild(cmd)).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile()).start();
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            NativeRunner.kill(p);
            throw new IOException(String.join(" ", cmd) + " did not finish within 600 s");
        }
        if (p.exitValue() != 0) {
            String said;
            try (Stream<String> lines = Files.lines(log)) {
                said = lines.filter(l -> l.startsWith("valgrind:")).findFirst().orElse("see " + log);
            }
            throw SwitchcostException.environment(valgrind() + " --tool=" + tool + " exited " + p.exitValue() + " on "
                    + command.get(0) + ": " + said);
        }
        List<ValgrindProfile> parts = new ArrayList<>();
        try (Stream<Path> files = Files.list(workDir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith(label + ".") && !f.toString().endsWith(".log")).sorted().toList()) {
                parts.add(ValgrindProfile.parse(Files.readAllLines(f)));
            }
        }
        if (parts.isEmpty()) {
            throw new IOException("valgrind wrote no output file " + workDir.resolve(label + ".<pid>"));
        }
        return ValgrindProfile.sum(parts);
    }

    /**
     * User-space instructions per round trip of one program, counted by callgrind.
     *
     * @param program              the executable's name
     * @param roundTripsDifference round trips executed by the 2n run beyond the n run (warm-up included)
     * @param perRoundTrip         (instructions at 2n − at n) / that difference, both sides, user space only
     */
    public record Instructions(String program, long roundTripsDifference, double perRoundTrip) {
    }

    /**
     * Counts one program's user-space instructions per round trip under callgrind ({@code UNPINNED}, n and 2n round trips,
     * differenced), as {@link #CALLGRIND_PROGRAMS}' rows do, in a temporary directory that is deleted before it returns.
     *
     * @param extraArgs the program's arguments after {@code PLACEMENT ROUND_TRIPS REPETITIONS}
     * @throws IOException when valgrind fails or writes no output
     */
    public static Instructions instructions(Path nativeDir, String executable, List<String> extraArgs, long n)
            throws IOException, InterruptedException {
        if (n < 10) {
            throw new IllegalArgumentException("round trips must be >= 10, got " + n);
        }
        Path work = Files.createTempDirectory("switchcost-callgrind-");
        try {
            ValgrindProfile[] at = runTwice(work, "callgrind-" + executable, "callgrind", List.of(), nativeDir.resolve(executable),
                    extraArgs, n);
            JsonObject row = callgrindRow(executable, extraArgs, n, at[0], at[1]);
            return new Instructions(executable, row.get("round_trips_difference").getAsLong(),
                    row.get("instructions_per_round_trip").getAsDouble());
        } finally {
            try (Stream<Path> files = Files.list(work)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(work);
        }
    }

    /** Which programs callgrind counts: executable and the arguments after PLACEMENT ROUND_TRIPS REPETITIONS. */
    public static final List<List<String>> CALLGRIND_PROGRAMS = List.of(List.of("gettid_loop"), List.of("futex_threads"),
            List.of("futex_processes"), List.of("pipe_processes"), List.of("parker_threads"), List.of("ws_threads", "0", "64"),
            List.of("ws_pipe_processes", "0", "64"), List.of("ws_single", "0", "64"));

    /** The valgrind to run: {@code valgrind} on PATH, or the system property {@code switchcost.valgrind} (tests use a missing one). */
    static String valgrind() {
        return System.getProperty("switchcost.valgrind", "valgrind");
    }

    /** Why valgrind cannot run here, or empty. */
    public static Optional<String> valgrindMissing() {
        try {
            // not through ParentDeath: a probe that ends by itself, and whose "not found" must stay an IOException
            Process p = new ProcessBuilder(valgrind(), "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return !p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 ? Optional.of("valgrind --version failed")
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.of(valgrind() + " not found" + (valgrind().equals("valgrind") ? " on PATH" : "") + " (install valgrind)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }
}
