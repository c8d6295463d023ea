package dev.switchcost.cli;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.CpuPerRequest;
import dev.switchcost.derive.CpuPerRequest.Pool;
import dev.switchcost.derive.CpuPerRequest.Run;
import dev.switchcost.measure.sample.CpuTicks;
import dev.switchcost.measure.sample.LoadSummary;
import dev.switchcost.render.ForecastCheckReport;
import dev.switchcost.render.ForecastCheckReport.Forecast;
import dev.switchcost.results.AtomicFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code forecast-check DIR}, the last step of {@code scripts/studies/measure-forecast.sh} for one server and request:
 * reads the measured windows the script left in {@code DIR/runs} (each {@code NN-POOL.load.txt}, the load generator's
 * output, and {@code NN-POOL.proc}, the server's readings), writes {@code DIR/cpu-per-request.tsv}, {@code DIR/verdict.md}
 * and {@code DIR/summary.tsv} atomically, and prints the verdict. Exit 0 when every window is a measurement, 1 when one
 * is not (the files still say which and why), 2 when DIR holds no windows. {@code forecast-check --table OUT} gathers
 * the {@code summary.tsv} of every {@code OUT/SERVER-REQUEST/} into {@code OUT/table.md}.
 *
 * <p>Not a {@code switchcost} command: it reads what that script's harness leaves (the load generator's output and the
 * server's cgroup and {@code /proc} readings), not a user's own service, so the script runs it as a program of its own:
 * {@code measure-forecast.sh} compiles this folder against {@code target/benchmarks.jar} and runs {@code dev.switchcost.cli.ForecastCheckCommand DIR}.
 */
@Command(name = "forecast-check",
        versionProvider = VersionProvider.class,
        header = "Judge the measured change platform → virtual in a server's CPU per request against the forecast's interval.",
        footer = "  scripts/studies/measure-forecast.sh --verdict-only OUT   (OUT a finished measurement: it runs this on each case)",
        description = "Reads DIR/runs/NN-POOL.load.txt and NN-POOL.proc (scripts/studies/measure-forecast.sh writes them), writes"
                + " DIR/cpu-per-request.tsv, DIR/verdict.md and DIR/summary.tsv; with --table, DIR/table.md from DIR/*/summary.tsv.")
public final class ForecastCheckCommand extends BaseCommand {

    static final String TSV = "cpu-per-request.tsv";
    /** The forecast JSON's saving and its per-unit figure ({@code render/ForecastText#json}). */
    static final String SAVED = "savedNs";
    /** The saving with every pool idle wait saved too. */
    static final String SAVED_UP_TO = "savedUpToNs";
    static final String PER_UNIT = "perUnit";
    static final String VERDICT = "verdict.md";
    static final String SUMMARY = "summary.tsv";
    static final String TABLE = "table.md";
    private static final Pattern RUN = Pattern.compile("(\\d+)-(\\w+)\\.proc");

    @Parameters(paramLabel = "DIR", description = "The script's output directory.")
    Path dir;

    @Option(names = "--forecast", paramLabel = "FILE", description = "The forecast's JSON (default: DIR/forecast.json, if present).")
    Path forecastFile;

    @Option(names = "--no-forecast", paramLabel = "WHY", description = "Why there is no forecast (written in the verdict).")
    String noForecast;

    @Option(names = "--recorded", paramLabel = "FILE",
            description = "The load generator's output of the recorded run (default: DIR/pt-record.load.txt or pt-record.h2load.txt, if present).")
    Path recordedFile;

    @Option(names = "--rate", paramLabel = "N", defaultValue = "0",
            description = "The fixed rate the recorded run must have held, requests/s (default: the measured runs' rate).")
    double rate;

    @Option(names = "--table", description = "Gather DIR/*/summary.tsv into DIR/table.md and print it.")
    boolean table;

    @Option(names = "--title", paramLabel = "TEXT", defaultValue = "a server on platform and on virtual threads",
            description = "What was measured, for the verdict's heading.")
    String title;

    public static void main(String[] args) {
        System.exit(SwitchcostCommand.execute(newCommandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true)), args));
    }

    /** The program's command line, writing to {@code out} and {@code err}, as {@code switchcost}'s own are configured. */
    static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        return SwitchcostCommand.standard(new CommandLine(new ForecastCheckCommand()), out, err);
    }

    @Override
    protected int doCall() throws IOException {
        if (table) {
            return table();
        }
        List<Run> runs = readRuns(dir.resolve("runs"));
        Path json = forecastFile != null ? forecastFile : dir.resolve("forecast.json");
        Forecast forecast = Files.isRegularFile(json) ? perUnit(json).orElse(null) : null;
        String why = noForecast != null ? noForecast : "no forecast.json in " + dir;
        if (forecast == null && Files.isRegularFile(json)) {
            why = json.getFileName() + " has no " + SAVED + "." + PER_UNIT + " with an interval: make it with"
                    + " switchcost forecast --units N --json (N the requests served while recording)";
        }
        String recorded = recordedProblem(runs);
        AtomicFiles.writeString(dir.resolve(TSV), ForecastCheckReport.tsv(runs));
        CpuPerRequest.Measured measured = CpuPerRequest.measure(runs, forecast == null ? Double.NaN : forecast.lower(),
                forecast == null ? Double.NaN : forecast.upper());
        String verdict = ForecastCheckReport.verdict(title, runs, measured, forecast, why)
                + (recorded == null ? "" : "\nThe recorded run is no measurement of the same load: " + recorded + "\n");
        AtomicFiles.writeString(dir.resolve(VERDICT), verdict);
        AtomicFiles.writeString(dir.resolve(SUMMARY), ForecastCheckReport.summary(dir.getFileName().toString(), title, runs,
                measured, forecast, recorded));
        out().print(verdict);
        return recorded != null || runs.stream().anyMatch(r -> r.problem() != null) ? ExitCodes.FAILURE : ExitCodes.OK;
    }

    /** {@code --table}: the {@code summary.tsv} of every directory under DIR, in name order, as one table. */
    private int table() throws IOException {
        List<Path> summaries;
        try (Stream<Path> s = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            summaries = s.map(d -> d.resolve(SUMMARY)).filter(Files::isRegularFile).sorted().toList();
        }
        if (summaries.isEmpty()) {
            throw SwitchcostException.usage("no " + SUMMARY + " under " + dir + ": run forecast-check on each SERVER-REQUEST directory first");
        }
        List<String> rows = new ArrayList<>();
        for (Path p : summaries) {
            rows.addAll(Files.readAllLines(p).stream().skip(1).toList());
        }
        String md = ForecastCheckReport.table(rows);
        AtomicFiles.writeString(dir.resolve(TABLE), md);
        out().print(md);
        return ExitCodes.OK;
    }

    /** Why the recorded run did not see the load the measured runs saw (its rate not held, or failures), or null. */
    private String recordedProblem(List<Run> runs) throws IOException {
        Path file = recordedFile != null ? recordedFile : Files.exists(dir.resolve("pt-record.load.txt"))
                ? dir.resolve("pt-record.load.txt") : dir.resolve("pt-record.h2load.txt");
        if (recordedFile == null && !Files.exists(file)) {
            return null;
        }
        double target = rate > 0 ? rate : runs.get(0).targetRate();
        Run recorded = new Run(0, Pool.PLATFORM, target, load(file), 1, 0, 0, 0);
        return ForecastCheckReport.problem(recorded);
    }

    /** The windows in a directory of NN-POOL.proc and NN-POOL.load.txt (or .h2load.txt) files, in run order. */
    static List<Run> readRuns(Path runsDir) throws IOException {
        List<Path> procs;
        try (Stream<Path> s = Files.exists(runsDir) ? Files.list(runsDir) : Stream.empty()) {
            procs = s.filter(p -> RUN.matcher(p.getFileName().toString()).matches()).sorted().toList();
        }
        if (procs.isEmpty()) {
            throw SwitchcostException.usage("no measured runs in " + runsDir + " (NN-platform.proc, NN-virtual.proc): give the"
                    + " output directory of scripts/studies/measure-forecast.sh");
        }
        List<Run> runs = new ArrayList<>();
        for (Path proc : procs) {
            Matcher m = RUN.matcher(proc.getFileName().toString());
            m.matches();
            Path loadFile = proc.resolveSibling(m.group(1) + "-" + m.group(2) + ".load.txt");
            if (!Files.exists(loadFile)) {
                loadFile = proc.resolveSibling(m.group(1) + "-" + m.group(2) + ".h2load.txt");
            }
            try {
                Map<String, String> kv = keyValues(proc);
                LoadSummary load = load(loadFile);
                runs.add(new Run(Integer.parseInt(m.group(1)), Pool.of(m.group(2)), number(kv, "rate"), load,
                        nanos(kv, "cpu"), (long) number(kv, "voluntary"),
                        (long) number(kv, "involuntary"), (int) number(kv, "carriers"),
                        kv.containsKey("jit_ns") || kv.containsKey("jit_ticks") ? nanos(kv, "jit") : -1));
            } catch (IllegalArgumentException e) {
                throw SwitchcostException.usage(proc.getFileName() + ": " + e.getMessage());
            }
        }
        return runs;
    }

    /** The load generator's summary; a run it did not finish (killed, or no server to connect to) as no requests at all. */
    private static LoadSummary load(Path file) throws IOException {
        try {
            return LoadSummary.parse(Files.exists(file) ? Files.readString(file) : "");
        } catch (IllegalArgumentException e) {
            return LoadSummary.NONE;
        }
    }

    private static Map<String, String> keyValues(Path p) throws IOException {
        return Files.readAllLines(p).stream().filter(l -> l.indexOf('=') > 0)
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')).trim(), l -> l.substring(l.indexOf('=') + 1).trim(),
                        (first, last) -> last));
    }

    /** {@code NAME_ns=}, or {@code NAME_ticks=} (clock ticks, the windows of 2026-11-25) in ns. */
    private static long nanos(Map<String, String> kv, String name) {
        return kv.containsKey(name + "_ns") ? (long) number(kv, name + "_ns")
                : (long) number(kv, name + "_ticks") * CpuTicks.NS_PER_TICK;
    }

    private static double number(Map<String, String> kv, String key) {
        String v = kv.get(key);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("no " + key + "= line");
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + " is not a number");
        }
    }

    /**
     * The forecast's change per request, platform → virtual: the negated {@code savedNs.perUnit} of
     * {@code switchcost forecast --json} ({@code render/ForecastText#json}), with its interval.
     */
    static Optional<Forecast> perUnit(Path json) {
        JsonElement root;
        try {
            root = JsonParser.parseString(Files.readString(json));
        } catch (IOException | JsonParseException e) {
            throw SwitchcostException.environment("cannot read the forecast " + json + " (" + e.getMessage() + ")");
        }
        JsonObject o = perUnitOf(root, SAVED);
        Double v = o == null ? null : number(o, "value");
        Double lo = o == null ? null : number(o, "lower");
        Double hi = o == null ? null : number(o, "upper");
        if (v == null || lo == null || hi == null) {
            return Optional.empty();
        }
        // with the pools' idle waits saved or not: from the least to the most the forecast says is saved
        JsonObject upTo = perUnitOf(root, SAVED_UP_TO);
        Double upToValue = upTo == null ? null : number(upTo, "value");
        Double upToHi = upTo == null ? null : number(upTo, "upper");
        if (upToValue == null || upToHi == null || upToHi <= hi) {
            return Optional.of(new Forecast(-v, -hi, -lo, "-" + SAVED + "." + PER_UNIT, worse(root.getAsJsonObject())));
        }
        return Optional.of(new Forecast(-(v + upToValue) / 2, -upToHi, -lo, "from -" + SAVED + "." + PER_UNIT + "'s lower bound"
                + " (no pool idle wait saved) to -" + SAVED_UP_TO + "." + PER_UNIT + "'s upper (every one saved); its middle",
                worse(root.getAsJsonObject())));
    }

    private static JsonObject perUnitOf(JsonElement root, String key) {
        JsonElement e = root.isJsonObject() ? root.getAsJsonObject().get(key) : null;
        JsonElement per = e != null && e.isJsonObject() ? e.getAsJsonObject().get(PER_UNIT) : null;
        return per != null && per.isJsonObject() ? per.getAsJsonObject() : null;
    }

    /** The sites the forecast says can pin every carrier at once ({@code sites[].canStall}), in words, or null. */
    private static String worse(JsonObject root) {
        JsonElement w = root.get("worse");
        if (w == null || !w.isJsonPrimitive() || !w.getAsBoolean() || !root.has("sites")) {
            return null;
        }
        List<String> sites = new ArrayList<>();
        for (JsonElement e : root.getAsJsonArray("sites")) {
            JsonObject s = e.getAsJsonObject();
            if (s.has("canStall") && s.get("canStall").getAsBoolean()) {
                sites.add(s.get("site").getAsString() + " (" + s.get("classShown").getAsString() + ", up to "
                        + s.get("mostAtOnce").getAsInt() + " at once)");
            }
        }
        return "can stall at " + String.join(", ", sites) + " with " + root.get("carriers").getAsInt() + " carriers";
    }

    private static Double number(JsonObject o, String key) {
        JsonElement v = o.get(key);
        return v != null && v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber() ? v.getAsDouble() : null;
    }
}
