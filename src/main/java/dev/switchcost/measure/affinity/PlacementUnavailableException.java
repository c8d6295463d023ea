package dev.switchcost.measure.affinity;

/** A placement this machine cannot provide; never silently replaced by another. */
public final class PlacementUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Placement placement;

    public PlacementUnavailableException(Placement placement, String why) {
        super("placement " + placement + " is not available on this machine: " + why);
        this.placement = placement;
    }

    public Placement placement() {
        return placement;
    }
}
