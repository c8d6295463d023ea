package dev.switchcost.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ResultsDirLatestTest {

    @TempDir
    Path parent;

    @Test
    void theLatestIsTheDirectoryWhoseResultsWereWrittenLast() throws Exception {
        assertEquals(List.of(), ResultsDir.newestFirst(parent.resolve("missing")));
        Path older = Files.createDirectory(parent.resolve("host-20261101-100000"));
        Path newer = Files.createDirectory(parent.resolve("host-20261102-100000"));
        Path empty = Files.createDirectory(parent.resolve("host-20261103-100000")); // started, no results yet
        Files.writeString(older.resolve("jmh.json"), "[]");
        Files.writeString(newer.resolve("jmh-jdk25.json"), "[]");
        Files.setLastModifiedTime(older.resolve("jmh.json"), FileTime.fromMillis(1_000_000));
        Files.setLastModifiedTime(newer.resolve("jmh-jdk25.json"), FileTime.fromMillis(2_000_000));
        assertEquals(List.of(newer, older), ResultsDir.newestFirst(parent));
        Files.setLastModifiedTime(older.resolve("jmh.json"), FileTime.fromMillis(3_000_000));
        assertEquals(List.of(older, newer), ResultsDir.newestFirst(parent), "a started run without results is not one");
        assertEquals(true, Files.isDirectory(empty));
    }
}
