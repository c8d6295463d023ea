package dev.switchcost.testing;

import dev.switchcost.results.history.HistoryStore;

import java.nio.file.Path;

/**
 * A second JVM that holds a history store, as another switchcost recording a run would: opens {@code args[0]}, prints
 * {@code held}, and closes it after {@code args[1]} ms (or when the test ends it).
 */
public final class HoldHistoryStore {

    private HoldHistoryStore() {
    }

    public static void main(String[] args) throws Exception {
        try (HistoryStore s = HistoryStore.open(Path.of(args[0]))) {
            System.out.println("held " + s.file());
            System.out.flush();
            Thread.sleep(Long.parseLong(args[1]));
        }
    }
}
