package dev.switchcost.cli;

import dev.switchcost.measure.sample.ProfilerWatchdog;
import dev.switchcost.results.SampleCpuLimit;
import dev.switchcost.session.SampledCommand;

/** {@code switchcost sample --help}'s paragraphs, one constant each (the command's annotation names them in order). */
final class SampleHelp {

    private SampleHelp() {
    }

    static final String WHAT = "Runs COMMAND (or watches the running process --pid PID) and, every --interval, samples the machine "
                + "(/proc/stat: cs/s, in/s, runnable, CPU split), every thread of the process tree (/proc: voluntary and "
                + "involuntary switches, CPU time, run-queue delay) and, for COMMAND where perf can count, perf stat -I "
                + "counters. Shows a live view on stderr (between COMMAND's lines, never inside one), then a summary. "
                + "Sampling ends when COMMAND or PID ends, after --duration, or on Ctrl-C/SIGTERM; what was sampled is "
                + "written in every case. Exits with COMMAND's exit code.";

    static final String COUNTS = "The summary counts COMMAND's switches whole, start to end: getrusage of COMMAND and every process it "
                        + "waited for, or perf stat's sums where it runs under perf. The /proc readings cannot: a thread's "
                        + "counters go with it, so what it did after its last reading is missed. They price the switches; "
                        + "a --pid process is counted by its readings only.";

    static final String COMMAND = "COMMAND's output is forwarded through switchcost (so its lines and the live view never mix; COMMAND sees "
                        + "pipes, not a terminal). It runs under perf stat when perf can count here, so its perf columns "
                        + "count COMMAND and every process it starts later; --no-perf runs it directly. On Ctrl-C, COMMAND "
                        + "gets SIGTERM, then SIGKILL after " + SampledCommand.GRACE_SECONDS + " s; a --pid process is left running.";

    static final String FLAMEGRAPH = "--flamegraph FILE adds a flame graph of the CPU time the JVM's switches cost per stack (async-profiler's "
                        + "context-switches stacks, one tower per thread, × the price per switch at the measured placement "
                        + "mix; drawn by async-profiler's converter), STEM.counts.html in switches, STEM.json with every stack "
                        + "and STEM.collapsed as recorded. COMMAND's JVMs get the agent through "
                        + "JAVA_TOOL_OPTIONS and write their stacks as they exit (a second JVM's graph goes to STEM.PID.html); "
                        + "a --pid JVM gets it through jcmd and writes it when sampling ends. It needs root or "
                        + "perf_event_paranoid <= 1; where it cannot be made, one line says why and sample exits 3. If "
                        + "sample is killed (kill -9), a watchdog it left beside it stops the profiler in the --pid JVM within "
                        + ProfilerWatchdog.BOUND_SECONDS + " s.";

    static final String COST = "The cost line prices each switch in CPU time at the placement mix of the sampled threads' wake-ups, traced "
                        + "through tracefs where it can (root; an unmounted tracefs is mounted for the sample and unmounted after"
                        + " it), else read from each thread's CPU at every sampling tick; -o DIR (no default) writes that mix to"
                        + " DIR/placement.json for switchcost forecast --sample DIR.";

    static final String LIMIT = "The CPU limit line names the CFS quota of the sampled process's cgroup (cgroup v1 cpu.cfs_quota_us, v2 "
                        + "cpu.max, the tightest up to the hierarchy's root) and how often it throttled while sampling "
                        + "(cpu.stat, read at both ends); -o DIR also writes it to DIR/" + SampleCpuLimit.FILE + ".";

    static final String VIRTUAL = "For a JVM of JDK 21 or later, a line per JVM from its JSON thread dump at the end (jcmd PID "
                        + "Thread.dump_to_file -format=json): the virtual-thread scheduler's carriers, the virtual threads "
                        + "(named, mounted) and the frames most of them are parked in; the role table counts only those "
                        + "carriers as carriers. An older JVM gets one line saying why not.";
}
