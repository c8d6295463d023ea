// The switch's own time per switch, from the curve's roundTripPaired rows, two ways, each mean ± 99.9 % by
// switchcost's one rule (Estimate.ofSamples over the 40 iterations):
//   wall: (round trip - 2 (first + second)) / 2, from JMH's wall-clock score per iteration
//   cpu:  switch.beyond - (first - second), from the pair's CPU time per iteration
// Run from the repository root after a build:
//   /usr/lib/jvm/temurin-25-jdk-amd64/bin/jshell --class-path target/benchmarks.jar scripts/studies/2026-11-23e-epyc-kvm/wall-vs-cpu.jsh
import com.google.gson.*;
import dev.switchcost.results.Estimate;
double[] col(JsonObject m) {
    JsonArray forks = m.getAsJsonArray("rawData");
    java.util.List<Double> v = new java.util.ArrayList<>();
    for (JsonElement f : forks) for (JsonElement x : f.getAsJsonArray()) v.add(x.getAsDouble());
    return v.stream().mapToDouble(Double::doubleValue).toArray();
}
JsonArray rows = JsonParser.parseString(java.nio.file.Files.readString(java.nio.file.Path.of("docs/results/2026-11-23e-epyc-kvm/curve/jmh.json"))).getAsJsonArray();
System.out.println("KiB  wall (round trip - walks)/switch  cpu (beyond - paired)/switch");
for (JsonElement e : rows) {
    JsonObject r = e.getAsJsonObject();
    if (!r.get("benchmark").getAsString().endsWith("roundTripPaired")) continue;
    JsonObject s = r.getAsJsonObject("secondaryMetrics");
    double[] t = col(r.getAsJsonObject("primaryMetric")), f = col(s.getAsJsonObject("walk.first")),
            w = col(s.getAsJsonObject("walk.second")), b = col(s.getAsJsonObject("switch.beyond"));
    double[] wall = new double[t.length], cpu = new double[t.length];
    for (int i = 0; i < t.length; i++) {
        wall[i] = (t[i] - 2 * (f[i] + w[i])) / 2;
        cpu[i] = b[i] - (f[i] - w[i]);
    }
    Estimate a = Estimate.ofSamples(wall), c = Estimate.ofSamples(cpu);
    System.out.printf("%5s  %,.0f ± %,.0f  %,.0f ± %,.0f%n", r.getAsJsonObject("params").get("workingSetKiB").getAsString(),
            a.value(), a.halfWidth(), c.value(), c.halfWidth());
}
/exit
