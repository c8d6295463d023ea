package dev.switchcost.derive;

import dev.switchcost.render.ForecastText;
import dev.switchcost.results.BlockingCalls;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.HeldMonitors;
import dev.switchcost.results.HeldMonitorsTest;
import dev.switchcost.results.JfrBlocking;
import dev.switchcost.results.JfrBlocking.Frame;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ForecastTest {

    /** A synthetic price table: same CPU 2,000 ± SE 100, cross 6,000 ± SE 300, virtual 400 ± SE 20 (ns, 9 df). */
    static SwitchPrices prices(boolean virtual) {
        return new SwitchPrices(new SwitchPrices.Price("same", new Estimate(2000, 100, 9), "s"),
                new SwitchPrices.Price("cross", new Estimate(6000, 300, 9), "c"),
                virtual ? new SwitchPrices.Price("virtual", new Estimate(400, 20, 9), "v") : null,
                virtual ? List.of() : List.of(SwitchPrices.VIRTUAL_RUN));
    }

    static final List<Frame> PARK = List.of(new Frame("jdk.internal.misc.Unsafe", "park", "Native"),
            new Frame("java.util.concurrent.locks.LockSupport", "park", "Inlined"), new Frame("app.Queue", "take", "JIT compiled"));
    static final List<Frame> MONITOR = List.of(new Frame("java.lang.Object", "wait0", "Native"), new Frame("app.Box", "get", "Interpreted"));
    static final List<Frame> UNDER_JNI = List.of(new Frame("jdk.internal.misc.Unsafe", "park", "Native"),
            new Frame("java.util.concurrent.locks.LockSupport", "park", "Inlined"), new Frame("app.Callback", "run", "Interpreted"),
            new Frame("app.NativeLib", "poll", "Native"));

    static JfrBlocking recording(String jvm, JfrBlocking.Site... sites) {
        return new JfrBlocking(Path.of("synthetic.jfr"), jvm, null, java.time.Instant.EPOCH, 10, List.of(sites));
    }

    static JfrBlocking.Site site(String event, List<Frame> frames, long count) {
        return new JfrBlocking.Site(event, frames, false, count, 0, 0, List.of("t"));
    }

    /**
     * The fault-injection case: a virtual-thread price of 273 ± 1,346 ns from three forks (±490 %) against a platform
     * price as poorly known. What the switch to virtual threads saves per event can be no better known than either
     * price: its half-width is at least each one's, with the two degrees of freedom of three forks (Welch–Satterthwaite
     * gave about four, and a saving ±10 % where its inputs allowed none).
     */
    @Test
    void aSavingIsNoBetterKnownThanTheWorseKnownPrice() {
        double t2 = new org.apache.commons.math3.distribution.TDistribution(2).inverseCumulativeProbability(0.9995);
        Estimate virt = new Estimate(273, 1346 / t2, 2);
        Estimate cross = new Estimate(1500, 40, 2);
        SwitchPrices p = new SwitchPrices(null, new SwitchPrices.Price("cross", cross, "c"),
                new SwitchPrices.Price("virtual", virt, "v"), List.of());
        long events = 383_000;
        Forecast f = Forecast.of(recording("", site(JfrBlocking.PARK, PARK, events)), p, Forecast.Mix.assumedCross(), 0)
                .orElseThrow();
        assertEquals(2, f.saved().df(), 1e-12);
        double perEvent = f.saved().halfWidth() / events;
        assertTrue(perEvent >= virt.halfWidth() && perEvent >= cross.halfWidth(),
                "saved ± " + perEvent + " ns per event, the virtual price's ± " + virt.halfWidth());
        double relVirt = virt.halfWidth() / virt.value();
        Estimate onVirtual = f.onVirtual();
        assertTrue(onVirtual.halfWidth() / onVirtual.value() >= relVirt - 1e-12, "a price times a count keeps its relative ±");
    }

    @Test
    void classifiesStacksByWhatAVirtualThreadWouldDo() {
        assertEquals(HandoffClass.UNMOUNTS, HandoffClass.of(JfrBlocking.PARK, PARK));
        assertEquals(HandoffClass.MONITOR, HandoffClass.of(JfrBlocking.MONITOR_WAIT, MONITOR));
        assertEquals(HandoffClass.MONITOR, HandoffClass.of(JfrBlocking.MONITOR_ENTER, MONITOR));
        assertEquals(HandoffClass.NATIVE_PIN, HandoffClass.of(JfrBlocking.PARK, UNDER_JNI));
        assertEquals(HandoffClass.NATIVE_PIN, HandoffClass.of(JfrBlocking.PARK,
                List.of(new Frame("jdk.internal.foreign.abi.UpcallStub", "invoke", "JIT compiled"))));
        assertEquals(HandoffClass.PINNED, HandoffClass.of(JfrBlocking.PINNED, PARK));
        assertEquals(HandoffClass.UNCLASSIFIED, HandoffClass.of(JfrBlocking.PARK, List.of()));
        assertTrue(HandoffClass.MONITOR.pinsOn(21) && !HandoffClass.MONITOR.pinsOn(24));
        assertTrue(HandoffClass.NATIVE_PIN.pinsOn(25) && !HandoffClass.UNMOUNTS.pinsOn(21));
    }

    @Test
    void arithmeticOnASyntheticPriceTableWithItsInterval() {
        // 100 unmounting parks, 50 monitor waits (pin on JDK 21), 10 without a stack; a quarter of wake-ups on the same CPU
        JfrBlocking rec = recording("OpenJDK 64-Bit Server VM (21.0.5+11-LTS) for linux-amd64",
                site(JfrBlocking.PARK, PARK, 100), site(JfrBlocking.MONITOR_WAIT, MONITOR, 50), site(JfrBlocking.PARK, List.of(), 10));
        Forecast f = Forecast.of(rec, prices(true), new Forecast.Mix(0.25, true, "test"), 40).orElseThrow();
        assertEquals(21, f.jdkFeature());
        assertTrue(f.monitorsPin());
        // platform price: 0.25 × 2000 + 0.75 × 6000 = 5000; SE = hypot(25, 225)
        assertEquals(5000, f.platform().value(), 1e-9);
        assertEquals(Math.hypot(25, 225), f.platform().standardError(), 1e-9);
        assertEquals(160 * 5000, f.now().value(), 1e-6);
        assertEquals(160 * Math.hypot(25, 225), f.now().standardError(), 1e-6);
        // on virtual threads: the 100 parks at 400, the 60 others stay at 5000
        assertEquals(100 * 400 + 60 * 5000, f.onVirtual().value(), 1e-6);
        assertEquals(Math.hypot(100 * 20, 60 * Math.hypot(25, 225)), f.onVirtual().standardError(), 1e-6);
        assertEquals(100 * (5000 - 400), f.saved().value(), 1e-6);
        assertTrue(f.saved().lower() < f.saved().value() && f.saved().value() < f.saved().upper(), "an interval, not a point");
        assertEquals(f.now().value() / 40, f.perUnit(f.now()).value(), 1e-9);
        assertEquals(f.now().value() / 10, f.perSecond(f.now()).value(), 1e-9);
        assertEquals(10, f.unclassified());
        assertEquals(HandoffClass.MONITOR, f.sites().get(1).cls());
        assertTrue(f.sites().get(1).pins());
        assertEquals(f.sites().get(1).now(), f.sites().get(1).onVirtual(), "a pinned handoff keeps the platform price");
        assertTrue(f.spin().contains(Forecast.SPIN_RUN));
    }

    @Test
    void theProgramsOwnSwitchPathPricesEveryHandoffInsteadOfThePingPong() {
        // 100 unmounting parks, 50 monitor waits, 10 without a stack over 40 units: 4 handoffs a unit
        JfrBlocking rec = recording("OpenJDK 64-Bit Server VM (21.0.5+11-LTS) for linux-amd64",
                site(JfrBlocking.PARK, PARK, 100), site(JfrBlocking.MONITOR_WAIT, MONITOR, 50), site(JfrBlocking.PARK, List.of(), 10));
        // 400 samples of 1 ms in the path over 1,000 units profiled: 400,000 ns a unit, so 100,000 a handoff
        dev.switchcost.results.SwitchPath path = new dev.switchcost.results.SwitchPath(java.nio.file.Path.of("cpu.collapsed"),
                4_000, 400, 1_000_000, 1_000);
        Forecast f = Forecast.of(rec, prices(true), new Forecast.Mix(0.25, true, "test"), 40, 0, null, 2, null, path).orElseThrow();
        assertEquals(100_000, f.platform().value(), 1e-6);
        assertEquals(Math.sqrt(400) * 1_000 / 4, f.platform().standardError(), 1e-6);
        assertEquals(5000, f.atMix().value(), 1e-9, "the results' price at the mix, kept for comparison");
        assertEquals(160 * 100_000, f.now().value(), 1e-3);
        assertEquals(100 * (100_000 - 400), f.saved().value(), 1e-3);
        // without the ping-pong's platform prices the path still prices the platform side
        SwitchPrices virtualOnly = new SwitchPrices(null, null, prices(true).virtual(), List.of(SwitchPrices.PLATFORM_RUN));
        Forecast alone = Forecast.of(rec, virtualOnly, new Forecast.Mix(0.25, true, "test"), 40, 0, null, 2, null, path)
                .orElseThrow();
        assertEquals(100_000, alone.platform().value(), 1e-6);
        assertNull(alone.atMix());
        assertTrue(ForecastText.text(alone, 5).stream().anyMatch(l -> l.contains("the program's own switch path per handoff")
                && l.contains("the results' ping-pong at this mix: not measured")), ForecastText.text(alone, 5).toString());
        assertTrue(ForecastText.json(f).contains("\"switchPath\""), "the path in the JSON");
        assertTrue(Forecast.of(rec, virtualOnly, new Forecast.Mix(0.25, true, "test"), 40, 0, null, 2, null, null).isEmpty());
    }

    @Test
    void aServersVirtualThreadStartsArePricedPerUnitOnTheVirtualSide() {
        JfrBlocking rec = recording("OpenJDK 64-Bit Server VM (21.0.5+11-LTS) for linux-amd64", site(JfrBlocking.PARK, PARK, 100));
        SwitchPrices withStart = new SwitchPrices(prices(true).sameCpu(), prices(true).crossCpu(), prices(true).virtual(),
                new SwitchPrices.Price("start", new Estimate(900, 30, 9), "st"), List.of());
        Forecast none = Forecast.of(rec, withStart, Forecast.Mix.assumedCross(), 40).orElseThrow();
        Forecast two = Forecast.of(rec, withStart, Forecast.Mix.assumedCross(), 40, 2, null, 2).orElseThrow();
        assertEquals(0, none.starts());
        assertEquals(null, none.startCost());
        assertEquals(80, two.starts(), "units × starts per unit");
        assertEquals(80 * 900, two.startCost().value(), 1e-6);
        assertEquals(none.onVirtual().value() + 80 * 900, two.onVirtual().value(), 1e-6);
        assertEquals(none.saved().value() - 80 * 900, two.saved().value(), 1e-6);
        assertEquals(none.savedUpTo().value() - 80 * 900, two.savedUpTo().value(), 1e-6);
        assertEquals(Math.hypot(none.saved().standardError(), 80 * 30), two.saved().standardError(), 1e-6, "its error adds");
        assertEquals(none.now(), two.now(), "platform threads start none");
    }

    @Test
    void aStartToPriceWithoutItsPriceLeavesTheVirtualSideUnknown() {
        JfrBlocking rec = recording("OpenJDK 64-Bit Server VM (21.0.5+11-LTS) for linux-amd64", site(JfrBlocking.PARK, PARK, 100));
        Forecast f = Forecast.of(rec, prices(true), Forecast.Mix.assumedCross(), 40, 1, null, 2).orElseThrow();
        assertEquals(40, f.starts());
        assertEquals(null, f.onVirtual());
        assertEquals(null, f.saved(), "no saving without the price of what virtual threads add");
        assertTrue(ForecastText.text(f, 5).stream().anyMatch(l -> l.contains(SwitchPrices.START_RUN)), "names the run that prices it");
        Forecast noUnits = Forecast.of(rec, prices(true), Forecast.Mix.assumedCross(), 0, 1, null, 2).orElseThrow();
        assertTrue(noUnits.saved() != null && noUnits.starts() == 0, "no units: no starts counted");
        assertTrue(ForecastText.text(noUnits, 5).stream().anyMatch(l -> l.startsWith("Virtual-thread starts: not counted")));
        assertTrue(ForecastText.text(f, 5).stream().anyMatch(l -> l.startsWith("Not priced: ") && l.contains("thread-local")),
                "names the costs a recording of blocks cannot show");
        assertTrue(ForecastText.text(f, 5).stream().anyMatch(l -> l.startsWith("Blocking calls: not counted") && l.contains("--blocking-calls")),
                "says the blocking calls were not counted, and how to count them");
    }

    @Test
    void eachBlockingCallIsACompensationWithTheCarriersIdleAndNoneWithThemBusy() {
        JfrBlocking rec = recording("OpenJDK 64-Bit Server VM (21.0.5+11-LTS) for linux-amd64", site(JfrBlocking.PARK, PARK, 100));
        BlockingCalls calls = BlockingCalls.parse(Path.of("calls.collapsed"), List.of(
                "[exec-1 tid=7];app/Servlet.get()V;java/io/File.canRead()Z;jdk/internal/misc/Blocker.begin()J 30"));
        SwitchPrices p = prices(true);
        SwitchPrices withCompensation = new SwitchPrices(p.sameCpu(), p.crossCpu(), p.virtual(), null,
                new SwitchPrices.Price("compensation", new Estimate(5000, 200, 9), "bc"), List.of());
        Forecast none = Forecast.of(rec, withCompensation, Forecast.Mix.assumedCross(), 40, 0, null, 2).orElseThrow();
        Forecast f = Forecast.of(rec, withCompensation, Forecast.Mix.assumedCross(), 40, 0, null, 2, calls).orElseThrow();
        assertEquals(30 * 5000, f.compensationCost().value(), 1e-6);
        assertEquals(none.onVirtual().value() + 30 * 5000, f.onVirtual().value(), 1e-6, "in the virtual-thread figures");
        assertEquals(none.saved().value() - 30 * 5000, f.saved().value(), 1e-6, "the carriers idle: each wakes one");
        assertEquals(none.savedUpTo(), f.savedUpTo(), "the carriers busy: none is woken");
        assertEquals(none.now(), f.now(), "platform threads compensate for nothing");
        List<String> text = ForecastText.text(f, 5);
        assertTrue(text.stream().anyMatch(l -> l.startsWith("Blocking calls that would block a carrier: 30 (0.75 per unit)")
                && l.contains("app.Servlet.get → java.io.File.canRead 30")), String.join("\n", text));
        assertTrue(ForecastText.json(f).contains("\"compensationsNs\""));

        Forecast unpriced = Forecast.of(rec, p, Forecast.Mix.assumedCross(), 40, 0, null, 2, calls).orElseThrow();
        assertNull(unpriced.onVirtual(), "a compensation to price without its price leaves the virtual side unknown");
        assertTrue(ForecastText.text(unpriced, 5).stream().anyMatch(l -> l.contains(SwitchPrices.COMPENSATION_RUN)));
    }

    @Test
    void monitorsUnmountFromJdk24() {
        JfrBlocking rec = recording("OpenJDK 64-Bit Server VM (25.0.3+9-LTS) for linux-amd64",
                site(JfrBlocking.MONITOR_WAIT, MONITOR, 10));
        Forecast f = Forecast.of(rec, prices(true), new Forecast.Mix(1, true, "test"), 0).orElseThrow();
        assertEquals(10 * 400, f.onVirtual().value(), 1e-9);
        assertNull(f.perUnit(f.now()), "no units, no per-unit figure");
    }

    @Test
    void withoutThePricesItNeedsItForecastsWhatItCan() {
        JfrBlocking rec = recording(null, site(JfrBlocking.PARK, PARK, 10));
        Forecast f = Forecast.of(rec, prices(false), new Forecast.Mix(0, true, "test"), 0).orElseThrow();
        assertNull(f.onVirtual());
        assertEquals(List.of(SwitchPrices.VIRTUAL_RUN), f.prices().missing());
        SwitchPrices noCross = new SwitchPrices(prices(true).sameCpu(), null, prices(true).virtual(), List.of(SwitchPrices.PLATFORM_RUN));
        assertTrue(Forecast.of(rec, noCross, Forecast.Mix.assumedCross(), 0).isEmpty(), "nothing to price a cross-CPU wake-up with");
        assertTrue(Forecast.of(rec, noCross, new Forecast.Mix(1, true, "all same"), 0).isPresent());
    }

    @Test
    void theCapturedRecordingIsForecast() {
        Forecast f = Forecast.of(JfrBlocking.read(Path.of("src/test/resources/fixtures/jfr/handoffs-jdk25.jfr")), prices(true),
                Forecast.Mix.assumedCross(), 1000).orElseThrow();
        assertEquals(25, f.jdkFeature());
        assertTrue(f.sites().stream().anyMatch(s -> s.cls() == HandoffClass.UNMOUNTS));
        assertTrue(f.sites().stream().anyMatch(s -> s.cls() == HandoffClass.MONITOR && !s.pins()));
        assertTrue(f.saved().value() > 0 && Double.isFinite(f.saved().standardError()));
        assertEquals(0, f.unclassified());
    }

    /**
     * The study's /pinned request on Jetty, JDK 21: the dumps show its park inside synchronized, so it pins; with up to
     * four threads parked there at once and two carriers, every carrier can be pinned together: worse. From JDK 24, or
     * with more carriers than ever waited there, it is neither.
     */
    @Test
    void aParkHoldingAMonitorPinsBefore24AndCanStallWhenAsManyWaitAsThereAreCarriers() {
        HeldMonitors dumps = HeldMonitors.parse(dev.switchcost.measure.sample.Fixtures.lines(HeldMonitorsTest.FIXTURE));
        JfrBlocking.Site wait = new JfrBlocking.Site(JfrBlocking.PARK, HeldMonitorsTest.PINNED_WAIT, false, 1000, 0, 0,
                List.of("qtp-1"), 4);
        Forecast on21 = Forecast.of(recording("OpenJDK 64-Bit Server VM (21.0.8+9-LTS) for linux-amd64", wait), prices(true),
                Forecast.Mix.assumedCross(), 0, 0, dumps, 2).orElseThrow();
        Forecast.Site s = on21.sites().get(0);
        assertEquals(HandoffClass.HELD_MONITOR, s.cls());
        assertTrue(s.pins() && s.canStall(), s.toString());
        assertEquals(List.of(s), on21.stalls());
        assertEquals(on21.now().value(), on21.onVirtual().value(), 1e-9, "a pinned park keeps the platform price");

        Forecast on25 = Forecast.of(recording("OpenJDK 64-Bit Server VM (25.0.3+9-LTS) for linux-amd64", wait), prices(true),
                Forecast.Mix.assumedCross(), 0, 0, dumps, 2).orElseThrow();
        assertTrue(!on25.sites().get(0).pins() && on25.stalls().isEmpty() && on25.saved().value() > 0);

        Forecast moreCarriers = Forecast.of(recording("OpenJDK 64-Bit Server VM (21.0.8+9-LTS) for linux-amd64", wait),
                prices(true), Forecast.Mix.assumedCross(), 0, 0, dumps, 8).orElseThrow();
        assertTrue(moreCarriers.sites().get(0).pins() && moreCarriers.stalls().isEmpty());

        Forecast noDumps = Forecast.of(recording("OpenJDK 64-Bit Server VM (21.0.8+9-LTS) for linux-amd64", wait), prices(true),
                Forecast.Mix.assumedCross(), 0, 0, null, 2).orElseThrow();
        assertEquals(HandoffClass.UNMOUNTS, noDumps.sites().get(0).cls(), "a JFR stack alone does not say what is held");

        JfrBlocking.Site enter = new JfrBlocking.Site(JfrBlocking.MONITOR_ENTER, MONITOR, false, 14, 0, 0, List.of("qtp-2"), 3);
        Forecast contended = Forecast.of(recording("OpenJDK 64-Bit Server VM (21.0.8+9-LTS) for linux-amd64", enter), prices(true),
                Forecast.Mix.assumedCross(), 0, 0, dumps, 2).orElseThrow();
        assertTrue(contended.sites().get(0).pins() && contended.stalls().isEmpty(),
                "a contended enter pins, but its holder runs to its exit: no stall");
    }
    /** Tomcat 11's executor waiting for its next request, as JFR recorded it on the study's static file (JDK 21). */
    static final List<Frame> TOMCAT_IDLE = List.of(new Frame("jdk.internal.misc.Unsafe", "park", "Native"),
            new Frame("java.util.concurrent.locks.LockSupport", "park", "Inlined"),
            new Frame("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode", "block", "JIT compiled"),
            new Frame("java.util.concurrent.ForkJoinPool", "unmanagedBlock", "Inlined"),
            new Frame("java.util.concurrent.ForkJoinPool", "managedBlock", "Inlined"),
            new Frame("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "await", "JIT compiled"),
            new Frame("java.util.concurrent.LinkedBlockingQueue", "take", "JIT compiled"),
            new Frame("org.apache.tomcat.util.threads.TaskQueue", "take", "Inlined"),
            new Frame("org.apache.tomcat.util.threads.TaskQueue", "take", "JIT compiled"),
            new Frame("org.apache.tomcat.util.threads.ThreadPoolExecutor", "getTask", "JIT compiled"));
    /** Jetty 12's QueuedThreadPool and its reserved threads waiting for a job (the same study). */
    static final List<Frame> JETTY_IDLE = List.of(new Frame("jdk.internal.misc.Unsafe", "park", "Native"),
            new Frame("java.util.concurrent.locks.LockSupport", "parkNanos", "Inlined"),
            new Frame("org.eclipse.jetty.util.thread.AutoLock$WithCondition", "awaitNanos", "JIT compiled"),
            new Frame("org.eclipse.jetty.util.BlockingArrayQueue", "poll", "JIT compiled"),
            new Frame("org.eclipse.jetty.util.thread.QueuedThreadPool$Runner", "idleJobPoll", "JIT compiled"));
    static final List<Frame> JETTY_RESERVED = List.of(new Frame("jdk.internal.misc.Unsafe", "park", "Native"),
            new Frame("java.util.concurrent.Semaphore", "tryAcquire", "JIT compiled"),
            new Frame("org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread", "waitForTask", "JIT compiled"));

    /**
     * A pool's worker waiting for its next task is saved on virtual threads only when a carrier has other work then,
     * which the recording does not show: the forecast's saving leaves it out, its "up to" counts it, and the site keeps
     * the platform price at the pessimistic end. A park in the application's own code is saved as before.
     */
    @Test
    void aPoolsIdleWaitIsSavedOnlyUpTo() {
        assertEquals(HandoffClass.IDLE_WAIT, HandoffClass.of(JfrBlocking.PARK, TOMCAT_IDLE));
        assertEquals(HandoffClass.IDLE_WAIT, HandoffClass.of(JfrBlocking.PARK, JETTY_IDLE));
        assertEquals(HandoffClass.IDLE_WAIT, HandoffClass.of(JfrBlocking.PARK, JETTY_RESERVED));
        assertEquals(HandoffClass.UNMOUNTS, HandoffClass.of(JfrBlocking.PARK, PARK), "a queue of the application's own");
        assertEquals(HandoffClass.MONITOR, HandoffClass.of(JfrBlocking.MONITOR_ENTER, TOMCAT_IDLE), "only a park idles a pool");
        assertTrue(!HandoffClass.IDLE_WAIT.pinsOn(21) && !HandoffClass.IDLE_WAIT.blocksWhilePinned());

        JfrBlocking rec = recording("OpenJDK 64-Bit Server VM (21.0.8+9-LTS) for linux-amd64",
                site(JfrBlocking.PARK, TOMCAT_IDLE, 300), site(JfrBlocking.PARK, PARK, 100));
        Forecast f = Forecast.of(rec, prices(true), new Forecast.Mix(1, true, "test"), 100).orElseThrow();
        assertEquals(300, f.idleWaits());
        assertEquals(100 * (2000 - 400), f.saved().value(), 1e-6, "the application's park only");
        assertEquals(400 * (2000 - 400), f.savedUpTo().value(), 1e-6, "and every idle wait");
        assertTrue(f.savedUpTo().upper() > f.saved().upper());
        assertEquals(f.sites().get(0).now(), f.sites().get(0).onVirtual(), "an idle wait kept at the platform price");
        assertEquals(f.now().value() - f.saved().value(), f.onVirtual().value(), 1e-6);
    }
}
