package dev.switchcost.derive;

import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.results.BlockingCalls;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.HeldMonitors;
import dev.switchcost.results.JfrBlocking;
import dev.switchcost.results.SwitchPath;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a program spends on blocking handoffs now, on platform threads, and what it would spend on virtual threads,
 * from a JFR recording of its blocks ({@link JfrBlocking}) and this machine's CPU time per switch ({@link SwitchPrices}).
 *
 * <p>Each blocking event is one switch of the thread that blocked. Now, every one is priced at the platform price of
 * the placement mix ({@link SwitchPrices#platform}), or, given the program's own switch path ({@link SwitchPath}: its
 * CPU time in the JVM's park, unpark and monitor code per unit of work, profiled under the same load), at that over
 * the recording's handoffs per unit: what a handoff costs the program itself. On virtual threads: a handoff that unmounts ({@link HandoffClass#UNMOUNTS},
 * and {@link HandoffClass#MONITOR} from JDK {@value JdkPolicy#NO_PINNING}) at the virtual-thread price; one that pins
 * blocks its carrier in the kernel, a platform switch, so it keeps the platform price; an unclassified one keeps it too
 * and is listed. The two prices come from different trials, so their errors add in quadrature; a price times a count
 * is exact in the count.
 *
 * <p>A pool's worker waiting for its next task ({@link HandoffClass#IDLE_WAIT}) is saved only when the carriers have
 * another virtual thread to run at that moment, which a platform recording does not show: {@code saved} counts none of
 * those waits and {@code savedUpTo} all of them, and the saving lies between the two (docs/forecast-servers.md: on
 * Tomcat's static file none was saved).
 *
 * <p>On virtual threads a server runs each task on a thread of its own, started for it, where a pool's worker took the
 * next task: that start is a cost platform threads do not have. {@code starts} is how many the forecast adds, the units
 * of work times the starts per unit ({@code forecast --starts-per-unit}, one for a server's requests), each at the
 * price of a start ({@link SwitchPrices#start}); it is in {@code onVirtual}, {@code saved} and {@code savedUpTo}.
 *
 * <p>A call that blocks the carrier in the kernel (a file-system call: {@link BlockingCalls}, counted while the
 * program ran on platform threads) makes the scheduler compensate on virtual threads, waking an idle carrier to stand
 * in, when one is idle. {@code calls} counts them while recording, and {@code compensationCost} is
 * their price with an idle carrier woken for each ({@link SwitchPrices#compensation}): with the carriers idle, the
 * end where no pool idle wait is saved, it is in {@code onVirtual} and {@code saved}; with the carriers busy, none is
 * woken, so it is not in {@code savedUpTo}.
 *
 * <p>Thread dumps taken while recording ({@link HeldMonitors}) show which parks hold a monitor: those pin too before
 * JDK 24 ({@link HandoffClass#HELD_MONITOR}). A site that parks while pinned ({@link HandoffClass#blocksWhilePinned}),
 * where at least as many threads blocked at once as there are carriers, can pin every carrier together; a virtual
 * thread that must run to release them then waits for a carrier, and the program stalls ({@link Site#canStall}). The
 * forecast calls that worse, whatever its price.
 *
 * @param jdkFeature  the recorded JVM's feature release (0 when the recording does not say: monitors then count as pinning)
 * @param mix         the placement mix the platform price uses
 * @param platform    the platform price, ns per switch: the program's own per handoff when {@code path} is given, else
 *                    the results' at {@code mix}
 * @param atMix       the results' platform price at {@code mix}, ns per switch (the same as {@code platform} without
 *                    {@code path})
 * @param sites       one per blocking site, most events first
 * @param now         CPU time on handoffs now, ns over the recording
 * @param onVirtual   the same on virtual threads, ns, or null when the virtual-thread price is missing
 * @param saved       now − onVirtual, ns, or null: the pools' idle waits not saved
 * @param savedUpTo   the same with every pool idle wait saved too (the carriers always busy), ns, or null
 * @param idleWaits   events at pool idle-wait sites
 * @param starts      the virtual threads started on virtual threads: units × starts per unit
 * @param startCost   their CPU time, ns, or null when {@code starts} is 0 or the start price is missing
 * @param calls       the blocking calls counted while recording, or null when none were counted
 * @param compensationCost their CPU time on virtual threads, an idle carrier woken for each, ns, or null when
 *                    {@code calls} is null or has none, or the compensation price is missing
 * @param units       the units of work the user gave (0 for none)
 * @param unclassified events the forecast could not classify
 * @param spin        what the spin-budget forecast needs (the results have no spin budget)
 * @param dumps       the thread dumps read, or null for none
 * @param carriers    the virtual-thread carriers the program would have (the default scheduler's parallelism)
 * @param path        the program's own switch path, profiled, or null when not given
 */
public record Forecast(JfrBlocking recording, int jdkFeature, Mix mix, SwitchPrices prices, Estimate platform, Estimate atMix,
                       List<Site> sites, Estimate now, Estimate onVirtual, Estimate saved, Estimate savedUpTo, long idleWaits,
                       long starts, Estimate startCost, BlockingCalls calls, Estimate compensationCost, long units,
                       long unclassified, String spin, HeldMonitors dumps, int carriers, SwitchPath path) {

    /** The run that measures the spin budget. */
    public static final String SPIN_RUN = "scripts/studies/measure-spin.sh";

    /**
     * The share of the sampled threads' wake-ups on the waker's own CPU.
     *
     * @param sameShare 0 to 1
     * @param measured  whether it was measured (false: assumed, see {@code source})
     * @param source    where it comes from, for people
     * @param mismatch  how a sampled mix does not fit the recording, priced with anyway ({@code forecast --any-mix}),
     *                  for people; null when it fits or was not measured
     */
    public record Mix(double sameShare, boolean measured, String source, String mismatch) {

        public Mix(double sameShare, boolean measured, String source) {
            this(sameShare, measured, source, null);
        }

        /** No measured mix: every wake-up assumed to cross CPUs, the dearer platform price. */
        public static Mix assumedCross() {
            return new Mix(0, false, "not measured (give --sample DIR): every wake-up assumed to cross CPUs");
        }
    }

    /**
     * One blocking site.
     *
     * @param site      what the recording holds
     * @param pins      whether it would pin a carrier on the recorded JDK
     * @param now       its CPU time on handoffs now, ns
     * @param onVirtual the same on virtual threads, ns, or null without the virtual-thread price
     * @param dumped    what the thread dumps saw here, or null without dumps
     * @param canStall  whether it parks while pinned and at least as many threads blocked here at once as there are carriers
     */
    public record Site(JfrBlocking.Site site, HandoffClass cls, boolean pins, Estimate now, Estimate onVirtual,
                       HeldMonitors.AtSite dumped, boolean canStall) {
    }

    /**
     * @param units the units of work done during the recording, or 0
     * @return empty when the platform price the mix needs is missing (nothing can be forecast: {@code prices.missing()}
     *         names the run)
     */
    public static Optional<Forecast> of(JfrBlocking rec, SwitchPrices prices, Mix mix, long units) {
        return of(rec, prices, mix, units, 0, null, carriersHere(), null);
    }

    /**
     * The carriers the default scheduler would give a program run here: this JVM's available processors. Not the
     * recorded program's, whose CPU limit or {@code jdk.virtualThreadScheduler.parallelism} may differ.
     */
    public static int carriersHere() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The same without blocking calls counted. */
    public static Optional<Forecast> of(JfrBlocking rec, SwitchPrices prices, Mix mix, long units, double startsPerUnit,
                                        HeldMonitors dumps, int carriers) {
        return of(rec, prices, mix, units, startsPerUnit, dumps, carriers, null);
    }

    /**
     * @param startsPerUnit virtual threads the program would start per unit of work (0 for none)
     * @param dumps         thread dumps taken while recording, or null
     * @param carriers      the carriers the program's virtual threads would run on
     * @param calls         the blocking calls counted while recording, or null when not counted
     */
    public static Optional<Forecast> of(JfrBlocking rec, SwitchPrices prices, Mix mix, long units, double startsPerUnit,
                                        HeldMonitors dumps, int carriers, BlockingCalls calls) {
        return of(rec, prices, mix, units, startsPerUnit, dumps, carriers, calls, null);
    }

    /**
     * @param path the program's own switch path, profiled under the same load, or null: with it, every handoff is priced
     *             at its CPU time per unit over the recording's handoffs per unit (needs {@code units})
     * @return empty when the platform price the mix needs is missing and no {@code path} is given
     */
    public static Optional<Forecast> of(JfrBlocking rec, SwitchPrices prices, Mix mix, long units, double startsPerUnit,
                                        HeldMonitors dumps, int carriers, BlockingCalls calls, SwitchPath path) {
        Optional<Estimate> p = prices.platform(mix.sameShare());
        if (p.isEmpty() && path == null) {
            return Optional.empty();
        }
        Estimate price = path == null ? p.get() : path.perHandoff(rec.events(), units);
        long starts = Math.round(units * startsPerUnit);
        Estimate startCost = starts == 0 || prices.start() == null ? null : prices.start().perSwitch().times(starts);
        long compensations = calls == null ? 0 : calls.calls();
        Estimate compensationCost = compensations == 0 || prices.compensation() == null ? null
                : prices.compensation().perSwitch().times(compensations);
        // a start or a compensation unpriced leaves the virtual side unknown, as a missing virtual price does
        Estimate virt = prices.virtual() == null || starts > 0 && startCost == null
                || compensations > 0 && compensationCost == null ? null : prices.virtual().perSwitch();
        int feature = rec.jvmVersion() == null ? 0 : JdkPolicy.feature(versionOf(rec.jvmVersion()));
        List<Site> sites = new ArrayList<>();
        long all = 0;
        long unmounting = 0;
        long unclassified = 0;
        long idle = 0;
        for (JfrBlocking.Site s : rec.sites()) {
            HandoffClass c = HandoffClass.of(s.event(), s.frames());
            HeldMonitors.AtSite dumped = dumps == null ? null : dumps.at(s.frames());
            if ((c == HandoffClass.UNMOUNTS || c == HandoffClass.IDLE_WAIT) && dumped != null && dumped.holding() > 0) {
                c = HandoffClass.HELD_MONITOR;
            }
            boolean pins = c.pinsOn(feature);
            boolean unmounts = !pins && c != HandoffClass.UNCLASSIFIED && c != HandoffClass.IDLE_WAIT;
            all += s.count();
            unmounting += unmounts ? s.count() : 0;
            idle += c == HandoffClass.IDLE_WAIT ? s.count() : 0;
            unclassified += c == HandoffClass.UNCLASSIFIED ? s.count() : 0;
            Estimate siteNow = price.times(s.count());
            Estimate siteVirt = !unmounts ? siteNow : virt == null ? null : virt.times(s.count());
            sites.add(new Site(s, c, pins, siteNow, siteVirt, dumped, pins && c.blocksWhilePinned() && s.mostAtOnce() >= carriers));
        }
        Estimate now = price.times(all);
        long kept = all - unmounting;
        Estimate onVirtual = virt == null ? null : kept == 0 ? virt.times(unmounting)
                : unmounting == 0 ? price.times(kept) : price.times(kept).plus(virt.times(unmounting));
        Estimate saved = virt == null ? null
                : unmounting == 0 ? Estimate.exact(0) : price.minus(virt).times(unmounting);
        Estimate savedUpTo = virt == null ? null
                : unmounting + idle == 0 ? Estimate.exact(0) : price.minus(virt).times(unmounting + idle);
        if (startCost != null && virt != null) {
            onVirtual = onVirtual.plus(startCost);
            saved = saved.minus(startCost);
            savedUpTo = savedUpTo.minus(startCost);
        }
        if (compensationCost != null && virt != null) {
            onVirtual = onVirtual.plus(compensationCost);
            saved = saved.minus(compensationCost);
        }
        return Optional.of(new Forecast(rec, feature, mix, prices, price, p.orElse(null), List.copyOf(sites), now, onVirtual, saved,
                savedUpTo, idle, starts, startCost, calls, compensationCost, units, unclassified,
                "the results have no spin budget: run " + SPIN_RUN, dumps, carriers, path));
    }

    /** @return the sites that can pin every carrier at once (worse on virtual threads, whatever the price) */
    public List<Site> stalls() {
        return sites.stream().filter(Site::canStall).toList();
    }

    /** "OpenJDK 64-Bit Server VM (25.0.3+9-LTS) for linux-amd64 ..." → "25.0.3+9-LTS"; a bare version as is. */
    static String versionOf(String jvmVersion) {
        int open = jvmVersion.indexOf('(');
        int close = open < 0 ? -1 : jvmVersion.indexOf(')', open);
        return close > open + 1 ? jvmVersion.substring(open + 1, close) : jvmVersion;
    }

    /** @return whether a monitor wait or enter pins a virtual thread's carrier on the recorded JDK */
    public boolean monitorsPin() {
        return HandoffClass.MONITOR.pinsOn(jdkFeature);
    }

    /** @return {@code e} per unit of work, or null without units */
    public Estimate perUnit(Estimate e) {
        return e == null || units <= 0 ? null : e.times(1.0 / units);
    }

    /** @return {@code e} per second of the recording, or null when it spans no time */
    public Estimate perSecond(Estimate e) {
        return e == null || !(recording.seconds() > 0) ? null : e.times(1 / recording.seconds());
    }
}
