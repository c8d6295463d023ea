package dev.switchcost.results.history;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.Predicate;

/**
 * Results directories made up for tests: the quick fixture's JMH rows and machine.json, rewritten for an invented
 * machine, kernel, JDK, date and commit, every figure scaled by a level with run-to-run and iteration noise.
 */
public final class SyntheticBundles {

    /** Forks per synthetic row. */
    static final int FORKS = 3;


    /** The fixture every synthetic bundle starts from: a real quick run's jmh.json and machine.json. */
    public static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");

    /**
     * One invented run.
     *
     * @param level   the factor on the figures {@code stepped} selects (an injected step is a change of it)
     * @param stepped the figures (JMH benchmark names) the level applies to
     */
    public record Spec(String cpuModel, int cpus, String kernel, String jdk, String cpuidle, String hypervisor,
                       String date, String commit, double level, Predicate<String> stepped, long seed) {
    }

    private SyntheticBundles() {
    }

    /** Writes the bundle of {@code s} into {@code dir} (made): jmh.json, machine.json, provenance.json. */
    public static Path write(Path dir, Spec s) throws IOException {
        Files.createDirectories(dir);
        Random r = new Random(s.seed());
        JsonArray rows = JsonParser.parseString(Files.readString(FIXTURE.resolve("jmh.json"))).getAsJsonArray();
        for (int i = 0; i < rows.size(); i++) {
            JsonObject row = rows.get(i).getAsJsonObject();
            row.addProperty("jdkVersion", s.jdk());
            String name = row.get("benchmark").getAsString();
            JsonObject pm = row.getAsJsonObject("primaryMetric");
            // 1% between runs, 1% between forks and between iterations (the committed results of 2026-11-21); three forks, as
            // run --quick makes them, so that a figure is judged between its forks
            double level = pm.get("score").getAsDouble() * (s.stepped().test(name) ? s.level() : 1) * (1 + 0.01 * r.nextGaussian());
            JsonArray raw = new JsonArray();
            double sum = 0;
            for (int f = 0; f < FORKS; f++) {
                double fork = level * (1 + 0.01 * r.nextGaussian());
                JsonArray it = new JsonArray();
                for (int k = 0; k < 10; k++) {
                    double v = fork * (1 + 0.01 * r.nextGaussian());
                    it.add(v);
                    sum += v;
                }
                raw.add(it);
            }
            pm.add("rawData", raw);
            row.addProperty("forks", FORKS);
            pm.addProperty("score", sum / (10 * FORKS));
        }
        Files.writeString(dir.resolve("jmh.json"), rows.toString());
        MachineInfo m = Results.readMachine(FIXTURE.resolve("machine.json"));
        MachineInfo.Cpu c = m.cpu();
        MachineInfo made = new MachineInfo(m.schema(), s.date(), "host-" + s.seed(),
                new MachineInfo.Cpu(s.cpuModel(), c.vendor(), "0-" + (s.cpus() - 1), s.cpus(), c.threadsPerCore(),
                        null, null, null, null),
                m.caches(), new MachineInfo.Kernel(s.kernel(), "#1 SMP"), m.mitigations(),
                new MachineInfo.Virtualization(s.hypervisor(), null),
                new MachineInfo.Power(s.cpuidle(), "menu", "performance"),
                new MachineInfo.Jdk(s.jdk(), "Eclipse Adoptium", "OpenJDK 64-Bit Server VM", "/opt/jdk"), m.limits(), m.perf(),
                null, null, null);
        Files.writeString(dir.resolve("machine.json"), made.toJson());
        JsonObject p = new JsonObject();
        p.addProperty("switchcostVersion", "0.1.0-SNAPSHOT");
        p.addProperty("commit", s.commit());
        p.addProperty("jmhVersion", "1.37");
        p.addProperty("recordedAt", s.date());
        Files.writeString(dir.resolve("provenance.json"), p.toString());
        return dir;
    }
}
