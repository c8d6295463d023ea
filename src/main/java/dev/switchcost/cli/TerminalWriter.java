package dev.switchcost.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * What every {@code switchcost} command prints passes here: each control character but newline and tab (ESC, so
 * no CSI or OSC sequence; carriage return, backspace, bell; DEL, the C1 controls and the bidirectional controls such
 * as U+202E) becomes {@code ?}, so text from
 * a results file (a status reason, a benchmark or parameter name) reaches a terminal as text, never as a command to it.
 */
final class TerminalWriter extends FilterWriter {

    private TerminalWriter(Writer out) {
        super(out);
    }

    /** {@code out}, made safe for a terminal; printing a line flushes it. */
    static PrintWriter of(PrintWriter out) {
        return new PrintWriter(new TerminalWriter(out), true);
    }

    /**
     * Whether {@code c} is shown as {@code ?}: a C0 or C1 control but newline and tab, or a bidirectional control
     * (U+200E/U+200F marks, U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates), which would reorder what a
     * terminal shows.
     */
    static boolean unsafe(int c) {
        return c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f
                || c == 0x200e || c == 0x200f || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
    }

    @Override
    public void write(int c) throws IOException {
        out.write(unsafe(c) ? '?' : c);
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        char[] copy = new char[len];
        for (int i = 0; i < len; i++) {
            char c = cbuf[off + i];
            copy[i] = unsafe(c) ? '?' : c;
        }
        out.write(copy, 0, len);
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        write(str.toCharArray(), off, len);
    }
}
