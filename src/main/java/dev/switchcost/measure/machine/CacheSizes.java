package dev.switchcost.measure.machine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The data-cache sizes a working-set sweep must bracket, read from {@code cpu0/cache/index*} in
 * sysfs, and the sweep's size lists derived from them.
 *
 * <p>Two private working sets of S each fill a cache of size C at S = C/2 (Li, Ding and Shen saw the
 * cost rise there); one working set alone fills it at S = C. So the marks are L1d, L2/2, L2, LLC/2
 * and LLC, where LLC is the highest-level data or unified cache (L2 itself on a machine without L3).
 *
 * <ul>
 *   <li>{@link #quickListKiB()}: 0 (the direct cost), L1d/2, then every mark, then 2·LLC (memory
 *       bound): about eight sizes, sorted, without duplicates.</li>
 *   <li>{@link #fullListKiB()}: 0, the powers of two and their 1.5× midpoints from 4 KiB to 4·LLC,
 *       plus every mark.</li>
 * </ul>
 *
 * @param l1dBytes size of the level-1 data cache
 * @param l2Bytes  size of the level-2 cache, or 0 if there is none
 * @param llcBytes size of the last-level (highest-level data/unified) cache
 */
public record CacheSizes(long l1dBytes, long l2Bytes, long llcBytes, int llcLevel) {

    /** Where Linux describes cpu0's caches. */
    public static final Path SYSFS = Path.of("/sys/devices/system/cpu/cpu0/cache");

    private static final long KIB = 1024;
    private static final long MIN_NONZERO_KIB = 4;

    public CacheSizes {
        if (l1dBytes <= 0 || llcBytes <= 0 || llcLevel < 1) {
            throw new IllegalArgumentException("need an L1d and a last-level cache, got L1d=" + l1dBytes
                    + " LLC=" + llcBytes + " (level " + llcLevel + ")");
        }
    }

    public static CacheSizes current() {
        return read(SYSFS);
    }

    /**
     * Reads a {@code cpuN/cache} directory (or a captured copy of one).
     *
     * @throws IllegalArgumentException if it lists no L1 data cache or no data/unified cache at all
     */
    public static CacheSizes read(Path cacheDir) {
        return of(MachineProbe.caches(cacheDir), cacheDir.toString());
    }

    /**
     * From already-read caches (e.g. a {@code machine.json}).
     *
     * @param source named in the error message
     */
    public static CacheSizes of(List<MachineInfo.Cache> caches, String source) {
        List<MachineInfo.Cache> data = caches.stream()
                .filter(c -> "Data".equals(c.type()) || "Unified".equals(c.type())).toList();
        MachineInfo.Cache l1d = data.stream().filter(c -> c.level() == 1).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no level-1 data cache described in " + source));
        long l2 = data.stream().filter(c -> c.level() == 2).mapToLong(MachineInfo.Cache::sizeBytes).findFirst().orElse(0);
        MachineInfo.Cache llc = data.stream().max(Comparator.comparingInt(MachineInfo.Cache::level)).orElseThrow();
        return new CacheSizes(l1d.sizeBytes(), l2, llc.sizeBytes(), llc.level());
    }

    /** The marks, in KiB, smallest first: L1d, L2/2, L2, LLC/2, LLC (the L2 ones only if there is an L2). */
    public List<Long> marksKiB() {
        TreeSet<Long> m = new TreeSet<>();
        m.add(l1dBytes / KIB);
        if (l2Bytes > 0) {
            m.add(l2Bytes / 2 / KIB);
            m.add(l2Bytes / KIB);
        }
        m.add(llcBytes / 2 / KIB);
        m.add(llcBytes / KIB);
        return new ArrayList<>(m);
    }

    /** The quick sweep, in KiB: 0, L1d/2, the marks, 2·LLC. */
    public List<Long> quickListKiB() {
        TreeSet<Long> s = new TreeSet<>(marksKiB());
        s.add(0L);
        s.add(Math.max(MIN_NONZERO_KIB, l1dBytes / 2 / KIB));
        s.add(2 * llcBytes / KIB);
        return new ArrayList<>(s);
    }

    /** The full sweep, in KiB: 0, powers of two and 1.5× midpoints from 4 KiB to 4·LLC, and the marks. */
    public List<Long> fullListKiB() {
        TreeSet<Long> s = new TreeSet<>(marksKiB());
        s.add(0L);
        long top = 4 * llcBytes / KIB;
        for (long p = MIN_NONZERO_KIB; p <= top; p *= 2) {
            s.add(p);
            if (p * 3 / 2 <= top) {
                s.add(p * 3 / 2);
            }
        }
        return new ArrayList<>(s);
    }

    /** A list as JMH's {@code -p workingSetKiB=} takes it: {@code 0,24,48,...}. */
    public static String joined(List<Long> kib) {
        return kib.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** One line for logs: {@code L1d 48 KiB, L2 1024 KiB, LLC (L3) 32768 KiB}. */
    public String describe() {
        return "L1d " + l1dBytes / KIB + " KiB, " + (l2Bytes > 0 ? "L2 " + l2Bytes / KIB + " KiB, " : "no L2, ")
                + "LLC (L" + llcLevel + ") " + llcBytes / KIB + " KiB";
    }
}
