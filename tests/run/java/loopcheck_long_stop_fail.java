// Java twin of loopcheck_long_stop_fail.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] at, long[] lim, int[] a) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            long s = a[i];
            long m = lim[i];
            for (long k = Long.MIN_VALUE; k < m; k++) {
                s = s * 31 + k;
            }
            long b = ~m;
            for (long k = Long.MAX_VALUE; k > b; k--) {
                s = s * 17 + k;
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[64];
        int[] at = new int[64];
        long[] lim = new long[65];
        for (int p = 0; p < at.length; p++) {
            at[p] = p == 1 ? 64 : p;
            lim[p] = p == 0 ? Long.MIN_VALUE + 3 : Long.MAX_VALUE - 5;
        }
        long[] o = f(at, lim, a);
        System.out.println(o[0]);
    }
}
