package dev.switchcost.measure.machine;

import dev.switchcost.measure.affinity.CpuSet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/** Reads {@link MachineInfo.Tuning} from a machine whose {@code /proc} and {@code /sys} live under a root. */
final class MachineTuning {

    private static final Pattern SELECTED = Pattern.compile("\\[(\\w+)]|\\((\\w+)\\)");
    private static final Pattern PREEMPT_ARG = Pattern.compile("(?:^|\\s)preempt=(\\w+)");
    private static final Pattern MEM_TOTAL = Pattern.compile("(?m)^MemTotal:\\s+(\\d+) kB");

    private MachineTuning() {
    }

    static MachineInfo.Tuning read(Path root, int threadsPerCore) {
        Path sys = root.resolve("sys");
        String cmdline = MachineProbe.text(root.resolve("proc/cmdline"));
        String[] preemption = preemption(root, cmdline);
        String nodes = MachineProbe.text(sys.resolve("devices/system/node/online"));
        Integer numa = null;
        try {
            numa = nodes == null ? null : CpuSet.parse(nodes).size();
        } catch (RuntimeException e) {
            // an unknown format: left out
        }
        String meminfo = MachineProbe.text(root.resolve("proc/meminfo"));
        Matcher mem = meminfo == null ? null : MEM_TOTAL.matcher(meminfo);
        String smtActive = MachineProbe.text(sys.resolve("devices/system/cpu/smt/active"));
        Boolean smt = smtActive != null ? (Boolean) smtActive.equals("1") : threadsPerCore > 0 ? (Boolean) (threadsPerCore > 1) : null;
        return new MachineInfo.Tuning(MachineProbe.text(sys.resolve("devices/system/clocksource/clocksource0/current_clocksource")),
                cmdline, preemption[0], preemption[1],
                selected(MachineProbe.text(sys.resolve("kernel/mm/transparent_hugepage/enabled"))), numa,
                mem != null && mem.find() ? Long.valueOf(mem.group(1)) : null, smt,
                policy(MachineProbe.text(root.resolve("proc/self/stat"))));
    }

    /** Linux's policy numbers ({@code sched.h}), by the field {@code policy} of {@code /proc/PID/stat}. */
    private static final String[] POLICIES = {"SCHED_OTHER", "SCHED_FIFO", "SCHED_RR", "SCHED_BATCH", "SCHED_ISO", "SCHED_IDLE",
            "SCHED_DEADLINE", "SCHED_EXT"};

    /**
     * The scheduling policy in a {@code /proc/PID/stat} line: its 41st field, counted after the command name in
     * parentheses (which may hold spaces); null when the line is missing or too short.
     */
    static String policy(String stat) {
        if (stat == null) {
            return null;
        }
        String[] after = stat.substring(stat.lastIndexOf(')') + 1).trim().split("\\s+");
        int index = 41 - 3; // fields 1 and 2 are the pid and (comm); after them the state is field 3
        if (after.length <= index) {
            return null;
        }
        try {
            int n = Integer.parseInt(after[index]);
            return n >= 0 && n < POLICIES.length ? POLICIES[n] : "policy " + n;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The preemption model and where it was read, the mode in force first: {@code {model, source}}, nulls when unknown. */
    static String[] preemption(Path root, String cmdline) {
        String debugfs = selected(MachineProbe.text(root.resolve("sys/kernel/debug/sched/preempt")));
        if (debugfs != null) {
            return new String[] {debugfs, "/sys/kernel/debug/sched/preempt"};
        }
        Matcher arg = cmdline == null ? null : PREEMPT_ARG.matcher(cmdline);
        if (arg != null && arg.find()) {
            return new String[] {arg.group(1), "preempt= on the command line"};
        }
        String config = config(root.resolve("proc/config.gz"));
        if (config != null) {
            String model = config.contains("\nCONFIG_PREEMPT_RT=y") ? "rt"
                    : config.contains("\nCONFIG_PREEMPT_LAZY=y") ? "lazy"
                    : config.contains("\nCONFIG_PREEMPT=y") ? "full"
                    : config.contains("\nCONFIG_PREEMPT_VOLUNTARY=y") ? "voluntary"
                    : config.contains("\nCONFIG_PREEMPT_NONE=y") ? "none" : null;
            if (model != null) {
                return new String[] {model, "/proc/config.gz" + (config.contains("\nCONFIG_PREEMPT_DYNAMIC=y")
                        ? " (the build's default; PREEMPT_DYNAMIC lets preempt= change it)" : "")};
            }
        }
        String version = MachineProbe.text(root.resolve("proc/sys/kernel/version"));
        if (version != null) {
            String model = version.contains("PREEMPT_RT") ? "rt" : version.contains("PREEMPT_DYNAMIC") ? "dynamic"
                    : version.contains("PREEMPT") ? "full" : "none or voluntary";
            return new String[] {model, "uname -v"};
        }
        return new String[] {null, null};
    }

    /** The bracketed or parenthesised choice of a sysfs/debugfs selector ("always [madvise] never", "none (full)"). */
    static String selected(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = SELECTED.matcher(text);
        return m.find() ? (m.group(1) != null ? m.group(1) : m.group(2)) : null;
    }

    private static String config(Path gz) {
        if (!Files.isReadable(gz)) {
            return null;
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return "\n" + new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return null;
        }
    }
}
