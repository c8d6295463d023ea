package dev.switchcost.measure.linux;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SyscallNumbersTest {

    @Test
    void x86_64NumbersUnderEverySpelling() {
        for (String arch : new String[] {"x86-64", "x86_64", "amd64"}) {
            SyscallNumbers n = SyscallNumbers.forArch(arch);
            assertEquals(186, n.gettid(), arch);
            assertEquals(202, n.futex(), arch);
        }
    }

    @Test
    void aarch64UsesTheGenericTableNotTheX86One() {
        // Same word size as x86-64, different numbers: choosing by word size would be wrong.
        SyscallNumbers n = SyscallNumbers.forArch("aarch64");
        assertEquals(178, n.gettid());
        assertEquals(98, n.futex());
    }

    @Test
    void unknownArchThrowsNamingArch() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> SyscallNumbers.forArch("riscv64"));
        assertTrue(e.getMessage().contains("riscv64"), e.getMessage());
    }
}
