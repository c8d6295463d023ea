package dev.switchcost.measure.jmh;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkCatalogTest {

    @Test
    void theQuestionIsTheJavadocParagraphOnOneLine() {
        String src = """
                /**
                 * <b>Question.</b> What does {@code x} cost next to
                 * {@link Other}, <i>really</i>?
                 *
                 * <p><b>Method.</b> Not this.
                 */
                public class X {
                }
                """;
        assertEquals("What does x cost next to Other, really?", BenchmarkCatalog.questionIn(src));
    }

    @Test
    void aClassWithoutAQuestionParagraphHasNone() {
        assertNull(BenchmarkCatalog.questionIn("/** Just a class. */ public class Y {}"));
    }

    @Test
    void questionsComeFromTheBenchmarkSourcesInTheBuild() {
        String q = BenchmarkCatalog.question("dev.switchcost.bench.FutexPingPong");
        assertTrue(q != null && q.startsWith("What does one round trip between two platform threads cost"), String.valueOf(q));
    }
}
