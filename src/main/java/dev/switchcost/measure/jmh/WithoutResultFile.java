package dev.switchcost.measure.jmh;

import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.util.Optional;

/**
 * {@code options} with the result file ({@code -rf}, {@code -rff}) taken out, so that JMH's
 * {@code Runner} does not write it: JMH's writer keeps the rows of a failed trial and swallows write
 * errors, so {@code launch.BenchmarkMain} writes the file itself (complete trials only, to a temporary file
 * then renamed, a failed write reported). Everything else is {@code options}' own.
 */
final class WithoutResultFile extends ForwardingOptions {
    private static final long serialVersionUID = 1L;

    WithoutResultFile(Options o) {
        super(o);
    }

    @Override public Optional<ResultFormatType> getResultFormat() { return Optional.none(); }
    @Override public Optional<String> getResult() { return Optional.none(); }
}
