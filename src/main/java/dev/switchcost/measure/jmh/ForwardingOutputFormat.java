package dev.switchcost.measure.jmh;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.util.Collection;

/** A JMH {@link OutputFormat} that hands every call on to another, for a wrapper that adds to one or two of them. */
public abstract class ForwardingOutputFormat implements OutputFormat {

    protected final OutputFormat next;

    protected ForwardingOutputFormat(OutputFormat next) {
        this.next = next;
    }

    @Override public void iteration(BenchmarkParams b, IterationParams p, int i) { next.iteration(b, p, i); }
    @Override public void iterationResult(BenchmarkParams b, IterationParams p, int i, IterationResult r) { next.iterationResult(b, p, i, r); }
    @Override public void startBenchmark(BenchmarkParams params) { next.startBenchmark(params); }
    @Override public void endBenchmark(BenchmarkResult result) { next.endBenchmark(result); }
    @Override public void startRun() { next.startRun(); }
    @Override public void endRun(Collection<RunResult> result) { next.endRun(result); }
    @Override public void print(String s) { next.print(s); }
    @Override public void println(String s) { next.println(s); }
    @Override public void flush() { next.flush(); }
    @Override public void close() { next.close(); }
    @Override public void verbosePrintln(String s) { next.verbosePrintln(s); }
    @Override public void write(int b) { next.write(b); }
    @Override public void write(byte[] b) throws IOException { next.write(b); }
}
