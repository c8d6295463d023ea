package dev.switchcost.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process and keeps exit code, stdout and stderr. */
record CliResult(int exit, String out, String err) {

    static CliResult run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = SwitchcostCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new CliResult(exit, out.toString(), err.toString());
    }

    /** The error output has one line (plus picocli's "Try --help" hint) and no stack trace. */
    boolean oneLineError() {
        String[] lines = err.strip().split("\n");
        return !err.contains("\tat ") && !err.contains("Exception") && lines.length <= 2 && lines[0].startsWith("switchcost: ");
    }
}
