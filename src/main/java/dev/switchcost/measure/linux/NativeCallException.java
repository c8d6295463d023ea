package dev.switchcost.measure.linux;

/**
 * A native call failed. The message is built from the call, its arguments and the errno name, never
 * written by hand, so it cannot drift from the call that failed.
 */
public final class NativeCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int errno;

    /** @param call the call with its arguments, e.g. {@code futex(0x7f.., FUTEX_WAKE_PRIVATE, 1)} */
    public NativeCallException(String call, int errno) {
        super(call + " failed: " + Errno.name(errno));
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }
}
