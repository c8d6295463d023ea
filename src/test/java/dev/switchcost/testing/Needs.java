package dev.switchcost.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a test needs beyond the README's prerequisites, by name. A test that needs one calls {@link #assume} (or
 * {@link #assume(boolean, String)} with its own probe): without it the test is skipped with a message that starts
 * {@code "needs NAME (INSTALL): "}, and {@link SkipSummary} groups the skipped tests by that prefix at the end of the run,
 * so a reader sees what was not exercised and how to get it.
 */
public enum Needs {
    VALGRIND("valgrind", "apt-get install valgrind"),
    PERF("perf", "apt-get install linux-perf"),
    C_COMPILER("a C compiler", "apt-get install gcc libc6-dev, then mvn package"),
    JDK21("a JDK 21", "scripts/jdk21.sh prints one; mvn test -Dswitchcost.jdk21=PATH"),
    ASYNC_PROFILER("async-profiler able to profile", "mvn package unpacks it; perf events need root or kernel.perf_event_paranoid <= 1"),
    PROMETHEUS("prometheus", "apt-get install prometheus"),
    TRACEFS("tracefs", "as root: mount -t tracefs nodev /sys/kernel/tracing"),
    ROOT("root", "run the tests as root"),
    NON_ROOT("a user other than root", "run the tests as an ordinary user");

    /** The start of every skip message of this group: what {@link SkipSummary} groups by. */
    public final String prefix;
    private final String what;

    Needs(String what, String install) {
        this.what = what;
        this.prefix = "needs " + what + " (" + install + ")";
    }

    /** Skips the calling test unless {@code usable}, saying why in {@code detail}. */
    public void assume(boolean usable, String detail) {
        Assumptions.assumeTrue(usable, () -> prefix + ": " + detail);
    }

    /** Skips the calling test when {@code missing} has a reason. */
    public void assume(Optional<String> missing) {
        missing.ifPresent(why -> Assumptions.abort(prefix + ": " + why));
    }

    /** For a tool by its command's name: skips unless it is on PATH. */
    public void assume() {
        String command = what;
        assume(onPath(command), command + " is not on PATH");
    }

    /** Whether {@code command} is an executable file in a directory of PATH. */
    public static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).map(d -> Path.of(d, command)).anyMatch(Files::isExecutable);
    }
}
