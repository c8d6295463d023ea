package dev.switchcost.measure.jmh;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.Options;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks {@code -p NAME=V1,V2} against the selected benchmarks before a run starts: a name that no
 * selected benchmark declares (JMH would ignore it silently) and a value its field cannot hold (JMH
 * would fail every trial in its fork, the reason only in the log) are refused with one line.
 */
public final class ParamCheck {

    private ParamCheck() {
    }

    /**
     * @param names the {@code -p} names given
     * @throws IllegalArgumentException naming the parameter, the value and what is accepted
     */
    public static void check(Options options, Collection<String> names) {
        if (names.isEmpty()) {
            return;
        }
        Set<BenchmarkListEntry> entries = BenchmarkCatalog.matching(options.getIncludes(), options.getExcludes());
        Set<String> declared = new LinkedHashSet<>();
        for (BenchmarkListEntry e : entries) {
            Map<String, String[]> ps = e.getParams().orElse(Map.of());
            declared.addAll(ps.keySet());
            for (String name : names) {
                if (!ps.containsKey(name)) {
                    continue;
                }
                Field f = field(e, name);
                if (f == null) {
                    continue;
                }
                for (String v : options.getParameter(name).orElse(List.of())) {
                    String problem = problem(f.getType(), v);
                    if (problem != null) {
                        throw new IllegalArgumentException("-p " + name + "=" + v + ": " + problem);
                    }
                }
            }
        }
        for (String name : names) {
            if (!declared.contains(name)) {
                throw new IllegalArgumentException("-p " + name + ": no selected benchmark has a @Param '" + name + "'"
                        + (declared.isEmpty() ? " (they have none)" : "; they have " + String.join(", ", declared)));
            }
        }
    }

    /** @return why {@code value} cannot be a {@code type}, or null if it can */
    static String problem(Class<?> type, String value) {
        try {
            if (type.isEnum()) {
                return Arrays.stream(type.getEnumConstants()).anyMatch(c -> ((Enum<?>) c).name().equals(value)) ? null
                        : "not one of " + Arrays.toString(type.getEnumConstants());
            }
            if (type == int.class || type == Integer.class) {
                Integer.parseInt(value);
            } else if (type == long.class || type == Long.class) {
                Long.parseLong(value);
            } else if (type == double.class || type == Double.class) {
                Double.parseDouble(value);
            } else if (type == boolean.class || type == Boolean.class) {
                if (!value.equals("true") && !value.equals("false")) {
                    return "not true or false";
                }
            }
            return null;
        } catch (NumberFormatException e) {
            return "not a " + type.getSimpleName();
        }
    }

    /** The {@code @Param} field called {@code name}: on the benchmark class or a @State argument of its method. */
    private static Field field(BenchmarkListEntry e, String name) {
        List<Class<?>> candidates = new ArrayList<>();
        try {
            Class<?> user = Class.forName(e.getUserClassQName(), false, ParamCheck.class.getClassLoader());
            candidates.add(user);
            String method = e.getUsername().substring(e.getUsername().lastIndexOf('.') + 1);
            for (Method m : user.getMethods()) {
                if (m.getName().equals(method)) {
                    candidates.addAll(Arrays.asList(m.getParameterTypes()));
                }
            }
        } catch (ClassNotFoundException | LinkageError ex) {
            return null;
        }
        for (Class<?> c : candidates) {
            for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (f.getName().equals(name) && f.isAnnotationPresent(Param.class)) {
                        return f;
                    }
                }
            }
        }
        return null;
    }
}
