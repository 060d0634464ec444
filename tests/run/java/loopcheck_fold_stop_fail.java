// Java twin of loopcheck_fold_stop_fail.somd: one MI over the whole arrays, each `!` of a
// range as a loop over its indices.
class Main {
    static long sq(int k) {
        return (long) k * (k & 7);
    }

    static long add(long x, long y) {
        return x + y;
    }

    static long total(int m) {
        long ops = 0;
        for (int k = 0; k < m; k++) {
            ops += sq(k);
        }
        if (m <= 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        long folded = sq(0);
        for (int k = 1; k < m; k++) {
            folded = add(folded, sq(k));
        }
        int range = 0;
        for (int k = 0; k < m; k++) {
            range += k;
        }
        return ops + folded + (long) range;
    }

    static long[] f(int[] at, int[] lim, int[] a) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            long s = a[i];
            int m = lim[i];
            s += total(m);
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        int[] at = new int[64];
        int[] lim = new int[65];
        for (int p = 0; p < at.length; p++) {
            at[p] = p == 1 ? 64 : p;
            lim[p] = p == 0 ? 3 : 2000000000;
        }
        long[] o = f(at, lim, a);
        System.out.println(o[0]);
    }
}
