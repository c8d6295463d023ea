package dev.switchcost.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A tiny {@code tmpfs} mounted for a full-disk test (needs root, as in CI); the test is skipped, saying
 * why, where it cannot be mounted.
 */
public final class TinyTmpfs implements AutoCloseable {
    private final Path dir;

    private TinyTmpfs(Path dir) {
        this.dir = dir;
    }

    /** Mounts a tmpfs of {@code kib} KiB on a new directory under {@code parent}, or skips the test. */
    public static TinyTmpfs mount(Path parent, int kib) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(parent, "tmpfs");
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + kib + "k", "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        boolean done = p.waitFor(10, TimeUnit.SECONDS);
        String said = new String(p.getInputStream().readAllBytes());
        Needs.ROOT.assume(done && p.exitValue() == 0, "cannot mount a tmpfs for the full-disk case: " + said.strip());
        return new TinyTmpfs(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Fills the file system to the last byte. */
    public void fill() throws IOException {
        Path filler = dir.resolve("filler");
        byte[] block = new byte[4096];
        try (var out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // expected: ENOSPC
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        new ProcessBuilder("umount", "-l", dir.toString()).start().waitFor(10, TimeUnit.SECONDS);
        Files.deleteIfExists(dir);
    }
}
