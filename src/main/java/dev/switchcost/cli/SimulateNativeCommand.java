package dev.switchcost.cli;

import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.measure.nativebaseline.ValgrindProfile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code scripts/simulate-native.sh}'s entry point: its options, its exit codes (2 for a usage mistake, 3
 * when valgrind or the cache description is missing) and its output, one JSON line per program or size.
 * The simulation itself (valgrind runs, the rows) is {@link NativeSimulation}'s.
 */
public final class SimulateNativeMain {

    static final String USAGE = "usage: scripts/simulate-native.sh [-o DIR] [--native-dir DIR] [--work-dir DIR] [--round-trips N (20, cachegrind)] "
            + "[--callgrind-round-trips N (2000)] "
            + "[--sizes 0,16,...] [--stride BYTES] [--walk li|sparse] [--skip-callgrind] [--skip-cachegrind]";

    private SimulateNativeMain() {
    }

    public static void main(String[] argv) throws Exception {
        System.exit(run(argv, System.out, System.err));
    }

    public static int run(String[] argv, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        Path nativeDir = NativeRunner.locate().dir();
        Path workDir = null;
        long n = 20;
        long callgrindN = 2000;
        List<Long> sizes = List.of(0L, 16L, 64L, 128L, 256L, 512L, 1024L, 4096L);
        long stride = 64;
        String walk = "li";
        boolean callgrind = true;
        boolean cachegrind = true;
        try {
            for (int i = 0; i < argv.length; i++) {
                String a = argv[i];
                switch (a) {
                    case "--native-dir" -> nativeDir = Path.of(value(argv, ++i, a));
                    case "--work-dir" -> workDir = Path.of(value(argv, ++i, a));
                    case "--round-trips" -> n = Long.parseLong(value(argv, ++i, a));
                    case "--callgrind-round-trips" -> callgrindN = Long.parseLong(value(argv, ++i, a));
                    case "--sizes" -> sizes = Stream.of(value(argv, ++i, a).split(",")).map(String::strip).map(Long::parseLong).toList();
                    case "--stride" -> stride = Long.parseLong(value(argv, ++i, a));
                    case "--walk" -> walk = value(argv, ++i, a);
                    case "--skip-callgrind" -> callgrind = false;
                    case "--skip-cachegrind" -> cachegrind = false;
                    default -> {
                        err.println("simulate-native: unknown argument " + a + "\n" + USAGE);
                        return ExitCodes.USAGE;
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("simulate-native: " + e.getMessage() + "\n" + USAGE);
            return ExitCodes.USAGE;
        }
        if (n < 10 || callgrindN < 10 || !(walk.equals("li") || walk.equals("sparse"))) {
            err.println("simulate-native: --round-trips and --callgrind-round-trips must be >= 10 and --walk li or sparse\n" + USAGE);
            return ExitCodes.USAGE;
        }
        Optional<String> missing = NativeSimulation.valgrindMissing();
        if (missing.isPresent()) {
            err.println("simulate-native: " + missing.get());
            return ExitCodes.ENVIRONMENT;
        }
        boolean ownWorkDir = workDir == null;
        if (ownWorkDir) {
            workDir = Files.createTempDirectory("switchcost-simulate-");
        }
        try {
            Files.createDirectories(workDir);
            err.println("simulate-native: valgrind output files in " + workDir + (ownWorkDir ? " (removed at the end; --work-dir keeps them)" : ""));
            if (callgrind) {
                for (List<String> prog : NativeSimulation.CALLGRIND_PROGRAMS) {
                    String exe = nativeDir.resolve(prog.get(0)).toString();
                    List<String> extra = prog.subList(1, prog.size());
                    ValgrindProfile[] at = new ValgrindProfile[2];
                    for (int k = 0; k < 2; k++) {
                        long rt = (k + 1) * callgrindN;
                        List<String> command = new ArrayList<>(List.of(exe, "UNPINNED", Long.toString(rt), "1"));
                        command.addAll(extra);
                        at[k] = NativeSimulation.runValgrind(workDir, "callgrind-" + String.join("-", prog) + "-" + rt, List.of("--tool=callgrind"),
                                "--callgrind-out-file", command);
                    }
                    out.println(NativeSimulation.callgrindRow(prog.get(0), extra, callgrindN, at[0], at[1]));
                }
            }
            if (cachegrind) {
                Map<String, NativeSimulation.CacheSpec> caches = NativeSimulation.readCaches(Path.of("/sys/devices/system/cpu/cpu0/cache"));
                NativeSimulation.CacheSpec d1 = caches.get("D1");
                NativeSimulation.CacheSpec i1 = caches.get("I1");
                if (d1 == null) {
                    err.println("simulate-native: no level-1 data cache in /sys/devices/system/cpu/cpu0/cache: cannot pass --D1");
                    return ExitCodes.ENVIRONMENT;
                }
                List<String> levels = new ArrayList<>();
                for (String l : List.of("L3", "L2")) {
                    if (caches.containsKey(l)) {
                        levels.add(l);
                    }
                }
                for (long size : sizes) {
                    for (String level : levels) {
                        List<String> opts = new ArrayList<>(List.of("--tool=cachegrind", "--cache-sim=yes"));
                        if (i1 != null) {
                            opts.add("--I1=" + i1.option());
                        }
                        opts.add("--D1=" + d1.option());
                        opts.add("--LL=" + caches.get(level).option());
                        ValgrindProfile[] at = new ValgrindProfile[2];
                        for (int k = 0; k < 2; k++) {
                            long rt = (k + 1) * n;
                            List<String> command = List.of(nativeDir.resolve("ws_threads").toString(), "UNPINNED", Long.toString(rt), "1",
                                    Long.toString(size), Long.toString(stride), walk);
                            at[k] = NativeSimulation.runValgrind(workDir, "cachegrind-ws_threads-" + size + "-" + stride + "-" + walk + "-" + level + "-" + rt,
                                    opts, "--cachegrind-out-file", command);
                        }
                        out.println(NativeSimulation.cachegrindRow(size, stride, walk, level, String.join(" ", opts.subList(1, opts.size())), n, at[0], at[1]));
                    }
                }
            }
            return 0;
        } finally {
            if (ownWorkDir) {
                // valgrind's files were this run's alone: none outlives it (--work-dir keeps them)
                try (Stream<Path> files = Files.walk(workDir)) {
                    for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
        }
    }

    private static String value(String[] argv, int i, String option) {
        if (i >= argv.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return argv[i];
    }

}
