// Java twin of loopcheck_bound_neg_fail.somd: one MI over the whole arrays.
class Main {
    static long[] f(int[] a, int[] row, int[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int k = 0; k < row[-1]; k++) {
                s += b[k];
            }
            out[i] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[400000];
        int[] row = new int[4];
        int[] b = new int[10];
        long[] o = f(a, row, b);
        System.out.println(o[0]);
    }
}
