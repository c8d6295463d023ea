package dev.switchcost.cli;

import dev.switchcost.results.Build;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** scripts/commit-dirty.sh, which the build runs for its provenance, on checkouts made for the test. */
class CommitDirtyScriptTest {

    @Test
    void saysWhetherTrackedFilesChangedAndNothingOutsideACheckout(@TempDir Path tmp) throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("a.txt"), "a\n");
        git(repo, "add", "a.txt");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a");
        Path out = tmp.resolve("out/dirty.properties");

        assertEquals(0, script(out, repo));
        assertEquals(List.of("switchcost.commit.dirty=false"), Files.readAllLines(out));
        Files.writeString(repo.resolve("untracked.txt"), "u\n");
        assertEquals(0, script(out, repo));
        assertEquals(List.of("switchcost.commit.dirty=false"), Files.readAllLines(out), "an untracked file is not a change");
        Files.writeString(repo.resolve("a.txt"), "b\n");
        assertEquals(0, script(out, repo));
        assertEquals(List.of("switchcost.commit.dirty=true"), Files.readAllLines(out));

        Path plain = Files.createDirectories(tmp.resolve("plain"));
        assertEquals(0, script(out, plain), "not a checkout: the build goes on");
        assertFalse(Files.exists(out), "and says nothing rather than a stale answer");
    }

    /** This build's own flag: a build that knows its commit knows whether its tree had changes. */
    @Test
    void theBuildRecordsItsFlagBesideItsCommit() {
        Build.Info info = Build.info();
        if (info.commit() != null && !info.commit().startsWith("unknown")) {
            assertNotNull(info.dirty(), "commit " + info.commit() + " without its dirty flag");
        }
    }

    private static int script(Path out, Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "scripts/commit-dirty.sh", out.toString(), dir.toString())
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        assertEquals("", said);
        return rc;
    }

    private static void git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + said);
    }
}
