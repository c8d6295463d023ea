package dev.switchcost.results.history;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the history lives when no {@code --store} is given: {@code $SWITCHCOST_HISTORY}, else
 * {@code $XDG_DATA_HOME/switchcost/history.duckdb}, else {@code ~/.local/share/switchcost/history.duckdb} (the XDG
 * base directory rule for a user's data).
 */
public final class StoreLocation {

    /** The environment variable naming the store file. */
    public static final String ENV = "SWITCHCOST_HISTORY";

    private StoreLocation() {
    }

    /** The store's file, from {@code env} and the user's home. */
    public static Path of(Map<String, String> env, Path home) {
        String named = env.get(ENV);
        if (named != null && !named.isBlank()) {
            return Path.of(named);
        }
        String data = env.get("XDG_DATA_HOME");
        Path base = data != null && !data.isBlank() && Path.of(data).isAbsolute() ? Path.of(data) : home.resolve(".local/share");
        return base.resolve("switchcost").resolve("history.duckdb");
    }

    /** The store of this process's environment. */
    public static Path current() {
        return of(System.getenv(), Path.of(System.getProperty("user.home")));
    }
}
