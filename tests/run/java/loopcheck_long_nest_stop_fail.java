// Java twin of loopcheck_long_nest_stop_fail.somd: one MI over the whole arrays.
class Main {
    static long cube(int i, int[] a, long[] outer, long[] lim) {
        long s = a[i];
        long w = outer[i];
        long m = lim[i];
        for (long x = 0; x < w; x++) {
            for (long y = 0; y < m; y++) {
                for (long z = 0; z < m; z++) {
                    s = s * 31 + (x ^ y ^ z);
                }
            }
        }
        for (long d = Long.MAX_VALUE; d > Long.MAX_VALUE - m; d -= 3) {
            s = s * 7 + d;
        }
        return s;
    }

    static long[] f(int[] at, int[] a, long[] outer, long[] lim) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            out[p] = cube(at[p], a, outer, lim);
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        int[] at = new int[64];
        long[] outer = new long[65];
        long[] lim = new long[65];
        for (int p = 0; p < at.length; p++) {
            at[p] = p == 1 ? 64 : p;
            outer[p] = p == 0 ? 3 : 1000000000L;
            lim[p] = 1000;
        }
        long[] o = f(at, a, outer, lim);
        System.out.println(o[0]);
    }
}
