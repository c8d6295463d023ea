package dev.switchcost.render;

import dev.switchcost.results.Estimate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Figures are printed to the digits their error supports. */
class FmtTest {

    private static String pair(double value, double error) {
        String[] p = Fmt.rounded(value, error);
        return p[0] + " ± " + p[1];
    }

    /** footprint printed "1030.6 ± 3737.2 bytes/task": an interval 3.6 times the value, to a tenth of a byte. */
    @Test
    void aWideErrorRoundsTheValueToItsFirstDigit() {
        assertEquals("1,000 ± 4,000", pair(1030.6, 3737.2));
        assertEquals("105,000,000 ± 10,000,000", pair(104_728_204, 10_439_589));
        assertEquals("300 ± 1,300", pair(273, 1346), "an error beginning with 1 keeps two digits");
        assertEquals("-100 ± 80,000", pair(-114, 75_160), "the value keeps its first digit");
        assertEquals("60,000 ± 3,000,000", pair(55_100, 3_185_930));
        assertEquals("0 ± 80,000", pair(-0.0, 75_160), "no minus sign on 0");
    }

    @Test
    void aNarrowErrorKeepsTheValuesOwnDigits() {
        assertEquals("2,910 ± 30", pair(2906, 31));
        assertEquals("414 ± 5", pair(414.2, 5.2));
        assertEquals("41.4 ± 2.5", pair(41.43, 2.46));
        assertEquals("414 ± 0.05", pair(414.23, 0.052), "never more digits than the value's own three");
        assertEquals("5.00 ± 0.00", pair(5, 0));
    }

    @Test
    void pmAndRatiosUseTheOneRounding() {
        assertEquals("5.00 ± ?", Fmt.pm(new Estimate(5, Double.NaN, 3)));
        assertEquals("1,000 ± 4,000", Fmt.pm(1030.6, 3737.2), "footprint's bytes per task");
        assertEquals("1,031 ± ?", Fmt.pm(1030.6, Double.NaN));
        Estimate e = new Estimate(1030.6, 1, 2);
        String[] p = Fmt.rounded(e.value(), e.halfWidth());
        assertEquals(p[0] + " ± " + p[1], Fmt.pm(e));
        assertEquals(p[0] + " ± " + p[1] + "×", Fmt.times(e));
    }
}
