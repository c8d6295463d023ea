package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.Findings;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.render.Fmt;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.RunStatus;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.results.history.Run;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The results that price switches ({@code sample}, {@code forecast}): the {@code --costs} directories (the rows of all of
 * them), or this machine's latest complete run that holds both platform prices (one CPU and across two; else the latest
 * with one of them) from undisturbed trials: from the history store (every
 * {@code run} records itself there; its results directory must still be there, as the store keeps figures, not the
 * paired rows a price is read from), else from under {@code results/}. A price from another machine is refused unless
 * {@code --other-machine}; one from a disturbed trial a run kept is taken only from a directory given with
 * {@code --costs}, and said.
 *
 * @param found what derive made of the rows
 * @param said  one line naming the run(s) priced from and their date, and what to know about the prices
 */
record CostRun(Findings found, String said) {

    /** The default of {@code --costs}, in words. */
    static final String DEFAULT = "this machine's latest complete run that holds the prices (one CPU and across two; else one of them) from"
            + " undisturbed trials, from the history (switchcost history) when it has one, else under results/; a kept disturbed"
            + " one only when named";

    /** {@link #pick(List, Path, Path, boolean, MachineInfo)} without a history store: {@code results/} alone. */
    static Optional<CostRun> pick(List<Path> costs, Path parent, boolean otherMachine, MachineInfo here) {
        return pick(costs, null, parent, otherMachine, here);
    }

    /**
     * @param costs        the {@code --costs} directories, or empty for the default
     * @param store        the history store the default looks in first, or null; a store that cannot be read is passed over
     * @param parent       where the default looks next ({@code results/})
     * @param otherMachine take results measured on another machine
     * @param here         this machine
     * @return empty when there is no default to price with
     * @throws IllegalArgumentException one line: unreadable results, or results of another machine
     */
    static Optional<CostRun> pick(List<Path> costs, Path store, Path parent, boolean otherMachine, MachineInfo here) {
        if (!costs.isEmpty()) {
            List<Results> all = new ArrayList<>();
            for (Path c : costs) {
                Results r = Results.load(c);
                String other = otherMachine ? null : otherMachine(r.machine(), here);
                if (other != null) {
                    throw new IllegalArgumentException("--costs " + c + " was measured on another machine (" + other
                            + "): give results measured here, or --other-machine to price with them anyway");
                }
                all.add(r);
            }
            return Optional.of(of(merged(all), costs, null));
        }
        // the latest run with both platform prices (one CPU and across two); else the latest with one of them (a run with
        // only the virtual threads' price cannot price sample's switches, which are platform threads' to the kernel)
        CostRun some = null;
        for (Run h : history(store)) {
            CostRun c = priced(Path.of(h.source()), otherMachine, here, "; run " + h.id().substring(0, 8) + " of the history " + store)
                    .orElse(null);
            if (c != null && bothPlatform(c)) {
                return Optional.of(c);
            }
            some = some == null && anyPlatform(c) ? c : some;
        }
        for (Path d : ResultsDir.newestFirst(parent)) {
            CostRun c = priced(d, otherMachine, here, null).orElse(null);
            if (c != null && bothPlatform(c)) {
                return Optional.of(c);
            }
            some = some == null && anyPlatform(c) ? c : some;
        }
        return Optional.ofNullable(some);
    }

    private static boolean anyPlatform(CostRun c) {
        SwitchPrices p = c == null ? null : SwitchPrices.of(c.found());
        return p != null && (p.sameCpu() != null || p.crossCpu() != null);
    }

    private static boolean bothPlatform(CostRun c) {
        SwitchPrices p = SwitchPrices.of(c.found());
        return p.sameCpu() != null && p.crossCpu() != null;
    }

    /** The store's runs, latest measured first; none when there is no store or it cannot be read. */
    private static List<Run> history(Path store) {
        if (store == null || !Files.isRegularFile(store)) {
            return List.of();
        }
        try (HistoryStore s = HistoryStore.openReadOnly(store)) {
            return s.runs().reversed();
        } catch (IllegalStateException | UncheckedIOException e) {
            return List.of();
        }
    }

