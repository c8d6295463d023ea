package dev.switchcost.results.history;

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

    /** The date part of {@link #measuredAt}, {@code unknown} without one. */
    public String date() {
        return measuredAt == null || measuredAt.length() < 10 ? "unknown" : measuredAt.substring(0, 10);
    }
}
