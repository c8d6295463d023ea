package dev.switchcost.results.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One run in the history: a results directory's facts, as the store keeps them.
 *
 * @param id           the content hash of the bundle's result files ({@link Bundle#id}): the same bundle imported
 *                     twice is one run
 * @param source       the directory it was imported from, as given
 * @param measuredAt   when it was measured (ISO-8601): the provenance's date, else machine.json's, else compare's
 * @param hostname     the host name, or null
 * @param machineType  what machines of one kind share: the CPU's identity (name, vendor, family, model:
 *                     {@code MachineInfo.Cpu.identity}) and logical CPUs ({@code AMD EPYC (AuthenticAMD; family 23, model 1) × 2})
 * @param kernel       {@code uname -r}, or null
 * @param jdk          the JDK of the run's host process, or null
 * @param hypervisor   the hypervisor, {@code none} on bare metal, or null when unknown
 * @param cpuidle      the cpuidle driver, or null
 * @param mitigations  the mitigation files' words in name order, {@code name=value; ...}, or null
 * @param commit       the measuring build's commit, or null when not recorded
 * @param status       the run's status in words ({@code RunStatus.describe})
 * @param machineJson  machine.json as read, or null: every fact, for the fleet view's comparison of conditions
 */
public record Run(String id, String source, String measuredAt, String hostname, String machineType, String kernel,
                 String jdk, String hypervisor, String cpuidle, String mitigations, String commit, String status,
                 String machineJson) {

    /** The conditions that move a handoff beside the machine itself: the cpuidle driver, virtualisation, mitigations. */
    public static final List<Map.Entry<String, Function<Run, String>>> CONDITIONS = List.of(Map.entry("cpuidle", Run::cpuidle),
            Map.entry("virtualisation", Run::hypervisor), Map.entry("mitigations", Run::mitigations));

    /**
     * How the machine changed from this run to {@code to}: its type, then each condition ({@link #CONDITIONS}) that
     * differs, as {@code X → Y} ({@code mitigations differ}: their words are long); empty when both ran on one machine
     * under the same conditions. The kernel and the JDK are not the machine: a figure that moves with them is a finding.
     */
    public List<String> machineChanges(Run to) {
        List<String> out = new ArrayList<>();
        if (!Objects.equals(machineType, to.machineType)) {
            out.add(machineType + " → " + to.machineType);
        }
        for (Map.Entry<String, Function<Run, String>> c : CONDITIONS) {
            String from = c.getValue().apply(this);
            String now = c.getValue().apply(to);
            if (!Objects.equals(from, now)) {
                out.add(c.getKey().equals("mitigations") ? "mitigations differ" : c.getKey() + " " + from + " → " + now);
            }
        }
        return out;
    }

    /** The date part of {@link #measuredAt}, {@code unknown} without one. */
    public String date() {
        return measuredAt == null || measuredAt.length() < 10 ? "unknown" : measuredAt.substring(0, 10);
    }
}
