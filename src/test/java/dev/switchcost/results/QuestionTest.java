package dev.switchcost.results;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Constructor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** A question's parameters are typed: a {@link Param} and its value, in the order the catalog gives them. */
class QuestionTest {

    /** Untyped key/value pairs ({@code Object...}) would let a swapped or stray key compile. */
    @Test
    void theParametersAreTypedPairs() {
        for (Constructor<?> c : Question.class.getDeclaredConstructors()) {
            assertFalse(Arrays.asList(c.getParameterTypes()).contains(Object[].class), c.toString());
        }
    }

    @Test
    void whereKeepsTheCatalogsOrder() {
        assertEquals(List.of(Param.PLACEMENT, Param.SHARING, Param.STRIDE_BYTES, Param.WALK),
                List.copyOf(Question.CACHE.where().keySet()));
        assertEquals(List.of("SAME_CPU", "PRIVATE", "64", "LI"), List.copyOf(Question.CACHE.where().values()));
        assertEquals(Map.of(Param.PAIR, "VT_VT"), Question.VIRTUAL_UNPINNED.where());
        assertEquals(Map.of(), Question.TIMER.where());
    }

    @Test
    void aValueNamesItsParameter() {
        assertEquals(new Param.Value(Param.WALK, "LI"), Param.WALK.is("LI"));
    }
}
