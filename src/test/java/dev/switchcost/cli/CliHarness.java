package dev.switchcost.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process and keeps what it printed. */
record CliHarness(int exitCode, String out, String err) {

    static CliHarness run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SwitchcostCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new CliHarness(code, out.toString(), err.toString());
    }
}
