package dev.switchcost.measure.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * async-profiler's {@code collapsed} output: one stack a line, frames root first separated by {@code ;}, then a space and
 * the count. With {@code threads} the first frame names the thread: {@code [name tid=N]} (or {@code [tid=N]} for a thread
 * without a name).
 */
public final class CollapsedStacks {

    private static final Pattern LINE = Pattern.compile("^(.+) (\\d+)$");
    private static final Pattern THREAD = Pattern.compile("^\\[(?:(.*) )?tid=(\\d+)]$");

    /**
     * @param stack  the frames, root first, as async-profiler wrote them (the thread's frame included)
     * @param thread the thread's name, or "" when none was written
     * @param tid    the thread's id, or -1 when the stack has no thread frame
     * @param count  the switches sampled on this stack
     */
    public record Stack(String stack, String thread, int tid, long count) {

        /**
         * The stack down to its deepest Java frame: the thread's frame and the Java frames, without the native and kernel
         * frames below them (the whole stack when it has no Java frame).
         */
        public String javaStack() {
            String[] f = stack.split(";");
            int last = -1;
            for (int i = 0; i < f.length; i++) {
                if (isJava(f[i])) {
                    last = i;
                }
            }
            return last < 0 ? stack : String.join(";", java.util.Arrays.asList(f).subList(0, last + 1));
        }
    }

    /**
     * Whether a frame is a Java method: collapsed text does not mark frame types, and a Java frame is
     * {@code pkg/Class.method} or {@code Class.method} (C++ frames have {@code ::}, C and kernel frames no capital class).
     */
    public static boolean isJava(String frame) {
        return frame.contains(".") && !frame.contains("::") && !frame.startsWith("/") && !frame.startsWith("[")
                && (frame.indexOf('/') > 0 || Character.isUpperCase(frame.charAt(0)));
    }

    private CollapsedStacks() {
    }

    /** @throws IllegalArgumentException naming the line when a line is not {@code frames count} */
    public static List<Stack> parse(List<String> lines) {
        List<Stack> stacks = new ArrayList<>();
        int n = 0;
        for (String l : lines) {
            n++;
            if (l.isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(l.stripTrailing());
            if (!m.matches()) {
                throw new IllegalArgumentException("line " + n + " is not async-profiler's collapsed 'frames count': '"
                        + (l.length() > 80 ? l.substring(0, 80) + "..." : l) + "'");
            }
            String stack = m.group(1);
            String first = stack.substring(0, stack.indexOf(';') < 0 ? stack.length() : stack.indexOf(';'));
            Matcher t = THREAD.matcher(first);
            String name = t.matches() && t.group(1) != null ? t.group(1) : "";
            int tid = t.matches() ? Integer.parseInt(t.group(2)) : -1;
            stacks.add(new Stack(stack, name, tid, Long.parseLong(m.group(2))));
        }
        return List.copyOf(stacks);
    }
}
