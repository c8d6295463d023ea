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
}
