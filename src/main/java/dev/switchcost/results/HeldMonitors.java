package dev.switchcost.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which parked threads held a monitor, read from text thread dumps: {@code jstack PID}, {@code jcmd PID Thread.print},
 * or the dumps a JVM prints on its standard output at each {@code SIGQUIT} ({@code kill -QUIT PID}), as many as a file
 * holds. A JFR recording says where a thread parked but not what it held; a dump says both, for the threads parked at
 * that instant. A {@code java.util.concurrent} park under a {@code synchronized} block or method pins a virtual thread's
 * carrier before JDK 24, so the forecast needs to know which sites park holding one.
 *
 * @param dumps  the thread dumps read
 * @param parked every thread seen parked ({@code Unsafe.park} on top), once per dump
 */
public record HeldMonitors(int dumps, List<Parked> parked) {

    /**
     * One thread parked in one dump.
     *
     * @param frames innermost first
     * @param held   the classes of the monitors it held (innermost frame's first); empty when it held none
     */
    public record Parked(String thread, List<JfrBlocking.Frame> frames, List<String> held) {
    }

    /**
     * What the dumps saw of one blocking site.
     *
     * @param seen    parked threads whose stack begins with the site's frames
     * @param holding how many of those held a monitor
     * @param held    the class of the first monitor held, or null
     */
    public record AtSite(int seen, int holding, String held) {
    }

    private static final Pattern DUMP = Pattern.compile("^Full thread dump ");
    private static final Pattern THREAD = Pattern.compile("^\"(.*)\" ");
    private static final Pattern FRAME = Pattern.compile("^\\s+at ([^\\s(]+)\\.([^.\\s(]+)\\((.*)\\)\\s*$");
    private static final Pattern LOCKED = Pattern.compile("^\\s+- locked <[^>]*> \\(a ([^)]+)\\)");
    private static final Pattern LINE = Pattern.compile(":(\\d+)$");

    /**
     * @throws IllegalArgumentException naming the file when it cannot be read or holds no thread dump
     */
    public static HeldMonitors read(List<Path> files) {
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            try {
                lines.addAll(Files.readAllLines(f, StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
                throw new IllegalArgumentException(f + ": cannot read it (" + e.getMessage() + ")");
            }
        }
        HeldMonitors h = parse(lines);
        if (h.dumps() == 0) {
            throw new IllegalArgumentException(files + " holds no thread dump (\"Full thread dump\"): give the output of"
                    + " jstack PID, jcmd PID Thread.print, or the log a JVM writes on kill -QUIT PID");
        }
        return h;
    }

    /** The dumps in these lines; threads that are not parked are skipped. */
    public static HeldMonitors parse(List<String> lines) {
        int dumps = 0;
        List<Parked> parked = new ArrayList<>();
        String thread = null;
        List<JfrBlocking.Frame> frames = new ArrayList<>();
        List<String> held = new ArrayList<>();
        for (String l : lines) {
            boolean dump = DUMP.matcher(l).find();
            Matcher header = THREAD.matcher(l);
            boolean starts = header.find();
            if (dump || starts || l.isBlank()) {   // a thread's frames end at the next dump, thread or blank line
                add(parked, thread, frames, held);
                thread = starts ? header.group(1) : null;
                frames = new ArrayList<>();
                held = new ArrayList<>();
                dumps += dump ? 1 : 0;
                continue;
            }
            if (thread == null) {
                continue;
            }
            Matcher m = FRAME.matcher(l);
            if (m.find()) {
                Matcher line = LINE.matcher(m.group(3));
                frames.add(new JfrBlocking.Frame(m.group(1), m.group(2), m.group(3).contains("Native Method") ? "Native" : "",
                        line.find() ? Integer.parseInt(line.group(1)) : -1));
            } else if ((m = LOCKED.matcher(l)).find()) {
                held.add(m.group(1));
            }
        }
        add(parked, thread, frames, held);
        return new HeldMonitors(dumps, List.copyOf(parked));
    }

    private static void add(List<Parked> parked, String thread, List<JfrBlocking.Frame> frames, List<String> held) {
        if (thread != null && !frames.isEmpty() && frames.get(0).method().equals("park")
                && frames.get(0).type().endsWith(".Unsafe")) {
            parked.add(new Parked(thread, List.copyOf(frames), List.copyOf(held)));
        }
    }

    /** What the dumps saw of a site: the parked threads whose innermost frames are the site's frames. */
    public AtSite at(List<JfrBlocking.Frame> site) {
        int seen = 0;
        int holding = 0;
        String first = null;
        for (Parked p : parked) {
            if (!begins(p.frames(), site)) {
                continue;
            }
            seen++;
            if (!p.held().isEmpty()) {
                holding++;
                first = first == null ? p.held().get(0) : first;
            }
        }
        return new AtSite(seen, holding, first);
    }

    /** Whether {@code stack} begins with {@code site}'s frames: class and method, and the line where both know it. */
    static boolean begins(List<JfrBlocking.Frame> stack, List<JfrBlocking.Frame> site) {
        if (site.isEmpty() || stack.size() < site.size()) {
            return false;
        }
        for (int i = 0; i < site.size(); i++) {
            JfrBlocking.Frame a = stack.get(i);
            JfrBlocking.Frame b = site.get(i);
            if (!a.type().equals(b.type()) || !a.method().equals(b.method())
                    || a.line() >= 0 && b.line() >= 0 && a.line() != b.line()) {
                return false;
            }
        }
        return true;
    }
}
