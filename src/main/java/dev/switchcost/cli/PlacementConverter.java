package dev.switchcost.cli;

import dev.switchcost.measure.affinity.Placement;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * A {@code --placements} value, parsed by picocli into a {@link Placement} the command runs (in any case); anything else
 * is picocli's refusal, one line naming the value and the placements it takes (exit 2). Also the option's completion
 * candidates, so {@code ${COMPLETION-CANDIDATES}} in its help lists the same placements.
 */
abstract class PlacementConverter implements ITypeConverter<Placement>, Iterable<String> {

    private final List<Placement> takes;

    PlacementConverter(Placement... takes) {
        this.takes = List.of(takes);
    }

    @Override
    public Placement convert(String value) {
        for (Placement p : takes) {
            if (p.name().equals(value.strip().toUpperCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new TypeConversionException("expected one of " + takes + " but was '" + value + "'");
    }

    @Override
    public Iterator<String> iterator() {
        return takes.stream().map(Enum::name).iterator();
    }

    /** {@code compare}'s: the placements it has a native program for. */
    static final class Compare extends PlacementConverter {
        Compare() {
            super(Placement.UNPINNED, Placement.SAME_CPU, Placement.CROSS_CPU);
        }
    }

    /** Both sides pinned ({@code working-set}). */
    static final class Pinned extends PlacementConverter {
        Pinned() {
            super(Placement.SAME_CPU, Placement.CROSS_CPU);
        }
    }
}
