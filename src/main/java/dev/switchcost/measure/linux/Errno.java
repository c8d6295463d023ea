package dev.switchcost.measure.linux;

import java.util.Map;

/** Names of the errno values the calls switchcost makes can return (Linux, generic and x86/arm alike). */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ESRCH = 3;
    public static final int EINTR = 4;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EFAULT = 14;
    public static final int EINVAL = 22;
    public static final int ENOSYS = 38;
    public static final int ETIMEDOUT = 110;

    private static final Map<Integer, String> NAMES = Map.of(
            EPERM, "EPERM", ESRCH, "ESRCH", EINTR, "EINTR", EAGAIN, "EAGAIN", ENOMEM, "ENOMEM",
            EACCES, "EACCES", EFAULT, "EFAULT", EINVAL, "EINVAL", ENOSYS, "ENOSYS", ETIMEDOUT, "ETIMEDOUT");

    private Errno() {
    }

    /** @return the symbolic name, e.g. {@code EAGAIN}, or {@code errno 123} for one not in the table */
    public static String name(int errno) {
        return NAMES.getOrDefault(errno, "errno " + errno);
    }
}
