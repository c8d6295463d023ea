package dev.switchcost.render;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * {@code sample --serve}'s page: the switch bill of a process as OpenMetrics text (what Prometheus scrapes). Counters
 * count from when sampling started; names follow OpenTelemetry's process conventions where one exists
 * ({@code process_context_switches_total}, type voluntary or involuntary), Prometheus's rules elsewhere ({@code _total}
 * for a counter, seconds for time). Numbers are written whole (a count) or as exact decimals, never rounded for people:
 * a scraper takes differences of them.
 */
public final class OpenMetricsText {

    /** What the page is, for the {@code Content-Type} header. */
    public static final String CONTENT_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private OpenMetricsText() {
    }

    /**
     * One thread's counters since sampling started, or the sum of the threads without a series of their own.
     *
     * @param name      the thread's name ({@code other} for the sum)
     * @param tid       its id ({@code 0} for the sum)
     * @param role      what it is for: {@code jit}, {@code gc}, {@code carriers}, {@code vm}, {@code user}; {@code other}
     * @param waitNanos run-queue delay, ns
     */
    public record ThreadSeries(String name, int tid, String role, long voluntary, long involuntary, long waitNanos) {
    }

    /**
     * The cgroup whose CPU quota binds the process, and its throttling counters since the cgroup was made.
     *
     * @param path       the cgroup's path in its hierarchy
     * @param quotaCores its quota as CPUs
     */
    public record Cgroup(String path, double quotaCores, long periods, long throttled, long throttledNs) {
    }

    /**
     * Everything one page shows.
     *
     * @param voluntary   the process tree's voluntary switches since sampling started
     * @param involuntary its involuntary switches
     * @param waitNanos   its run-queue delay, ns
     * @param threads     the series per thread (bounded by the caller), {@code other} last
     * @param priceNs     CPU time per switch on this machine, ns; NaN when there is no price
     * @param price       where the price comes from, or why there is none
     * @param cgroup      the binding CPU quota, or null when the process's cgroups set none
     */
    public record Bill(long voluntary, long involuntary, long waitNanos, List<ThreadSeries> threads, double priceNs,
                       String price, Cgroup cgroup) {

        public Bill {
            threads = List.copyOf(threads);
        }
    }

    public static String of(Bill b) {
        StringBuilder o = new StringBuilder();
        head(o, "process_context_switches", "counter", null, "Context switches of the sampled process and its children since sampling started.");
        o.append("process_context_switches_total{type=\"voluntary\"} ").append(b.voluntary()).append('\n');
        o.append("process_context_switches_total{type=\"involuntary\"} ").append(b.involuntary()).append('\n');
        head(o, "switchcost_thread_context_switches", "counter", null, "Context switches per thread since sampling started.");
        for (ThreadSeries t : b.threads()) {
            o.append("switchcost_thread_context_switches_total").append(labels(t, "voluntary")).append(' ').append(t.voluntary()).append('\n');
            o.append("switchcost_thread_context_switches_total").append(labels(t, "involuntary")).append(' ').append(t.involuntary()).append('\n');
        }
        head(o, "switchcost_process_runqueue_wait_seconds", "counter", "seconds",
                "Time the process's threads waited on a run queue (schedstat), summed, since sampling started.");
        o.append("switchcost_process_runqueue_wait_seconds_total ").append(seconds(b.waitNanos())).append('\n');
        head(o, "switchcost_thread_runqueue_wait_seconds", "counter", "seconds",
                "Time each thread waited on a run queue (schedstat) since sampling started.");
        for (ThreadSeries t : b.threads()) {
            o.append("switchcost_thread_runqueue_wait_seconds_total").append(labels(t, null)).append(' ')
                    .append(seconds(t.waitNanos())).append('\n');
        }
        head(o, "switchcost_price", "info", null, "What prices a switch: the results measured on this machine, or why there are none.");
        if (Double.isFinite(b.priceNs())) {
            o.append("switchcost_price_info{status=\"measured\",source=\"").append(escape(b.price())).append("\",cpu_ns_per_switch=\"")
                    .append(decimal(b.priceNs())).append("\"} 1\n");
            head(o, "switchcost_switch_cpu_seconds", "counter", "seconds",
                    "CPU time the process's switches cost: switches since sampling started times this machine's CPU time per switch.");
            o.append("switchcost_switch_cpu_seconds_total ")
                    .append(decimal((b.voluntary() + b.involuntary()) * b.priceNs() / 1e9)).append('\n');
        } else {
            o.append("switchcost_price_info{status=\"none\",why=\"").append(escape(b.price())).append("\"} 1\n");
        }
        Cgroup c = b.cgroup();
        if (c != null) {
            String cg = "{cgroup=\"" + escape(c.path()) + "\"} ";
            head(o, "switchcost_cgroup_cpu_quota_cores", "gauge", null, "The CPU quota of the cgroup that binds the process, in CPUs.");
            o.append("switchcost_cgroup_cpu_quota_cores").append(cg).append(decimal(c.quotaCores())).append('\n');
            head(o, "switchcost_cgroup_throttled_periods", "counter", null, "Periods in which that cgroup ran out of quota (cpu.stat nr_throttled).");
            o.append("switchcost_cgroup_throttled_periods_total").append(cg).append(c.throttled()).append('\n');
            head(o, "switchcost_cgroup_throttled_seconds", "counter", "seconds", "How long that cgroup's tasks were stopped for want of quota.");
            o.append("switchcost_cgroup_throttled_seconds_total").append(cg).append(seconds(c.throttledNs())).append('\n');
        }
        return o.append("# EOF\n").toString();
    }

    private static void head(StringBuilder o, String name, String type, String unit, String help) {
        o.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        if (unit != null) {
            o.append("# UNIT ").append(name).append(' ').append(unit).append('\n');
        }
        o.append("# HELP ").append(name).append(' ').append(help).append('\n');
    }

    private static String labels(ThreadSeries t, String type) {
        return "{thread=\"" + escape(t.name()) + "\",tid=\"" + t.tid() + "\",role=\"" + escape(t.role()) + "\""
                + (type == null ? "" : ",type=\"" + type + "\"") + "}";
    }

    /** A label value as OpenMetrics writes one: backslash, double quote and line feed escaped. */
    static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /** Nanoseconds as exact seconds: {@code 1500000} is {@code 0.0015}. */
    static String seconds(long nanos) {
        return nanos == 0 ? "0" : BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
    }

    /** A finite number in plain decimal, no exponent, at most 9 decimals. */
    static String decimal(double v) {
        String s = String.format(Locale.ROOT, "%.9f", v);
        return new BigDecimal(s).stripTrailingZeros().toPlainString();
    }
}
