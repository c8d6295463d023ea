package dev.switchcost.render;

import com.google.gson.GsonBuilder;
import dev.switchcost.derive.Forecast;
import dev.switchcost.derive.HandoffClass;
import dev.switchcost.derive.MixFit;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.results.BlockingCalls;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JfrBlocking;
import dev.switchcost.results.SamplePlacement;
import dev.switchcost.results.SwitchPath;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code switchcost forecast}'s text and JSON: the same fields. */
public final class ForecastText {

    private ForecastText() {
    }

    /**
     * @param top how many sites to list
     * @return the lines people read
     */
    public static List<String> text(Forecast f, int top) {
        List<String> out = new ArrayList<>();
        JfrBlocking rec = f.recording();
        out.add("Recording: " + rec.file() + ", " + String.format(Locale.ROOT, "%,d", rec.events()) + " blocking events at "
                + rec.sites().size() + " sites over " + String.format(Locale.ROOT, "%.1f", rec.seconds()) + " s, "
                + (f.jdkFeature() > 0 ? "JDK " + f.jdkFeature() : "JDK not recorded (monitors counted as pinning)"));
        out.add("Placement mix: " + String.format(Locale.ROOT, "%.1f%%", 100 * f.mix().sameShare()) + " of wake-ups on the waker's CPU; "
                + f.mix().source());
        if (f.mix().mismatch() != null) {
            out.add("Warning: " + f.mix().mismatch());
        }
        String results = price(" (same CPU ", f.prices().sameCpu()) + price(", cross CPU ", f.prices().crossCpu()) + ")";
        SwitchPath path = f.path();
        out.add("Price, CPU time per switch (never a round trip's latency): platform " + Fmt.pm(f.platform()) + " ns"
                + (path == null ? results : String.format(Locale.ROOT, ", the program's own switch path per handoff: %s ns a"
                + " unit in the JVM's park, unpark and monitor code (%.1f%% of its CPU profile, %s, %,d units; ± the sampling's only), over %.2f"
                + " handoffs a unit recorded; the results' ping-pong at this mix: %s", Fmt.pm(path.perUnit()),
                100 * path.share(), path.source(), path.units(), (double) f.recording().events() / f.units(),
                f.atMix() == null ? "not measured" : Fmt.pm(f.atMix()) + " ns" + results))
                + (f.prices().virtual() == null ? "" : "; virtual " + Fmt.pm(f.prices().virtual().perSwitch()) + " ns ("
                + f.prices().virtual().what() + ")"));
        out.add("");
        Table.Builder t = new Table.Builder("lllrrr", "site (innermost application frame)", "event", "class", "handoffs", "now, ns CPU", "on virtual, ns CPU");
        f.sites().stream().limit(top).forEach(s -> t.row(site(s.site()), s.site().event().replace("jdk.", ""), s.cls().shown,
                String.format(Locale.ROOT, "%,d", s.site().count()), Fmt.pm(s.now()),
                s.onVirtual() == null ? "–" : Fmt.pm(s.onVirtual())));
        out.addAll(t.build().text().lines().toList());
        if (f.sites().size() > top) {
            out.add("(" + (f.sites().size() - top) + " more sites in --json)");
        }
        out.add("");
        if (f.dumps() != null) {
            long holding = f.sites().stream().filter(x -> x.cls() == HandoffClass.HELD_MONITOR).count();
            out.add(String.format(Locale.ROOT, "Thread dumps: %d read, %,d parked threads in them; %d site%s parked holding a monitor%s.",
                    f.dumps().dumps(), f.dumps().parked().size(), holding, holding == 1 ? "" : "s",
                    holding == 0 ? " (a site the dumps never caught parked is not shown free of one)" : ""));
        }
        for (Forecast.Site s : f.stalls()) {
            out.add(String.format(Locale.ROOT, "Worse on virtual threads: %s (%s) pins a carrier, and up to %d threads blocked there at"
                    + " once; with %d carriers every carrier can be pinned together, and a virtual thread that must run to"
                    + " release them then waits for a carrier: the program can stall.%s", site(s.site()), s.cls().shown,
                    s.site().mostAtOnce(), f.carriers(), s.dumped() != null && s.dumped().held() != null
                            ? " Held there: a " + s.dumped().held() + " (" + s.dumped().holding() + " of " + s.dumped().seen()
                            + " parked threads the dumps caught here)." : ""));
        }
        out.add("Monitors: " + (f.monitorsPin() ? "a virtual thread pins its carrier on JDK " + f.jdkFeature()
                + "; a pinned handoff blocks the carrier in the kernel, so it keeps the platform price"
                : "a virtual thread unmounts for them on JDK " + f.jdkFeature()) + ".");
        out.add("On handoffs now (platform threads): " + figure(f, f.now()));
        if (f.onVirtual() == null) {
            out.add("On virtual threads: " + (f.prices().virtual() == null ? "no virtual-thread price in the results: run `"
                    + SwitchPrices.VIRTUAL_RUN + "`" : f.starts() > 0 && f.startCost() == null
                    ? "no price of a virtual thread's start in the results: run `" + SwitchPrices.START_RUN
                    + "`, or give --starts-per-unit 0 if the program keeps its own threads"
                    : "no price of a blocking call's compensation in the results: run `" + SwitchPrices.COMPENSATION_RUN + "`"));
        } else {
            out.add("On virtual threads: " + figure(f, f.onVirtual()) + "; saved " + figure(f, f.saved()));
            if (f.idleWaits() > 0) {
                out.add(String.format(Locale.ROOT, "Pool idle waits: %,d handoffs where a pool's worker waited for its next task."
                        + " On virtual threads the carriers wait instead, in the kernel when no other virtual thread is ready,"
                        + " so these are saved only as often as the carriers are busy: saved up to ", f.idleWaits())
                        + figure(f, f.savedUpTo()) + " if every one is.");
            }
        }
        out.add(starts(f));
        out.add(compensations(f));
        out.add("Not priced: what a thread of its own per task redoes that a pool's thread did once, such as thread-local caches"
                + " built again.");
        out.add("Spinning first: " + f.spin());
        if (f.unclassified() > 0) {
            out.add("Unclassified: " + String.format(Locale.ROOT, "%,d", f.unclassified())
                    + " handoffs had no stack to judge by; they keep the platform price.");
        }
        out.add("Each event counts as one switch; a park that found its permit did not switch, so this is an upper bound"
                + " where parks return at once (compare with sample's switch counts).");
        return out;
    }

