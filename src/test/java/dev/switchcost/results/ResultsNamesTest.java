package dev.switchcost.results;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Inputs are named by the shortest trailing part of their path that tells them apart (issue 29: two "quick" directories). */
class ResultsNamesTest {

    private static final Path DOCS = Path.of("docs/results");

    @Test
    void twoDirectoriesWithTheSameLeafAreNamedByTheirParents() {
        List<Results> r = Results.loadAll(List.of(DOCS.resolve("2026-11-23e-epyc-kvm/quick"), DOCS.resolve("2026-11-23f-epyc-kvm/quick")));
        assertEquals(List.of("2026-11-23e-epyc-kvm/quick", "2026-11-23f-epyc-kvm/quick"), r.stream().map(Results::label).toList());
    }

    @Test
    void distinctLeavesKeepTheirLeafAndOneInputItsLeaf() {
        List<Results> r = Results.loadAll(List.of(DOCS.resolve("2026-11-23f-epyc-kvm/quick"), DOCS.resolve("2026-11-23f-epyc-kvm/placements")));
        assertEquals(List.of("quick", "placements"), r.stream().map(Results::label).toList());
        assertEquals("quick", Results.load(DOCS.resolve("2026-11-23f-epyc-kvm/quick")).label());
    }

    @Test
    void theSamePathTwiceIsNumbered() {
        Path q = DOCS.resolve("2026-11-23f-epyc-kvm/quick");
        List<Results> r = Results.loadAll(List.of(q, q));
        assertEquals(r.get(0).label() + " (2)", r.get(1).label());
    }
}
