package dev.switchcost.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.render.CompareTable;
import dev.switchcost.render.Fmt;
import dev.switchcost.render.SpinCompareTable;
import dev.switchcost.results.CompareResults;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: {@code compare --format json|csv} and {@code compare --from DIR}, on committed compare runs. */
class CompareFormatsTest {

    static final String ALL = "src/test/resources/fixtures/results/compare-all-placements-epyc-kvm-jdk25";
    /** A captured run with a cell that could not run. */
    static final String FIXTURE = "src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25";
    static final String SPIN = "src/test/resources/fixtures/results/compare-spin-epyc-kvm-jdk25";
    static final Set<String> NUMERIC = Set.of("value", "error", "repetitions", "min", "max", "ratio_to_native", "ratio_error",
            "switches", "voluntary_switches", "involuntary_switches", "instructions", "failed_repetitions", "disturbed_repetitions");

    @Test
    void fromPrintsTheTableTheRunPrintedWithoutMeasuring() throws Exception {
        CliResult r = CliResult.run("compare", "--from", ALL);
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String table = CompareTable.text(CompareResults.read(Path.of(ALL, CompareResults.FILE_NAME)));
        assertTrue(r.out().startsWith(table), r.out());
        assertEquals("", r.err());
    }

    @Test
    void csvRowsAreTheTextTablesFiguresAsNumbers() throws Exception {
        String text = CompareTable.text(CompareResults.read(Path.of(ALL, CompareResults.FILE_NAME)));
        CliResult r = CliResult.run("compare", "--from", ALL, "--format", "csv");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        List<List<String>> csv = DiffFormatsTest.parse(r.out());
        List<String> header = csv.get(0);
        assertEquals(CompareTable.EXPORT_COLUMNS, header);
        int ok = 0;
        for (List<String> row : csv.subList(1, csv.size())) {
            assertEquals(header.size(), row.size(), row.toString());
            for (String n : NUMERIC) {
                String cell = row.get(header.indexOf(n));
                assertTrue(cell.isEmpty() || cell.matches("-?\\d+(\\.\\d+)?(E-?\\d+)?"), n + " is a number: '" + cell + "' in " + row);
            }
            String unit = row.get(header.indexOf("unit"));
            assertTrue(unit.equals("ns/switch (round trip ÷ 2)") || unit.equals("ns/syscall"), unit);
            if (row.get(header.indexOf("status")).equals("ok")) {
                ok++;
                double value = Double.parseDouble(row.get(header.indexOf("value")));
                double min = Double.parseDouble(row.get(header.indexOf("min")));
                double max = Double.parseDouble(row.get(header.indexOf("max")));
                assertTrue(min <= value && value <= max, row.toString());
                // the text table's line for this placement and implementation prints the same min–max
                String line = Arrays.stream(text.split("\n"))
                        .filter(l -> l.startsWith(row.get(0) + " ") && l.contains(" " + row.get(1) + " ")).findFirst().orElseThrow();
                assertTrue(line.contains(Fmt.num(min) + "–" + Fmt.num(max)), line + " vs " + row);
            }
        }
        long textRows = Arrays.stream(text.split("\n")).filter(l -> l.matches("(UNPINNED|SAME_CPU|CROSS_CPU) .*")).count();
        assertEquals(textRows, csv.size() - 1, "one row per placement and implementation, as the text table");
        assertTrue(ok > 20);
    }

    @Test
    void jsonHasNumbersAndSaysWhyACellHasNone() {
        CliResult r = CliResult.run("compare", "--from", FIXTURE, "--format", "json");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        JsonArray rows = JsonParser.parseString(r.out()).getAsJsonArray();
        int notRun = 0;
        for (var e : rows) {
            JsonObject o = e.getAsJsonObject();
            assertEquals(CompareTable.EXPORT_COLUMNS, List.copyOf(o.keySet()));
            if (o.get("status").getAsString().equals("ok")) {
                assertTrue(o.get("value").getAsDouble() > 0 && o.get("error").getAsDouble() >= 0, o.toString());
                assertTrue(o.get("ratio_to_native").getAsDouble() > 0, o.toString());
            } else {
                notRun += o.get("status").getAsString().equals("not_run") ? 1 : 0;
                assertTrue(o.get("value").isJsonNull(), o.toString());
                assertFalse(o.get("note").getAsString().isBlank(), o.toString());
            }
        }
        assertEquals(1, notRun, "the fixture's one unavailable cell");
    }

