package dev.switchcost.bench;

import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.sample.ProcStatus;
import dev.switchcost.measure.sample.ThreadRole;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/**
 * A test profiler, in the fork after each iteration (the trial's pair still running): reads every
 * thread's {@code Cpus_allowed_list} from {@code /proc/self/task/TID/status} and reports how many
 * threads there are ({@code mask.threads}), how many are allowed exactly the CPUs {@code
 * -Dswitchcost.cpus} names ({@code mask.confined}), and the same for the virtual-thread carriers
 * ({@code mask.carriers}, {@code mask.carriers.confined}).
 */
public final class ThreadMaskProfiler implements InternalProfiler {

    @Override
    public String getDescription() {
        return "test: the CPUs every thread of the fork is allowed";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        CpuSet expected = CpuSet.parse(System.getProperty("switchcost.cpus"));
        int threads = 0;
        int confined = 0;
        int carriers = 0;
        int carriersConfined = 0;
        List<Path> tasks;
        try (Stream<Path> s = Files.list(Path.of("/proc/self/task"))) {
            tasks = s.toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        for (Path task : tasks) {
            List<String> status;
            String comm;
            try {
                status = Files.readAllLines(task.resolve("status"));
                comm = Files.readString(task.resolve("comm")).trim();
            } catch (NoSuchFileException e) {
                continue; // ended
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            boolean isConfined = CpuSet.parse(ProcStatus.cpusAllowed(status)).equals(expected);
            boolean carrier = ThreadRole.ofJvmThread(comm) == ThreadRole.CARRIERS;
            threads++;
            confined += isConfined ? 1 : 0;
            carriers += carrier ? 1 : 0;
            carriersConfined += carrier && isConfined ? 1 : 0;
            if (!isConfined) {
                System.err.println("# ThreadMaskProfiler: " + comm + " allowed " + ProcStatus.cpusAllowed(status));
            }
        }
        List<Result> out = new ArrayList<>();
        out.add(new ScalarResult("mask.threads", threads, "threads", AggregationPolicy.MIN));
        out.add(new ScalarResult("mask.confined", confined, "threads", AggregationPolicy.MIN));
        out.add(new ScalarResult("mask.carriers", carriers, "threads", AggregationPolicy.MIN));
        out.add(new ScalarResult("mask.carriers.confined", carriersConfined, "threads", AggregationPolicy.MIN));
        return out;
    }
}
