package dev.switchcost.measure.footprint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CPU limit read from captured cgroup trees ({@code src/test/resources/fixtures/cgroup}, README there). */
class CpuLimitTest {

    static final Path FIXTURES = Path.of("src/test/resources/fixtures/cgroup");

    private static CpuLimit read(String fixture) {
        return CpuLimit.read(FIXTURES.resolve(fixture), "self");
    }

    @Test
    void v1WithoutAQuotaHasNone() {
        CpuLimit l = read("v1-no-quota-kvm-linux-6.18");
        assertEquals(new CpuLimit(1, "/", List.of(), null), l);
        assertTrue(l.binding().isEmpty());
        assertEquals(Map.of(), l.counters(), "no quota, no counters to read");
    }

    @Test
    void v1QuotaOnTheLeafIsReadWithItsThrottling() {
        CpuLimit l = read("v1-leaf-quota-kvm-linux-6.18");
        assertEquals(1, l.version());
        assertEquals("/switchcost-capture-25a7be5b", l.cgroup());
        CpuLimit.Quota q = l.binding().orElseThrow();
        assertEquals("/switchcost-capture-25a7be5b", q.cgroup());
        assertEquals(50000, q.quotaUs());
        assertEquals(100000, q.periodUs());
        assertEquals(0.5, q.cpus());
        assertEquals(Map.of("/switchcost-capture-25a7be5b", new CpuLimit.Counters(17, 15, 383172340)), l.counters(),
                "throttled_time is ns on v1");
    }

    @Test
    void v1QuotaOnAnAncestorBindsAndItsCountersAreRead() {
        CpuLimit l = read("v1-ancestor-quota-kvm-linux-6.18");
        assertEquals("/switchcost-capture-25a7be5b-anc/bench", l.cgroup(), "the process's own cgroup");
        assertEquals(List.of("/switchcost-capture-25a7be5b-anc"), l.quotas().stream().map(CpuLimit.Quota::cgroup).toList());
        assertEquals(0.2, l.binding().orElseThrow().cpus());
        assertEquals(Map.of("/switchcost-capture-25a7be5b-anc", new CpuLimit.Counters(20, 20, 1255183180)), l.counters(),
                "the ancestor's counters: the leaf's own read 0");
    }

    @Test
    void v1CoMountedCpuCpuacctUnderAContainersOwnRoot() {
        CpuLimit l = read("v1-container-cpu-cpuacct");
        assertEquals("/docker/4f1c2a", l.cgroup());
        CpuLimit.Quota q = l.binding().orElseThrow();
        assertEquals(1.5, q.cpus());
        assertEquals(FIXTURES.resolve("v1-container-cpu-cpuacct/sys/fs/cgroup/cpu,cpuacct"), q.dir(),
                "the container's cgroup is the mount's root");
        assertEquals(List.of(q), l.quotas(), "nothing above the mount's root is read");
    }

    @Test
    void v2WithoutAQuotaHasNone() {
        CpuLimit l = read("v2-no-quota");
        assertEquals(new CpuLimit(2, "/user.slice/user-1000.slice/session-2.scope", List.of(), null), l, "'max 100000' is no limit");
    }

    @Test
    void v2QuotaOnTheLeaf() {
        CpuLimit l = read("v2-leaf-quota");
        CpuLimit.Quota q = l.binding().orElseThrow();
        assertEquals("/system.slice/build.service", q.cgroup());
        assertEquals(0.5, q.cpus());
        assertEquals(Map.of("/system.slice/build.service", new CpuLimit.Counters(760, 754, 3_123_456_000L)), l.counters(),
                "throttled_usec in ns");
    }

    @Test
    void v2TheTightestOfTwoQuotasBindsAndThrottlingIsTheCgroupThatThrottled() {
        CpuLimit l = read("v2-ancestor-quota");
        assertEquals(List.of("/ci.slice/runner.scope/job-42", "/ci.slice"), l.quotas().stream().map(CpuLimit.Quota::cgroup).toList(),
                "leaf first");
        assertEquals("/ci.slice", l.binding().orElseThrow().cgroup(), "half a CPU above binds, not 1.5 on the leaf");
        Map<String, CpuLimit.Counters> zero = Map.of("/ci.slice/runner.scope/job-42", new CpuLimit.Counters(0, 0, 0),
                "/ci.slice", new CpuLimit.Counters(0, 0, 0));
        CpuLimit.Throttling t = l.between(zero, l.counters()).orElseThrow();
        assertEquals("/ci.slice", t.quota().cgroup());
        assertEquals(400, t.periods());
        assertEquals(390, t.throttled());
        assertEquals(19_500_000_000L, t.throttledNs());
        assertEquals(0, l.between(l.counters(), l.counters()).orElseThrow().throttled(), "nothing between equal readings");
        assertTrue(read("v2-no-quota").between(Map.of(), Map.of()).isEmpty(), "no quota, no throttling");
    }

