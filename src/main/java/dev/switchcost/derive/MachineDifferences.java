package dev.switchcost.derive;

import dev.switchcost.measure.machine.MachineInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What differs between the machines of several inputs ({@code machine.json}) among the facts that move a figure: the CPU
 * model and microcode, the CPUs online, SMT, the kernel, its cpuidle and cpufreq settings (a {@code haltpoll} guest wakes
 * a sleeping vCPU without a hypervisor exit; {@code none} does not), the virtualisation, and each CPU vulnerability
 * mitigation. {@code diff} and a report over several inputs name each one, so that figures side by side are not taken for
 * like with like when the machines were not.
 */
public final class MachineDifferences {

    /**
     * One fact that differs.
     *
     * @param fact   what it is, e.g. {@code cpuidle driver}, {@code mitigation spectre_v2}
     * @param values its value on each input's machine, in the inputs' order
     */
    public record Difference(String fact, List<String> values) {
    }

    static final String NO_MACHINE = "unknown (no machine.json)";

    private static final List<Map.Entry<String, Function<MachineInfo, String>>> FACTS = List.of(
            Map.entry("CPU model", m -> m.cpu() == null ? null : m.cpu().model()),
            Map.entry("CPU (vendor; family, model)", m -> m.cpu() == null || m.cpu().family() == null ? null : m.cpu().identity()),
            Map.entry("CPU stepping", m -> m.cpu() == null ? null : m.cpu().stepping()),
            Map.entry("microcode", m -> m.cpu() == null ? null : m.cpu().microcode()),
            Map.entry("CPUs online", m -> m.cpu() == null ? null : m.cpu().online() + " of " + m.cpu().logicalCpus()),
            Map.entry("threads per core", m -> m.cpu() == null ? null : String.valueOf(m.cpu().threadsPerCore())),
            Map.entry("kernel", m -> m.kernel() == null ? null : m.kernel().release()),
            Map.entry("cpuidle driver", m -> m.power() == null ? null : m.power().cpuidleDriver()),
            Map.entry("cpuidle governor", m -> m.power() == null ? null : m.power().cpuidleGovernor()),
            Map.entry("cpufreq governor", m -> m.power() == null ? null : m.power().cpufreqGovernor()),
            Map.entry("virtualisation", m -> m.virtualization() == null ? null
                    : (m.virtualization().hypervisor() == null ? "none detected" : m.virtualization().hypervisor())
                    + (m.virtualization().container() == null ? "" : ", container " + m.virtualization().container())));

    private MachineDifferences() {
    }

    /**
     * The facts that differ between {@code machines} (null where an input has no machine.json), in a fixed order. A fact
     * some machine.json does not record (an older file) is not known to differ and is left out; an input without a
     * machine.json beside others with one is one difference, {@code machine.json}.
     */
    public static List<Difference> of(List<MachineInfo> machines) {
        List<Difference> out = new ArrayList<>();
        if (machines.size() < 2) {
            return out;
        }
        if (machines.stream().anyMatch(Objects::isNull)) {
            if (machines.stream().anyMatch(Objects::nonNull)) {
                out.add(new Difference("machine.json", machines.stream().map(m -> m == null ? NO_MACHINE : "recorded").toList()));
            }
            return out;
        }
        for (Map.Entry<String, Function<MachineInfo, String>> f : FACTS) {
            add(out, f.getKey(), machines.stream().map(f.getValue()).toList());
        }
        for (String n : machines.stream().filter(m -> m.mitigations() != null)
                .flatMap(m -> m.mitigations().keySet().stream()).collect(Collectors.toCollection(TreeSet::new))) {
            add(out, "mitigation " + n, machines.stream().map(m -> m.mitigations() == null ? null : m.mitigations().get(n)).toList());
        }
        return out;
    }

    private static void add(List<Difference> out, String fact, List<String> values) {
        if (values.stream().noneMatch(Objects::isNull) && values.stream().distinct().count() > 1) {
            out.add(new Difference(fact, values));
        }
    }
}
