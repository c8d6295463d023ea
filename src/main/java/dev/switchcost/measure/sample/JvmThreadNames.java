package dev.switchcost.measure.sample;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's own names of its threads, by tid: the kernel keeps 15 bytes of a name ({@code C1 CompilerThre}), the JVM the
 * whole of it ({@code C1 CompilerThread0}). Read from {@code jcmd PID Thread.print}, whose header line of each thread
 * gives its name in quotes and its kernel tid as {@code nid=} (decimal from JDK 19, hex {@code 0x…} before).
 */
public final class JvmThreadNames {

    /** How long a JVM may take to print its threads, s. */
    static final long LIMIT_SECONDS = 10;

    private static final Pattern HEADER = Pattern.compile("^\"(.*)\" .*?\\bnid=(0x[0-9a-fA-F]+|[0-9]+)\\b");

    private JvmThreadNames() {
    }

    /** @return tid → name for the JVM {@code pid}; empty when it does not answer in time or jcmd cannot run */
    public static Map<Integer, String> of(long pid) {
        return Jcmd.tryRun(Jcmd.command(pid, List.of("Thread.print")), LIMIT_SECONDS).filter(a -> a.exit() == 0)
                .map(a -> parse(a.output())).orElse(Map.of());
    }

    /**
     * @return tid → name for every live JVM among the processes of {@code threads} (one {@code jcmd} each, after the
     *         sample: it brings the JVM to a safepoint, which would be a disturbance of its own while sampling)
     */
    public static Map<Integer, String> ofProcesses(List<ThreadSampler.ThreadTotal> threads) {
        Map<Integer, String> out = new HashMap<>();
        threads.stream().filter(t -> !t.ended()).mapToInt(ThreadSampler.ThreadTotal::pid).distinct()
                .filter(AsyncProfiler::isJvm).forEach(pid -> out.putAll(of(pid)));
        return Map.copyOf(out);
    }

    /** @return tid → name from a {@code Thread.print} listing, escaped as {@link ProcText#name} escapes the kernel's */
    static Map<Integer, String> parse(String threadPrint) {
        Map<Integer, String> out = new HashMap<>();
        for (String line : threadPrint.split("\n")) {
            Matcher m = HEADER.matcher(line);
            if (m.find()) {
                String nid = m.group(2);
                int tid = nid.startsWith("0x") ? Integer.parseInt(nid.substring(2), 16) : Integer.parseInt(nid);
                out.put(tid, ProcText.name(m.group(1))); // shown on a terminal and a page: escaped like the kernel's
            }
        }
        return Map.copyOf(out);
    }
}
