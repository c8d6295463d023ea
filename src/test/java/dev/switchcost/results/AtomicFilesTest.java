package dev.switchcost.results;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AtomicFilesTest {

    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesAndReplacesLeavingNoTemporaryFile() throws IOException {
        Path f = dir.resolve("compare.json");
        AtomicFiles.writeString(f, "one");
        AtomicFiles.writeString(f, "two");
        assertEquals("two", Files.readString(f));
        assertEquals(List.of("compare.json"), names());
    }

    @Test
    void aBodyThatFailsLeavesTheOldFileAndNoTemporary() throws IOException {
        Path f = dir.resolve("jmh.json");
        Files.writeString(f, "old");
        ResultWriteException e = assertThrows(ResultWriteException.class, () -> AtomicFiles.write(f, out -> {
            out.write("partial".getBytes());
            throw new IOException("disk went away");
        }));
        assertEquals("could not write " + f + ": disk went away", e.getMessage());
        assertEquals(SwitchcostException.Kind.FAILURE, e.kind());
        assertEquals("old", Files.readString(f));
        assertEquals(List.of("jmh.json"), names());
    }

    @Test
    void aMissingDirectoryIsAnErrorNamingThePath() {
        Path f = dir.resolve("nope/machine.json");
        ResultWriteException e = assertThrows(ResultWriteException.class, () -> AtomicFiles.writeString(f, "x"));
        assertTrue(e.getMessage().startsWith("could not write " + f + ": "), e.getMessage());
    }

    /**
     * Issue 11 case 2: a full disk gives an error naming the file (exit 3), never a truncated or 0-byte
     * file. Needs root to mount a 64 KiB tmpfs; skipped otherwise.
     */
    @Test
    void aFullDiskIsAnEnvironmentErrorAndLeavesNoTruncatedFile() throws Exception {
        Path mnt = dir.resolve("tiny");
        Files.createDirectory(mnt);
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mnt.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        Needs.ROOT.assume(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0,
                "cannot mount a tmpfs here (mount permission): " + out.strip());
        try {
            // fill it
            try {
                AtomicFiles.writeBytes(mnt.resolve("filler"), new byte[1 << 20]);
            } catch (ResultWriteException e) {
                assertEquals(SwitchcostException.Kind.ENVIRONMENT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().contains("no space left on device"), e.getMessage());
            }
            assertFalse(Files.exists(mnt.resolve("filler")), "a file that did not fit must not exist");
            try {
                Files.write(mnt.resolve("ballast"), new byte[128 * 1024]); // fills it: what fits stays
            } catch (IOException full) {
                // expected: the disk is now full
            }
            MachineInfo m = MachineProbe.collect(Path.of("/"));
            ResultWriteException e = assertThrows(ResultWriteException.class, () -> ResultsDir.writeMachine(mnt, m));
            assertEquals(SwitchcostException.Kind.ENVIRONMENT, e.kind());
            assertTrue(e.getMessage().startsWith("could not write " + mnt.resolve("machine.json") + ": no space left"), e.getMessage());
            assertFalse(Files.exists(mnt.resolve("machine.json")), "no 0-byte machine.json");
            try (Stream<Path> s = Files.list(mnt)) {
                assertEquals(List.of("ballast"), s.map(x -> x.getFileName().toString()).toList());
            }
        } finally {
            new ProcessBuilder("umount", mnt.toString()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
