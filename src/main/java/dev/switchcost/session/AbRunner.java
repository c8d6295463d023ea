package dev.switchcost.session;

import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.results.AbResults;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code switchcost ab}: base and head in every round, in a fresh random order, each as a JMH run of one fork in a
 * process of its own ({@code java -jar JAR} for a benchmarks jar, this build's {@code BenchmarkMain} for {@code this}),
 * its JSON result kept under {@value AbResults#ROUNDS}/. A run that fails, or outlives its timeout, is killed with
 * everything it started and recorded as failed; its round's pair is not used. Each run's output goes to a log.
 */
public final class AbRunner {

    /** The main class that runs this build's benchmarks with switchcost's fork policy. */
    static final String THIS_MAIN = "dev.switchcost.cli.BenchmarkMain";
    public static final String THIS = "this";

    /**
     * @param timeout a bound on each run (one side of one round)
     */
    public record Settings(List<AbResults.Side> sides, int rounds, long seed, List<String> jmhArgs, Duration timeout) {
    }

    private final Settings settings;
    private final Path dir;
    private final Consumer<String> progress;

    /**
     * @param dir      the results directory: the rounds' files and {@value #LOG} go there
     * @param progress one line per round
     */
    public AbRunner(Settings settings, Path dir, Consumer<String> progress) {
        this.settings = settings;
        this.dir = dir;
        this.progress = progress;
    }

    public AbResults run() throws IOException {
        Files.createDirectories(dir.resolve(AbResults.ROUNDS));
        Random order = new Random(settings.seed());
        List<AbResults.Round> rounds = new ArrayList<>();
        for (int i = 1; i <= settings.rounds(); i++) {
            List<AbResults.Side> sides = new ArrayList<>(settings.sides());
            Collections.shuffle(sides, order);
            List<AbResults.Run> runs = new ArrayList<>();
            for (AbResults.Side s : sides) {
                runs.add(runOne(i, s));
            }
            rounds.add(new AbResults.Round(i, runs));
            progress.accept("switchcost ab: round " + i + "/" + settings.rounds() + " (" + runs.get(0).side() + " first)"
                    + runs.stream().filter(r -> r.error() != null).map(r -> "; " + r.side() + " failed: " + r.error()).reduce("", String::concat));
            if (Thread.currentThread().isInterrupted()) {
                break;
            }
        }
        return new AbResults(1, Instant.now().toString(), settings.sides(), settings.seed(), settings.jmhArgs(), rounds);
    }

    /** The command that runs one side's fork, its JSON into {@code result}. */
    static List<String> command(AbResults.Side side, List<String> jmhArgs, Path result) {
        List<String> c = new ArrayList<>(List.of(side.java()));
        if (side.target().equals(THIS)) {
            c.addAll(List.of("-cp", System.getProperty("java.class.path"), THIS_MAIN));
        } else {
            c.addAll(List.of("-jar", side.target()));
        }
        c.addAll(jmhArgs);
        if (!side.jvmArgs().isEmpty()) {
            c.addAll(List.of("-jvmArgsAppend", String.join(" ", side.jvmArgs())));
        }
        c.addAll(List.of("-f", "1", "-rf", "json", "-rff", result.toString()));
        return c;
    }

    private AbResults.Run runOne(int round, AbResults.Side side) throws IOException {
        String name = String.format(Locale.ROOT, "%s/%02d-%s.json", AbResults.ROUNDS, round, side.name());
        Path result = dir.resolve(name);
        List<String> command = command(side, settings.jmhArgs(), result);
        Files.writeString(logFile().toPath(), "# switchcost ab: round " + round + ", " + side.name() + ": " + String.join(" ", command)
                + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        Process p;
        try {
            // dies with this JVM whatever ends it; this thread waits for it
            p = new ProcessBuilder(ParentDeath.ofChild(command)).redirectInput(new File("/dev/null"))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile())).start();
        } catch (IOException e) {
            return new AbResults.Run(side.name(), null, "cannot start " + side.java() + ": " + e.getMessage());
        }
        Thread reaper = new Thread(() -> NativeRunner.kill(p), "ab-reaper-" + p.pid());
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            if (!p.waitFor(settings.timeout().toSeconds(), TimeUnit.SECONDS)) {
                NativeRunner.kill(p);
                return failed(side, result, "did not finish within " + settings.timeout().toSeconds() + " s; killed");
            }
            if (p.exitValue() != 0) {
                return failed(side, result, "exit " + p.exitValue() + " (see " + logFile().getName() + ")");
            }
            if (!Files.isRegularFile(result) || Files.size(result) == 0) {
                return failed(side, result, "wrote no result (see " + logFile().getName() + ")");
            }
            return new AbResults.Run(side.name(), name, null);
        } catch (InterruptedException e) {
            NativeRunner.kill(p);
            Thread.currentThread().interrupt();
            return failed(side, result, "interrupted; killed");
        } catch (IOException e) {
            return failed(side, result, "cannot read its result: " + e.getMessage());
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs (or ran) and kills it
            }
        }
    }

    private File logFile() {
        return dir.resolve(LOG).toFile();
    }

    /** Every run's output, appended: {@value}. */
    public static final String LOG = "ab-runs.log";

    private static AbResults.Run failed(AbResults.Side side, Path result, String why) {
        try {
            Files.deleteIfExists(result);
        } catch (IOException ignored) {
            // the run is failed either way; the file is not read
        }
        return new AbResults.Run(side.name(), null, why);
    }
}
