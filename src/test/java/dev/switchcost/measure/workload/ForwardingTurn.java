package dev.switchcost.measure.workload;

/** A turn that forwards to another: tests override the one method whose failure they stage. */
class ForwardingTurn implements Turn {
    final Turn inner;
    private final String mechanism;

    ForwardingTurn(Turn inner, String mechanism) {
        this.inner = inner;
        this.mechanism = mechanism;
    }

    @Override
    public void bind(int side) {
        inner.bind(side);
    }

    @Override
    public void pass(int side) {
        inner.pass(side);
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        return inner.await(side, timeoutNanos);
    }

    @Override
    public int current() {
        return inner.current();
    }

    @Override
    public String mechanism() {
        return mechanism;
    }
}
