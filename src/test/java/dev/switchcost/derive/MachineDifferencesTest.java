package dev.switchcost.derive;

import dev.switchcost.derive.MachineDifferences.Difference;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachineDifferencesTest {

    static final MachineInfo HALTPOLL = committed("src/test/resources/fixtures/results/suite-haltpoll-epyc-kvm-jdk25");
    static final MachineInfo NONE = committed("src/test/resources/fixtures/results/quick-paired-cache-epyc-kvm-jdk25");

    private static MachineInfo committed(String dir) {
        try {
            return Results.readMachine(Path.of(dir, MachineInfo.FILE_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Issue 18: the README's two runs differ in the cpuidle driver, the kernel and four mitigations; nothing else known. */
    @Test
    void namesWhatDiffersBetweenTwoCapturedMachines() {
        List<Difference> d = MachineDifferences.of(List.of(HALTPOLL, NONE));
        assertEquals(List.of("kernel", "cpuidle driver", "cpuidle governor", "mitigation retbleed", "mitigation spec_rstack_overflow",
                "mitigation spec_store_bypass", "mitigation spectre_v2"), d.stream().map(Difference::fact).toList());
        assertEquals(List.of("haltpoll", "none"), d.get(1).values());
        // the older file records no CPU family or microcode: not known to differ, so not named
        assertTrue(d.stream().noneMatch(x -> x.fact().startsWith("CPU") || x.fact().equals("microcode")), d.toString());
    }

    @Test
    void oneMachineOrTheSameMachineHasNoDifferences() {
        assertEquals(List.of(), MachineDifferences.of(List.of(NONE)));
        assertEquals(List.of(), MachineDifferences.of(List.of(NONE, NONE)));
    }

    @Test
    void aMissingMachineJsonIsOneDifference() {
        List<Difference> d = MachineDifferences.of(Arrays.asList(NONE, null));
        assertEquals(List.of(new Difference("machine.json", List.of("recorded", "unknown (no machine.json)"))), d);
        assertEquals(List.of(), MachineDifferences.of(Arrays.asList(null, null)));
    }

    @Test
    void aMitigationOnlyOneMachineRecordsIsNotADifference() {
        MachineInfo fewer = new MachineInfo(NONE.schema(), NONE.capturedAt(), NONE.hostname(), NONE.cpu(), NONE.caches(),
                NONE.kernel(), Map.of("meltdown", "Not affected"), NONE.virtualization(), NONE.power(), NONE.jdk(), NONE.limits(),
                NONE.perf(), null, null, null);
        List<Difference> d = MachineDifferences.of(List.of(fewer, NONE));
        assertTrue(d.stream().noneMatch(x -> x.fact().startsWith("mitigation") && !x.fact().equals("mitigation meltdown")), d.toString());
    }
}
