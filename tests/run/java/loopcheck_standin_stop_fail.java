// Java twin of loopcheck_standin_stop_fail.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] at, int[] lim) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            int m = lim[at[p] + 3];
            long s = 0;
            for (int k = 0; k < m; k++) {
                for (int j = 0; j < m; j++) {
                    s = s * 31 + (j ^ k);
                }
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] lim = {2000000000, 5, 5, 1};
        int[] at = new int[64];
        for (int p = 0; p < at.length; p++) {
            at[p] = p;
        }
        long[] o = f(at, lim);
        System.out.println(o[0]);
    }
}
