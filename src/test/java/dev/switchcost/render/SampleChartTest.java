package dev.switchcost.render;

import dev.switchcost.measure.sample.ThreadSampler;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleChartTest {

    @Test
    void drawsBothPanelsForTwoIntervalsAndNothingForOne() throws Exception {
        long a = ThreadSampler.key(1, 2);
        long b = ThreadSampler.key(1, 3);
        List<ThreadSampler.Interval> two = List.of(new ThreadSampler.Interval(0.25, Map.of(a, new double[] {800, 30})),
                new ThreadSampler.Interval(0.5, Map.of(a, new double[] {900, 12}, b, new double[] {4, 0})));
        Map<Long, String> names = new LinkedHashMap<>();
        names.put(a, "app-ticker (2)");
        names.put(b, "C2 CompilerThre (3)");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(SampleChart.png(two, names).orElseThrow()));
        assertEquals(1000, img.getWidth());
        assertEquals(2 * 380, img.getHeight(), "switches/s above, run-queue delay below");
        assertTrue(SampleChart.png(two.subList(0, 1), names).isEmpty());
        assertTrue(SampleChart.png(two, Map.of()).isEmpty());
    }
}
