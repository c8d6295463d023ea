package dev.switchcost.cli;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.switchcost.render.IndirectTable;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: {@code indirect --format csv}, numbers a spreadsheet reads, on committed results. */
class IndirectCsvTest {

    static final String PAIRED = "src/test/resources/fixtures/results/workingset-paired-epyc-kvm-2vcpu-jdk25";
    static final String PROCESSES = "src/test/resources/fixtures/results/process-vs-thread-epyc-kvm-jdk25";
    static final List<String> NUMERIC = List.of("size_kib", "stride_bytes", "ns_per_switch", "error", "switches_per_op",
            "control_ns", "control_error", "direct_ns_per_switch", "direct_error", "thread_ns_per_switch", "thread_error",
            "process_ns_per_switch", "process_error");

    @Test
    void workingSetRowsAreTheJsonLinesFiguresInNumericCells() {
        CliResult csv = CliResult.run("indirect", "--format", "csv", PAIRED);
        assertEquals(ExitCodes.OK, csv.exit(), csv.err());
        List<List<String>> t = parse(csv.out());
        List<String> header = t.get(0);
        List<String> json = Arrays.asList(CliResult.run("indirect", "--format", "json", PAIRED).out().split("\n"));
        assertEquals(json.size(), t.size() - 1, "one CSV row per JSON line (row and estimator)");
        for (int i = 1; i < t.size(); i++) {
            List<String> row = t.get(i);
            assertEquals("ns/switch", row.get(header.indexOf("unit")));
            JsonElement value = JsonParser.parseString(json.get(i - 1)).getAsJsonObject().get("ns_per_switch");
            String cell = row.get(header.indexOf("ns_per_switch"));
            assertEquals(value.isJsonNull() ? "" : String.valueOf(value.getAsDouble()), cell.isEmpty() ? "" : String.valueOf(Double.parseDouble(cell)),
                    "row " + i);
        }
        assertTrue(t.size() > 5);
    }

    @Test
    void processMinusThreadRowsCarryBothSidesAndTheirDifference() {
        CliResult csv = CliResult.run("indirect", "--format", "csv", PROCESSES);
        assertEquals(ExitCodes.OK, csv.exit(), csv.err());
        List<List<String>> t = parse(csv.out());
        List<String> header = t.get(0);
        assertEquals(4, t.size(), "three placements");
        for (List<String> row : t.subList(1, t.size())) {
            double diff = Double.parseDouble(row.get(header.indexOf("ns_per_switch")));
            double thread = Double.parseDouble(row.get(header.indexOf("thread_ns_per_switch")));
            double process = Double.parseDouble(row.get(header.indexOf("process_ns_per_switch")));
            assertEquals(process - thread, diff, Math.abs(diff) * 1e-9 + 1e-9, row.toString());
            assertTrue(Double.parseDouble(row.get(header.indexOf("error"))) > 0, row.toString());
        }
    }

    /** Strict RFC 4180 ({@link DiffFormatsTest#parse}), every row as wide as the header, numeric columns numbers or empty. */
    static List<List<String>> parse(String text) {
        List<List<String>> t = DiffFormatsTest.parse(text);
        List<String> header = t.get(0);
        assertEquals(IndirectTable.CSV_COLUMNS, header);
        for (List<String> row : t.subList(1, t.size())) {
            assertEquals(header.size(), row.size(), row.toString());
            for (String n : NUMERIC) {
                String cell = row.get(header.indexOf(n));
                assertTrue(cell.isEmpty() || cell.matches("-?\\d+(\\.\\d+)?(E-?\\d+)?"), n + " is a number: '" + cell + "' in " + row);
            }
        }
        return t;
    }
}
