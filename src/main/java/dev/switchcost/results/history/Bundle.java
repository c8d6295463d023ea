package dev.switchcost.results.history;

import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.Results;
import dev.switchcost.results.Stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A results directory made ready for the history: its {@link Run} and its {@link Figure}s, taken from what the one
 * reader ({@link Results#load}) read; nothing here parses a result file again.
 *
 * <p>A JMH row becomes a figure with its estimate over the measurement iterations (rows of failed trials are left out;
 * disturbed rows kept by {@code --allow-disturbed} keep their verdict); a {@code compare} cell becomes a figure
 * {@code compare.COLUMN placement=P} with its estimate over the repetitions.
 */
public record Bundle(Run run, List<Figure> figures) {

    public Bundle {
        figures = List.copyOf(figures);
    }

    /** The bundle of {@code r}, as read by {@link Results#load}. */
    public static Bundle of(Results r) {
        List<Figure> figures = new ArrayList<>();
        for (JmhRow row : r.usable()) {
            Estimate e = row.estimate();
            figures.add(new Figure(row.shortName(), row.paramsText(), row.mode(), row.jvm().jdkVersion(),
                    row.primary().unit(), e, e.basis().name(), e.units(), row.switchesPerOp(), row.disturbance()));
        }
        if (r.compare() != null) {
            for (CompareResults.Cell c : r.compare().cells()) {
                if (c.unavailable() != null || c.usable().isEmpty()) {
                    continue;
                }
                Stats sw = c.switches();
                String disturbed = c.usable().stream().anyMatch(CompareResults.Sample::disturbed)
                        ? "a repetition was disturbed (kept with --allow-disturbed)" : null;
                figures.add(new Figure(PerSwitch.COMPARE_PREFIX + c.column(), "placement=" + c.placement(), "avgt", c.jdk(), "ns/op",
                        c.estimate(), c.estimate().basis().name(), c.estimate().units(), sw.n() == 0 ? Double.NaN : sw.median(), disturbed));
            }
        }
        return new Bundle(run(r), figures);
    }

    private static Run run(Results r) {
        MachineInfo m = r.machine();
        String measuredAt = r.provenance() != null ? r.provenance().recordedAt()
                : m != null ? m.capturedAt() : r.compare() != null ? r.compare().createdAt() : null;
        String type = m == null || m.cpu() == null ? "unknown machine" : m.cpu().identity() + " × " + m.cpu().logicalCpus();
        String hypervisor = m == null || m.virtualization() == null ? null
                : m.virtualization().hypervisor() == null ? "none" : m.virtualization().hypervisor();
        String mitigations = m == null || m.mitigations() == null ? null : m.mitigations().entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("; "));
        return new Run(id(r), r.source().toString(), measuredAt, m == null ? null : m.hostname(), type,
                m == null || m.kernel() == null ? null : m.kernel().release(), m == null || m.jdk() == null ? null : m.jdk().version(),
                hypervisor, m == null || m.power() == null ? null : m.power().cpuidleDriver(), mitigations,
                r.provenance() == null ? null : r.provenance().commit(), r.status().describe(), m == null ? null : m.toJson());
    }

    /**
     * The content hash (SHA-256) of the files the reader read: every JMH JSON file, machine.json, compare.json, the
     * status and the provenance, by name and bytes, in name order. A copy of a directory has the same id; a re-run
     * does not.
     */
    static String id(Results r) {
        Path dir = Files.isDirectory(r.source()) ? r.source() : r.source().toAbsolutePath().getParent();
        TreeSet<Path> files = new TreeSet<>(r.jmhFiles().stream().map(p -> p.toAbsolutePath().normalize()).toList());
        for (String name : List.of(ResultsDir.MACHINE, ResultsDir.COMPARE, ResultsDir.STATUS, ResultsDir.PROVENANCE)) {
            Path f = dir.resolve(name).toAbsolutePath().normalize();
            if (Files.isRegularFile(f)) {
                files.add(f);
            }
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path f : files) {
                sha.update(f.getFileName().toString().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(Files.readAllBytes(f));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }
}
