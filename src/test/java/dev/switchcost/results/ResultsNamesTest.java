package dev.switchcost.results;

import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Inputs are named by the shortest trailing part of their path that tells them apart (issue 29: two "quick" directories). */
class ResultsNamesTest {

    private static final Path QUICK_E = Fixtures.results("quick-whole-cache-170s-epyc-kvm-jdk25");
    private static final Path QUICK_F = Fixtures.results("quick-whole-cache-144s-epyc-kvm-jdk25");
    private static final Path PLACEMENTS = Fixtures.results("workingset-placements-epyc-kvm-jdk25");

    @Test
    void twoDirectoriesWithTheSameLeafAreNamedByTheirParents(@TempDir Path tmp) throws IOException {
        Path e = Fixtures.copy("quick-whole-cache-170s-epyc-kvm-jdk25", tmp.resolve("2026-11-23e-epyc-kvm/quick"));
        Path f = Fixtures.copy("quick-whole-cache-144s-epyc-kvm-jdk25", tmp.resolve("2026-11-23f-epyc-kvm/quick"));
        List<Results> r = Results.loadAll(List.of(e, f));
        assertEquals(List.of("2026-11-23e-epyc-kvm/quick", "2026-11-23f-epyc-kvm/quick"), r.stream().map(Results::label).toList());
    }

    @Test
    void distinctLeavesKeepTheirLeafAndOneInputItsLeaf() {
        List<Results> r = Results.loadAll(List.of(QUICK_F, PLACEMENTS));
        assertEquals(List.of("quick-whole-cache-144s-epyc-kvm-jdk25", "workingset-placements-epyc-kvm-jdk25"),
                r.stream().map(Results::label).toList());
        assertEquals("quick-whole-cache-144s-epyc-kvm-jdk25", Results.load(QUICK_F).label());
    }

    @Test
    void theSamePathTwiceIsNumbered() {
        List<Results> r = Results.loadAll(List.of(QUICK_F, QUICK_F));
        assertEquals(r.get(0).label() + " (2)", r.get(1).label());
    }
}
