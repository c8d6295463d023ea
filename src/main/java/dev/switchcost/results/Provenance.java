package dev.switchcost.results;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The build that measured a results directory, recorded in it when the run starts ({@value ResultsDir#PROVENANCE},
 * written by {@link ResultsDir#create}/{@link ResultsDir#claim}): a report rendered later by another build names
 * both. Directories written before it existed have none ({@link #read} returns null).
 *
 * @param switchcostVersion the measuring switchcost's version, or null when unknown (not built by Maven)
 * @param commit            the commit it was built from, or null when unknown
 * @param dirty             whether that build had uncommitted changes; null when not known
 * @param jmhVersion        the JMH on its class path (JMH's {@code Version.getPlainVersion()}), or null
 * @param recordedAt        when it was written (ISO-8601, UTC)
 */
public record Provenance(String switchcostVersion, String commit, Boolean dirty, String jmhVersion, String recordedAt) {

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().create();

    /** The build that is running now. */
    public static Provenance current() {
        Build.Info b = Build.info();
        return new Provenance(b.version(), b.commit(), b.dirty(), runningJmhVersion(), Instant.now().toString());
    }

    private static String runningJmhVersion() {
        try {
            String v = org.openjdk.jmh.util.Version.getPlainVersion();
            return v == null || v.isBlank() || v.startsWith("-") ? null : v.strip();
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** {@code 0.1.0-SNAPSHOT (commit 1a2b3c4d5e6f)}, the words of {@link Build#describe()}; JMH not included. */
    public String describe() {
        return Build.describe(switchcostVersion, commit, dirty);
    }

    /** Writes {@code dir/}{@value ResultsDir#PROVENANCE} atomically. */
    Path write(Path dir) {
        return AtomicFiles.writeString(dir.resolve(ResultsDir.PROVENANCE), GSON.toJson(this) + "\n");
    }

    /**
     * Reads {@code dir/}{@value ResultsDir#PROVENANCE}.
     *
     * @return null when the directory has none (written before switchcost recorded it)
     * @throws IllegalArgumentException naming the file when it is not a provenance file
     */
    public static Provenance read(Path dir) {
        Path f = dir.resolve(ResultsDir.PROVENANCE);
        try {
            Provenance p = GSON.fromJson(Files.readString(f), Provenance.class);
            if (p == null) {
                throw new IllegalArgumentException(f + " is empty");
            }
            return p;
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(f + ": not a switchcost provenance file (" + JmhJson.cause(e) + ")", e);
        }
    }
}
