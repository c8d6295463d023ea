package dev.switchcost.render;

import java.awt.Color;
import java.util.List;
import java.util.Map;

/**
 * The one owner of the charts' colours: each placement, each virtual-thread pair and each JDK feature version has
 * one fixed colour in every chart of a report, and no other series wears one of those colours. What has no key (a
 * stride, an array size, a sampled thread) takes a colour of {@link #unkeyed(int)}, which no key uses.
 */
public final class Palette {

    /** The keys of the virtual-thread pairs, as the charts name them. */
    public static final String VT_VT = "virtual ↔ virtual";
    public static final String VT_PT = "virtual ↔ platform";
    public static final String PT_PT = "platform ↔ platform";

    private static final Map<String, Color> KEYED = Map.of("SAME_CPU", new Color(0x1f77b4), "CROSS_CPU", new Color(0xff7f0e),
            "SMT_SIBLING", new Color(0x2ca02c), "UNPINNED", new Color(0x9467bd), VT_VT, new Color(0xd62728),
            VT_PT, new Color(0x8c564b), PT_PT, new Color(0xe377c2));

    /** JDK feature version v has JDKS[v % 7]: any seven consecutive feature versions differ. */
    private static final List<Color> JDKS = List.of(new Color(0x17becf), new Color(0xbcbd22), new Color(0x393b79),
            new Color(0x7b4173), new Color(0x8c6d31), new Color(0x636363), new Color(0xad494a));

    /** Colours for series without a key, ordered dark to light (viridis, its lightest end left out). */
    private static final List<Color> UNKEYED = List.of(new Color(0x440154), new Color(0x3b528b), new Color(0x21918c),
            new Color(0x35b779), new Color(0x6b8e23), new Color(0x2f4f4f), new Color(0x8b008b), new Color(0x00008b));

    /** The grey of the timer's own row and of references. */
    public static final Color TIMER = new Color(0x7f7f7f);

    private Palette() {
    }

    public static String jdk(int feature) {
        return "JDK " + feature;
    }

    /** The key of the JDK whose version is {@code version} ({@code 25.0.3}, {@code 21}), or null when it names none. */
    public static String jdkOf(String version) {
        java.util.regex.Matcher m = version == null ? null : java.util.regex.Pattern.compile("^(?:JDK )?([0-9]+)").matcher(version);
        return m != null && m.find() ? jdk(Integer.parseInt(m.group(1))) : null;
    }

    /** The key of a virtual-thread pair parameter ({@code VT_VT}, {@code VT_PT}, {@code PT_PT}), or the parameter itself. */
    public static String pair(String param) {
        return param == null ? null : switch (param) {
            case "VT_VT" -> VT_VT;
            case "VT_PT" -> VT_PT;
            case "PT_PT" -> PT_PT;
            default -> param;
        };
    }

    /** The key of a placement parameter: no placement is {@code UNPINNED}. */
    public static String placement(String param) {
        return param == null ? "UNPINNED" : param;
    }

    public static boolean isKey(String key) {
        return key != null && (KEYED.containsKey(key) || key.matches("JDK [0-9]+"));
    }

    /**
     * The colour of {@code key}: a placement ({@code SAME_CPU}, {@code CROSS_CPU}, {@code SMT_SIBLING},
     * {@code UNPINNED}), a pair ({@link #VT_VT}, {@link #VT_PT}, {@link #PT_PT}) or a JDK ({@link #jdk(int)}).
     *
     * @throws IllegalArgumentException for any other key
     */
    public static Color of(String key) {
        Color c = KEYED.get(key);
        if (c != null) {
            return c;
        }
        if (key != null && key.matches("JDK [0-9]+")) {
            return JDKS.get(Integer.parseInt(key.substring(4)) % JDKS.size());
        }
        throw new IllegalArgumentException("no colour for " + key);
    }

    /** The {@code i}th colour for series without a key (cycling); never a key's colour. */
    public static Color unkeyed(int i) {
        return UNKEYED.get(Math.floorMod(i, UNKEYED.size()));
    }
}
