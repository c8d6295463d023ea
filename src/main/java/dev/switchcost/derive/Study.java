package dev.switchcost.derive;

import dev.switchcost.results.Results;

import java.util.List;

/**
 * What {@code derive} makes of the inputs of one report, made once: each input's {@link Findings}, and how their
 * machines differ.
 *
 * @param inputs   one per input, in order
 * @param machines the machine facts that differ between the inputs and can move a figure ({@link MachineDifferences#of})
 */
public record Study(List<Findings> inputs, List<MachineDifferences.Difference> machines) {

    public static Study of(List<Results> given) {
        List<Results> inputs = Results.named(given); // two "quick" directories read apart in every title and column
        return new Study(inputs.stream().map(Findings::of).toList(),
                MachineDifferences.of(inputs.stream().map(Results::machine).toList()));
    }

    public List<Results> results() {
        return inputs.stream().map(Findings::input).toList();
    }
}
