// One CPU against two, from one run (placements/, 2026-11-23 22:00 UTC), by switchcost's one rule: per size, the
// paired estimate (after the switch only) on each placement, their difference (two CPUs - one, Welch, 99.9 %) and
// whether it is resolved; then each placement's CPU time per switch (switch.beyond) and counted switches per round trip.
// Run from a checkout after `mvn -B -q package -Dmaven.test.skip=true`:
//   jshell --class-path target/benchmarks.jar scripts/studies/2026-11-23f-epyc-kvm/placements-compare.jsh
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.render.Fmt;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import java.nio.file.Path;

var rows = IndirectCost.derive(Results.load(Path.of("docs/results/2026-11-23f-epyc-kvm/placements")).usable());
System.out.println("KiB | paired, one CPU | paired, two CPUs | two - one | beyond, one CPU | beyond, two CPUs | switches/rt one, two");
for (long kib : new long[] {0, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}) {
    var one = rows.stream().filter(r -> r.placement().equals("SAME_CPU") && r.workingSetKiB() == kib).findFirst().orElseThrow().paired();
    var two = rows.stream().filter(r -> r.placement().equals("CROSS_CPU") && r.workingSetKiB() == kib).findFirst().orElseThrow().paired();
    Estimate d = two.indirect().minus(one.indirect());
    System.out.println(kib + " | " + Fmt.pm(one.indirect()) + " | " + Fmt.pm(two.indirect()) + " | " + Fmt.pm(d)
            + (d.resolved() ? "" : " (within error)") + " | " + Fmt.pm(one.beyond()) + " | " + Fmt.pm(two.beyond())
            + " | " + Fmt.count(one.switchesPerOp()) + ", " + Fmt.count(two.switchesPerOp()));
}
/exit
