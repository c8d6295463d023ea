package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.HostStates;
import dev.switchcost.launch.Jdk;
import dev.switchcost.launch.JdkDiscovery;
import dev.switchcost.render.AbTable;
import dev.switchcost.render.Fmt;
import dev.switchcost.results.AbResults;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.ResultWriteException;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.session.AbRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code switchcost ab}: two builds of a JMH benchmarks jar, or two JVM option sets, in paired rounds; the one rule on
 * the rounds' ratios.
 */
@Command(name = "ab",
        footer = {
            "  switchcost ab base.jar head.jar --fail-above 10%% -- -i 3 MyBenchmark",
            "  switchcost ab this this --head-jvm-args=-XX:+UseSerialGC -- " + Bench.Names.FUTEX,
            "  switchcost ab --from results/ab --markdown ab.md"},
        header = "Compare two builds (or two JVM option sets) of any JMH benchmarks in paired rounds.",
        description = {
            "BASE and HEAD are each a JMH benchmarks jar (any project's: run as java -jar JAR) or 'this' (the benchmarks of "
                + "the switchcost running). In every round both run, in a fresh random order, each as one JMH fork with the JMH "
                + "arguments after --; each round's head/base ratio is one paired observation, so what moves both sides of a "
                + "round alike (the host, a neighbour) cancels.",
            "Per benchmark row: base and head, head/base with its 99.9%% interval over rounds, the smallest change these "
                + "rounds detect four times in five, and the verdict (the rule below, direction from the unit: time per op "
                + "is better lower, throughput higher).",
            "A host that runs in two states (a cloud VM's, slowing every iteration alike for seconds) is found in the "
                + "iterations: when both sides' iterations fall in two modes in shares that agree round by round, each "
                + "round's ratio is taken within the state most rounds share, and a line under the table names both states.",
            "Writes ab.json, machine.json, each round's JMH JSON (rounds/NN-base.json, NN-head.json) and ab-runs.log into "
                + "a new results/<host>-<date-time>-ab directory, or into -o DIR (which must be empty).",
            "Exit 0 when every run completed and no row is worse beyond --fail-above; 1 when a run failed (its round is "
                + "left out and named) or a row is worse beyond --fail-above; 2 for bad input; 3 for the environment."
        })
public final class AbCommand extends BaseCommand implements OutputDirMixin.Defaulted {

    /** JMH options that ab sets itself. */
    private static final Set<String> OWN = Set.of("-f", "-rf", "-rff", "-o", "-h", "-l", "-lp", "-lprof", "-lrf");

    @Parameters(index = "0", arity = "0..1", paramLabel = "BASE", description = "The base: a JMH benchmarks jar, or 'this'.")
    String base;

    @Parameters(index = "1", arity = "0..1", paramLabel = "HEAD", description = "The head: a JMH benchmarks jar, or 'this'.")
    String head;

    @Parameters(index = "2..*", paramLabel = "JMH-ARGS", description = "After --: JMH's arguments for both sides (benchmarks,"
            + " -p, -wi, -w, -i, -r, -jvmArgsAppend ...); not -f, -rf, -rff or -o, which ab sets.")
    List<String> jmhArgs = new ArrayList<>();

    @Option(names = "--base-jvm-args", paramLabel = "ARGS", description = "JVM options for the base's forks, space-separated.")
    String baseJvmArgs;

    @Option(names = "--head-jvm-args", paramLabel = "ARGS", description = "JVM options for the head's forks, space-separated.")
    String headJvmArgs;

    @Option(names = "--base-jdk", paramLabel = "PATH", description = "The JDK (its java or home) that runs the base (default: this one).")
    String baseJdk;

    @Option(names = "--head-jdk", paramLabel = "PATH", description = "The JDK (its java or home) that runs the head (default: this one).")
    String headJdk;

    @Option(names = "--rounds", paramLabel = "N", description = "Rounds, each running both sides once (default: ${DEFAULT-VALUE}).",
            defaultValue = "20")
    int rounds;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the rounds' random order (default: a new one, recorded in ab.json).")
    Integer seed;

    @Option(names = "--min-effect", paramLabel = "PERCENT",
            description = "Smallest change flagged, and the margin of 'the same' (default: " + Estimate.PAIRED_MIN_EFFECT_PERCENT + "%%).")
    String minEffect;

    @Option(names = "--fail-above", paramLabel = "PERCENT",
            description = "Exit 1 when a row is resolved worse by at least this much (default: never; the table says it).")
    String failAbove;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the table as Markdown (a pull request comment, a job summary).")
    Path markdown;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Bound on each side's run in a round; a run past it is killed and failed (default: 30m).")
    Duration timeout;

    @Option(names = "--from", paramLabel = "DIR", description = "Print the table of an earlier ab run without measuring.")
    Path from;

    @Mixin
    OutputDirMixin output;

    @Mixin
    LockWaitMixin lock;

    @Override
    public String outputDefault() {
        return "a new results/" + ResultsDir.pattern("ab") + " directory; a DIR given must be empty";
    }