    /** No committed compare.json comes from {@code --jdk A --jdk B}; its JVM cells, labelled twice, stand in for one. */
    @Test
    void everyJdkOfAJvmCellIsItsOwnRow() throws Exception {
        CompareResults one = CompareResults.read(Path.of(ALL, CompareResults.FILE_NAME));
        List<CompareResults.Cell> cells = new ArrayList<>();
        for (CompareResults.Cell c : one.cells()) {
            boolean jvm = c.source() != null && c.source().startsWith("jmh ");
            for (String jdk : jvm ? List.of("21", "25") : Arrays.asList((String) null)) {
                cells.add(new CompareResults.Cell(c.column(), c.group(), c.label(), c.placement(), c.source(), c.unavailable(),
                        c.samples(), jdk));
            }
        }
        CompareResults two = new CompareResults(one.schema(), one.createdAt(), one.repetitions(), one.quick(), one.placements(),
                one.jmhSettings(), cells);
        JsonArray rows = JsonParser.parseString(CompareTable.json(two)).getAsJsonArray();
        assertEquals(cells.size(), rows.size());
        long per21 = rows.asList().stream().filter(o -> !o.getAsJsonObject().get("jdk").isJsonNull()
                && o.getAsJsonObject().get("jdk").getAsString().equals("21")).count();
        long jvmCells = one.cells().stream().filter(c -> c.source() != null && c.source().startsWith("jmh ")).count();
        assertTrue(jvmCells > 5, "JVM cells in " + ALL);
        assertEquals(jvmCells, per21);
    }

    @Test
    void spinTableReadsBackAsNumbersWithTheJvmJudgedAgainstC() {
        CliResult r = CliResult.run("compare", "--spin", "--from", SPIN, "--format", "csv");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        List<List<String>> csv = DiffFormatsTest.parse(r.out());
        List<String> header = csv.get(0);
        assertEquals(SpinCompareTable.EXPORT_COLUMNS, header);
        int judged = 0;
        for (List<String> row : csv.subList(1, csv.size())) {
            assertEquals(header.size(), row.size(), row.toString());
            for (String n : List.of("budget_ns", "value", "error", "cpu_value", "cpu_error", "switches", "ratio_to_c", "ratio_error")) {
                String cell = row.get(header.indexOf(n));
                assertTrue(cell.isEmpty() || cell.matches("-?\\d+(\\.\\d+)?(E-?\\d+)?"), n + ": '" + cell + "' in " + row);
            }
            boolean jvm = row.get(header.indexOf("implementation")).equals("JVM");
            String verdict = row.get(header.indexOf("verdict"));
            assertEquals(jvm && row.get(header.indexOf("status")).equals("ok"), !verdict.isEmpty(), row.toString());
            judged += verdict.isEmpty() ? 0 : 1;
        }
        assertTrue(judged > 0);
        CliResult text = CliResult.run("compare", "--spin", "--from", SPIN);
        assertEquals(ExitCodes.OK, text.exit(), text.err());
        assertTrue(text.out().startsWith("switchcost compare --spin: "), text.out());
    }

    @Test
    void mistakesWithFromAreOneLineUsageErrors() {
        for (String[] args : List.of(new String[] {"compare", "--from", ALL, "--quick"},
                new String[] {"compare", "--from", "no/such/dir"},
                new String[] {"compare", "--from", SPIN},
                new String[] {"compare", "--from", ALL + "/machine.json"})) {
            CliResult r = CliResult.run(args);
            assertEquals(ExitCodes.USAGE, r.exit(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.oneLineError(), r.err());
            assertFalse(r.err().isBlank());
        }
        assertTrue(CliResult.run("compare", "--from", ALL, "--quick").err().contains("--quick"));
    }
}
