package dev.switchcost.measure.affinity;

import java.util.BitSet;
import java.util.stream.IntStream;

/**
 * An immutable set of logical CPU numbers in the kernel's list syntax ({@code "0-3,8,10-11"}), as
 * used by {@code /sys/devices/system/cpu/online}, {@code thread_siblings_list} and {@code taskset -c}.
 */
public final class CpuSet {

    private final BitSet bits;

    private CpuSet(BitSet bits) {
        this.bits = (BitSet) bits.clone();
    }

    public static CpuSet of(int... cpus) {
        BitSet b = new BitSet();
        for (int cpu : cpus) {
            if (cpu < 0) {
                throw new IllegalArgumentException("CPU numbers are >= 0, got " + cpu);
            }
            b.set(cpu);
        }
        return new CpuSet(b);
    }

    public static CpuSet of(BitSet bits) {
        return new CpuSet(bits);
    }

    /**
     * Parses a CPU list such as {@code "2,4-6"}. Whitespace around items is ignored; an empty string
     * is the empty set.
     *
     * @throws IllegalArgumentException naming the offending item for anything else
     */
    public static CpuSet parse(String list) {
        BitSet b = new BitSet();
        String trimmed = list == null ? "" : list.trim();
        if (trimmed.isEmpty()) {
            return new CpuSet(b);
        }
        for (String raw : trimmed.split(",")) {
            String item = raw.trim();
            try {
                int dash = item.indexOf('-');
                if (dash < 0) {
                    b.set(nonNegative(item));
                } else {
                    int from = nonNegative(item.substring(0, dash).trim());
                    int to = nonNegative(item.substring(dash + 1).trim());
                    if (to < from) {
                        throw new IllegalArgumentException("descending range");
                    }
                    b.set(from, to + 1);
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad CPU list '" + list + "': item '" + item + "' ("
                        + e.getMessage() + "); expected e.g. 0,2-3", e);
            }
        }
        return new CpuSet(b);
    }

    private static int nonNegative(String s) {
        if (s.isEmpty() || !s.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("not a CPU number");
        }
        return Integer.parseInt(s);
    }

    public boolean contains(int cpu) {
        return cpu >= 0 && bits.get(cpu);
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public IntStream stream() {
        return bits.stream();
    }

    public int[] toArray() {
        return bits.stream().toArray();
    }

    public BitSet toBitSet() {
        return (BitSet) bits.clone();
    }

    public CpuSet intersect(CpuSet other) {
        BitSet b = toBitSet();
        b.and(other.bits);
        return new CpuSet(b);
    }

    /** @return the kernel list syntax, ranges collapsed: {@code "0-3,8"} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        int i = bits.nextSetBit(0);
        while (i >= 0) {
            int end = bits.nextClearBit(i) - 1;
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(i);
            if (end > i) {
                sb.append('-').append(end);
            }
            i = bits.nextSetBit(end + 1);
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet other && bits.equals(other.bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }
}
