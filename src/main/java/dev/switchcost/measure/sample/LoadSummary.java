package dev.switchcost.measure.sample;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The summary a load generator prints at the end of a timed run, read from its stdout: h2load's (nghttp2's, {@code -D})
 * <pre>
 * finished in 10.00s, 1000.00 req/s, 1.16MB/s
 * requests: 10000 total, 10000 started, 10000 done, 10000 succeeded, 0 failed, 0 errored, 0 timeout
 * status codes: 10000 2xx, 0 3xx, 0 4xx, 0 5xx
 * </pre>
 * or hey's ({@code -z}), which reads a status line without a reason phrase (Tomcat's), where h2load 1.52 counts it failed:
 * <pre>
 *   Total:	5.0043 secs
 *   Requests/sec:	999.1319
 * Status code distribution:
 *   [200]	5000 responses
 * Error distribution:
 *   [8]	Get "http://...": context deadline exceeded (Client.Timeout exceeded while awaiting headers)
 * </pre>
 * Pure text in, a record out; the progress lines and the latency table around them are skipped. Used by
 * {@code scripts/studies/measure-forecast.sh}, which drives a server at a fixed rate and needs to know how many
 * requests it actually served. hey reports no requests in flight at the end (it waits for them), so its
 * {@code started} is its {@code done}; its rate here is the 2xx responses over its total time (its own
 * "Requests/sec" counts errors too).
 *
 * @param seconds    the measured duration the generator reports (h2load: "finished in", hey: "Total")
 * @param rate       requests per second achieved over it
 * @param started    requests sent
 * @param done       requests that ended, with a response or not
 * @param succeeded  requests answered (h2load: a response below 500)
 * @param failed     requests that got no response, or a 5xx
 * @param errored    requests that failed on the connection
 * @param timeout    requests that timed out
 * @param ok         responses with a 2xx status
 */
public record LoadSummary(double seconds, double rate, long started, long done, long succeeded, long failed, long errored,
                            long timeout, long ok) {

    /** A run that printed no summary: nothing sent, nothing answered. */
    public static final LoadSummary NONE = new LoadSummary(0, 0, 0, 0, 0, 0, 0, 0, 0);

    private static final Pattern FINISHED = Pattern.compile("(?m)^finished in ([0-9.]+)(ms|s), ([0-9.]+) req/s");
    private static final Pattern REQUESTS = Pattern.compile("(?m)^requests: (\\d+) total, (\\d+) started, (\\d+) done,"
            + " (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");
    private static final Pattern STATUS = Pattern.compile("(?m)^status codes: (\\d+) 2xx");
    private static final Pattern HEY_TOTAL = Pattern.compile("(?m)^\\s+Total:\\s+([0-9.]+) secs");
    private static final Pattern HEY_STATUS = Pattern.compile("(?m)^\\s+\\[(\\d{3})]\\s+(\\d+) responses");
    private static final Pattern HEY_ERROR = Pattern.compile("(?m)^\\s+\\[(\\d+)]\\s+(?!.* responses$).+$");

    /**
     * @throws IllegalArgumentException naming the line that is missing, when the text is neither a finished h2load run
     *                                  nor a finished hey run (it was killed, or could not connect before it printed its summary)
     */
    public static LoadSummary parse(String text) {
        Matcher total = HEY_TOTAL.matcher(text);
        if (!FINISHED.matcher(text).find() && total.find()) {
            return hey(Double.parseDouble(total.group(1)), text);
        }
        Matcher f = find(FINISHED, text, "finished in ...");
        Matcher r = find(REQUESTS, text, "requests: ...");
        Matcher s = find(STATUS, text, "status codes: ...");
        double seconds = Double.parseDouble(f.group(1)) / (f.group(2).equals("ms") ? 1000 : 1);
        return new LoadSummary(seconds, Double.parseDouble(f.group(3)), Long.parseLong(r.group(2)), Long.parseLong(r.group(3)),
                Long.parseLong(r.group(4)), Long.parseLong(r.group(5)), Long.parseLong(r.group(6)), Long.parseLong(r.group(7)),
                Long.parseLong(s.group(1)));
    }

    private static LoadSummary hey(double seconds, String text) {
        int errorsAt = text.indexOf("Error distribution:");
        long ok = 0;
        long other = 0;
        Matcher st = HEY_STATUS.matcher(errorsAt < 0 ? text : text.substring(0, errorsAt));
        while (st.find()) {
            long n = Long.parseLong(st.group(2));
            if (st.group(1).startsWith("2")) {
                ok += n;
            } else {
                other += n;
            }
        }
        long errored = 0;
        Matcher er = HEY_ERROR.matcher(errorsAt < 0 ? "" : text.substring(errorsAt));
        while (er.find()) {
            errored += Long.parseLong(er.group(1));
        }
        long done = ok + other + errored;
        return new LoadSummary(seconds, seconds > 0 ? ok / seconds : 0, done, done, ok + other, other, errored, 0, ok);
    }

    private static Matcher find(Pattern p, String text, String line) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("not a finished h2load or hey run: no \"" + line + "\" line");
        }
        return m;
    }

    /**
     * Whether requests were sent and every one that ended was answered with a 2xx: nothing failed, errored or timed out.
     * A request still in flight when the duration ends is started but not done, and is not counted against the run.
     */
    public boolean clean() {
        return started > 0 && failed == 0 && errored == 0 && timeout == 0 && ok == done;
    }

    /** Whether the generator held {@code target} requests per second to within {@code tolerance} (0.02 for 2 %). */
    public boolean held(double target, double tolerance) {
        return rate >= target * (1 - tolerance);
    }
}
