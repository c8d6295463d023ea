package dev.switchcost.results;

import com.google.gson.GsonBuilder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;

/**
 * The placement mix {@code sample} measured of a program's threads ({@code placement.json} in a {@code sample -o DIR}):
 * how many of their wake-ups ran on the waker's own CPU and how many on another, and the window they were counted in,
 * so that {@code forecast} can tell whether the mix describes the recording it prices. A file written before the window
 * was recorded reads with the window's fields null.
 *
 * @param sameCpu  wake-ups of a sampled thread on the waker's CPU
 * @param crossCpu wake-ups of a sampled thread on another CPU
 * @param source   where the counts come from, for people ("sched_waking/sched_wakeup trace", ...)
 * @param start    when the count began, ISO-8601 ({@link Instant#toString}), or null when not recorded
 * @param seconds  how long it counted, s, or null when not recorded
 * @param command  what was sampled: the command line, or the --pid process's, or null when not known
 * @param pids     the processes of the sampled tree, or null when not recorded
 */
public record SamplePlacement(long sameCpu, long crossCpu, String source, String start, Double seconds, String command,
                              List<Long> pids) {

    public static final String FILE = "placement.json";

    public SamplePlacement {
        if (sameCpu < 0 || crossCpu < 0) {
            throw new IllegalArgumentException("negative wake-up count: " + sameCpu + " same-CPU, " + crossCpu + " cross-CPU");
        }
        pids = pids == null ? null : List.copyOf(pids);
    }

    /** Counts without their window (a thread's share of the mix). */
    public SamplePlacement(long sameCpu, long crossCpu, String source) {
        this(sameCpu, crossCpu, source, null, null, null, null);
    }

    /** @return these counts, counted from {@code start} for {@code seconds} of {@code command}'s processes {@code pids} */
    public SamplePlacement in(Instant start, double seconds, String command, List<Long> pids) {
        return new SamplePlacement(sameCpu, crossCpu, source, start.toString(), seconds, command, pids);
    }

    /** @return when the count began, or null when the file does not say */
    public Instant started() {
        return start == null ? null : Instant.parse(start);
    }

    /** @return wake-ups counted per second, or NaN when the window is not recorded */
    public double wakeupsPerSecond() {
        return seconds == null || !(seconds > 0) ? Double.NaN : (sameCpu + crossCpu) / seconds;
    }

    /** @return the share of wake-ups on the waker's CPU, or NaN with none counted */
    public double sameShare() {
        long all = sameCpu + crossCpu;
        return all == 0 ? Double.NaN : (double) sameCpu / all;
    }

    /**
     * @param dir a {@code sample -o DIR}
     * @throws IllegalArgumentException naming the file and the field when it is missing or malformed, or counted no wake-up
     */
    public static SamplePlacement read(Path dir) {
        Path file = dir.resolve(FILE);
        String text;
        try {
            text = InputFiles.read(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read it (" + e.getMessage() + "); write it with switchcost sample -o "
                    + dir);
        }
        SamplePlacement p = JsonFields.read(text, SamplePlacement.class, Set.of("pids"), Set.of("source"), file,
                "a switchcost " + FILE);
        if (p.sameCpu + p.crossCpu == 0) {
            throw new IllegalArgumentException(file + " counted no wake-up of the sampled threads (" + p.source + ")");
        }
        if (p.seconds != null && !(p.seconds > 0)) {
            throw new IllegalArgumentException(file + ": seconds " + p.seconds + " is not a window: give more than 0, or write it"
                    + " again with switchcost sample -o " + dir);
        }
        try {
            p.started();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(file + ": start \"" + p.start + "\" is not a time like 2026-11-25T22:16:43Z: write it"
                    + " again with switchcost sample -o " + dir);
        }
        return p;
    }

    /** @return this as {@link #read} reads it */
    public String json() {
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(this) + "\n";
    }
}
