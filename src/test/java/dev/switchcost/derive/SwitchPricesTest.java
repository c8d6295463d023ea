package dev.switchcost.derive;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.results.Bench;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwitchPricesTest {

    private static final Path PRICES = Fixtures.results("prices-xeon-kvm-jdk21");

    @Test
    void aStartIsItsRowLessTheVirtualSwitchOfTheSameRun() {
        Results r = Results.load(PRICES);
        SwitchPrices p = SwitchPrices.of(Findings.of(r));
        assertEquals(List.of(), p.missing(), "the run measures every price");
        JmhRow startRow = r.usable().stream().filter(Bench.VIRTUAL_START::is).findFirst().orElseThrow();
        assertEquals(startRow.estimate().value() - p.virtual().perSwitch().value(), p.start().perSwitch().value(), 1e-9);
        assertTrue(p.start().perSwitch().value() > 0 && p.start().perSwitch().errorKnown(), p.start().toString());
        assertTrue(p.start().perSwitch().standardError() > startRow.estimate().standardError(), "the virtual price's error adds");
    }

    @Test
    void aCompensationIsTheBlockingCallsCpuTimeLessTheSameWithoutTheBracket() {
        Results r = Results.load(PRICES);
        SwitchPrices p = SwitchPrices.of(Findings.of(r));
        JmhRow with = r.usable().stream().filter(x -> Bench.VIRTUAL_BLOCKING_CALL.is(x) && "COMPENSATED".equals(x.params().get("call")))
                .findFirst().orElseThrow();
        JmhRow without = r.usable().stream().filter(x -> Bench.VIRTUAL_BLOCKING_CALL.is(x) && "PLAIN".equals(x.params().get("call")))
                .findFirst().orElseThrow();
        double a = with.secondary().get(PairedWalkProfiler.CPU).estimate().value();
        double b = without.secondary().get(PairedWalkProfiler.CPU).estimate().value();
        assertEquals(a - b, p.compensation().perSwitch().value(), 1e-9);
        assertTrue(p.compensation().perSwitch().value() > 0 && p.compensation().perSwitch().errorKnown(), p.compensation().toString());
        // count, don't assume: the bracket woke a carrier, which then parked (its switches per call, more than without)
        assertTrue(with.secondaryScore("ctxsw.carrier.total.norm") > without.secondaryScore("ctxsw.carrier.total.norm") + 0.5,
                with.secondaryScore("ctxsw.carrier.total.norm") + " against " + without.secondaryScore("ctxsw.carrier.total.norm"));
    }

    /** A start measured on another JDK than the virtual price is not netted against it: unlike rows. */
    @Test
    void aStartOfAnotherJdkThanTheVirtualPriceIsNotPriced(@TempDir Path tmp) throws IOException {
        JsonArray rows = JsonParser.parseString(Files.readString(PRICES.resolve("jmh-jdk21.0.8.json"))).getAsJsonArray();
        for (JsonElement e : rows) {
            String b = e.getAsJsonObject().get("benchmark").getAsString();
            if (b.equals(Bench.VIRTUAL_START.fullName())) {
                e.getAsJsonObject().addProperty("jdkVersion", "25.0.3");
            }
        }
        Files.writeString(tmp.resolve("jmh.json"), rows.toString());
        Files.copy(PRICES.resolve("machine.json"), tmp.resolve("machine.json"));
        SwitchPrices p = SwitchPrices.of(Findings.of(Results.load(tmp)));
        assertTrue(p.virtual() != null, "the virtual price stays");
        assertNull(p.start());
        assertEquals(List.of(SwitchPrices.START_RUN), p.missing(), "the compensation is priced on the virtual price's JDK too");
    }

    @Test
    void theStudysOneRunHoldsWhatEachPriceAsksFor() {
        String args = String.join(" ", SwitchPrices.RUN_ARGS);
        for (String run : List.of(SwitchPrices.PLATFORM_RUN, SwitchPrices.START_RUN, SwitchPrices.COMPENSATION_RUN)) {
            for (String part : run.split(" ")) {
                if (part.startsWith("-p") || part.contains("=")) {
                    assertTrue(args.contains(part), part + " of `" + run + "` is not in the study's run: " + args);
                }
            }
        }
        for (Bench b : List.of(Bench.WORKING_SET_PAIRED, Bench.VIRTUAL_ONE_CARRIER, Bench.VIRTUAL_START, Bench.VIRTUAL_BLOCKING_CALL)) {
            assertTrue(SwitchPrices.RUN_ARGS.get(SwitchPrices.RUN_ARGS.size() - 1).contains(b.shortName().replace(".", "\\.")), b.toString());
        }
    }
}
