package dev.switchcost.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.render.Export;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: {@code diff --format json|csv} of committed results, read back as numbers. */
class DiffFormatsTest {

    static final String A = "src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25";
    static final String B = A;

    @Test
    void jsonHasNumericValuesErrorsAndUnits() {
        CliResult r = CliResult.run("diff", "--format", "json", A, B);
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        JsonArray rows = JsonParser.parseString(r.out()).getAsJsonArray();
        assertTrue(rows.size() > 3, r.out());
        int both = 0;
        for (var e : rows) {
            JsonObject o = e.getAsJsonObject();
            assertTrue(o.get("benchmark").getAsString().startsWith("dev.switchcost."), o.toString());
            assertTrue(o.get("unit").getAsString().matches("\\S+/op|ops/\\S+|\\S+|ns/switch \\(round trip ÷ 2\\)"), o.toString());
            if (!o.get("a_value").isJsonNull() && !o.get("b_value").isJsonNull()) {
                both++;
                assertTrue(o.get("a_value").getAsDouble() > 0 && o.get("b_value").getAsDouble() > 0, o.toString());
            }
        }
        assertTrue(both > 0, "rows in both inputs");
    }

    @Test
    void csvCellsAreNumbersAStrictReaderParses() {
        CliResult r = CliResult.run("diff", "--format", "csv", A, B);
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        List<List<String>> table = parse(r.out());
        List<String> header = table.get(0);
        assertEquals("benchmark", header.get(0));
        assertEquals("params", header.get(1));
        for (List<String> row : table.subList(1, table.size())) {
            assertEquals(header.size(), row.size(), row.toString());
            for (String numeric : List.of("a_value", "a_error", "a_forks", "b_value", "b_error", "ratio", "ratio_error")) {
                String cell = row.get(header.indexOf(numeric));
                assertTrue(cell.isEmpty() || cell.matches("-?\\d+(\\.\\d+)?(E-?\\d+)?"), numeric + " is a number: '" + cell + "' in " + row);
            }
        }
        assertTrue(table.size() > 3);
        assertEquals("\"a,b\"", Export.cell("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", Export.cell("say \"hi\""));
    }

    /** RFC 4180 quoting, strictly (quoted cells, doubled quotes), LF line ends; anything else fails the test. */
    static List<List<String>> parse(String csv) {
        assertTrue(csv.endsWith("\n"), "a line end closes the last row");
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                assertEquals(0, cell.length(), "a quote opens a cell only");
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                cell.append(c);
            }
        }
        return rows;
    }
}
