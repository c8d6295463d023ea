package dev.switchcost.measure.jmh;

import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.workload.PingPong;
import dev.switchcost.measure.workload.ThreadKind;
import dev.switchcost.measure.workload.UntimedParkTurn;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The forks' {@link ForkOptions#COMPILE_EARLY}: a pair's partner loop, run for a number of round trips too small for
 * HotSpot's default back-edge thresholds to reach C2 (60,000 to C1, 40,000 more to C2), is compiled by C2 with the flags
 * and not without them. Counted in round trips, not timed; {@code -XX:+PrintCompilation} says which code ran.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class CompileEarlyTest {

    /** Round trips: 10 times the scaled thresholds' 5,000 back edges, half of the defaults' first. */
    static final int ROUND_TRIPS = 50_000;
    /** A C2 (level 4) on-stack replacement of the partner's loop, as PrintCompilation writes it. */
    static final Pattern C2_PARTNER_LOOP = Pattern.compile("%\\s*!?\\s*4\\s+" + Pattern.quote(PingPong.class.getName() + "::partnerLoop"));

    /** An unpinned park ping-pong of {@code args[0]} round trips, then a pause for a compile still queued to start. */
    public static final class Fixture {
        public static void main(String[] args) throws InterruptedException {
            int rounds = Integer.parseInt(args[0]);
            try (PingPong pp = PingPong.start(new UntimedParkTurn(), ThreadKind.PLATFORM, PingPong.DEFAULT_TIMEOUT_NANOS,
                    "early-partner", null)) {
                for (int i = 0; i < rounds; i++) {
                    pp.roundTrip();
                }
            }
            Thread.sleep(200);
        }
    }

    @Test
    @Timeout(120)
    void thePartnersLoopReachesC2WithinRoundTripsTheDefaultsLeaveInterpreted() throws Exception {
        assertTrue(C2_PARTNER_LOOP.matcher(compilations(ForkOptions.COMPILE_EARLY)).find(),
                "with the flags, the partner loop is compiled by C2 within " + ROUND_TRIPS + " round trips");
        assertFalse(C2_PARTNER_LOOP.matcher(compilations(List.of())).find(),
                "without them it is not: the test could not tell the flags from their absence");
    }

    @Test
    void theFlagsNameTheCodeTheyScale() throws Exception {
        assertEquals(PingPong.class.getName() + "::partnerLoop", ForkOptions.PARTNER_LOOP);
        assertTrue(List.of(PingPong.class.getDeclaredMethods()).stream().anyMatch(m -> m.getName().equals("partnerLoop")),
                "the partner's loop is PingPong.partnerLoop");
        // JMH's generated class and loop of every benchmark: SyscallBaseline.gettid's, as one
        Class<?> generated = Class.forName("dev.switchcost.bench.jmh_generated.SyscallBaseline_gettid_jmhTest");
        assertTrue(generated.getSimpleName().endsWith("_jmhTest"));
        assertTrue(List.of(generated.getDeclaredMethods()).stream().anyMatch(m -> m.getName().endsWith("_jmhStub")),
                "JMH's measured loop is a *_jmhStub method of a *_jmhTest class");
    }

    /** What {@code -XX:+PrintCompilation} printed for {@link Fixture} run with {@code flags}. */
    private static String compilations(List<String> flags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
        cmd.addAll(JdkPolicy.jvmFlags(Runtime.version().feature()));
        cmd.addAll(flags);
        cmd.addAll(List.of("-XX:+PrintCompilation", "-cp", System.getProperty("java.class.path"), Fixture.class.getName(),
                String.valueOf(ROUND_TRIPS)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out.lines().filter(l -> !l.matches("^\\s*\\d+.*")).toList().toString());
            return out;
        } finally {
            p.destroyForcibly(); // a test stopped by its timeout leaves no JVM behind
        }
    }
}
