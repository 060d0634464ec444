// Java twin of loopcheck_test_assign_fail.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] at, int[] lim, int[] a) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int i = at[p];
            long s = a[i];
            int m = lim[i];
            int n = 0;
            for (int k = 0; (n = m) > 0 && k < n; k++) {
                s = s * 31 + (k ^ i);
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
            lim[p] = p == 0 ? 3 : 2000000000;
        }
        long[] o = f(at, lim, a);
        System.out.println(o[0]);
    }
}
