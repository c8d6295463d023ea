package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcStatTest {

    static final String FILE = "proc-task/kvm-epyc-2cpu-linux-6.18-proc-stat.txt";

    @Test
    void readsTheCountersVmstatPrintsFromACapturedFile() {
        MachineSampler.ProcStat s = MachineSampler.ProcStat.parse(Fixtures.lines(FILE));
        assertEquals(14138414, s.contextSwitches());
        assertEquals(1995479, s.interrupts());
        assertEquals(4, s.running());
        assertArrayEquals(new long[] {155095, 0, 14394, 139497, 1383, 0, 573, 227}, s.cpuTicks());
    }

    @Test
    void ratesAndSharesBetweenTwoReadings() {
        MachineSampler.ProcStat a = new MachineSampler.ProcStat(1000, 50, 1, new long[] {100, 0, 20, 80, 0, 0, 0, 0});
        // half a second later: 600 switches, 10 interrupts; 200 ticks: 100 user, 40 system, 50 idle, 10 steal
        MachineSampler.ProcStat b = new MachineSampler.ProcStat(1600, 60, 3, new long[] {200, 0, 60, 130, 0, 0, 0, 10});
        Map<String, Double> v = MachineSampler.between(a, b, 0.5);
        assertEquals(1200, v.get("cs/s"), 1e-9);
        assertEquals(20, v.get("in/s"), 1e-9);
        assertEquals(3, v.get("r"), 1e-9);
        assertEquals(50, v.get("us%"), 1e-9);
        assertEquals(20, v.get("sy%"), 1e-9);
        assertEquals(25, v.get("id%"), 1e-9);
        assertEquals(5, v.get("st%"), 1e-9);
    }

    @Test
    void aFileWithoutTheCtxtLineIsRefusedNamingIt() {
        List<String> noCtxt = Fixtures.lines(FILE).stream().filter(l -> !l.startsWith("ctxt")).toList();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MachineSampler.ProcStat.parse(noCtxt));
        assertTrue(e.getMessage().contains("no ctxt line"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MachineSampler.ProcStat.parse(List.of("cpu 1 2 x", "ctxt 5")));
        assertTrue(e.getMessage().contains("malformed /proc/stat line: cpu 1 2 x"), e.getMessage());
    }
}
