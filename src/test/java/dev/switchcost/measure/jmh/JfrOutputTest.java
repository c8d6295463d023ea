package dev.switchcost.measure.jmh;

import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.JavaFlightRecorderProfiler;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.ProfilerConfig;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Measures
class JfrOutputTest {

    static final Path DIR = Path.of("/results/host-20261123-120000/jfr");

    private static Options cmd(String... args) throws Exception {
        return new CommandLineOptions(args);
    }

    private static List<String> profilers(Options o) {
        return o.getProfilers().stream().map(p -> p.getKlass() + ":" + p.getOpts()).toList();
    }

    @Test
    void jfrWithoutADirGetsTheResultsDirectory() throws Exception {
        Options o = JfrOutput.into(cmd("-prof", "gc", "-prof", "jfr", "FutexPingPong"), DIR);
        assertEquals(List.of("gc:", "jfr:dir=" + DIR), profilers(o));
        assertEquals(List.of("FutexPingPong"), o.getIncludes(), "everything else is the user's");
    }

    @Test
    void theUsersOtherJfrOptionsAreKept() throws Exception {
        Options o = JfrOutput.into(cmd("-prof", "jfr:configName=default;stackDepth=64", "FutexPingPong"), DIR);
        assertEquals(List.of("jfr:configName=default;stackDepth=64;dir=" + DIR), profilers(o));
        // JMH's JFR profiler takes the line as it is
        new JavaFlightRecorderProfiler(o.getProfilers().get(0).getOpts());
    }

    @Test
    void aUsersOwnDirWins() throws Exception {
        Options given = cmd("-prof", "jfr:dir=/mine;configName=default", "FutexPingPong");
        assertSame(given, JfrOutput.into(given, DIR), "unchanged");
        assertEquals(Optional.of("/mine"), JfrOutput.userDir(given));
    }

    @Test
    void theClassNameCountsAsJfrAndOtherProfilersAreLeftAlone() throws Exception {
        Options o = JfrOutput.into(cmd("-prof", JavaFlightRecorderProfiler.class.getName(), "FutexPingPong"), DIR);
        assertEquals(List.of(JavaFlightRecorderProfiler.class.getName() + ":dir=" + DIR), profilers(o));
        Options none = cmd("-prof", "gc", "FutexPingPong");
        assertSame(none, JfrOutput.into(none, DIR));
        assertFalse(JfrOutput.asked(none));
        assertTrue(JfrOutput.asked(o));
    }

    @Test
    void aRelativeDirectoryIsMadeAbsolute() throws Exception {
        Options o = JfrOutput.into(cmd("-prof", "jfr", "X"), Path.of("results/run/jfr"));
        ProfilerConfig p = o.getProfilers().get(0);
        assertTrue(Path.of(JfrOutput.dirOf(p.getOpts()).orElseThrow()).isAbsolute(), p.getOpts());
    }
}
