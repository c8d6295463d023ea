package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.measure.nativebaseline.ValgrindProfile;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.SimulatedMisses;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code switchcost simulate-native}, what {@code scripts/simulate-native.sh} runs once it has built the
 * C programs: its options, its exit codes (2 for a usage mistake, 3 when valgrind or the cache
 * description is missing) and its output, one JSON line per program or size, on stdout or, with
 * {@code -o DIR}, into {@code DIR/simulated.jsonl} written atomically once every row is done. The
 * simulation itself (valgrind runs, the rows) is {@link NativeSimulation}'s.
 *
 * <p>For a machine without hardware counters (most VMs): what {@code perf} cannot count there, valgrind simulates. It needs
 * the C programs built ({@code scripts/build-native.sh}; {@code scripts/simulate-native.sh} builds them, then runs it).
 */
@Command(name = "simulate-native",
        footer = {
            "  switchcost simulate-native --sizes 0,64 -o results/sim"},
        header = "Run the native programs under valgrind (callgrind, cachegrind) for machines without hardware counters.",
        description = {
            "callgrind: user-space instructions per round trip of every native program; cachegrind --cache-sim=yes: simulated"
                + " D1 and last-level misses per switch of ws_threads against the working-set size, with --I1/--D1/--LL taken from"
                + " /sys/devices/system/cpu/cpu0/cache (two rows per size: LL = L3 and LL = L2). Each program runs with N and 2N"
                + " round trips and the counts are differenced. Prints one JSON line per row, or with -o writes DIR/simulated.jsonl,"
                + " which switchcost report DIR shows in its working-set section. valgrind runs one thread at a time and sees no"
                + " kernel code: the figures are user space only, labelled simulated. Needs valgrind and the C programs"
                + " (scripts/build-native.sh; scripts/simulate-native.sh builds them, then runs this). Exits 0 when every row"
                + " is written, 2 for a bad option, 3 when valgrind, a C program or the cache description is missing."
        })
public final class SimulateNativeCommand extends BaseCommand {

