package dev.switchcost.measure.workload;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.linux.Syscalls;

/**
 * A {@link PingPong} whose two sides run where a {@link Placement} says: the calling thread is side
 * A, the partner side B. Setting up pins both, then checks with {@code sched_getcpu} where each
 * actually runs, and says so in one line on stderr. The partner registers itself for counting
 * ({@link PingPong}); the calling thread is registered by its owner (the benchmarks' {@code CountedTrial}).
 */
public final class PlacedPingPong implements HandoffPair {

    private final CpuPinning callerPin;
    private final PingPong pingPong;
    private final String report;

    private PlacedPingPong(CpuPinning callerPin, PingPong pingPong, String report) {
        this.callerPin = callerPin;
        this.pingPong = pingPong;
        this.report = report;
    }

    /**
     * @param partnerKind PLATFORM, or VIRTUAL (only with {@link Placement#UNPINNED}: a virtual thread cannot be pinned)
     * @param inlineOnOneCpu for spin handoffs: run both sides on the calling thread when they would share one CPU
     * @param partnerWork work the partner runs on its own (placed) thread each time it holds the turn
     *                    ({@link PingPong#NO_WORK}: none)
     * @throws dev.switchcost.measure.affinity.PlacementUnavailableException when the machine cannot provide the placement
     */
    public static PlacedPingPong start(Placement placement, Turn turn, ThreadKind partnerKind, boolean inlineOnOneCpu,
                                       Runnable partnerWork) {
        Placement.Assignment a = placement.assignHere().require();
        if (partnerKind == ThreadKind.VIRTUAL && a.isPinned()) {
            throw new IllegalArgumentException("placement " + placement + " needs a pinned partner, and a virtual thread cannot be pinned");
        }
        CpuPinning pin = a.isPinned() ? CpuPinning.pinCurrentThread(a.cpuA()) : null;
        try {
            String side = Thread.currentThread().getName();
            if (inlineOnOneCpu && a.isPinned() && a.cpuA() == a.cpuB()) {
                PingPong inline = PingPong.inline(turn, partnerWork);
                return new PlacedPingPong(pin, inline, "placement " + placement + ": " + turn.mechanism()
                        + " needs two CPUs to hand off without the scheduler, so both sides run inline on " + side
                        + " (cpu " + Syscalls.currentCpu() + "): the protocol alone, no switch");
            }
            PingPong pp = PingPong.start(turn, partnerKind, a.cpuB(), PingPong.DEFAULT_TIMEOUT_NANOS, PingPong.PARTNER_NAME,
                    PingPong.asWork(partnerWork), null);
            int cpuA = Syscalls.currentCpu();
            int cpuB = pp.partnerCpu();
            if (a.isPinned() && (cpuA != a.cpuA() || cpuB != a.cpuB())) {
                pp.close();
                throw new IllegalStateException("placement " + placement + " asked cpu " + a.cpuA() + "/" + a.cpuB()
                        + " but sched_getcpu() says " + cpuA + "/" + cpuB);
            }
            String where = a.isPinned() ? "pinned" : "unpinned, now";
            String report = "placement " + placement + " (" + turn.mechanism() + ", " + partnerKind.name().toLowerCase()
                    + " partner): " + side + " " + where + " on cpu " + cpuA + ", " + PingPong.PARTNER_NAME + " " + where
                    + " on cpu " + (cpuB < 0 ? "?" : cpuB) + " (sched_getcpu)";
            return new PlacedPingPong(pin, pp, report);
        } catch (RuntimeException | Error e) {
            if (pin != null) {
                pin.close();
            }
            throw e;
        }
    }

    @Override
    public void roundTrip() {
        pingPong.roundTrip();
    }

    @Override
    public long partnerRunNs() {
        return pingPong.partnerRunNs();
    }

    @Override
    public void checkPartner() {
        pingPong.checkPartner();
    }

    @Override
    public String report() {
        return report;
    }

    @Override
    public void close() {
        try {
            pingPong.close();
        } finally {
            if (callerPin != null) {
                callerPin.close();
            }
        }
    }
}
