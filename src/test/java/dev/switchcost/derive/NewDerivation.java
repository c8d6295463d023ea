package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;

/**
 * Test only: a derivation no list names, as a new one would be ({@code ArchitectureTest}): a public static method of
 * derive that makes a derived value from results.
 */
public record NewDerivation(Estimate figure) {

    public static NewDerivation of(Results r) {
        return new NewDerivation(Estimate.exact(r.rows().size()));
    }
}
