package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.Findings;
import dev.switchcost.derive.Forecast;
import dev.switchcost.derive.MixFit;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.render.ForecastText;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.BlockingCalls;
import dev.switchcost.results.HeldMonitors;
import dev.switchcost.results.JfrBlocking;
import dev.switchcost.results.SamplePlacement;
import dev.switchcost.results.SwitchPath;
import dev.switchcost.results.history.HistoryStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code switchcost forecast --jfr FILE}: what a program's blocking handoffs cost now and would cost on virtual threads. */
@Command(name = "forecast", versionProvider = VersionProvider.class,
        header = "Price a program's blocking handoffs from a JFR recording, now and on virtual threads.",
        footer = {
            "  switchcost forecast --print-jfc > handoffs.jfc",
            "  switchcost forecast --jfr rec.jfr --sample s --units 20000 --json f.json"},
        description = {
            "Reads the park and monitor events of a JFR recording made with switchcost's settings (--print-jfc writes them:"
                + " java -XX:StartFlightRecording:settings=handoffs.jfc,filename=rec.jfr ...), groups them by blocking site,"
                + " classifies each (a j.u.c park a virtual thread unmounts for; a monitor that pins before JDK 24; a JNI/FFM"
                + " frame that pins; with --dumps, a park holding a monitor, which pins before JDK 24; unclassified) and prices them in CPU time per switch from the results (--costs):"
                + " the platform-thread price at the placement mix of a sample recording (--sample), and the virtual-thread"
                + " handoff for those that would unmount, with a virtual thread's start per unit of work (--starts-per-unit)"
                + " and a compensation per call that would block a carrier (--blocking-calls)."
                + " Errors are the results' 99.9%% intervals. See docs/forecast.md.",
            "",
            "The mix must describe the recording: the handoffs per second sample counted (its wake-ups) and the recording's"
                + " (its blocking events) may differ by at most " + MixFit.FACTOR + "×, and a sample taken over the"
                + " recording's window must be of the recorded JVM's process; otherwise forecast refuses the mix, naming both"
                + " figures. --any-mix prices with it anyway and prints the mismatch as a warning, in the text and the JSON."
        })
public final class ForecastCommand extends BaseCommand {

    static final String JFC = "/dev/switchcost/forecast/handoffs.jfc";

    @Option(names = "--jfr", paramLabel = "FILE", description = "The JFR recording.")
    Path jfr;

    @Option(names = "--sample", paramLabel = "DIR", description = "A sample -o DIR of the same program under the load recorded:"
            + " its placement mix.")
    Path sample;

    @Option(names = "--any-mix", description = "Price with the --sample mix even when it does not fit the recording (another"
            + " load or process); the mismatch is printed as a warning.")
    boolean anyMix;

    @Option(names = "--costs", paramLabel = "DIR", description = "The results that price it; repeat it to take the rows of several"
            + " (default: " + CostRun.DEFAULT + ").")
    List<Path> costs = new ArrayList<>();

    @Option(names = "--other-machine", description = "Price with --costs results measured on another machine (CPU or kernel).")
    boolean otherMachine;

    @Option(names = "--dumps", paramLabel = "FILE", description = "Thread dumps taken while recording (jstack, jcmd Thread.print,"
            + " or the log of a JVM sent kill -QUIT): which parks hold a monitor, and so pin before JDK 24. Repeatable.")
    List<Path> dumps = new ArrayList<>();

    @Option(names = "--units", paramLabel = "N", defaultValue = "0",
            description = "Units of work done during the recording, such as requests: prints per-unit figures.")
    long units;

    @Option(names = "--starts-per-unit", paramLabel = "N", defaultValue = "1",
            description = "Virtual threads the program would start per unit on virtual threads, each priced as a start"
                    + " (default: ${DEFAULT-VALUE}, a server's thread per request; 0 when it keeps its own threads). Needs --units.")
    double startsPerUnit;

    @Option(names = "--blocking-calls", paramLabel = "FILE", description = "async-profiler's collapsed stacks of"
            + " jdk.internal.misc.Blocker.begin, dumped with sig, over the same load: the calls that would block a carrier,"
            + " each priced as a compensation on virtual threads (docs/forecast.md).")
    Path blockingCalls;

    @Option(names = "--switch-path", paramLabel = "FILE", description = "async-profiler's collapsed CPU profile (event=cpu,"
            + " sample counts) of the program on platform threads under the load recorded: every handoff is priced at the"
            + " program's own CPU time in the JVM's park, unpark and monitor code, per unit over the recording's handoffs per"
            + " unit, instead of the results' ping-pong. Needs --units, --switch-path-units and --switch-path-interval.")
    Path switchPath;

