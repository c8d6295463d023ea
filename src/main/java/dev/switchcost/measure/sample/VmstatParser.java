package dev.switchcost.measure.sample;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code vmstat -n INTERVAL} output (procps-ng): finds the column header line ({@code r b swpd
 * ... in cs us sy id wa st}) and reads every data row by column name, so extra or reordered columns
 * (newer procps adds {@code gu}) do not matter. No process handling here: tests feed captured output.
 *
 * <p>Note that vmstat's first data row is the average since boot, not an interval: callers that
 * sample drop it ({@link #parse} keeps it, marked by its index 0).
 */
public final class VmstatParser {

    /**
     * One vmstat row.
     *
     * @param runnable     {@code r}: runnable tasks (running or waiting for a CPU)
     * @param interrupts   {@code in}: interrupts per second
     * @param switches     {@code cs}: context switches per second, whole machine
     * @param user         {@code us}: % CPU time in user space
     * @param system       {@code sy}: % CPU time in the kernel
     * @param idle         {@code id}: % idle
     * @param ioWait       {@code wa}: % waiting for I/O
     * @param stolen       {@code st}: % stolen by the hypervisor (-1 when the column is absent)
     */
    public record Row(long runnable, long interrupts, long switches, int user, int system, int idle, int ioWait,
                      int stolen) {
    }

    private VmstatParser() {
    }

    /**
     * @return the data rows in order (the first is vmstat's since-boot average)
     * @throws IllegalArgumentException when no header with the {@code cs} column is found before the data
     */
    public static List<Row> parse(List<String> lines) {
        List<String> header = null;
        List<Row> rows = new ArrayList<>();
        for (String line : lines) {
            String[] tok = line.trim().split("\\s+");
            if (tok.length == 0 || tok[0].isEmpty()) {
                continue;
            }
            if (List.of(tok).contains("cs") && List.of(tok).contains("r")) {
                header = List.of(tok);
                continue;
            }
            if (!isNumber(tok[0])) {
                continue; // the "procs ---memory---" banner, or noise
            }
            if (header == null) {
                throw new IllegalArgumentException("vmstat data before its header line (no 'r ... cs' header): " + line.trim());
            }
            if (tok.length != header.size()) {
                continue; // a torn line
            }
            rows.add(new Row(col(header, tok, "r"), col(header, tok, "in"), col(header, tok, "cs"),
                    (int) col(header, tok, "us"), (int) col(header, tok, "sy"), (int) col(header, tok, "id"),
                    (int) col(header, tok, "wa"), (int) col(header, tok, "st")));
        }
        return rows;
    }

    /** Parses one data line against a header line; null when the line is not data. */
    public static Row parseRow(String headerLine, String line) {
        List<Row> rows = parse(List.of(headerLine, line));
        return rows.isEmpty() ? null : rows.get(0);
    }

    private static long col(List<String> header, String[] tok, String name) {
        int i = header.indexOf(name);
        return i < 0 ? -1 : Long.parseLong(tok[i]);
    }

    private static boolean isNumber(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return !s.isEmpty();
    }
}
