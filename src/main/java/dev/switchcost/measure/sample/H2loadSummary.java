package dev.switchcost.measure.sample;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The summary h2load (nghttp2's load generator) prints at the end of a timed run ({@code -D}), read from its stdout:
 * <pre>
 * finished in 10.00s, 1000.00 req/s, 1.16MB/s
 * requests: 10000 total, 10000 started, 10000 done, 10000 succeeded, 0 failed, 0 errored, 0 timeout
 * status codes: 10000 2xx, 0 3xx, 0 4xx, 0 5xx
 * </pre>
 * Pure text in, a record out; the progress lines and the latency table around them are skipped. Used by
 * {@code scripts/studies/measure-forecast.sh}, which drives a server at a fixed rate ({@code --rps}) and needs to know how many
 * requests it actually served.
 *
 * @param seconds    the measured duration h2load reports ("finished in")
 * @param rate       requests per second h2load achieved over it
 * @param started    requests sent
 * @param done       requests that ended, with a response or not
 * @param succeeded  requests answered (h2load: a response below 500)
 * @param failed     requests that got no response, or a 5xx
 * @param errored    requests that failed on the connection
 * @param timeout    requests that timed out
 * @param ok         responses with a 2xx status
 */
public record H2loadSummary(double seconds, double rate, long started, long done, long succeeded, long failed, long errored,
                            long timeout, long ok) {

    /** A run that printed no summary: nothing sent, nothing answered. */
    public static final H2loadSummary NONE = new H2loadSummary(0, 0, 0, 0, 0, 0, 0, 0, 0);

    private static final Pattern FINISHED = Pattern.compile("(?m)^finished in ([0-9.]+)(ms|s), ([0-9.]+) req/s");
    private static final Pattern REQUESTS = Pattern.compile("(?m)^requests: (\\d+) total, (\\d+) started, (\\d+) done,"
            + " (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");
    private static final Pattern STATUS = Pattern.compile("(?m)^status codes: (\\d+) 2xx");

    /**
     * @throws IllegalArgumentException naming the line that is missing, when the text is not a finished h2load run
     *                                  (it was killed, or could not connect before it printed its summary)
     */
    public static H2loadSummary parse(String text) {
        Matcher f = find(FINISHED, text, "finished in ...");
        Matcher r = find(REQUESTS, text, "requests: ...");
        Matcher s = find(STATUS, text, "status codes: ...");
        double seconds = Double.parseDouble(f.group(1)) / (f.group(2).equals("ms") ? 1000 : 1);
        return new H2loadSummary(seconds, Double.parseDouble(f.group(3)), Long.parseLong(r.group(2)), Long.parseLong(r.group(3)),
                Long.parseLong(r.group(4)), Long.parseLong(r.group(5)), Long.parseLong(r.group(6)), Long.parseLong(r.group(7)),
                Long.parseLong(s.group(1)));
    }

    private static Matcher find(Pattern p, String text, String line) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("not a finished h2load run: no \"" + line + "\" line");
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

    /** Whether h2load held {@code target} requests per second to within {@code tolerance} (0.02 for 2 %). */
    public boolean held(double target, double tolerance) {
        return rate >= target * (1 - tolerance);
    }
}
