package dev.switchcost.analysis;

import java.io.PrintWriter;
import java.util.List;

/** Prints rows as aligned text columns or as TSV. */
final class Table {

    private Table() {
    }

    static void print(String[] head, List<String[]> rows, boolean tsv, PrintWriter out) {
        if (tsv) {
            out.println(String.join("\t", head));
            for (String[] r : rows) {
                out.println(String.join("\t", r));
            }
            return;
        }
        int[] w = new int[head.length];
        for (int i = 0; i < head.length; i++) {
            w[i] = head[i].length();
            for (String[] r : rows) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        line(head, w, out);
        for (String[] r : rows) {
            line(r, w, out);
        }
    }

    private static void line(String[] cells, int[] w, PrintWriter out) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                sb.append("  ");
            }
            sb.append(cells[i]);
            if (i < cells.length - 1) {
                sb.append(" ".repeat(w[i] - cells[i].length()));
            }
        }
        out.println(sb);
    }
}