    @Option(names = "--switch-path-units", paramLabel = "N", defaultValue = "0",
            description = "Units of work done while --switch-path was profiled.")
    long switchPathUnits;

    @Option(names = "--switch-path-interval", paramLabel = "INTERVAL",
            description = "The profile's sampling interval, as async-profiler's interval= took it (such as 1ms or 250us).")
    String switchPathInterval;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the forecast as JSON.")
    Path json;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10", description = "Sites listed (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--print-jfc", description = "Print the JFR settings to record with, and exit.")
    boolean printJfc;

    @Override
    protected int doCall() throws IOException {
        if (printJfc) {
            try (InputStream in = ForecastCommand.class.getResourceAsStream(JFC)) {
                out().print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            return ExitCodes.OK;
        }
        if (jfr == null) {
            throw SwitchcostException.usage("forecast needs --jfr FILE (record it with the settings of switchcost forecast --print-jfc)");
        }
        if (units < 0 || top < 1 || !(startsPerUnit >= 0) || Double.isInfinite(startsPerUnit)) {
            throw SwitchcostException.usage(units < 0 ? "--units " + units + ": give the units of work done, 1 or more"
                    : top < 1 ? "--top " + top + ": give 1 or more"
                    : "--starts-per-unit " + startsPerUnit + ": give the virtual threads started per unit, 0 or more");
        }
        if (switchPath != null && (units < 1 || switchPathUnits < 1 || switchPathInterval == null)) {
            throw SwitchcostException.usage("--switch-path needs " + (units < 1 ? "--units N (the units of work done while recording)"
                    : switchPathUnits < 1 ? "--switch-path-units N (the units of work done while profiled), 1 or more"
                    : "--switch-path-interval INTERVAL (the profile's interval, such as 1ms)"));
        }
        JfrBlocking rec;
        SwitchPath path;
        Forecast.Mix mix;
        Findings found;
        HeldMonitors held;
        BlockingCalls calls;
        try {
            rec = JfrBlocking.read(jfr);
            held = dumps.isEmpty() ? null : HeldMonitors.read(dumps);
            calls = blockingCalls == null ? null : BlockingCalls.read(blockingCalls);
            path = switchPath == null ? null : SwitchPath.read(switchPath,
                    SwitchPath.intervalNs(switchPathInterval), switchPathUnits);
            if (sample == null) {
                mix = Forecast.Mix.assumedCross();
            } else {
                mix = sampled(rec);
            }
            CostRun run = CostRun.pick(costs, HistoryStore.defaultFile(System.getenv(), Path.of(System.getProperty("user.home"))),
                    Path.of("results"), otherMachine, MachineProbe.collect(Path.of("/")))
                    .orElseThrow(() -> new IllegalArgumentException("no complete results of this machine to price it: run `switchcost run"
                            + " --quick` and `" + SwitchPrices.PLATFORM_RUN + "` (or give --costs DIR)"));
            found = run.found();
            out().println(run.said() + ".");
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        SwitchPrices prices = SwitchPrices.of(found);
        Optional<Forecast> f;
        try {
            f = Forecast.of(rec, prices, mix, units, startsPerUnit, held, Forecast.carriersHere(), calls, path);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        if (f.isEmpty()) {
            throw SwitchcostException.usage(found.input().source() + " has no CPU time per platform switch"
                    + (mix.measured() ? " for this placement mix" : "") + ": run `" + SwitchPrices.PLATFORM_RUN + "`");
        }
        ForecastText.text(f.get(), top).forEach(out()::println);
        if (json != null) {
            AtomicFiles.writeString(json, ForecastText.json(f.get()));
            out().println("JSON: " + json);
        }
        return ExitCodes.OK;
    }

    /** The --sample mix, refused when it does not fit the recording unless --any-mix. */
    private Forecast.Mix sampled(JfrBlocking rec) {
        SamplePlacement p = SamplePlacement.read(sample);
        String misfit = ForecastText.misfit(MixFit.of(p, rec), sample);
        if (misfit != null && !anyMix) {
            throw SwitchcostException.usage(misfit + ": sample the program under the load you recorded (switchcost sample --pid "
                    + (rec.pid() == null ? "PID" : rec.pid()) + " -o " + sample + " while the load runs), or pass --any-mix to"
                    + " price with it anyway");
        }
        return new Forecast.Mix(p.sameShare(), true, String.format(java.util.Locale.ROOT, "%,d same-CPU and %,d cross-CPU"
                + " wake-ups, from %s, in %s, %s", p.sameCpu(), p.crossCpu(), p.source(), sample, ForecastText.window(p)),
                misfit == null ? null : misfit + "; priced with it anyway (--any-mix)");
    }
}
