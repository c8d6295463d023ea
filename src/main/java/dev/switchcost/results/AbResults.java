package dev.switchcost.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code switchcost ab} ran and where each round's JMH result is: {@value #FILE_NAME} in its results directory,
 * beside {@value #ROUNDS}/NN-base.json and NN-head.json (JMH's own JSON, one fork each).
 *
 * @param sides     base then head
 * @param seed      the seed of the rounds' random order
 * @param jmhArgs   JMH's arguments given to both sides
 * @param rounds    the rounds played, in order; a run that failed has no file and says why
 */
public record AbResults(int schema, String createdAt, List<Side> sides, long seed, List<String> jmhArgs, List<Round> rounds) {

    public static final String FILE_NAME = "ab.json";
    public static final String ROUNDS = "rounds";
    public static final String BASE = "base";
    public static final String HEAD = "head";

    /**
     * One side.
     *
     * @param name     {@value #BASE} or {@value #HEAD}
     * @param target   a JMH benchmarks jar, or {@code this} for the build running switchcost
     * @param java     the java that ran it
     * @param jvmArgs  JVM options added to its forks
     */
    public record Side(String name, String target, String java, List<String> jvmArgs) {
    }

    /** One round: its sides in the order they ran, each run's file (relative to the directory) or why it failed. */
    public record Round(int index, List<Run> runs) {
    }

    /** @param file the JMH JSON file, relative to the results directory; null when the run failed */
    public record Run(String side, String file, String error) {
    }

    /**
     * One benchmark row across the rounds: each round's score on both sides (NaN where that round's run failed or
     * lacks the row), paired by round, and each round's measurement iterations on both sides (none where it has no score).
     */
    public record Row(String key, String unit, double[] base, double[] head, double[][] baseIterations,
                      double[][] headIterations) {

        /** Head over base in each round where both ran. */
        public double[] ratios() {
            double[] r = new double[base.length];
            Arrays.setAll(r, i -> head[i] / base[i]);
            return Arrays.stream(r).filter(Double::isFinite).toArray();
        }

        public Estimate baseEstimate() {
            return Estimate.ofSamples(base);
        }

        public Estimate headEstimate() {
            return Estimate.ofSamples(head);
        }

        /** Head/base judged on the rounds' ratios (the paired rule of {@link Estimate#pairedRatio}). */
        public Estimate ratio() {
            return Estimate.pairedRatio(ratios());
        }
    }

    public Path write(Path dir) {
        return JsonFields.write(dir, FILE_NAME, this);
    }

    /** @throws IllegalArgumentException when the file is not an ab.json */
    public static AbResults read(Path file) throws IOException {
        AbResults r = JsonFields.read(InputFiles.read(file), AbResults.class, Set.of("sides.jvmArgs", "jmhArgs"),
                Set.of("sides.name", "sides.target", "rounds.runs.side"), file, "a switchcost ab.json");
        if (r.schema() != 1 || r.sides().size() != 2) {
            throw new IllegalArgumentException(file + " is not a switchcost ab.json (schema 1, two sides)");
        }
        return r;
    }

    /** Rounds in which every run wrote its result. */
    public long completeRounds() {
        return rounds.stream().filter(r -> r.runs().stream().allMatch(x -> x.error() == null)).count();
    }

    /** The runs that failed, each as "round N, SIDE: why". */
    public List<String> failures() {
        List<String> out = new ArrayList<>();
        rounds.forEach(r -> r.runs().stream().filter(x -> x.error() != null)
                .forEach(x -> out.add("round " + r.index() + ", " + x.side() + ": " + x.error())));
        return out;
    }

    /**
     * Every benchmark row that either side's results hold, read from the round files under {@code dir} through the one
     * reader ({@link Results}), in the order first seen.
     */
    public List<Row> rows(Path dir) {
        Map<String, String> units = new LinkedHashMap<>();
        List<Map<String, Metric>> base = new ArrayList<>();
        List<Map<String, Metric>> head = new ArrayList<>();
        for (Round r : rounds) {
            base.add(metrics(dir, r, BASE, units));
            head.add(metrics(dir, r, HEAD, units));
        }
        return units.entrySet().stream().map(e -> new Row(e.getKey(), e.getValue(), scores(base, e.getKey()),
                scores(head, e.getKey()), iterations(base, e.getKey()), iterations(head, e.getKey()))).toList();
    }

    private static double[] scores(List<Map<String, Metric>> rounds, String key) {
        return rounds.stream().mapToDouble(m -> m.containsKey(key) ? m.get(key).score() : Double.NaN).toArray();
    }

    private static double[][] iterations(List<Map<String, Metric>> rounds, String key) {
        return rounds.stream().map(m -> m.containsKey(key) ? m.get(key).values() : new double[0]).toArray(double[][]::new);
    }

    private static Map<String, Metric> metrics(Path dir, Round r, String side, Map<String, String> units) {
        Map<String, Metric> out = new LinkedHashMap<>();
        r.runs().stream().filter(x -> x.side().equals(side) && x.file() != null).findFirst().ifPresent(x -> {
            Path f = dir.resolve(x.file());
            if (Files.isRegularFile(f)) {
                for (JmhRow row : Results.load(f).rows()) {
                    if (!row.failed()) {
                        units.putIfAbsent(row.key(), row.primary().unit());
                        out.put(row.key(), row.primary());
                    }
                }
            }
        });
        return out;
    }
}
