package dev.switchcost.measure.jmh;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * JFR's {@code jdk.VirtualThreadPinned} events of this JVM over a window: a {@link Recording} with that one event
 * enabled, threshold 0 (JFR's default, 20 ms, would drop every pinned park shorter than that), no stack traces,
 * started by {@link #start()} and, at {@link Window#stop()}, dumped to a temporary file, read back with
 * {@link RecordingFile} and deleted. The JDK's own API, on JDK 21 and 25 alike; the count is exact for the
 * window, with no thread of ours running inside it.
 *
 * <p>What the JDK records: on JDK 21 an event for each park (LockSupport, and everything in
 * {@code java.util.concurrent} that parks) of a virtual thread that cannot unmount because it holds a
 * monitor or has a native or VM frame (a class initializer, say) on its stack. {@code Object.wait()} in a
 * virtual thread pins its carrier on JDK 21 but records NO event (it blocks in the VM, not through a park);
 * from JDK 24 (JEP 491) {@code Object.wait} and monitor entry unmount, and record an event only when they
 * cannot (a native or VM frame).
 */
final class PinnedEvents {

    static final String EVENT = "jdk.VirtualThreadPinned";

    private PinnedEvents() {
    }

    /**
     * Starts recording.
     *
     * @throws IllegalStateException when this JVM has no Flight Recorder (or it cannot start), with JFR's reason
     */
    static Window start() {
        if (!FlightRecorder.isAvailable()) {
            throw new IllegalStateException("JFR is not available in this JVM");
        }
        Recording r = new Recording();
        r.setName("switchcost " + EVENT);
        r.enable(EVENT).withThreshold(Duration.ZERO).withoutStackTrace();
        r.start();
        return new Window(r);
    }

    /** How many {@value #EVENT} events a JFR recording file holds. */
    static long count(Path jfrFile) throws IOException {
        long n = 0;
        try (RecordingFile f = new RecordingFile(jfrFile)) {
            while (f.hasMoreEvents()) {
                if (EVENT.equals(f.readEvent().getEventType().getName())) {
                    n++;
                }
            }
        }
        return n;
    }

    /** One recording window. */
    static final class Window implements AutoCloseable {
        private final Recording recording;

        private Window(Recording recording) {
            this.recording = recording;
        }

        /** Stops the recording and counts its events; the recording and its temporary file are gone after. */
        long stop() throws IOException {
            Path f = Files.createTempFile("switchcost-vt-pinned-", ".jfr");
            try {
                recording.stop();
                recording.dump(f);
                return count(f);
            } finally {
                Files.deleteIfExists(f);
                recording.close();
            }
        }

        /** Discards the recording without counting (an iteration that failed). */
        @Override
        public void close() {
            recording.close();
        }
    }
}