    /**
     * {@code d} when it ran to its end (complete, or failed only by trials left out as disturbed), is of this machine
     * (unless {@code otherMachine}) and holds a price from undisturbed trials.
     */
    private static Optional<CostRun> priced(Path d, boolean otherMachine, MachineInfo here, String from) {
        if (!Files.isDirectory(d)) {
            return Optional.empty();
        }
        Results r;
        try {
            r = Results.load(d);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        // a run that ended, whose only fault is a trial left out as disturbed, still holds clean rows beside it
        boolean ended = r.status().state() == RunStatus.State.COMPLETE || r.status().state() == RunStatus.State.FAILED
                && !r.status().failedTrials().isEmpty();
        if (!ended || r.status().failedTrials().stream().anyMatch(t -> !t.disturbed())
                || (!otherMachine && otherMachine(r.machine(), here) != null)) {
            return Optional.empty();
        }
        CostRun c = of(r, List.of(d), from);
        SwitchPrices p = SwitchPrices.of(c.found());
        // by default a price comes from undisturbed trials only; one a run kept though disturbed is taken when named
        return !p.none() && !p.anyDisturbed() ? Optional.of(c) : Optional.empty();
    }

    private static CostRun of(Results r, List<Path> dirs, String from) {
        Findings f = Findings.of(r);
        SwitchPrices p = SwitchPrices.of(f);
        String runs = dirs.stream().map(d -> d + " (results of " + Fmt.when(ResultsDir.written(d)) + (from == null ? "" : from) + ")")
                .collect(Collectors.joining(", "));
        return new CostRun(f, "Priced from " + runs + (p.anyDisturbed()
                ? "; a price comes from a disturbed trial the run kept (--allow-disturbed): others took its CPUs, read it as an upper bound"
                : ""));
    }

    /**
     * The rows of every input as one, with every input's status: its failed and disturbed trials mark its rows, and the
     * state is the first input's unless another's is not complete (each input was checked against this machine).
     */
    private static Results merged(List<Results> all) {
        Results a = all.get(0);
        if (all.size() == 1) {
            return a;
        }
        List<JmhRow> rows = all.stream().flatMap(r -> r.rows().stream()).toList();
        List<Path> files = all.stream().flatMap(r -> r.jmhFiles().stream()).toList();
        List<String> notes = all.stream().flatMap(r -> r.notes().stream()).toList();
        RunStatus state = all.stream().map(Results::status).filter(s -> s.state() != RunStatus.State.COMPLETE).findFirst()
                .orElse(a.status());
        RunStatus status = new RunStatus(state.state(), state.reason(),
                all.stream().flatMap(r -> r.status().failedTrials().stream()).toList());
        return new Results(a.source(), status, a.machine(), a.compare(), rows, files, notes, a.simulated(), a.indirectSweep(),
                a.provenance(), a.spinCompare(), a.precision(), a.name());
    }

    /**
     * How {@code results}' machine differs from {@code here}: the CPU's identity ({@link MachineInfo.Cpu#identity}:
     * name, vendor, family, model) and the kernel; null when they match. Results without machine.json count as another
     * machine.
     */
    static String otherMachine(MachineInfo results, MachineInfo here) {
        if (results == null) {
            return "no machine.json";
        }
        List<String> d = new ArrayList<>();
        String a = results.cpu() == null ? null : results.cpu().identity();
        String b = here.cpu() == null ? null : here.cpu().identity();
        if (a == null || !a.equals(b)) {
            d.add("CPU " + (a == null ? "?" : a) + ", here " + (b == null ? "?" : b));
        }
        String ka = results.kernel() == null ? null : results.kernel().release();
        String kb = here.kernel() == null ? null : here.kernel().release();
        if (!Objects.equals(ka, kb)) {
            d.add("kernel " + ka + ", here " + kb);
        }
        return d.isEmpty() ? null : String.join("; ", d);
    }
}
