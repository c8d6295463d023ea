package dev.switchcost.measure.workload;

import org.openjdk.jmh.annotations.CompilerControl;

import java.util.Arrays;

/**
 * An array a side walks between handoffs, in one of two {@link Walk walks}.
 *
 * <p>{@link Walk#LI} (the default) is Li, Ding and Shen's traversal ({@code measureSwitch.c},
 * ExpCS 2007): every element, read-modified-written once per walk, in stride-major order
 * ({@code for (m = 0; m < T; m++) for (j = m; j < n; j += T) w[j]++;}, T the stride in elements). The
 * stride changes the order of the accesses, and so their locality, not their number: stride 8 bytes
 * is a sequential pass; 64 bytes visits one word per cache line, eight passes over the array; 4096
 * bytes one word per page, 512 passes.
 *
 * <p>{@link Walk#SPARSE} touches only the word at every {@code strideBytes}: a larger stride does less
 * work (switchcost's first walk, kept as a named variant).
 *
 * <p>Elements are {@code long}s: 8 bytes like the paper's {@code double}s, so a stride in bytes gives
 * the same number of elements and lines as theirs; an integer increment is exact however many walks
 * run (a {@code double} loses increments past 2^53 and its add is a longer-latency FP op, which would
 * make the walk's own time, not the cache, the larger part of a small working set). The array is on
 * the Java heap and every word is written once at construction, so its pages are backed before the
 * first measured walk. A size of 0 makes {@link #walk()} do nothing.
 */
public final class WorkingSet {

    /** The order and extent of one walk. */
    public enum Walk {
        /** Every element once, stride-major (Li, Ding and Shen): the stride sets locality, not work. */
        LI,
        /** One word every stride: a larger stride does less work. */
        SPARSE
    }

    private final long[] words;
    private final int strideWords;
    private final long sizeBytes;
    private final int strideBytes;
    private final Walk kind;

    /**
     * @param sizeBytes   bytes to walk, a multiple of 8, &gt;= 0
     * @param strideBytes distance between consecutive accesses, a positive multiple of 8
     */
    public WorkingSet(long sizeBytes, int strideBytes, Walk kind) {
        if (strideBytes <= 0 || strideBytes % Long.BYTES != 0) {
            throw new IllegalArgumentException("strideBytes must be a positive multiple of 8, was " + strideBytes);
        }
        if (sizeBytes < 0 || sizeBytes % Long.BYTES != 0 || sizeBytes / Long.BYTES > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("sizeBytes must be a multiple of 8 in [0, 16 GiB), was " + sizeBytes);
        }
        if (kind == null) {
            throw new IllegalArgumentException("walk must be LI or SPARSE, was null");
        }
        this.words = new long[(int) (sizeBytes / Long.BYTES)];
        this.strideWords = strideBytes / Long.BYTES;
        this.sizeBytes = sizeBytes;
        this.strideBytes = strideBytes;
        this.kind = kind;
        for (int i = 0; i < words.length; i++) {
            words[i] = i;
        }
    }

    /** A working set of {@code kib} KiB walked as {@code kind} says. */
    public static WorkingSet ofKiB(long kib, int strideBytes, Walk kind) {
        return new WorkingSet(kib * 1024, strideBytes, kind);
    }

    /**
     * One pass, as its {@link Walk} says. Never inlined ({@link CompilerControl}: JMH's compiler hints, which
     * its forks apply): a caller that walks twice ({@link PairedWalk}) runs one compiled loop for both
     * walks. Inlined, each call site got a loop of its own, compiled differently: with no switch at all,
     * the first walk read 207 ± 23 ns less than the second at 16 KiB ({@code walkAlonePaired}, 2026-11-23,
     * docs/results/2026-11-23c-epyc-kvm).
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public void walk() {
        if (kind == Walk.LI) {
            walkLi();
        } else {
            walkSparse();
        }
    }

    private void walkLi() {
        long[] w = words;
        int n = w.length;
        int step = strideWords;
        for (int m = 0; m < step; m++) {
            for (int j = m; j < n; j += step) {
                w[j]++;
            }
        }
    }

    private void walkSparse() {
        long[] w = words;
        int step = strideWords;
        for (int i = 0; i < w.length; i += step) {
            w[i]++;
        }
    }

    /** @return how many words one walk touches (each once): all of them for LI, one per stride for SPARSE */
    public long touchesPerWalk() {
        return kind == Walk.LI ? words.length : (words.length + strideWords - 1) / strideWords;
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    public int strideBytes() {
        return strideBytes;
    }

    /** @return the sum of all words: lets a test check that walks happened */
    public long checksum() {
        return Arrays.stream(words).sum();
    }

    /** @return word {@code i}: lets a test check which words a walk touched */
    long word(int i) {
        return words[i];
    }
}
