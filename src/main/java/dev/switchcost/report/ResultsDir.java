package dev.switchcost.report;

import dev.switchcost.compare.CompareResults;
import dev.switchcost.machine.MachineInfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A results directory as {@code switchcost run} and {@code switchcost compare} write it:
 * {@code jmh.json} (JMH {@code -rf json}), {@code machine.json} ({@link MachineInfo}) and, from
 * compare, {@code compare.json}. At least one of jmh.json and compare.json must be there.
 *
 * @param dir     the directory
 * @param jmh     rows of jmh.json (empty when absent)
 * @param machine the machine, or null when machine.json is absent
 * @param compare compare.json, or null when absent
 */
public record ResultsDir(Path dir, List<JmhResult> jmh, MachineInfo machine, CompareResults compare) {

    public static final String JMH_FILE = "jmh.json";

    /**
     * @throws IllegalArgumentException (one line, for the user) when the directory is missing, holds
     *         neither jmh.json nor compare.json, or a file is malformed
     */
    public static ResultsDir load(Path dir) {
        if (!Files.exists(dir)) {
            throw new IllegalArgumentException("results directory " + dir + " does not exist");
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + " is not a directory (give the results directory holding jmh.json)");
        }
        Path jmhFile = dir.resolve(JMH_FILE);
        Path compareFile = dir.resolve(CompareResults.FILE_NAME);
        if (!Files.isRegularFile(jmhFile) && !Files.isRegularFile(compareFile)) {
            throw new IllegalArgumentException(dir + " holds neither " + JMH_FILE + " (JMH -rf json) nor "
                    + CompareResults.FILE_NAME + " (switchcost compare): not a switchcost results directory");
        }
        try {
            List<JmhResult> jmh = Files.isRegularFile(jmhFile) ? JmhResults.read(jmhFile) : List.of();
            CompareResults compare = Files.isRegularFile(compareFile) ? CompareResults.read(compareFile) : null;
            MachineInfo machine = Files.isRegularFile(dir.resolve(MachineInfo.FILE_NAME)) ? MachineInfo.read(dir) : null;
            if (jmh.isEmpty() && compare == null) {
                throw new IllegalArgumentException(jmhFile + " holds no benchmark results");
            }
            return new ResultsDir(dir, jmh, machine, compare);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + dir + ": " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + dir + ": " + e.getCause().getMessage(), e);
        }
    }

    /** One line for headers: the machine summary, or that it is unknown. */
    public String machineSummary() {
        return machine != null ? machine.summary() : "machine unknown (no machine.json in " + dir + ")";
    }
}