    @Test
    void aMalformedQuotaIsUnknownNamingTheFile(@TempDir Path tmp) throws IOException {
        Path root = copy("v2-leaf-quota", tmp);
        Path max = root.resolve("sys/fs/cgroup/system.slice/build.service/cpu.max");
        Files.writeString(max, "50000\n");
        CpuLimit l = CpuLimit.read(root, "self");
        assertEquals(List.of(), l.quotas());
        assertEquals(max + " is not 'max PERIOD' or 'QUOTA PERIOD': '50000'", l.unknown());
        Files.writeString(max, "half 100000\n");
        assertEquals(max + ": 'half' is not a positive number of µs", CpuLimit.read(root, "self").unknown());
        Path v1 = copy("v1-leaf-quota-kvm-linux-6.18", tmp.resolve("v1"));
        Path quota = v1.resolve("sys/fs/cgroup/cpu/switchcost-capture-25a7be5b/cpu.cfs_quota_us");
        Files.writeString(quota, "0\n");
        assertEquals(quota + ": '0' is not a positive number of µs", CpuLimit.read(v1, "self").unknown());
    }

    @Test
    void aMalformedCgroupFileIsUnknownAndAMalformedStatIsAClearError(@TempDir Path tmp) throws IOException {
        Path root = copy("v1-leaf-quota-kvm-linux-6.18", tmp);
        Files.writeString(root.resolve("proc/self/cgroup"), "1 cpu /x\n");
        CpuLimit l = CpuLimit.read(root, "self");
        assertEquals(0, l.version());
        assertEquals("not a /proc/<pid>/cgroup line (id:controllers:/path): '1 cpu /x'", l.unknown());
        Path stat = FIXTURES.resolve("v1-leaf-quota-kvm-linux-6.18/sys/fs/cgroup/cpu/switchcost-capture-25a7be5b/cpu.stat");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CpuLimit.counters(List.of("nr_periods 17", "nr_throttled many", "throttled_time 0"), 1, stat));
        assertEquals(stat + ": nr_throttled 'many' is not a number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CpuLimit.counters(List.of("usage_usec 5"), 2, stat));
        assertEquals(stat + " has no nr_periods line", e.getMessage(), "a v2 cpu.stat without the cpu controller's lines");
    }

    @Test
    void noCgroupFilesAtAllIsNoQuotaNotACrash(@TempDir Path tmp) {
        CpuLimit l = CpuLimit.read(tmp, "self");
        assertEquals(new CpuLimit(0, null, List.of(), null), l);
        assertNull(l.unknown());
    }

    @Test
    void mountinfoEscapesAreUndone() {
        assertEquals("/sys/fs/cgroup/a b", Cgroups.unescape("/sys/fs/cgroup/a\\040b"));
        assertEquals(List.of(new Cgroups.Mount("/", "/sys/fs/cgroup/cpu", 1, List.of("cpu"))),
                Cgroups.mounts(List.of("32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu",
                        "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard")));
    }

    /** A window over a cgroup whose cpu.stat moves from one fixture to the next: throttling is the difference. */
    static CpuLimit.Watched window(String fixture, String leaf, String version, Path tmp) throws IOException {
        Path root = copy(fixture, tmp);
        Path stat = root.resolve(leaf).resolve("cpu.stat");
        Files.copy(FIXTURES.resolve("window/" + version + "-cpu.stat.start"), stat, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        CpuLimit.Window w = CpuLimit.Window.start(root, "self");
        Files.copy(FIXTURES.resolve("window/" + version + "-cpu.stat.end"), stat, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return w.end(10.0);
    }

    @Test
    void aWindowGivesTheThrottlingBetweenItsEndsOnV2(@TempDir Path tmp) throws IOException {
        CpuLimit.Watched w = window("v2-leaf-quota", "sys/fs/cgroup/system.slice/build.service", "v2", tmp);
        assertNull(w.unseen());
        CpuLimit.Throttling t = w.throttling().orElseThrow();
        assertEquals(760, t.periods());
        assertEquals(754, t.throttled());
        assertEquals(3_123_456_000L, t.throttledNs(), "throttled_usec is µs on v2");
        assertEquals(0.5, t.quota().cpus());
        assertEquals(10.0, w.seconds());
    }

    @Test
    void aWindowGivesTheThrottlingBetweenItsEndsOnV1(@TempDir Path tmp) throws IOException {
        CpuLimit.Watched w = window("v1-leaf-quota-kvm-linux-6.18", "sys/fs/cgroup/cpu/switchcost-capture-25a7be5b", "v1", tmp);
        assertNull(w.unseen());
        CpuLimit.Throttling t = w.throttling().orElseThrow();
        assertEquals(V1_WINDOW, List.of(t.periods(), t.throttled(), t.throttledNs()), "throttled_time is ns on v1");
    }

    @Test
    void aWindowWhoseCountersCannotBeReadSaysWhyAndKeepsTheLimit(@TempDir Path tmp) throws IOException {
        Path root = copy("v2-leaf-quota", tmp);
        Files.writeString(root.resolve("sys/fs/cgroup/system.slice/build.service/cpu.stat"), "usage_usec 1\n");
        CpuLimit.Watched w = CpuLimit.Window.start(root, "self").end(5.0);
        assertTrue(w.unseen().contains("has no nr_periods line"), w.unseen());
        assertTrue(w.throttling().isEmpty());
        assertEquals(0.5, w.limit().binding().orElseThrow().cpus(), "the limit is still given");
    }

    /** window/v1-*: 50 periods, 20 throttled, 295 ms, as read on the development VM (README there). */
    private static final List<Long> V1_WINDOW = List.of(50L, 20L, 333_783_588L - 38_373_371L);

    static Path copy(String fixture, Path to) throws IOException {
        Path from = FIXTURES.resolve(fixture);
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }
}
