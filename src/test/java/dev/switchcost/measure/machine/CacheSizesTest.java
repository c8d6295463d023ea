package dev.switchcost.measure.machine;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CacheSizesTest {

    private static final Path FIXTURES = Path.of("src/test/resources/fixtures/sys-cache");

    private static CacheSizes fixture(String name) {
        return CacheSizes.read(FIXTURES.resolve(name));
    }

    @Test
    void readsCapturedEpycKvmGuest() {
        CacheSizes c = fixture("amd-epyc-kvm-2vcpu-linux-6.18");
        assertEquals(new CacheSizes(48 * 1024, 1024 * 1024, 32L * 1024 * 1024, 3), c);
        assertEquals(List.of(48L, 512L, 1024L, 16384L, 32768L), c.marksKiB());
        assertEquals(List.of(0L, 24L, 48L, 512L, 1024L, 16384L, 32768L, 65536L), c.quickListKiB());
    }

    @Test
    void intelLlcThatIsNotAPowerOfTwoIsMarkedExactly() {
        CacheSizes c = fixture("intel-core-i7-8700-handwritten");
        assertEquals(3, c.llcLevel());
        assertEquals(List.of(0L, 16L, 32L, 128L, 256L, 6144L, 12288L, 24576L), c.quickListKiB());
        List<Long> full = c.fullListKiB();
        assertTrue(full.containsAll(c.marksKiB()), full::toString);
        assertEquals(0L, full.get(0));
        assertEquals(4L, full.get(1));
        assertEquals(4 * 12288L, full.get(full.size() - 1));
    }

    @Test
    void withoutL3TheLastLevelIsL2() {
        CacheSizes c = fixture("raspberry-pi-4-cortex-a72-handwritten");
        assertEquals(2, c.llcLevel());
        assertEquals(1024L * 1024, c.llcBytes());
        // L2/2 = LLC/2 and L2 = LLC: each mark once
        assertEquals(List.of(32L, 512L, 1024L), c.marksKiB());
        assertEquals(List.of(0L, 16L, 32L, 512L, 1024L, 2048L), c.quickListKiB());
        assertEquals(4096L, c.fullListKiB().get(c.fullListKiB().size() - 1));
    }

    @Test
    void listsAreSortedAndDistinct() {
        for (String name : List.of("amd-epyc-kvm-2vcpu-linux-6.18", "intel-core-i7-8700-handwritten",
                "raspberry-pi-4-cortex-a72-handwritten")) {
            for (List<Long> l : List.of(fixture(name).quickListKiB(), fixture(name).fullListKiB())) {
                assertEquals(l.stream().distinct().sorted().toList(), l, name);
            }
        }
    }

    @Test
    void joinsAsJmhParamList() {
        assertEquals("0,24,48", CacheSizes.joined(List.of(0L, 24L, 48L)));
    }

    @Test
    void directoryWithoutCachesIsRejectedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CacheSizes.read(FIXTURES.resolve("no-such-machine")));
        assertTrue(e.getMessage().contains("no-such-machine"), e.getMessage());
    }
}
