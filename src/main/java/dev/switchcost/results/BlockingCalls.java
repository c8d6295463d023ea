package dev.switchcost.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The calls of a program that would block a virtual thread's carrier, counted while it ran on platform threads: every
 * call of the JDK's blocking-call bracket ({@code jdk.internal.misc.Blocker.begin()}, around file I/O, {@code java.io.File}'s
 * checks, {@code Object.wait} before JDK 24 and more), which on a platform thread does nothing and on a virtual thread
 * makes the scheduler compensate for the carrier about to block.
 *
 * <p>Read from async-profiler's collapsed stacks of that method, recorded with method signatures (async-profiler
 * counts every call of an instrumented method): {@code event=jdk.internal.misc.Blocker.begin} when started,
 * {@code sig,collapsed} when dumped (docs/forecast.md has the commands). A line is {@code frame;frame;...;leaf count},
 * its first frame the thread's name in brackets where the recording had {@code threads}. A call counts when its leaf
 * is {@code Blocker.begin()} (any return type: {@code J} before JDK 24, {@code Z} from 24); the overload
 * {@code begin(boolean)} calls it only for a blocking call, so it is counted there. A call inside a selector's select
 * ({@code SelectorImpl.lockAndDoSelect}) is kept apart: servers run their selectors on platform threads of their own,
 * with or without virtual threads (Jetty 12 and Tomcat 11 do).
 *
 * @param source    the file read
 * @param calls     calls that would compensate on a virtual thread
 * @param selectors calls inside a selector's select, kept apart
 * @param sites     the calls by site, most first
 */
public record BlockingCalls(Path source, long calls, long selectors, List<Site> sites) {

    static final String BEGIN = "jdk/internal/misc/Blocker.begin";
    static final String SELECT = "sun/nio/ch/SelectorImpl.lockAndDoSelect";

    /**
     * @param caller the innermost frame outside the JDK (the program's code that made the call), or the outermost
     *               frame when every frame is the JDK's
     * @param call   the JDK method it called, the outermost JDK frame under {@code caller}
     * @param count  its calls
     */
    public record Site(String caller, String call, long count) {
    }

    /** @throws IllegalArgumentException naming the file and what is wrong with it (a user's mistake) */
    public static BlockingCalls read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--blocking-calls " + file + ": cannot read it (" + e.getMessage() + ")");
        }
        return parse(file, lines);
    }

    /** {@link #read}, of lines already read. */
    public static BlockingCalls parse(Path file, List<String> lines) {
        long calls = 0;
        long selectors = 0;
        boolean any = false;
        Map<List<String>, Long> bySite = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            long count;
            try {
                count = Long.parseLong(line.substring(space + 1).strip());
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new IllegalArgumentException("--blocking-calls " + file + ": not async-profiler's collapsed stacks (a line"
                        + " ends without a count: " + abbreviate(line) + ")");
            }
            String[] frames = line.substring(0, Math.max(space, 0)).split(";");
            String leaf = frames[frames.length - 1];
            if (!leaf.startsWith(BEGIN)) {
                continue;
            }
            any = true;
            if (leaf.equals(BEGIN)) {
                throw new IllegalArgumentException("--blocking-calls " + file + ": recorded without method signatures, so a"
                        + " blocking call cannot be told from a non-blocking one; dump it with sig (stop,sig,collapsed,file=...)");
            }
            if (!leaf.startsWith(BEGIN + "()")) {
                continue;
            }
            if (List.of(frames).stream().anyMatch(f -> f.startsWith(SELECT))) {
                selectors += count;
                continue;
            }
            calls += count;
            bySite.merge(site(frames), count, Long::sum);
        }
        if (!any) {
            throw new IllegalArgumentException("--blocking-calls " + file + ": no call of " + BEGIN.replace('/', '.') + " in it;"
                    + " record that method (event=jdk.internal.misc.Blocker.begin), not another event");
        }
        List<Site> sites = new ArrayList<>();
        bySite.forEach((k, n) -> sites.add(new Site(k.get(0), k.get(1), n)));
        sites.sort(Comparator.comparingLong(Site::count).reversed());
        return new BlockingCalls(file, calls, selectors, List.copyOf(sites));
    }

    /** {caller, call}: from the leaf up, the first frame outside the JDK and the JDK frame it called. */
    private static List<String> site(String[] frames) {
        String call = null;
        for (int i = frames.length - 1; i >= 0; i--) {
            String f = frames[i];
            if (f.startsWith("[")) {
                break;
            }
            if (!jdk(f)) {
                return List.of(name(f), call == null ? "" : name(call));
            }
            call = f;
        }
        return List.of(call == null ? "" : name(call), "");
    }

    private static boolean jdk(String frame) {
        return frame.startsWith("java/") || frame.startsWith("javax/") || frame.startsWith("jdk/") || frame.startsWith("sun/");
    }

    /** {@code org/x/Y.m(I)V} → {@code org.x.Y.m} */
    static String name(String frame) {
        int paren = frame.indexOf('(');
        return (paren < 0 ? frame : frame.substring(0, paren)).replace('/', '.');
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    /** @return the calls per unit of work, or NaN without units */
    public double perUnit(long units) {
        return units > 0 ? (double) calls / units : Double.NaN;
    }
}