    private static String starts(Forecast f) {
        if (f.units() <= 0) {
            return "Virtual-thread starts: not counted, no --units given: a server on virtual threads starts one per request,"
                    + " which costs CPU that platform threads do not spend (give --units N).";
        }
        if (f.starts() == 0) {
            return "Virtual-thread starts: none (--starts-per-unit 0).";
        }
        String n = String.format(Locale.ROOT, "%,d (%s per unit)", f.starts(), Fmt.num((double) f.starts() / f.units()));
        return f.startCost() == null ? "Virtual-thread starts: " + n + ", not priced: run `" + SwitchPrices.START_RUN + "`"
                : "Virtual-thread starts: " + n + " at " + Fmt.pm(f.prices().start().perSwitch()) + " ns CPU each (" + f.prices().start().what()
                + "), in the virtual-thread figures: " + figure(f, f.startCost()) + ".";
    }

    private static String compensations(Forecast f) {
        BlockingCalls c = f.calls();
        if (c == null) {
            return "Blocking calls: not counted (give --blocking-calls FILE): on a virtual thread a call that blocks its carrier,"
                    + " such as a file-system call, makes the scheduler wake an idle carrier to stand in, CPU platform threads"
                    + " do not spend.";
        }
        String n = String.format(Locale.ROOT, "%,d", c.calls()) + (f.units() > 0 ? " (" + Fmt.num(c.perUnit(f.units())) + " per unit)" : "");
        String where = c.sites().stream().limit(3).map(x -> x.caller() + (x.call().isEmpty() ? "" : " → " + x.call())
                + String.format(Locale.ROOT, " %,d", x.count())).collect(Collectors.joining("; "));
        String selectors = c.selectors() == 0 ? "" : String.format(Locale.ROOT, " Left out: %,d inside a selector's select,"
                + " which servers keep on platform threads.", c.selectors());
        if (c.calls() == 0) {
            return "Blocking calls: none that would block a carrier." + selectors;
        }
        String head = "Blocking calls that would block a carrier: " + n + ", at " + where + ".";
        return f.compensationCost() == null ? head + " Not priced: run `" + SwitchPrices.COMPENSATION_RUN + "`." + selectors
                : head + " Each makes the scheduler compensate; with the carriers idle it wakes one, at "
                + Fmt.pm(f.prices().compensation().perSwitch()) + " ns CPU each (" + f.prices().compensation().what()
                + "): in the virtual-thread figures and the saving, " + figure(f, f.compensationCost())
                + "; with the carriers busy none is woken, so the saving up to leaves it out." + selectors;
    }

