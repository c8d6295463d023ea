package dev.switchcost.measure.workload;

/**
 * An array a side walks between handoffs: {@link #walk()} reads, increments and writes back the
 * 8-byte word at every {@code strideBytes} from the start to the end, so each walk touches
 * {@code sizeBytes / strideBytes} words. A stride of 64 bytes touches one word per cache line; 8
 * bytes touches every word (8 per line); 4096 bytes one word per page (TLB-heavy, cache-light).
 *
 * <p>The array is on the Java heap and every word is written once at construction, so its pages are
 * backed before the first measured walk. A size of 0 makes {@link #walk()} do nothing.
 */
public final class WorkingSet {

    private final long[] words;
    private final int strideWords;
    private final long sizeBytes;
    private final int strideBytes;

    /**
     * @param sizeBytes   bytes to walk, a multiple of 8, &gt;= 0
     * @param strideBytes distance between touched words, a positive multiple of 8
     */
    public WorkingSet(long sizeBytes, int strideBytes) {
        if (strideBytes <= 0 || strideBytes % Long.BYTES != 0) {
            throw new IllegalArgumentException("strideBytes must be a positive multiple of 8, was " + strideBytes);
        }
        if (sizeBytes < 0 || sizeBytes % Long.BYTES != 0 || sizeBytes / Long.BYTES > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("sizeBytes must be a multiple of 8 in [0, 16 GiB), was " + sizeBytes);
        }
        this.words = new long[(int) (sizeBytes / Long.BYTES)];
        this.strideWords = strideBytes / Long.BYTES;
        this.sizeBytes = sizeBytes;
        this.strideBytes = strideBytes;
        for (int i = 0; i < words.length; i++) {
            words[i] = i;
        }
    }

    /** A working set of {@code kib} KiB. */
    public static WorkingSet ofKiB(long kib, int strideBytes) {
        return new WorkingSet(kib * 1024, strideBytes);
    }

    /** One pass: read-modify-write of every {@code strideBytes}-th word. */
    public void walk() {
        long[] w = words;
        int step = strideWords;
        for (int i = 0; i < w.length; i += step) {
            w[i]++;
        }
    }

    /** @return how many words one walk touches */
    public long touchesPerWalk() {
        return (words.length + strideWords - 1) / strideWords;
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    public int strideBytes() {
        return strideBytes;
    }

    /** @return the sum of all words: lets a test check that walks happened */
    public long checksum() {
        long s = 0;
        for (long v : words) {
            s += v;
        }
        return s;
    }
}
