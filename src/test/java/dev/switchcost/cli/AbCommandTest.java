package dev.switchcost.cli;

import dev.switchcost.results.AbResults;
import dev.switchcost.results.Bench;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code switchcost ab}: paired rounds of two sides, what it writes, what it refuses, and a side that fails. */
@Measures
class AbCommandTest {

    /** A committed ab run (head with an injected partner delay): what --from and the README's example read. */
    static final Path FIXTURE = Path.of("src/test/resources/fixtures/ab/futex-injected-xeon-kvm-jdk25");

    /** The cheapest JMH run there is: JMH's empty op, one short iteration. */
    static final List<String> TINY = List.of("--", "-wi", "0", "-i", "1", "-r", "50ms", Bench.EMPTY_OP.fullName() + "$");

    @Test
    void bothSidesRunInEveryRoundAndTheTableJudgesTheirPairedRatio(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("ab");
        Path md = tmp.resolve("ab.md");
        CliResult r = CliResult.run(args(List.of("ab", "this", "this", "--rounds", "2", "--seed", "7", "-o", dir.toString(),
                "--markdown", md.toString())));
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        AbResults ab = AbResults.read(dir.resolve(AbResults.FILE_NAME));
        assertEquals(2, ab.rounds().size());
        assertEquals(2, ab.completeRounds());
        for (AbResults.Round round : ab.rounds()) {
            assertEquals(List.of(AbResults.BASE, AbResults.HEAD), round.runs().stream().map(AbResults.Run::side).sorted().toList(),
                    "both sides in every round: " + round);
            for (AbResults.Run run : round.runs()) {
                assertTrue(Files.size(dir.resolve(run.file())) > 0, run.toString());
            }
        }
        List<AbResults.Row> rows = ab.rows(dir);
        assertEquals(1, rows.size(), rows.toString());
        assertEquals(2, rows.get(0).ratios().length, "one ratio per round");
        assertTrue(r.out().contains(Bench.EMPTY_OP.shortName()) && r.out().contains("(2 rounds)"), r.out());
        assertTrue(Files.readString(md).startsWith("### switchcost ab: head against base"), Files.readString(md));
        assertEquals("complete\n", Files.readString(dir.resolve("status")));
        assertEquals(r.out(), CliResult.run("ab", "--from", dir.toString()).out(), "--from prints the same table");
    }

    @Test
    void aSideThatFailsIsNamedItsRoundsLeftOutAndTheRunExits1(@TempDir Path tmp) throws IOException {
        Path notAJar = Files.writeString(tmp.resolve("head.jar"), "not a jar");
        Path dir = tmp.resolve("ab");
        CliResult r = CliResult.run(args(List.of("ab", "this", notAJar.toString(), "--rounds", "2", "-o", dir.toString())));
        assertEquals(ExitCodes.FAILURE, r.exit(), r.err());
        assertTrue(r.out().contains("failed: round 1, head: exit "), r.out());
        AbResults ab = AbResults.read(dir.resolve(AbResults.FILE_NAME));
        assertEquals(0, ab.completeRounds());
        assertTrue(ab.rows(dir).stream().allMatch(row -> row.ratios().length == 0), "no ratio from a round with a failed side");
        assertTrue(Files.readString(dir.resolve("status")).startsWith("failed"), Files.readString(dir.resolve("status")));
    }

    @Test
    void mistakesAreOneLineAndRunNothing(@TempDir Path tmp) {
        usage(tmp, "give BASE and HEAD", "ab", "this");
        usage(tmp, "is not a readable file", "ab", "this", tmp.resolve("missing.jar").toString());
        usage(tmp, "JMH's -f is ab's own", "ab", "this", "this", "--", "-f", "3");
        usage(tmp, "--rounds must be 2..1000", "ab", "this", "this", "--rounds", "1");
        usage(tmp, "--head-jdk /nonexistent/java is neither", "ab", "this", "this", "--head-jdk", "/nonexistent/java");
        usage(tmp, "--fail-above takes a percentage", "ab", "this", "this", "--fail-above", "lots");
    }

    @Test
    void fromACommittedRunThatFoundTheInjectedDelay() {
        CliResult r = CliResult.run("ab", "--from", FIXTURE.toString(), "--fail-above", "5%");
        assertEquals(ExitCodes.FAILURE, r.exit(), "the injected delay is a regression beyond 5%: " + r.out() + r.err());
        assertTrue(r.out().contains("head slower"), r.out());
        assertTrue(r.err().contains("worse beyond --fail-above: FutexPingPong.roundTrip"), r.err());
        CliResult report = CliResult.run("report", FIXTURE.toString());
        assertEquals(ExitCodes.USAGE, report.exit(), report.err());
        ReportCommandTest.assertOneLine(report.err(), "is a switchcost ab run: switchcost ab --from");
    }

    private static void usage(Path tmp, String says, String... args) {
        Path dir = tmp.resolve("never");
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of("-o", dir.toString()));
        CliResult r = CliResult.run(all.toArray(String[]::new));
        assertEquals(ExitCodes.USAGE, r.exit(), r.err());
        ReportCommandTest.assertOneLine(r.err(), says);
        assertFalse(Files.exists(dir), "nothing written for a refused run");
    }

    private static String[] args(List<String> command) {
        List<String> all = new java.util.ArrayList<>(command);
        all.addAll(TINY);
        return all.toArray(String[]::new);
    }
}