    @Override
    protected int doCall() throws IOException {
        double min = minEffect == null ? Estimate.PAIRED_MIN_EFFECT_PERCENT / 100.0 : DiffCommand.percentage("--min-effect", minEffect);
        Double fail = failAbove == null ? null : DiffCommand.percentage("--fail-above", failAbove);
        if (from != null) {
            if (base != null) {
                throw SwitchcostException.usage("--from DIR prints an earlier run: give no BASE or HEAD with it");
            }
            AbResults r = asUsage(() -> read(from));
            return print(r, from, min, fail, machine(from));
        }
        if (base == null || head == null) {
            throw SwitchcostException.usage("give BASE and HEAD (each a JMH benchmarks jar, or 'this'), e.g. switchcost ab this this"
                    + " --head-jvm-args=-XX:+UseSerialGC -- " + Bench.Names.FUTEX);
        }
        if (rounds < 2 || rounds > 1000) {
            throw SwitchcostException.usage("--rounds must be 2..1000 (a ratio needs two rounds to have an interval), got " + rounds);
        }
        jmhArgs.stream().filter(OWN::contains).findFirst().ifPresent(a -> {
            throw SwitchcostException.usage("JMH's " + a + " is ab's own (one fork per side per round, JSON results): drop it;"
                    + " --rounds sets how many forks each side gets");
        });
        List<AbResults.Side> sides = List.of(side(AbResults.BASE, base, baseJdk, baseJvmArgs), side(AbResults.HEAD, head, headJdk, headJvmArgs));
        AbRunner.Settings settings = new AbRunner.Settings(sides, rounds, seed != null ? seed : ThreadLocalRandom.current().nextInt(Integer.MAX_VALUE),
                List.copyOf(jmhArgs), timeout != null ? timeout : Duration.ofMinutes(30));
        int[] code = {ExitCodes.OK};
        int measured = MeasuringRun.measure(this, output, lock, "ab", "switchcost ab", null, m -> {
            err().println("switchcost ab: " + rounds + " rounds of base and head in a random order (seed " + settings.seed()
                    + "); each run's output in " + m.run().dir().resolve(AbRunner.LOG));
            AbResults r = new AbRunner(settings, m.run().dir(), line -> {
                err().println(line);
                err().flush();
            }).run();
            r.write(m.run().dir());
            code[0] = print(r, m.run().dir(), min, fail, m.machine().summary());
            List<String> failures = r.failures();
            return failures.isEmpty() ? null : failures.size() + " run(s) failed: " + failures.get(0);
        }, dir -> { });
        return Math.max(measured, code[0]);
    }

    /** The machine an earlier run's machine.json names, or says it has none. */
    private static String machine(Path dir) {
        try {
            return Results.readMachine(dir.resolve(ResultsDir.MACHINE)).summary();
        } catch (IOException | IllegalArgumentException e) {
            return "not recorded (" + dir.resolve(ResultsDir.MACHINE) + " unreadable)";
        }
    }

    private static AbResults read(Path dir) {
        try {
            return AbResults.read(dir.resolve(AbResults.FILE_NAME));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + dir.resolve(AbResults.FILE_NAME) + ": " + ResultWriteException.reason(e)
                    + " (give the directory of an ab run)", e);
        }
    }

    private int print(AbResults r, Path dir, double min, Double fail, String machine) {
        List<AbTable.Judged> rows = AbTable.judge(asUsage(() -> r.rows(dir)).stream().map(HostStates::of).toList(), min);
        out().print(AbTable.table(rows).text());
        AbTable.stateNotes(rows).forEach(n -> out().println(n + "."));
        out().println("Rule: " + AbTable.rule(min) + ".");
        r.failures().forEach(f -> out().println("failed: " + f + " (that round is left out of its rows)"));
        out().println("results: " + dir);
        if (markdown != null) {
            AtomicFiles.writeString(markdown, AbTable.markdown(r, rows, min, machine));
            err().println("switchcost ab: Markdown in " + markdown);
        }
        List<AbTable.Judged> worse = fail == null ? List.of() : AbTable.regressions(rows, fail);
        worse.forEach(j -> err().println("switchcost ab: worse beyond --fail-above: " + j.row().key() + " "
                + Fmt.times(j.verdict().ratio())));
        return worse.isEmpty() ? ExitCodes.OK : ExitCodes.FAILURE;
    }

    private static AbResults.Side side(String name, String target, String jdk, String jvmArgs) {
        if (!target.equals(AbRunner.THIS)) {
            Path jar = Path.of(target);
            if (!Files.isRegularFile(jar) || !Files.isReadable(jar)) {
                throw SwitchcostException.usage(name.toUpperCase(Locale.ROOT) + " " + target
                        + " is not a readable file: give a JMH benchmarks jar (e.g. target/benchmarks.jar) or 'this'");
            }
            target = jar.toAbsolutePath().toString();
        }
        Jdk j = jdk == null ? JdkDiscovery.running() : JdkDiscovery.resolve(jdk);
        if (j == null) {
            throw SwitchcostException.usage("--" + name + "-jdk " + jdk + " is neither a java that runs nor a JDK home (bin/java and a release file)");
        }
        List<String> args = jvmArgs == null || jvmArgs.isBlank() ? List.of() : Arrays.asList(jvmArgs.strip().split("\\s+"));
        return new AbResults.Side(name, target, j.java().getPath(), args);
    }
}
