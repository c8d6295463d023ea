package dev.switchcost.measure.jmh;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JmhLockTest {

    @Test
    void theHolderIsTheProcessLockingTheFilesInodeNotAWaiter() {
        List<String> locks = List.of(
                "1: POSIX  ADVISORY  WRITE 4242 08:01:777 0 EOF",
                "2: FLOCK  ADVISORY  WRITE 17 00:2f:12345 0 EOF",
                "2: -> POSIX  ADVISORY  WRITE 99 00:2f:12345 0 EOF",
                "3: POSIX  ADVISORY  WRITE 31337 00:2f:12345 0 EOF");
        assertEquals(Optional.of(17L), JmhLock.holder(locks, 12345));
        assertEquals(Optional.of(4242L), JmhLock.holder(locks, 777));
        assertEquals(Optional.empty(), JmhLock.holder(locks, 5));
    }
}
