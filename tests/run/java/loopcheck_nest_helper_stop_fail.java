// Java twin of loopcheck_nest_helper_stop_fail.somd: one MI over the whole arrays.
class Main {
    static long row(long s, int x, int m) {
        for (int z = 0; z < m; z++) {
            s = s * 31 + (x ^ z);
        }
        return s;
    }

    static long rows(long s, int m) {
        for (int x = 0; x < m; x++) {
            s = row(s, x, m) + x;
        }
        return s;
    }

    static long[] f(int[] at, int[] lim, int[] a) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            long s = a[i];
            int m = lim[i];
            for (int y = 0; y < m; y++) {
                s = rows(s, m) ^ y;
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
