package dev.switchcost.derive;

import dev.switchcost.results.JfrBlocking;
import dev.switchcost.results.SamplePlacement;

import java.time.Instant;

/**
 * Whether a sample's placement mix ({@link SamplePlacement}) describes the recording {@code forecast} prices with it
 * ({@link JfrBlocking}): the same program under the same load. The mix is a share of wake-ups, and the share moves with
 * the load (an idle server's threads wake where they slept; a busy one's are woken across CPUs), so a mix sampled at
 * another load prices another program.
 *
 * <p>The load on each side is handoffs per second: the wake-ups the sample counted over its window, the blocking events
 * over the recording's. They count the same handoffs from two ends, not identically (a wake-up from a timed wait or an
 * {@code epoll_wait} is no JFR event; a park that found its permit is no wake-up): in the Jetty run of
 * docs/forecast-servers.md, sampled over the recording's window, they differed by 1.4×. A ratio over {@link #FACTOR} is
 * taken for another load. When the two windows overlap, the recorded JVM's process id must be one of the sampled tree's.
 *
 * @param sampleRate    wake-ups per second the sample counted, NaN when its file does not say its window
 * @param recordingRate blocking events per second of the recording, NaN when it spans no time
 * @param problem       what does not fit, {@link Problem#NONE} when the mix fits
 */
public record MixFit(SamplePlacement sample, JfrBlocking recording, double sampleRate, double recordingRate, Problem problem) {

    /** The largest ratio between the two rates taken for the same load. */
    public static final int FACTOR = 2;

    /** What does not fit. */
    public enum Problem {
        /** The mix describes the recording as far as the two can tell. */
        NONE,
        /** One side does not say its window (a placement.json of an older sample, or a recording of one event). */
        NO_WINDOW,
        /** Sampled over the recording's window, but not of the recorded process. */
        OTHER_PROCESS,
        /** The rates differ by more than {@link #FACTOR}. */
        RATE
    }

    public static MixFit of(SamplePlacement sample, JfrBlocking recording) {
        double s = sample.wakeupsPerSecond();
        double r = recording.eventsPerSecond();
        Problem p;
        if (Double.isNaN(s) || Double.isNaN(r) || sample.started() == null) {
            p = Problem.NO_WINDOW;
        } else if (overlaps(sample, recording) && sample.pids() != null && !sample.pids().isEmpty() && recording.pid() != null
                && !sample.pids().contains(recording.pid())) {
            p = Problem.OTHER_PROCESS;
        } else if (Math.max(s, r) > FACTOR * Math.min(s, r)) {
            p = Problem.RATE;
        } else {
            p = Problem.NONE;
        }
        return new MixFit(sample, recording, s, r, p);
    }

    private static boolean overlaps(SamplePlacement s, JfrBlocking r) {
        Instant sStart = s.started();
        Instant sEnd = sStart.plusNanos((long) (s.seconds() * 1e9));
        Instant rEnd = r.start().plusNanos((long) (r.seconds() * 1e9));
        return sStart.isBefore(rEnd) && r.start().isBefore(sEnd);
    }
}
