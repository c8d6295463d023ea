package dev.switchcost.measure.sample;

import java.io.IOException;
import java.util.List;

/**
 * A source of periodic readings for {@code switchcost sample}: {@link #start()} once, then
 * {@link #sample()} every interval, then {@link #close()}. Each sample holds the values of
 * {@link #columns()} for the interval since the previous call (rates per second, or levels such as
 * CPU percentages), NaN where the source had nothing new.
 */
public interface Sampler extends AutoCloseable {

    /** A short name used as the column prefix, e.g. {@code machine}. */
    String name();

    /** Column names, without the prefix, in output order. */
    List<String> columns();

    /** Starts the source (a process, a first reading); throws with a one-line message if it cannot. */
    void start() throws IOException;

    /** The reading for the interval since the previous call (or since {@link #start()}). */
    Sample sample();

    /** Stops the source; safe to call more than once. A source that reads files has nothing to stop. */
    @Override
    default void close() {
    }
}
