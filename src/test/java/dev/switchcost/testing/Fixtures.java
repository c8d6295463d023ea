package dev.switchcost.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The results directories the tests read, under {@code src/test/resources/fixtures/results}: each a run's files (or a
 * trimmed extract of them), its line in the README there naming the committed run it comes from and what was left out.
 */
public final class Fixtures {

    public static final Path RESULTS = Path.of("src/test/resources/fixtures/results");

    private Fixtures() {
    }

    /** The fixture results directory {@code name}. */
    public static Path results(String name) {
        return RESULTS.resolve(name);
    }

    /**
     * A copy of the fixture results directory {@code name} at {@code to} (its files; parents created), for a test that
     * needs a run at a path of its own: two runs whose directories share their last name, as a day's runs do.
     */
    public static Path copy(String name, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(results(name))) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                Files.copy(f, to.resolve(f.getFileName().toString()));
            }
        }
        return to;
    }
}