    /** "sampled 2026-11-25 22:16 for 10 s at 29 handoffs/s", or that the file does not say. */
    public static String window(SamplePlacement p) {
        if (p.started() == null || p.seconds() == null) {
            return "its window not recorded (written by an older switchcost sample)";
        }
        return "sampled " + Fmt.when(p.started()) + " for " + Fmt.num(p.seconds()) + " s at " + rate(p.wakeupsPerSecond())
                + " handoffs/s";
    }

    /**
     * How the placement mix in {@code dir} does not fit the recording, one clause naming both sides' figures.
     *
     * @return null when it fits
     */
    public static String misfit(MixFit f, Path dir) {
        SamplePlacement s = f.sample();
        JfrBlocking r = f.recording();
        String mix = "the placement mix in " + dir;
        return switch (f.problem()) {
            case NONE -> null;
            case NO_WINDOW -> Double.isNaN(f.recordingRate())
                    ? r.file() + " spans no time (one blocking event), so " + mix + " cannot be checked against its load"
                    : mix + " does not say when it was sampled or for how long (written by an older switchcost sample), so it"
                    + " cannot be checked against the recording's " + rate(f.recordingRate()) + " handoffs/s";
            case OTHER_PROCESS -> mix + " was sampled over the recording's window but of process"
                    + (s.pids().size() == 1 ? " " : "es ") + String.join(", ", s.pids().stream().limit(3).map(String::valueOf).toList())
                    + (s.pids().size() > 3 ? ", ..." : "") + (s.command() == null ? "" : " (" + shortened(s.command()) + ")")
                    + ", not the recorded JVM, process " + r.pid();
            case RATE -> mix + " was sampled at " + rate(f.sampleRate()) + " handoffs/s over " + Fmt.num(s.seconds()) + " s; the"
                    + " recording has " + rate(f.recordingRate()) + "/s over " + Fmt.num(r.seconds()) + " s, "
                    + Fmt.times(Math.max(f.sampleRate(), f.recordingRate()) / Math.min(f.sampleRate(), f.recordingRate()))
                    + " apart (more than " + Fmt.num(MixFit.FACTOR) + "× is another load)";
        };
    }

    private static String rate(double perSecond) {
        return Fmt.num(perSecond >= 10 ? Math.round(perSecond) : perSecond);
    }

    private static String shortened(String command) {
        String c = command.replaceAll("\\s+", " ").strip();
        return c.length() <= 60 ? c : c.substring(0, 57) + "...";
    }

    private static String price(String lead, SwitchPrices.Price p) {
        return p == null ? lead + "not measured" : lead + Fmt.pm(p.perSwitch());
    }

    private static String figure(Forecast f, Estimate e) {
        String s = Fmt.pm(e) + " ns CPU over the recording";
        Estimate ps = f.perSecond(e);
        if (ps != null) {
            s += ", " + Fmt.pm(ps.times(1e-6)) + " ms CPU per second";
        }
        Estimate pu = f.perUnit(e);
        if (pu != null) {
            s += ", " + Fmt.pm(pu) + " ns CPU per unit";
        }
        return s;
    }

    /** The innermost frame outside the JDK, else the innermost frame; "(no stack)". */
    static String site(JfrBlocking.Site s) {
        return s.frames().stream().filter(fr -> !fr.type().startsWith("java.") && !fr.type().startsWith("jdk.")
                && !fr.type().startsWith("sun.")).findFirst().or(() -> s.frames().stream().findFirst())
                .map(JfrBlocking.Frame::toString).orElse("(no stack)");
    }