    private static final String CACHE_DIR = "/sys/devices/system/cpu/cpu0/cache";

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "A results directory (created if absent) to write simulated.jsonl into, atomically, instead of stdout.")
    Path outDir;

    @Option(names = "--native-dir", paramLabel = "DIR", description = "The C programs' directory (default: target/native beside the jar).")
    Path nativeDir;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Keep valgrind's files here (default: a temporary directory, removed).")
    Path workDir;

    @Option(names = "--round-trips", paramLabel = "N", defaultValue = "20", description = "Round trips of the shorter cachegrind run (default: ${DEFAULT-VALUE}).")
    long n;

    @Option(names = "--callgrind-round-trips", paramLabel = "N", defaultValue = "2000",
            description = "Round trips of the shorter callgrind run (default: ${DEFAULT-VALUE}).")
    long callgrindN;

    @Option(names = "--sizes", paramLabel = "KIB", split = ",", defaultValue = "0,16,64,128,256,512,1024,4096",
            description = "Working-set sizes per side, KiB (default: ${DEFAULT-VALUE}).")
    List<Long> sizes;

    @Option(names = "--stride", paramLabel = "BYTES", defaultValue = "64", description = "Stride of the walk (default: ${DEFAULT-VALUE}).")
    long stride;

    @Option(names = "--walk", paramLabel = "li|sparse", defaultValue = "li", description = "The walk of ws_threads (default: ${DEFAULT-VALUE}).")
    String walk;

    @Option(names = "--skip-callgrind", description = "No callgrind rows.")
    boolean skipCallgrind;

    @Option(names = "--skip-cachegrind", description = "No cachegrind rows.")
    boolean skipCachegrind;

    @Override
    protected int doCall() throws IOException, InterruptedException {
        if (n < 10 || callgrindN < 10 || !(walk.equals("li") || walk.equals("sparse"))) {
            throw SwitchcostException.usage("--round-trips and --callgrind-round-trips must be >= 10 and --walk li or sparse");
        }
        Optional<String> missing = NativeSimulation.valgrindMissing();
        if (missing.isPresent()) {
            throw SwitchcostException.environment(missing.get());
        }
        Path target = outDir == null ? null : outputFile();
        StringWriter buffer = new StringWriter();
        // rows go to stdout as they come, or to the file only once every row is done
        PrintWriter rows = target == null ? out() : new PrintWriter(buffer);
        simulate(nativeDir == null ? NativeRunner.locate().dir() : nativeDir, rows);
        if (target != null) {
            AtomicFiles.writeString(target, buffer.toString());
            err().println("simulate-native: wrote " + target);
        }
        return ExitCodes.OK;
    }

    private Path outputFile() {
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw SwitchcostException.environment("cannot create " + outDir + " (" + e.getMessage() + ")");
        }
        return outDir.resolve(SimulatedMisses.FILE_NAME);
    }

    private void simulate(Path natives, PrintWriter rows) throws IOException, InterruptedException {
        boolean ownWorkDir = workDir == null;
        Path work = ownWorkDir ? Files.createTempDirectory("switchcost-simulate-") : workDir;
        try {
            Files.createDirectories(work);
            err().println("simulate-native: valgrind output files in " + work + (ownWorkDir ? " (removed at the end; --work-dir keeps them)" : ""));
            if (!skipCallgrind) {
                callgrind(natives, work, rows);
            }
            if (!skipCachegrind) {
                cachegrind(natives, work, rows);
            }
        } finally {
            if (ownWorkDir) {
                // valgrind's files were this run's alone: none outlives it (--work-dir keeps them)
                try (Stream<Path> files = Files.walk(work)) {
                    for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
        }
    }

    /** One row per native program: user-space instructions per round trip. */
    private void callgrind(Path natives, Path work, PrintWriter rows) throws IOException, InterruptedException {
        for (List<String> prog : NativeSimulation.CALLGRIND_PROGRAMS) {
            List<String> extra = prog.subList(1, prog.size());
            ValgrindProfile[] at = NativeSimulation.runTwice(work, "callgrind-" + String.join("-", prog), "callgrind", List.of(),
                    natives.resolve(prog.get(0)), extra, callgrindN);
            rows.println(NativeSimulation.callgrindRow(prog.get(0), extra, callgrindN, at[0], at[1]));
        }
    }

    /** Two rows per working-set size (LL = L3, LL = L2): simulated misses per switch of ws_threads. */
    private void cachegrind(Path natives, Path work, PrintWriter rows) throws IOException, InterruptedException {
        Map<String, NativeSimulation.CacheSpec> caches = NativeSimulation.readCaches(Path.of(CACHE_DIR));
        NativeSimulation.CacheSpec d1 = caches.get("D1");
        NativeSimulation.CacheSpec i1 = caches.get("I1");
        if (d1 == null) {
            throw SwitchcostException.environment("no level-1 data cache in " + CACHE_DIR + ": cannot pass --D1");
        }
        List<String> levels = Stream.of("L3", "L2").filter(caches::containsKey).toList();
        for (long size : sizes) {
            for (String level : levels) {
                List<String> opts = new ArrayList<>(List.of("--cache-sim=yes"));
                if (i1 != null) {
                    opts.add("--I1=" + i1.simulable().option());
                }
                opts.add("--D1=" + d1.simulable().option());
                opts.add("--LL=" + caches.get(level).simulable().option());
                ValgrindProfile[] at = NativeSimulation.runTwice(work, "cachegrind-ws_threads-" + size + "-" + stride + "-" + walk + "-" + level,
                        "cachegrind", opts, natives.resolve("ws_threads"), List.of(Long.toString(size), Long.toString(stride), walk), n);
                rows.println(NativeSimulation.cachegrindRow(size, stride, walk, level, String.join(" ", opts), n, at[0], at[1]));
            }
        }
    }
}
