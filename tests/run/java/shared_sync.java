// Java twin of shared_sync.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// scalars combined with { .. }: every MI sees the combined
// value after the block.
class Main {
    static long[] center(long[] a) {
        long total = 0;
        long count = 0;
        {
            for (int i = 0; i < a.length; i++) total += a[i];
        }
        {
            count = a.length;
        }
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * count - total;
        }
        return out;
    }

    static long spread(long[] a) {
        long hi = Long.MIN_VALUE;
        long lo = Long.MAX_VALUE;
        {
            for (int i = 0; i < a.length; i++) hi = Math.max(hi, a[i]);
        }
        {
            for (int i = 0; i < a.length; i++) lo = Math.min(lo, a[i]);
        }
        return hi - lo;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 5, 16, 123};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * i * 7L) % 31 - 15;
            }
            long[] c = center(a);
            long h = 0;
            long s = 0;
            for (int i = 0; i < c.length; i++) {
                h = h * 3 + c[i];
                s += c[i];
            }
            System.out.println(n + ": " + c.length + " " + h + " " + s + " " + spread(a));
        }
    }
}
