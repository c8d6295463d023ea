package dev.switchcost.cli;

import dev.switchcost.derive.Fleet;
import dev.switchcost.render.HistoryText;
import dev.switchcost.results.Bench;
import dev.switchcost.results.history.HistoryStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;

/** {@code switchcost history fleet}: which machine type hands off cheapest, per figure and placement. */
@Command(name = "fleet",
        footer = {
            "  switchcost history fleet"},
        header = "Rank machine types per figure (a placement is part of the figure), cheapest first, with intervals.",
        description = "Machines measured under other conditions (cpuidle driver, virtualisation, mitigations) are flagged "
                + "with what differs and ranked only among machines measured alike.")
public final class HistoryFleetCommand extends BaseCommand {

    @Mixin
    StoreMixin store;

    @Option(names = "--figure", paramLabel = "TEXT", defaultValue = Bench.Names.FUTEX + "." + Bench.Names.ROUND_TRIP_METHOD,
            description = "Figures whose key holds TEXT (default: ${DEFAULT-VALUE}).")
    String figure;

    @Override
    protected int doCall() {
        try (HistoryStore s = store.open()) {
            List<Fleet.Row> rows = Fleet.of(s.points(), figure);
            out().print(rows.isEmpty() ? "No figure in the history " + s.file() + " holds '" + figure + "'.\n" : HistoryText.fleet(rows));
        }
        return ExitCodes.OK;
    }
}
