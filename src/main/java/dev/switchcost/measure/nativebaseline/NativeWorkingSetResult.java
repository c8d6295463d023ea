package dev.switchcost.measure.nativebaseline;

/**
 * One repetition of a native working-set program ({@code ws_threads}, {@code ws_pipe_processes},
 * {@code ws_single}): the fields every native program prints, plus the walk and its paired estimator.
 *
 * @param result                     the common fields ({@link NativeResult})
 * @param workingSetKib              each task's private array, KiB ({@code working_set_kib}); 0: no walk
 * @param strideBytes                the walk's stride ({@code stride_bytes})
 * @param walk                       {@code li} (every element, stride-major, as Li et al.) or {@code sparse} (one element per stride)
 * @param wakes                      measured wakes, each with one paired walk ({@code wakes}; 2 per round trip for the pairs)
 * @param firstWalkNs                mean time of the first walk after a wake ({@code first_walk_ns})
 * @param secondWalkNs               mean time of the second walk, at once after the first ({@code second_walk_ns})
 * @param pairedIndirectNsPerSwitch  first - second ({@code paired_indirect_ns_per_switch}); a control near 0 for {@code ws_single}
 * @param pairedIndirectSdNs         standard deviation of the per-wake difference ({@code paired_indirect_sd_ns})
 * @param beyondNsPerSwitch          the threads' CPU time per wake less two second walks ({@code beyond_ns_per_switch}):
 *                                   the direct cost plus all the caches add, in the switch and after it; NaN where the
 *                                   program does not read it (ws_single)
 */
public record NativeWorkingSetResult(NativeResult result, long workingSetKib, long strideBytes, String walk, long wakes,
                                     double firstWalkNs, double secondWalkNs, double pairedIndirectNsPerSwitch,
                                     double pairedIndirectSdNs, double beyondNsPerSwitch) {

    /**
     * Li, Ding and Shen's estimator of the total cost of one switch, c2 = time2/(2N) - time1/N: half
     * the two-process round trip minus the one-process step, from runs with the same size, stride and walk.
     * It subtracts a baseline measured in another program; report it beside the paired estimate, not instead.
     *
     * @throws IllegalArgumentException when the two lines are not a two-process line and a single-process line of the same walk
     */
    public static double liCostPerSwitchNs(NativeWorkingSetResult twoProcesses, NativeWorkingSetResult singleProcess) {
        if (!singleProcess.result().mechanism().equals("ws-single-process")
                || twoProcesses.result().mechanism().equals("ws-single-process")) {
            throw new IllegalArgumentException("needs a two-task line and a ws-single-process line, got "
                    + twoProcesses.result().mechanism() + " and " + singleProcess.result().mechanism());
        }
        if (twoProcesses.workingSetKib() != singleProcess.workingSetKib() || twoProcesses.strideBytes() != singleProcess.strideBytes()
                || !twoProcesses.walk().equals(singleProcess.walk())) {
            throw new IllegalArgumentException("different walks: " + twoProcesses.workingSetKib() + " KiB/" + twoProcesses.strideBytes()
                    + " B/" + twoProcesses.walk() + " against " + singleProcess.workingSetKib() + " KiB/"
                    + singleProcess.strideBytes() + " B/" + singleProcess.walk());
        }
        return twoProcesses.result().nsPerRoundTrip() / 2.0 - singleProcess.result().nsPerRoundTrip();
    }
}
