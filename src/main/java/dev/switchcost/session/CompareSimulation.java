package dev.switchcost.session;

import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code compare --simulate}: user-space instructions per round trip of plain C ({@code futex_threads}) and the C replica
 * of Parker ({@code parker_threads}), counted by valgrind's callgrind ({@link NativeSimulation#instructions}) where no PMU
 * counts them. Without valgrind or the native programs nothing is counted and the result says why; a failed count is
 * said in its place and does not fail the comparison (the times are the measurement; this column explains them).
 */
public final class CompareSimulation {

    /** The columns whose programs are counted. */
    public static final List<Column> COLUMNS = List.of(Column.NATIVE_FUTEX, Column.NATIVE_PARKER);

    /** Round trips of the shorter callgrind run (the longer runs twice as many), as {@code scripts/simulate-native.sh}'s default. */
    public static final long DEFAULT_ROUND_TRIPS = 2000;

    /** Said in the columns when valgrind is not on PATH. */
    public static final String NO_VALGRIND = "not simulated (no valgrind)";

    private CompareSimulation() {
    }

    /**
     * @param progress one line per program as it starts, and why nothing was counted
     * @return the counts, or a simulation that says why there are none
     */
    public static CompareResults.Simulation run(NativeRunner nativeRunner, long roundTrips, PrintWriter progress) {
        Optional<String> noValgrind = NativeSimulation.valgrindMissing();
        if (noValgrind.isPresent()) {
            progress.println("switchcost compare: --simulate: " + noValgrind.get() + ": instructions not simulated");
            return new CompareResults.Simulation(NO_VALGRIND, List.of());
        }
        Optional<String> noNative = nativeRunner.unavailableReason();
        if (noNative.isPresent()) {
            progress.println("switchcost compare: --simulate: native not built: " + noNative.get());
            return new CompareResults.Simulation("not simulated (native not built)", List.of());
        }
        return count(nativeRunner.dir(), roundTrips, progress);
    }

    static CompareResults.Simulation count(Path nativeDir, long roundTrips, PrintWriter progress) {
        List<CompareResults.Instructions> counts = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Column c : COLUMNS) {
            String exe = c.program().executable();
            progress.printf("compare: simulating %s under callgrind (%d and %d round trips)%n", exe, roundTrips, 2 * roundTrips);
            try {
                NativeSimulation.Instructions i = NativeSimulation.instructions(nativeDir, exe, c.program().extraArgs(), roundTrips);
                String program = String.join(" ", List.of(exe, "UNPINNED")) + (c.program().extraArgs().isEmpty() ? ""
                        : " " + String.join(" ", c.program().extraArgs()));
                counts.add(new CompareResults.Instructions(c.name(), program, NativeSimulation.CALLGRIND_SOURCE, i.roundTripsDifference(),
                        i.perRoundTrip()));
            } catch (IOException e) {
                progress.println("compare:   simulation failed: " + e.getMessage());
                failed.add(exe + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failed.add(exe + ": interrupted");
                break;
            }
        }
        return new CompareResults.Simulation(failed.isEmpty() ? null : "not simulated: " + String.join("; ", failed), counts);
    }
}
