package dev.switchcost.measure.linux;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ErrnoTest {

    @Test
    void namesTheValuesFutexReturns() {
        assertEquals("EAGAIN", Errno.name(11));
        assertEquals("ETIMEDOUT", Errno.name(110));
        assertEquals("EINTR", Errno.name(4));
        assertEquals("EINVAL", Errno.name(22));
    }

    @Test
    void unknownValueIsShownAsNumber() {
        assertEquals("errno 999", Errno.name(999));
    }

    @Test
    void exceptionMessageCarriesCallArgumentsAndErrnoName() {
        NativeCallException e = new NativeCallException("futex(0x10, FUTEX_WAKE_PRIVATE, 1)", Errno.EFAULT);
        assertEquals("futex(0x10, FUTEX_WAKE_PRIVATE, 1) failed: EFAULT", e.getMessage());
        assertEquals(Errno.EFAULT, e.errno());
    }
}
