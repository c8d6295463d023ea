package dev.switchcost.measure.linux;

/** {@link NativeCalls} through JNA direct mapping ({@link LibC}). */
final class JnaCalls implements NativeCalls {

    static final JnaCalls INSTANCE = new JnaCalls();

    private JnaCalls() {
    }

    @Override
    public Binding binding() {
        return Binding.JNA;
    }

    @Override
    public long gettid() {
        long rc = LibC.syscall(Syscalls.numbers().gettid());
        return rc < 0 ? -LibC.errno() : rc;
    }

    @Override
    public long gettidNotCritical() {
        return gettid();
    }

    @Override
    public long gettidAsFutexWait() {
        long rc = LibC.syscall(Syscalls.numbers().gettid(), 0, 0, 0, 0, 0, 0);
        return rc < 0 ? -LibC.errno() : rc;
    }

    @Override
    public long gettidAsFutexWake() {
        return gettidAsFutexWait();
    }

    @Override
    public int abs(int value) {
        return LibC.abs(value);
    }

    @Override
    public long futexWait(long address, int op, int value, long timeoutAddress) {
        long rc = LibC.syscall(Syscalls.numbers().futex(), address, op, value, timeoutAddress, 0, 0);
        return rc < 0 ? -LibC.errno() : rc;
    }

    @Override
    public long futexWake(long address, int op, int count) {
        long rc = LibC.syscall(Syscalls.numbers().futex(), address, op, count, 0, 0, 0);
        return rc < 0 ? -LibC.errno() : rc;
    }
}
