package dev.switchcost.render;

import dev.switchcost.derive.NewDerivation;
import dev.switchcost.results.Results;

/** Test only: a renderer that derives a new figure where it should format one ({@code ArchitectureTest}). */
public final class NewDerivationRenderer {

    private NewDerivationRenderer() {
    }

    static String card(Results r) {
        return Fmt.pm(NewDerivation.of(r).figure());
    }

    /** Derives the new figure twice: counted as two call sites. */
    static boolean twice(Results r) {
        return NewDerivation.of(r).figure() != null && NewDerivation.of(r).figure().value() >= 0;
    }
}
