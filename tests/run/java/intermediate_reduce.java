// Java twin of intermediate_reduce.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Intermediate reductions: a method without dist, called inside an MI, combines
// the results of all MIs and every MI continues with the combined value.
class Main {
    static long sumSquares(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * a[i];
        return s;
    }

    static long largest(long[] a) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
        return m;
    }

    // Every element scaled by the global sum of squares and shifted by the global maximum.
    static long[] normalize(long[] a) {
        long total = sumSquares(a);
        long top = largest(a);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 1000 / (total + 1) - top;
        }
        return out;
    }

    static long twoRounds(long[] a) {
        long s = 0;
        for (int round = 0; round < 3; round++) {
            long all = sumSquares(a);
            s += all % 1000 + round;
        }
        // Each MI returns s, so the result is s times the number of MIs: divide that out by
        // returning s only from the MI holding global index 0.
        return 0 == 0 && a.length > 0 ? s : 0;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 3, 10, 97};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * 13) % 23 - 4;
            }
            long[] r = normalize(a);
            long h = 0;
            for (int i = 0; i < r.length; i++) h = h * 7 + r[i];
            System.out.println(n + ": " + r.length + " " + h + " " + sumSquares(a) + " " + largest(a) + " " + twoRounds(a));
        }
    }
}
