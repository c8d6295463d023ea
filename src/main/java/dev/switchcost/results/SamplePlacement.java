package dev.switchcost.results;

import com.google.gson.GsonBuilder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/**
 * The placement mix {@code sample} measured of a program's threads ({@code placement.json} in a {@code sample -o DIR}):
 * how many of their wake-ups ran on the waker's own CPU and how many on another.
 *
 * @param sameCpu  wake-ups of a sampled thread on the waker's CPU
 * @param crossCpu wake-ups of a sampled thread on another CPU
 * @param source   where the counts come from, for people ("sched_waking/sched_wakeup trace", ...)
 */
public record SamplePlacement(long sameCpu, long crossCpu, String source) {

    public static final String FILE = "placement.json";

    public SamplePlacement {
        if (sameCpu < 0 || crossCpu < 0) {
            throw new IllegalArgumentException("negative wake-up count: " + sameCpu + " same-CPU, " + crossCpu + " cross-CPU");
        }
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
        SamplePlacement p = JsonFields.read(text, SamplePlacement.class, Set.of(), Set.of("source"), file,
                "a switchcost " + FILE);
        if (p.sameCpu + p.crossCpu == 0) {
            throw new IllegalArgumentException(file + " counted no wake-up of the sampled threads (" + p.source + ")");
        }
        return p;
    }

    /** @return this as {@link #read} reads it */
    public String json() {
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(this) + "\n";
    }
}
