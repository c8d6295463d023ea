package dev.switchcost.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.footprint.CpuLimit;
import dev.switchcost.measure.sample.ThreadRole;
import dev.switchcost.measure.sample.ThreadSampler;
import dev.switchcost.measure.sample.ThreadSampler.ThreadTotal;
import dev.switchcost.render.OpenMetricsText;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code sample --serve ADDR}: the switch bill at {@code http://ADDR/metrics}, as OpenMetrics text, while sampling.
 * The page is made once per interval from what the one {@link ThreadSampler} read ({@link #publish}); a scrape only
 * sends the latest. The JDK's own HTTP server answers on one thread of its own, which {@link #close} ends with the socket.
 */
final class SampleServe implements AutoCloseable {

    /** At most this many threads get series of their own; the rest are summed in {@code thread="other"}. */
    static final int MOST_THREADS = 200;

    private final HttpServer server;
    private final AtomicReference<byte[]> page = new AtomicReference<>();
    private final Bills bills;

    private SampleServe(HttpServer server, Bills bills) {
        this.server = server;
        this.bills = bills;
    }

    /**
     * {@code HOST:PORT}, or {@code :PORT} for every interface; port 0 picks a free one.
     *
     * @throws SwitchcostException a usage mistake, naming the form it wants
     */
    static InetSocketAddress address(String addr) {
        int colon = addr.lastIndexOf(':');
        String host = colon < 0 ? "" : addr.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = -1;
        try {
            port = colon < 0 ? -1 : Integer.parseInt(addr.substring(colon + 1));
        } catch (NumberFormatException e) {
            // said below
        }
        if (port < 0 || port > 65535) {
            throw SwitchcostException.usage("--serve " + addr + ": give HOST:PORT or :PORT, e.g. --serve 127.0.0.1:9464");
        }
        InetSocketAddress a = host.isEmpty() ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
        if (a.isUnresolved()) {
            throw SwitchcostException.usage("--serve " + addr + ": unknown host " + host + "; give an address of this machine, e.g. 127.0.0.1");
        }
        return a;
    }

    /**
     * Listens on {@code at} and serves the first page at once.
     *
     * @throws SwitchcostException an environment failure when the address cannot be bound (in use, not this machine's)
     */
    static SampleServe start(InetSocketAddress at, Bills bills, ThreadSampler tree) {
        HttpServer s;
        try {
            s = HttpServer.create(at, 0);
        } catch (IOException e) {
            throw SwitchcostException.environment("--serve: cannot listen on " + at.getHostString() + ":" + at.getPort() + " ("
                    + e.getMessage() + "): pick another port, or stop what listens there");
        }
        SampleServe serve = new SampleServe(s, bills);
        serve.publish(tree);
        s.createContext("/", serve::answer);
        s.setExecutor(null); // the server's own dispatcher thread answers
        s.start();
        return serve;
    }

    /** Where the page is, as bound: the port chosen for port 0. */
    String url() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort() + "/metrics";
    }

    /** Makes the page from the sampler's latest reading. */
    void publish(ThreadSampler tree) {
        page.set(OpenMetricsText.of(bills.bill(tree.threads())).getBytes(StandardCharsets.UTF_8));
    }

    private void answer(HttpExchange x) throws IOException {
        try (x) {
            if (!x.getRequestURI().getPath().equals("/metrics")) {
                send(x, 404, "text/plain; charset=utf-8", "switchcost serves /metrics only\n".getBytes(StandardCharsets.UTF_8));
            } else if (!x.getRequestMethod().equals("GET") && !x.getRequestMethod().equals("HEAD")) {
                x.getResponseHeaders().set("Allow", "GET, HEAD");
                send(x, 405, "text/plain; charset=utf-8", "GET /metrics\n".getBytes(StandardCharsets.UTF_8));
            } else {
                send(x, 200, OpenMetricsText.CONTENT_TYPE, page.get());
            }
        }
    }

    private static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        boolean head = x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream o = x.getResponseBody()) {
                o.write(body);
            }
        }
    }

    /** Closes the socket and ends the server's thread. */
    @Override
    public void close() {
        server.stop(0);
    }

    /**
     * The bill from one reading of the threads, keeping the thread series bounded and each counter monotonic: a live
     * thread takes one of {@link #MOST_THREADS} series while one is free and keeps it until it ends; a thread that ends
     * gives its series up and its counts to {@code other}, as does every thread that found none free (it stays there).
     * So {@code other} only grows.
     */
    static final class Bills {
        private final int most;
        private final double priceNs;
        private final String price;
        private final CpuLimit limit;
        private final Set<Long> own = new HashSet<>();
        private final Set<Long> other = new HashSet<>();

        /**
         * @param priceNs CPU time per switch, ns; NaN when none
         * @param price   its source, or why there is none
         * @param limit   the process's cgroup CPU limit, or null
         */
        Bills(int most, double priceNs, String price, CpuLimit limit) {
            this.most = most;
            this.priceNs = priceNs;
            this.price = price;
            this.limit = limit;
        }

        synchronized OpenMetricsText.Bill bill(List<ThreadTotal> threads) {
            Map<Long, ThreadRole> roles = ThreadRole.of(threads);
            List<OpenMetricsText.ThreadSeries> series = new ArrayList<>();
            long vol = 0;
            long invol = 0;
            long wait = 0;
            long[] rest = new long[3];
            for (ThreadTotal t : threads) {
                long k = ThreadSampler.key(t.pid(), t.tid());
                vol += t.voluntary();
                invol += t.involuntary();
                wait += t.waitNanos();
                if (t.ended() || other.contains(k) || (!own.contains(k) && own.size() >= most)) {
                    own.remove(k);
                    other.add(k);
                    rest[0] += t.voluntary();
                    rest[1] += t.involuntary();
                    rest[2] += t.waitNanos();
                } else {
                    own.add(k);
                    series.add(new OpenMetricsText.ThreadSeries(t.name(), t.tid(), roles.get(k).name().toLowerCase(Locale.ROOT),
                            t.voluntary(), t.involuntary(), t.waitNanos()));
                }
            }
            if (!other.isEmpty()) {
                series.add(new OpenMetricsText.ThreadSeries("other", 0, "other", rest[0], rest[1], rest[2]));
            }
            return new OpenMetricsText.Bill(vol, invol, wait, series, priceNs, price, cgroup());
        }

        /** The binding quota and its throttling now; null without one, or when its counters cannot be read. */
        private OpenMetricsText.Cgroup cgroup() {
            Optional<CpuLimit.Quota> q = limit == null ? Optional.empty() : limit.binding();
            if (q.isEmpty()) {
                return null;
            }
            try {
                CpuLimit.Counters c = limit.counters().get(q.get().cgroup());
                return c == null ? null : new OpenMetricsText.Cgroup(q.get().cgroup(), q.get().cpus(), c.periods(), c.throttled(), c.throttledNs());
            } catch (IllegalArgumentException e) {
                return null; // the cgroup went, or its cpu.stat is not what the kernel writes: no throttling series
            }
        }
    }
}