    /** The forecast as JSON: the same fields as {@link #text}, every site. */
    public static String json(Forecast f) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("recording", f.recording().file().toString());
        root.put("jvmVersion", f.recording().jvmVersion());
        root.put("jdkFeature", f.jdkFeature());
        root.put("seconds", f.recording().seconds());
        root.put("events", f.recording().events());
        root.put("units", f.units());
        Map<String, Object> mix = new LinkedHashMap<>(); // a Map.of would order its keys differently in each JVM
        mix.put("sameCpuShare", f.mix().sameShare());
        mix.put("measured", f.mix().measured());
        mix.put("source", f.mix().source());
        mix.put("mismatch", f.mix().mismatch());
        root.put("mix", mix);
        Map<String, Object> prices = new LinkedHashMap<>();
        prices.put("unit", "ns CPU per switch");
        prices.put("platform", est(f.platform()));
        prices.put("platformAtMix", f.atMix() == null ? null : est(f.atMix()));
        if (f.path() != null) {
            Map<String, Object> path = new LinkedHashMap<>();
            path.put("source", f.path().source().toString());
            path.put("samples", f.path().samples());
            path.put("inPath", f.path().inPath());
            path.put("intervalNs", f.path().intervalNs());
            path.put("units", f.path().units());
            path.put("perUnit", est(f.path().perUnit()));
            prices.put("switchPath", path);
        }
        prices.put("sameCpu", price(f.prices().sameCpu()));
        prices.put("crossCpu", price(f.prices().crossCpu()));
        prices.put("virtual", price(f.prices().virtual()));
        prices.put("start", price(f.prices().start()));
        prices.put("compensation", price(f.prices().compensation()));
        root.put("prices", prices);
        List<Object> sites = new ArrayList<>();
        for (Forecast.Site s : f.sites()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("site", site(s.site()));
            m.put("event", s.site().event());
            m.put("class", s.cls().name());
            m.put("classShown", s.cls().shown);
            m.put("pins", s.pins());
            m.put("handoffs", s.site().count());
            m.put("blockedNanos", s.site().blockedNanos());
            m.put("virtualThreadEvents", s.site().virtualThreads());
            m.put("threads", s.site().threads());
            m.put("frames", s.site().frames().stream().map(fr -> fr.toString() + " [" + fr.kind() + "]").toList());
            m.put("truncated", s.site().truncated());
            m.put("mostAtOnce", s.site().mostAtOnce());
            m.put("dumpsSeen", s.dumped() == null ? null : s.dumped().seen());
            m.put("dumpsHolding", s.dumped() == null ? null : s.dumped().holding());
            m.put("monitorHeld", s.dumped() == null ? null : s.dumped().held());
            m.put("canStall", s.canStall());
            m.put("nowNs", est(s.now()));
            m.put("onVirtualNs", est(s.onVirtual()));
            sites.add(m);
        }
        root.put("sites", sites);
        root.put("carriers", f.carriers());
        root.put("threadDumps", f.dumps() == null ? null : f.dumps().dumps());
        root.put("worse", !f.stalls().isEmpty());
        root.put("nowNs", totals(f, f.now()));
        root.put("onVirtualNs", totals(f, f.onVirtual()));
        root.put("savedNs", totals(f, f.saved()));
        root.put("idleWaits", f.idleWaits());
        root.put("savedUpToNs", totals(f, f.savedUpTo()));
        root.put("starts", f.starts());
        root.put("startsNs", totals(f, f.startCost()));
        root.put("blockingCalls", f.calls() == null ? null : f.calls().calls());
        root.put("compensationsNs", totals(f, f.compensationCost()));
        root.put("spin", f.spin());
        root.put("unclassifiedHandoffs", f.unclassified());
        root.put("unclassifiedClass", HandoffClass.UNCLASSIFIED.name());
        root.put("missingRuns", f.prices().missing());
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    private static Map<String, Object> totals(Forecast f, Estimate e) {
        if (e == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("total", est(e));
        m.put("perSecond", est(f.perSecond(e)));
        m.put("perUnit", est(f.perUnit(e)));
        return m;
    }

    private static Map<String, Object> price(SwitchPrices.Price p) {
        if (p == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>(est(p.perSwitch()));
        m.put("what", p.what());
        m.put("source", p.source());
        return m;
    }

    private static Map<String, Object> est(Estimate e) {
        if (e == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", e.value());
        m.put("lower", e.errorKnown() ? e.lower() : null);
        m.put("upper", e.errorKnown() ? e.upper() : null);
        return m;
    }
}
