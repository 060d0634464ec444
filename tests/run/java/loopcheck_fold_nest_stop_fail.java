// Java twin of loopcheck_fold_nest_stop_fail.somd: one MI over the whole arrays, the `!` of
// a range as a loop over its indices.
class Main {
    static long row(int k, int m) {
        long s = k;
        for (int z = 0; z < m; z++) {
            s = s * 31 + (k ^ z);
        }
        return s;
    }

    static long total(int m) {
        long s = 0;
        for (int k = 0; k < m; k++) {
            s += row(k, m);
        }
        return s;
    }

    static long[] f(int[] at, int[] lim, int[] a) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            long s = a[i];
            int m = lim[i];
            for (int x = 0; x < m; x++) {
                s = s * 7 + total(m);
            }
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
            lim[p] = p == 0 ? 3 : 1000;
        }
        long[] o = f(at, lim, a);
        System.out.println(o[0]);
    }
}
